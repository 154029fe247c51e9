"""Worked answers from theory: the solver finds them.

A polarized bettor (the nuts or air) against a bluff-catcher, one bet of B into a pot P and no
raises: the bettor bets every nut hand and bluffs so that bluffs are B / (P + 2B) of its bets
(the caller is then indifferent); the caller calls P / (P + B) of the time (the bluffs are then
indifferent); with a the share of nut hands the bettor's value is a P (P + 2B) / (P + B).
"""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast import evaluate
from badugi_fast.game import Rules
from badugi_fast.solve import solve_last_round

P, B = 12, 4  # the round's bet is the big bet, twice the small bet
ONE_BET = Rules(small_bet=2, max_raises=0, cap_heads_up=True)
NUTS = ["Ac2d3h4s"]
AIR = ["KcKdKhKs", "QcQdQhQs", "JcJdJhJs", "TcTdTh9s"]
CATCHER = ["8c7d6h5s"]


@pytest.fixture(scope="module")
def polarized():
    return solve_last_round([NUTS + AIR, CATCHER], pot=P, stacks=100, rules=ONE_BET, target=1e-5)


def test_the_hands_are_what_the_worked_example_needs() -> None:
    assert evaluate(NUTS[0]) == 1
    assert all(evaluate(a) > evaluate(CATCHER[0]) for a in AIR)


def test_the_polarized_player_bets_every_nut_hand_and_bluffs_to_the_ratio(polarized) -> None:
    assert polarized.exploitability_fraction <= 1e-5
    check, bet = (a.kind.value for a in polarized.actions([]))
    assert (check, bet) == ("check", "bet")
    root = polarized.strategy([])
    hands = [tuple(h) for h in polarized.hands(0)]
    nut = hands.index(tuple(sorted(polarized.hands(0)[0])))  # rows are sorted by card ids
    is_nut = np.array([evaluate(list(h)) == 1 for h in polarized.hands(0)])
    assert root[is_nut, 1] == pytest.approx(1.0, abs=1e-3)
    bluffs = root[~is_nut, 1].sum()  # every hand weighs 1
    assert bluffs / (bluffs + is_nut.sum()) == pytest.approx(B / (P + 2 * B), abs=2e-3)
    assert nut >= 0


def test_the_bluff_catcher_calls_p_over_p_plus_b(polarized) -> None:
    facing = polarized.strategy(["bet"])
    fold, call = (a.kind.value for a in polarized.actions(["bet"]))
    assert (fold, call) == ("fold", "call")
    assert facing[0, 1] == pytest.approx(P / (P + B), abs=2e-3)


def test_the_values_are_the_closed_form(polarized) -> None:
    share = 1 / 5  # one nut hand of five, each meeting the catcher
    bettor = share * P * (P + 2 * B) / (P + B)
    assert polarized.value[0] == pytest.approx(bettor, abs=1e-3)
    assert polarized.value[1] == pytest.approx(P - bettor, abs=1e-3)
    assert sum(polarized.value) == pytest.approx(P, abs=1e-9)


@pytest.mark.parametrize(("pot", "split"), [(12, (6, 6)), (13, (7, 6))])
def test_a_nut_hand_against_a_nut_hand_splits_the_pot_as_game_does(pot, split) -> None:
    sol = solve_last_round(
        [["Ac2d3h4s"], ["Ad2c3s4h"]], pot=pot, stacks=100, rules=Rules(small_bet=2), target=1e-6
    )
    # folding, the one way to lose chips, is dominated: the average strategy keeps only a trace
    assert sol.value == pytest.approx(split, abs=2 * sol.exploitability + 1e-9)


def test_a_dominated_range_folds_to_a_bet_and_never_bets() -> None:
    """The second range never wins a showdown: it folds to every bet and, checked to, never
    bets (there is no value to bet for, and the first player's range always calls)."""
    sol = solve_last_round(
        ["A234", "KQJT"], pot=P, stacks=100, rules=Rules(small_bet=2, cap_heads_up=True),
        target=1e-6,
    )  # fmt: skip
    fold = [a.kind.value for a in sol.actions(["bet"])].index("fold")
    assert sol.strategy(["bet"])[:, fold] == pytest.approx(1.0, abs=1e-3)
    bet = [a.kind.value for a in sol.actions(["check"])].index("bet")
    assert sol.strategy(["check"])[:, bet] == pytest.approx(0.0, abs=1e-3)
    assert sol.value[1] == pytest.approx(0.0, abs=1e-3)
