"""The blueprint's strategy file (read back exactly; every bad field a clear error) and the bot
(a probability distribution over the legal actions at every decision, drawn from the view's
random bits, so a hand replays for a seed)."""

from __future__ import annotations

import hashlib
import os
import pickle
import struct
from pathlib import Path

import numpy as np
import pytest

from badugi_fast.blueprint import (
    Blueprint,
    BlueprintBot,
    StrategyFileError,
    blueprint_bot,
    strategy,
)
from badugi_fast.blueprint.abstraction import read_decision
from badugi_fast.blueprint.strategy import HEADER
from badugi_fast.game import Game, Rules, bots
from badugi_fast.play import simulate

RULES = Rules(small_bet=2, cap_heads_up=True)


def test_a_strategy_file_reads_back_exactly(blueprint: Blueprint, tmp_path: Path) -> None:
    digest = blueprint.save(tmp_path / "bp.bin")
    again = Blueprint.load(tmp_path / "bp.bin", sha256=digest)
    assert np.array_equal(again.table, blueprint.table)
    assert (again.ranks, again.suits, again.draws, again.small_bet) == (13, 4, 3, 2)
    assert (again.iterations, again.seed) == (123, 0)
    assert again.rules == RULES


def _field(data: bytes, index: int, value: object) -> bytes:
    fields = list(HEADER.unpack_from(data))
    fields[index] = value
    return HEADER.pack(*fields) + data[HEADER.size :]


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d[:40], "header"),
        (lambda d: _field(d, 0, b"NOTABLUE"), "magic"),
        (lambda d: _field(d, 1, 2), "version 2"),
        (lambda d: _field(d, 3, 100), "abstraction 1 of 100 buckets"),
        (lambda d: _field(d, 9, 0), "cap_heads_up"),
        (lambda d: _field(d, 6, 14), "ranks is 1 .. 13"),
        (lambda d: _field(d, 10, 3), "small_bet is even"),
        (lambda d: d[:-1], "payload is"),
        (lambda d: d[:-1] + bytes([d[-1] ^ 1]), "sha256"),
        (lambda d: _field(d[: HEADER.size] + b"xyz", 13, 3), "sha256"),
    ],
)
def test_a_damaged_strategy_file_names_what_is_wrong(
    blueprint: Blueprint, damage: object, message: str
) -> None:
    data = damage(blueprint.to_bytes())  # type: ignore[operator]
    with pytest.raises(StrategyFileError, match=message):
        Blueprint.from_bytes(data)


def test_a_payload_that_is_not_the_table_is_refused(blueprint: Blueprint) -> None:
    import zlib

    payload = zlib.compress(b"\x00" * 10)
    data = _field(blueprint.to_bytes()[: HEADER.size] + payload, 13, len(payload))
    data = _field(data, 14, hashlib.sha256(payload).digest())
    with pytest.raises(StrategyFileError, match="the table is"):
        Blueprint.from_bytes(data)


def test_a_row_not_summing_to_one_is_refused(blueprint: Blueprint) -> None:
    table = blueprint.table.copy()
    table[5] = (1, 2, 3)
    with pytest.raises(StrategyFileError, match="information set 5's probabilities"):
        Blueprint(13, 4, 3, 2, 0, 0, table)


def test_a_pinned_sha256_that_differs_is_refused(blueprint: Blueprint, tmp_path: Path) -> None:
    blueprint.save(tmp_path / "bp.bin")
    with pytest.raises(StrategyFileError, match="not the pinned"):
        Blueprint.load(tmp_path / "bp.bin", sha256="0" * 64)
    with pytest.raises(StrategyFileError, match="not the pinned"):
        blueprint_bot(tmp_path / "bp.bin", sha256="0" * 64)


def test_a_pinned_sha256_is_read_in_either_case_and_checked_for_form(
    blueprint: Blueprint, tmp_path: Path
) -> None:
    digest = blueprint.save(tmp_path / "bp.bin")
    assert Blueprint.load(tmp_path / "bp.bin", sha256=digest.upper()) == blueprint
    for bad, error in [("abc", ValueError), ("g" * 64, ValueError), (b"0" * 64, TypeError)]:
        with pytest.raises(error, match="sha256 is"):
            Blueprint.load(tmp_path / "bp.bin", sha256=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("path", [1, True, 2.5, None])
def test_a_path_that_is_not_a_str_or_path_is_refused_and_no_descriptor_closed(
    path: object,
) -> None:
    # open() takes an int as a file descriptor and closes it: 1 would close stdout
    with pytest.raises(TypeError, match="is a str or a Path"):
        Blueprint.load(path)  # type: ignore[arg-type]
    if path is not None:
        with pytest.raises(TypeError, match="is a str or a Path"):
            strategy.load_blueprint(path)  # type: ignore[arg-type]
    os.fstat(1)  # still open


def test_rules_and_stacks_it_was_not_trained_for_are_refused(blueprint: Blueprint) -> None:
    blueprint.check_rules(RULES, (200, 200))
    with pytest.raises(ValueError, match="trained for Rules"):
        blueprint.check_rules(Rules(small_bet=2))
    with pytest.raises(ValueError, match="at least 48 chips"):
        blueprint.check_rules(RULES, (200, 40))


def test_without_a_shipped_file_bots_blueprint_says_how_to_get_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(strategy, "SHIPPED", tmp_path / "missing.bin")
    with pytest.raises(FileNotFoundError, match=r"tools/train_blueprint\.py"):
        blueprint_bot()


def test_the_shipped_strategy_is_the_pinned_full_deck_run() -> None:
    """The package's file: its sha256 pinned, trained on the full deck for the game the bot
    plays, read through the same checks as any file."""
    data = strategy.SHIPPED.read_bytes()
    assert hashlib.sha256(data).hexdigest() == strategy.SHIPPED_SHA256
    shipped = strategy.load_blueprint()
    assert (shipped.ranks, shipped.suits, shipped.draws) == (13, 4, 3)
    assert shipped.rules == RULES
    assert shipped.iterations == 4_718_592 and shipped.seed == 0
    reached = (shipped.table.astype(np.int64).sum(axis=1) > 0).mean()
    assert 0.5 < reached < 1.0  # most sets trained; the rest are played uniformly


def test_the_shipped_v2_is_abstraction_2_trained_as_v1() -> None:
    """``v2``: the same deck, rules, seed, batches and iterations as ``v1``, in abstraction 2
    (docs/blueprint.md); its rows differ where the player's own draw is read."""
    v1, v2 = strategy.load_blueprint("v1"), strategy.load_blueprint("v2")
    assert (v1.abstraction, v2.abstraction) == (1, 2)
    assert v2._header()[:-1] == v1._header()[:-1]  # all but the abstraction
    assert v2.table.shape == (212 * 19_160, 3)
    reached = (v2.table.astype(np.int64).sum(axis=1) > 0).mean()
    assert 0.2 < reached < 1.0


def test_the_shipped_v3_is_v2s_run_by_linear_cfr_twice_as_long() -> None:
    """``v3``: ``v2``'s deck, rules, seed, batches and abstraction, trained by Linear CFR to
    twice the iterations (docs/blueprint.md); more of its sets are reached than ``v2``'s, and
    it is not the default."""
    v2, v3 = strategy.load_blueprint("v2"), strategy.load_blueprint("v3")
    assert (v3.abstraction, v3.iterations, v3.seed) == (2, 2 * v2.iterations, 0)
    assert (v3.ranks, v3.suits, v3.draws, v3.rules) == (v2.ranks, v2.suits, v2.draws, v2.rules)
    assert v3.table.shape == v2.table.shape
    reached = [(b.table.astype(np.int64).sum(axis=1) > 0).mean() for b in (v2, v3)]
    assert reached[0] < reached[1] < 1.0
    assert strategy.DEFAULT_STRATEGY == "v2" and strategy.load_blueprint() is v2


def test_the_shipped_strategy_is_read_once_and_pickles_by_name(blueprint: Blueprint) -> None:
    """A process reads the shipped file once; pickled, the shipped strategy is a reference to
    it (a distributed run's blocks would otherwise each carry its 8 MB table), while any other
    strategy pickles whole."""
    shipped = strategy.load_blueprint()
    assert strategy.load_blueprint() is shipped
    data = pickle.dumps(shipped)
    assert len(data) < 1000
    again = pickle.loads(data)
    assert again is shipped and np.array_equal(again.table, shipped.table)
    other = pickle.dumps(blueprint)
    assert len(other) > blueprint.table.nbytes
    read = pickle.loads(other)
    assert read is not blueprint and read.to_bytes() == blueprint.to_bytes()


def test_the_shared_shipped_strategy_cannot_be_edited_nor_land_on_another_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shipped = strategy.load_blueprint()
    with pytest.raises(ValueError, match="read-only"):
        shipped.table[0, 0] = 1
    data = pickle.dumps(shipped)
    monkeypatch.setattr(strategy, "SHIPPED_SHA256", "0" * 64)  # a worker of another build,
    monkeypatch.setattr(strategy, "SHIPPED_STRATEGIES", {})  # which ships other files
    with pytest.raises(StrategyFileError, match="install the same badugi_fast on every worker"):
        pickle.loads(data)


def test_a_shipped_file_that_differs_from_its_pin_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    damaged = bytearray(strategy.SHIPPED.read_bytes())
    damaged[-1] ^= 1
    (tmp_path / "blueprint.bin").write_bytes(bytes(damaged))
    monkeypatch.setattr(strategy, "SHIPPED", tmp_path / "blueprint.bin")
    with pytest.raises(StrategyFileError, match="sha256"):
        blueprint_bot()


def test_every_decision_is_a_distribution_over_the_legal_actions(blueprint: Blueprint) -> None:
    rng = np.random.default_rng(1)
    decisions = 0
    for hand in range(300):
        game = Game([200, 200], RULES, button=hand % 2, seed=hand)
        while not game.done:
            view = game.view(game.actor)  # type: ignore[arg-type]
            choices = blueprint.probabilities(view)
            legal = {(a.kind, a.amount) for a in view.legal}
            for action, p in choices:
                assert p >= 0
                if action.kind == "draw":
                    assert len(action.cards) <= view.legal[0].amount
                    assert set(action.cards) <= set(view.hand)
                else:
                    assert (action.kind, action.amount) in legal
            assert sum(p for _, p in choices) == pytest.approx(1.0, abs=1e-12)
            if view.phase != "draw":
                assert len(choices) == len(view.legal)
            game.act(choices[rng.choice(len(choices), p=[p for _, p in choices])][0])
            decisions += 1
    assert decisions > 1500


def test_a_never_reached_information_set_is_played_uniformly(blueprint: Blueprint) -> None:
    game = Game([200, 200], RULES, button=1, seed=5)
    view = game.view(1)
    decision = read_decision(view, 2)
    table = blueprint.table.copy()
    table[decision.infoset] = 0
    rows = Blueprint(13, 4, 3, 2, 0, 0, table).probabilities(view)
    assert [p for _, p in rows] == pytest.approx([1 / 3] * 3)


def test_the_bot_follows_the_view_stream_and_replays_for_a_seed(
    blueprint: Blueprint, tmp_path: Path
) -> None:
    blueprint.save(tmp_path / "bp.bin")
    bot = blueprint_bot(tmp_path / "bp.bin")
    assert isinstance(bot, BlueprintBot)
    first = simulate([bot, bots.drawer], hands=200, seed=9, rules=RULES, engine="python")
    again = simulate([bot, bots.drawer], hands=200, seed=9, rules=RULES, engine="python")
    assert first == again
    other = simulate([bot, bots.drawer], hands=200, seed=10, rules=RULES, engine="python")
    assert other != first


def test_the_bot_picks_each_action_as_often_as_its_probability(blueprint: Blueprint) -> None:
    game = Game([200, 200], RULES, button=1, seed=3)
    view = game.view(1)
    choices = blueprint.probabilities(view)
    bot = BlueprintBot(blueprint)
    counts = {a: 0 for a, _ in choices}
    n = 6000
    for stream in range(n):
        counts[
            bot(type(view)(**{**view.__dict__, "stream": stream * 0x9E3779B97F4A7C15 % 2**64}))
        ] += 1
    for action, p in choices:
        assert abs(counts[action] / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 1e-9


def test_the_bot_refuses_a_game_it_was_not_trained_for(blueprint: Blueprint) -> None:
    bot = BlueprintBot(blueprint)
    with pytest.raises(ValueError, match="small_bet=2"):
        simulate([bot, bots.drawer], hands=5, seed=1, rules=Rules(small_bet=4, cap_heads_up=True),
                 engine="python")  # fmt: skip
    with pytest.raises(ValueError, match="heads-up"):
        simulate([bot, bots.drawer, bots.drawer], hands=5, seed=1, rules=RULES, engine="python")


def test_the_header_is_92_bytes_and_starts_with_the_magic_and_version(
    blueprint: Blueprint,
) -> None:
    data = blueprint.to_bytes()
    assert HEADER.size == 92
    assert data[:8] == b"BFBLUEPR" and struct.unpack_from("<HH", data, 8) == (1, 1)
    assert struct.unpack_from("<Q", data, 52)[0] == len(data) - 92


def test_a_shipped_strategy_loads_by_its_name_and_a_path_of_that_name_is_a_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, blueprint: Blueprint
) -> None:
    """Every shipped strategy is loadable by name (so one that is no longer the default stays
    comparable), pinned by its sha256; a Path, or a str that is no name, is a strategy file."""
    assert strategy.DEFAULT_STRATEGY in strategy.SHIPPED_STRATEGIES
    for name, shipped in strategy.SHIPPED_STRATEGIES.items():
        assert hashlib.sha256(shipped.path.read_bytes()).hexdigest() == shipped.sha256
        read = strategy.load_blueprint(name)
        assert strategy.load_blueprint(name) is read and blueprint_bot(name).blueprint is read
        assert pickle.loads(pickle.dumps(read)) is read
    assert strategy.load_blueprint(strategy.DEFAULT_STRATEGY) is strategy.load_blueprint()
    with pytest.raises(StrategyFileError, match="has sha256"):
        strategy.load_blueprint(strategy.DEFAULT_STRATEGY, "0" * 64)
    with pytest.raises(StrategyFileError, match="has sha256"):
        strategy.load_blueprint(None, "0" * 64)
    with pytest.raises(FileNotFoundError, match=r"nor a shipped strategy so named \(v1"):
        strategy.load_blueprint("v9")
    monkeypatch.chdir(tmp_path)
    blueprint.save(tmp_path / "v1")
    assert strategy.load_blueprint(Path("v1")) == blueprint  # a Path is always a file
    assert strategy.load_blueprint("./v1") == blueprint
    assert strategy.load_blueprint("v1") is strategy.load_blueprint(
        "v1", strategy.SHIPPED_STRATEGIES["v1"].sha256
    )  # the name wins over ./v1
    assert strategy.load_blueprint("v1") != blueprint
