"""Our exact best response (spiel/exact.py) against OpenSpiel's two, on small decks: the same
value in each seat to rounding, for bots with pure and with mixed strategies; and what a best
response finds against a near-equilibrium, near nothing beyond the game's value."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import badugi_fast.spiel  # noqa: E402, F401  (registers the game)
from badugi_fast.game import bots  # noqa: E402
from badugi_fast.spiel import best_response_values, bot_policy  # noqa: E402
from badugi_fast.spiel.exact import (  # noqa: E402
    draws_before,
    exact_best_response,
    flat_tree,
    policy_rows,
    policy_table,
    table_rows,
)

TINY = {"ranks": 3, "suits": 3, "draws": 0, "stack": 6}  # 9 cards, one betting round
TWO_ROUNDS = {"ranks": 2, "suits": 4, "draws": 1, "stack": 6}  # 8 cards, two betting rounds


@pytest.fixture(scope="module", params=[TINY, TWO_ROUNDS], ids=["9 cards", "8 cards, a draw"])
def walked(request):
    game = pyspiel.load_game("badugi", request.param)
    return game, flat_tree(game)


def test_the_walk_keeps_every_history_below_its_parent_and_one_depth_an_information_state(
    walked,
):
    _, tree = walked
    assert (tree.parent[1:] < np.arange(1, tree.size)).all()
    assert (tree.depth[1:] == tree.depth[tree.parent[1:]] + 1).all()
    decisions = tree.infoset >= 0
    depths = {}
    for infoset, depth in zip(tree.infoset[decisions], tree.depth[decisions], strict=True):
        assert depths.setdefault(infoset, depth) == depth
    assert len(depths) == len(tree.keys) > 500


@pytest.mark.parametrize("bot", [bots.drawer, bots.random_bot(3)], ids=["drawer", "random"])
def test_our_best_response_is_openspiels_in_each_seat(walked, bot):
    """The same values as OpenSpiel's Python best response through the bot as it plays and its
    C++ TabularBestResponse on the policy's table, to 1e-9 chips."""
    game, tree = walked
    rows = policy_rows(tree, bot_policy(bot, game))
    ours = exact_best_response(tree, rows)
    assert ours == pytest.approx(best_response_values(game, bot), abs=1e-9)
    cached = pyspiel.convert_to_cached_tree(game)
    root = cached.new_initial_state().history_str()
    table = policy_table(tree, rows)
    theirs = [pyspiel.TabularBestResponse(cached, p, table).value(root) for p in (0, 1)]
    assert ours == pytest.approx(theirs, abs=1e-9)
    assert sum(ours) > 0.5  # both bots are far from an equilibrium


def test_a_best_response_gains_next_to_nothing_against_cfr_plus(walked):
    """Against CFR+'s average after 200 iterations, the two seats' best responses sum to the
    exploitability OpenSpiel computes, a few thousandths of a chip (the game's value cancels),
    and reading the policy table back gives the rows it was made from."""
    game, tree = walked
    cached = pyspiel.convert_to_cached_tree(game)
    solver = pyspiel.CFRPlusSolver(cached)
    for _ in range(200):
        solver.evaluate_and_update_policy()
    average = solver.tabular_average_policy()
    rows = table_rows(tree, average.policy_table())
    assert table_rows(tree, policy_table(tree, rows)) == pytest.approx(rows)
    ours = exact_best_response(tree, rows)
    assert sum(ours) / 2 == pytest.approx(pyspiel.exploitability(cached, average), abs=1e-9)
    assert 0 <= sum(ours) / 2 < 0.01


def test_a_responder_free_only_in_the_last_round_gains_between_nothing_and_the_best_response(
    walked,
):
    """Free nowhere, the responder plays the policy itself, and the two seats' values cancel
    (the game is zero-sum); free after the last draw only, it gains at most a best response's
    value and at least nothing; free everywhere, it is the best response."""
    game, tree = walked
    rows = policy_rows(tree, bot_policy(bots.random_bot(3), game))
    whole = exact_best_response(tree, rows)
    nowhere = exact_best_response(tree, rows, np.zeros(len(tree.keys), dtype=bool))
    assert sum(nowhere) == pytest.approx(0.0, abs=1e-9)
    last = draws_before(tree) == 2 * game.config.draws
    assert 0 < last.sum() < len(tree.keys) or game.config.draws == 0
    late = exact_best_response(tree, rows, last)
    for seat in (0, 1):
        assert nowhere[seat] - 1e-9 <= late[seat] <= whole[seat] + 1e-9
    assert exact_best_response(tree, rows, np.ones(len(tree.keys), dtype=bool)) == whole
    with pytest.raises(ValueError, match="mask"):
        exact_best_response(tree, rows, last[:-1])
