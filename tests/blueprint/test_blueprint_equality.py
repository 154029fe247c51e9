"""Blueprints and blueprint bots compare by content and hash consistently with it: equal tables
and header fields are equal, any difference is not, and either may key a dict or join a set
(issue 33)."""

from __future__ import annotations

import pickle

import numpy as np

from badugi_fast.blueprint import Blueprint, BlueprintBot, blueprint_bot


def _copy(blueprint: Blueprint, **change: object) -> Blueprint:
    fields = dict(
        ranks=blueprint.ranks, suits=blueprint.suits, draws=blueprint.draws,
        small_bet=blueprint.small_bet, iterations=blueprint.iterations, seed=blueprint.seed,
        table=blueprint.table.copy(),
    )  # fmt: skip
    fields.update(change)
    return Blueprint(**fields)  # type: ignore[arg-type]


def _other(blueprint: Blueprint) -> Blueprint:
    """The same header, one row's probabilities moved to other slots."""
    table = blueprint.table.copy()
    row = int(np.flatnonzero(table.sum(axis=1))[0])
    table[row] = np.roll(table[row], 1)
    assert not np.array_equal(table, blueprint.table)
    return _copy(blueprint, table=table)


def test_blueprints_of_the_same_content_are_equal_and_hash_alike(blueprint: Blueprint) -> None:
    again = _copy(blueprint)
    assert again is not blueprint
    assert again == blueprint
    assert not (again != blueprint)
    assert hash(again) == hash(blueprint)
    assert len({blueprint, again}) == 1
    assert Blueprint.from_bytes(blueprint.to_bytes()) == blueprint


def test_blueprints_differing_in_a_row_or_a_header_field_are_not_equal(
    blueprint: Blueprint,
) -> None:
    assert _other(blueprint) != blueprint
    assert _copy(blueprint, seed=blueprint.seed + 1) != blueprint
    assert _copy(blueprint, iterations=blueprint.iterations + 1) != blueprint
    assert blueprint != "a blueprint"


def test_blueprint_bots_compare_and_hash_by_their_blueprint(blueprint: Blueprint) -> None:
    bot, again = BlueprintBot(blueprint), BlueprintBot(_copy(blueprint))
    assert bot == again
    assert hash(bot) == hash(again)
    assert {bot: 1}[again] == 1
    assert bot != BlueprintBot(_other(blueprint))


def test_the_shipped_bot_still_pickles_by_name_and_equals_itself() -> None:
    bot = blueprint_bot()
    assert bot == blueprint_bot()
    assert hash(bot) == hash(blueprint_bot())
    data = pickle.dumps(bot)
    assert len(data) < 1000  # by name, not its table
    back = pickle.loads(data)
    assert back == bot
    assert back.blueprint is bot.blueprint
