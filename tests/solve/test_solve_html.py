"""A solution drawn as HTML (``solve/html.py``): the summary, the curve and every node's grid
show the solution's own numbers; ``_repr_html_`` draws with the same functions."""

from __future__ import annotations

import re

import numpy as np
import pytest

from badugi_fast.game import KoreanRules, Rules
from badugi_fast.hands import evaluate_many
from badugi_fast.hands.naming import class_ranks, english_name
from badugi_fast.solve import LastRoundSolution, last_round, solve_last_round
from badugi_fast.solve import html as solve_html
from badugi_fast.solve.cfr import Blocks

RULES = Rules(small_bet=2, cap_heads_up=True)


@pytest.fixture(scope="module")
def sol() -> LastRoundSolution:
    return solve_last_round(["7-", "T-"], pot=10, stacks=50, rules=RULES, threads=1)


def _floats(html: str, attribute: str) -> list[float]:
    return [float(x) for x in re.findall(f'{attribute}="([^"]+)"', html)]


def test_the_repr_shows_the_summary_the_curve_and_the_roots_grid(sol: LastRoundSolution) -> None:
    drawn = sol._repr_html_()
    assert drawn == solve_html.solution_html(sol)
    assert _floats(drawn, "data-value") == list(sol.value)
    assert f"{100 * sol.exploitability_fraction:.2f} %" in drawn
    assert drawn.count('class="bf-curve-point"') == len(sol.curve)
    assert 'class="bf-solve-grid" data-node="0"' in drawn


def test_a_grid_row_is_its_classs_strategy_weighted_by_reach(sol: LastRoundSolution) -> None:
    """Player 0's range (7-) holds 35 classes: a row each, the weighted mean of its hands."""
    for node in solve_html.decision_nodes(sol):
        actor = node.actor
        assert actor is not None
        drawn = solve_html.grid_html(sol, node.history)
        names, shares, _, ev, _ = solve_html.class_strategy(sol, node.history)
        ranks = evaluate_many(sol.hands(actor))
        weights = sol.problem.players[actor].range.weights * sol.reach(node.history, actor)
        strategy = sol.strategy(node.history)
        shown = np.array(_floats(drawn, 'class="bf-share" data-p')).reshape(-1, len(node.actions))
        reached = [i for i in range(len(names)) if np.isfinite(shares[i]).all()]
        assert shown.shape[0] == len(reached)
        if actor == 0:  # exact classes: check one row by hand
            assert len(names) == 35
            i = reached[0]
            rank = sorted(set(ranks.tolist()))[i]
            assert names[i] == english_name(class_ranks(rank))
            members = ranks == rank
            expected = (strategy[members] * weights[members, None]).sum(0) / weights[members].sum()
            assert np.allclose(shown[0], expected, rtol=0, atol=1e-12)
        values = sol.hand_values(actor)
        assert np.isfinite(_floats(drawn, 'class="bf-ev" data-ev')).all()
        assert (
            np.nanmin(values) - 1e-9 <= np.nanmin(ev) <= np.nanmax(ev) <= np.nanmax(values) + 1e-9
        )


def test_a_wide_range_is_grouped_by_size_and_top_card(sol: LastRoundSolution) -> None:
    names, rows = solve_html.class_rows(sol, 1)  # T-: 210 classes, 7 groups
    assert names == [f"badugi {top}-high" for top in "456789T"]
    assert (rows >= 0).all()
    korean, _ = solve_html.class_rows(sol, 1, "ko")
    assert korean[0] == "4메이드"


def test_the_curve_has_a_point_per_measurement_and_the_target() -> None:
    curve = [(0, 0.5, 0.0), (1, 0.1, 0.01), (4, 0.01, 0.02)]
    drawn = solve_html.curve_svg(curve, target=1e-3)
    assert _floats(drawn, "data-fraction") == [0.5, 0.1, 0.01]
    assert 'class="bf-curve-target"' in drawn


def test_korean_words_and_actions() -> None:
    sol = solve_last_round(
        ["7-", "T-"], pot=10, stacks=50, rules=KoreanRules(ante=1, max_raises=0), iterations=3
    )
    drawn = solve_html.solution_html(sol, "ko")
    assert "플레이어 1" in drawn and "족보별 전략" in drawn
    labels = [solve_html.history_label(n.history, "ko") for n in solve_html.decision_nodes(sol)]
    assert labels[0] == "라운드 시작" and any("삥" in label for label in labels)
    with pytest.raises(ValueError, match="language"):
        solve_html.summary_html(sol, "fr")


def test_casino_actions_in_korean(sol: LastRoundSolution) -> None:
    labels = {solve_html.history_label(n.history, "ko") for n in solve_html.decision_nodes(sol)}
    assert {"체크", "베팅 4", "베팅 4 · 레이즈 8"} <= labels
    assert not any(word in label for label in labels for word in ("bet", "raise", "check"))


def test_a_terminal_history_has_no_grid(sol: LastRoundSolution) -> None:
    with pytest.raises(ValueError, match="nobody acts"):
        solve_html.grid_html(sol, ["check", "check"])


def test_blocks_run_the_same_solve_as_solve_last_round(sol: LastRoundSolution) -> None:
    problem = last_round(["7-", "T-"], pot=10, stacks=50, rules=RULES)
    blocks = Blocks(problem, target=1e-3, iterations=None, threads=1)
    while not blocks.done:
        blocks.next()
    again = LastRoundSolution.from_run(problem, blocks.finish())
    assert again.value == sol.value and again.iterations == sol.iterations
    assert [c[:2] for c in again.curve] == [c[:2] for c in sol.curve]
    assert np.array_equal(again.strategy([]), sol.strategy([]))


def test_no_chips_behind_draws_a_note_instead_of_a_grid() -> None:
    sol = solve_last_round(["7-", "T-"], pot=10, stacks=0, rules=RULES, iterations=2)
    assert solve_html.decision_nodes(sol) == []
    drawn = sol._repr_html_()
    assert "goes straight to the showdown" in drawn and "bf-solve-grid" not in drawn
