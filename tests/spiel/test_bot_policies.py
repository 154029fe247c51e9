"""The library's bots as OpenSpiel policies, and the local best response checked against
OpenSpiel's exact best response on small decks: never above it beyond its interval."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms.get_all_states import get_all_states  # noqa: E402

import badugi_fast.spiel  # noqa: E402, F401  (registers the game)
from badugi_fast.game import bots  # noqa: E402
from badugi_fast.solve.lbr import local_best_response  # noqa: E402
from badugi_fast.spiel import best_response_values, bot_policy, table_of  # noqa: E402
from badugi_fast.spiel.tree import BET_ID  # noqa: E402

TINY = {"ranks": 3, "suits": 3, "draws": 0, "stack": 6}  # 9 cards, one betting round
TWO_ROUNDS = {"ranks": 2, "suits": 4, "draws": 1, "stack": 6}  # 8 cards, two betting rounds


def _load(params: dict[str, int]) -> object:
    return pyspiel.load_game("badugi", params)


def test_a_bot_policy_is_a_distribution_over_the_legal_actions_at_every_decision() -> None:
    """Every decision of the 9-card game: the drawer's probabilities are 0 or 1, sum to 1 over
    the legal actions, and put the 1 on the action the drawer takes there; the random bot's
    are uniform."""
    game = _load(TINY)
    drawer, uniform = bot_policy(bots.drawer, game), bot_policy(bots.random_bot(3), game)
    table = table_of(game)
    decisions = 0
    for state in get_all_states(game, include_chance_states=False).values():
        if state.is_terminal():
            continue
        decisions += 1
        legal = state.legal_actions()
        probs = drawer.action_probabilities(state)
        assert sorted(probs) == legal and sum(probs.values()) == 1.0
        node = state.node
        chosen = bots.drawer(table.view(node.game, node.player))
        assert probs[BET_ID[chosen.kind]] == 1.0
        assert set(uniform.action_probabilities(state).values()) == {1 / len(legal)}
    assert decisions > 500


@pytest.mark.slow
@pytest.mark.parametrize(
    ("params", "name"),
    [(TINY, "drawer"), (TINY, "two-card"), (TINY, "random"), (TWO_ROUNDS, "random")],
)
def test_the_local_best_response_never_beats_the_exact_best_response(
    params: dict[str, int], name: str
) -> None:
    """In each seat, the local best response's winnings over 300 duplicate deals are at most
    OpenSpiel's exact best-response value plus the 95 % interval (and, against a bot this
    exploitable, more than half of it)."""
    bot = {"drawer": bots.drawer, "two-card": bots.threshold("9", "K", 2),
           "random": bots.random_bot(1)}[name]  # fmt: skip
    game = _load(params)
    exact = best_response_values(game, bot)
    table = table_of(game)
    found = local_best_response(
        bot, rules=table.rules, stack=table.stack, ranks=table.ranks, suits=table.suits,
        draws=table.draws, hands=300, seed=1, threads=1,
    )  # fmt: skip
    for seat in (0, 1):
        assert found.seat_chips[seat] <= exact[seat] + found.seat_chips_intervals[seat]
        assert found.seat_chips[seat] > exact[seat] / 2


@pytest.mark.slow
def test_a_bot_that_always_folds_or_checks_is_exploited_exactly() -> None:
    """The tight bot folds every hand of a 9-card deck (no badugi is possible with three ranks)
    but checks when it may: the exact best response wins the blind it folds, and the local
    best response wins exactly as much, deal after deal."""
    game = _load(TINY)
    bot = bots.threshold("7", "9", 4)
    exact = best_response_values(game, bot)
    table = table_of(game)
    found = local_best_response(
        bot, rules=table.rules, stack=table.stack, ranks=3, suits=3, draws=0, hands=50, seed=2,
        threads=1,
    )  # fmt: skip
    assert found.seat_chips == pytest.approx(exact)
    assert found.seat_chips_intervals == (0.0, 0.0)


def test_bad_arguments_are_refused() -> None:
    game = _load(TINY)
    with pytest.raises(TypeError, match="badugi game"):
        bot_policy(bots.drawer, pyspiel.load_game("kuhn_poker"))
    with pytest.raises(ValueError, match="players are 0 and/or 1"):
        bot_policy(bots.drawer, game, [2])
    with pytest.raises(ValueError, match="Korean"):
        table_of(_load({**TINY, "korean": True, "small_bet": 1}))
    policy = bot_policy(bots.drawer, game, [0])
    with pytest.raises(ValueError, match="decisions of players"):
        policy.action_probabilities(game.new_initial_state())
