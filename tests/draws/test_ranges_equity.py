"""Equity against ranges: exact combinations against the draw engine hand by hand, Monte Carlo
within 4 stderr of exact, weights and card removal as specified, and seeds that reproduce."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast import equity, evaluate_many
from badugi_fast.draws.ranges.equity import equity_matrix
from badugi_fast.draws.ranges.range import Range, parse_range

HERO = "As 2d 3c 3h"


def weighted_equity(hero: str, villain: Range, draws: int) -> float:
    """The definition, computed with the existing exact engine one opponent hand at a time."""
    hero_cards = set(parse_range(hero).hands[0].tolist())
    total = weight_sum = Fraction(0)
    for hand, weight in zip(villain.hands.tolist(), villain.weights.tolist(), strict=True):
        if hero_cards & set(hand):
            continue
        found = equity([hero, hand], draws)
        assert found.exact and found.fractions is not None
        total += Fraction(weight) * found.fractions[0]
        weight_sum += Fraction(weight)
    return float(total / weight_sum)


@pytest.mark.parametrize(
    ("villain", "draws"),
    [("A2xx, !A2x3, 0.5:KQJT", 1), ("7메이드", 1), ("0.3:6탑, 0.7:K32+, !K2xx, 5432", 0)],
)
def test_exact_range_equity_is_the_weighted_mean_over_the_ranges_hands(
    villain: str, draws: int
) -> None:
    villain_range = parse_range(villain) & parse_range("A2xx, 6탑, 7메이드, 5432, K32+, KQJT")
    small = Range.from_hands(villain_range.hands[:180], villain_range.weights[:180])
    found = equity([HERO, small], draws)
    assert found.exact
    assert found.equity[0] == pytest.approx(weighted_equity(HERO, small, draws), abs=1e-12)
    assert found.equity[0] + found.equity[1] == pytest.approx(1.0)


def test_monte_carlo_lands_within_four_stderr_of_exact() -> None:
    villain = Range.from_hands(parse_range("8-").hands[::12], 1.0)
    exact = equity([HERO, villain], 1)
    sampled = equity([HERO, villain], 1, max_exact=0, trials=200_000, seed=7)
    assert exact.exact and not sampled.exact and sampled.stderr is not None
    assert abs(sampled.equity[0] - exact.equity[0]) < 4 * sampled.stderr[0]


def test_weights_set_how_often_each_hand_is_dealt() -> None:
    # Against 8-7-6-5 with no draw: the golf wins, 9-8-7-6 loses, the other 8-7-6-5 ties.
    villain = Range.from_hands(["As 2d 3h 4c", "9s 8d 7h 6c", "8s 7c 6d 5h"], [1.0, 0.5, 0.25])
    exact = equity(["8c 7d 6h 5s", villain], 0)
    expected = (0.0 * 1.0 + 1.0 * 0.5 + 0.5 * 0.25) / 1.75
    assert exact.equity[0] == pytest.approx(expected)
    sampled = equity(["8c 7d 6h 5s", villain], 0, max_exact=0, trials=100_000, seed=3)
    assert sampled.stderr is not None
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_a_hand_against_any_with_no_draw_beats_exactly_the_hands_it_beats_by_brute_force() -> None:
    hero = "5s 3d 2h Kc"
    everything = parse_range("any")
    apart = ~np.isin(everything.hands, parse_range(hero).hands[0]).any(axis=1)
    ranks = evaluate_many(everything.hands[apart])
    mine = evaluate_many(np.array([parse_range(hero).hands[0]]))[0]
    expected = (np.sum(ranks > mine) + 0.5 * np.sum(ranks == mine)) / len(ranks)
    found = equity([hero, "any"], 0)
    assert found.exact and found.equity[0] == pytest.approx(expected)


def test_card_removal_between_range_players_never_deals_a_card_twice() -> None:
    # Two ranges that share most hands: whatever the first gets, the second must fit around it.
    a, b = "As 2d 3h 4c, 5s 6d 7h 8c", "As 2d 3h 4c, 5s 6d 7h 9c"
    exact = equity([a, b], 0)
    # Only (A234, 5679) and (5678, A234) are apart, equally likely: 1/2 win each.
    assert exact.exact and exact.equity == pytest.approx([0.5, 0.5])
    sampled = equity([a, b], 0, max_exact=0, trials=20_000, seed=1)
    assert sampled.stderr is not None and abs(sampled.equity[0] - 0.5) < 4 * sampled.stderr[0]


@pytest.mark.parametrize("players", [["8-", "K32+"], ["T-", None, "A2xx"], [HERO, "7메이드", None]])
def test_monte_carlo_is_reproducible_for_a_seed_whatever_the_thread_count(players: list) -> None:
    runs = [equity(players, 3, trials=20_000, seed=11, threads=t, max_exact=0) for t in (1, 2, 3)]
    assert runs[0].equity == runs[1].equity == runs[2].equity
    assert sum(runs[0].equity) == pytest.approx(1.0)


@pytest.mark.parametrize("others", [["Ks Qd 4h 4c"], ["Ks Qd 4h 4c", None]])
def test_ranges_of_one_hand_play_every_trial_as_the_known_hands_do(others: list) -> None:
    """The range sampler hands its deal to the draw engine's own trial (csrc/draws/trial.c): with
    one hand in each range, the same seed gives the known hands' result to the last bit."""
    kwargs = {"max_exact": 0, "trials": 30_000, "seed": 5, "dead": "Kh", "threads": 2}
    known = equity([HERO, *others], 3, **kwargs)
    as_ranges = [Range.from_hands([h]) if h else None for h in [HERO, *others]]
    ranged = equity(as_ranges, 3, **kwargs)
    assert ranged.equity == known.equity and ranged.stderr == known.stderr
    assert ranged.win == known.win and ranged.tie == known.tie


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([HERO, "As 2d 3c Kh"], "in hand 1 and in hand 2"),
        (["Ah 2h 3h 4h", "A234"], "range of player 2"),
        (["8-", "zz"], "element 1 'zz'"),
        (["As 2d 3h 4c", "5s 6d 7h 8c", "5s 6d 7h 8c, As 2c 3c 4c"], "range of player 3"),
    ],
)
def test_bad_players_are_named(players: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity(players, 1)


def test_ranges_that_never_fit_together_are_an_error_not_a_hang() -> None:
    with pytest.raises(ValueError, match=r"held once|held a card twice"):
        equity([Range.from_hands(["As 2d 3h 4c"]), Range.from_hands(["As 2d 3h 4c"])], 0)


def test_equity_matrix_rows_are_each_hands_equity_against_the_other_range() -> None:
    first = Range.from_hands(["As 2d 3c 3h", "Ks Qd 4h 4c", "Ah 2h 3h 4h"])
    second = Range.from_hands(parse_range("7메이드").hands[::40])
    values, errors = equity_matrix(first, second, 1)
    assert values.shape == errors.shape == (3,)
    for row, hand in enumerate(first.hands.tolist()):
        cards = " ".join(str(c) for c in hand)
        expected = equity([Range.from_hands([hand]), second], 1)
        assert expected.exact and values[row] == pytest.approx(expected.equity[0]), cards
    assert np.all(errors == 0)


def test_equity_matrix_monte_carlo_is_reproducible_and_blocked_rows_are_nan() -> None:
    first = Range.from_hands(["As 2d 3c 3h", "Ks Qd 4h 4c"])
    second = Range.from_hands(["As 2d 3c 4s"])
    values, errors = equity_matrix(first, second, 2, trials=3000, seed=2, max_exact=0)
    assert np.isnan(values[0]) and np.isnan(errors[0])
    assert 0 <= values[1] <= 1 and errors[1] > 0
    again, _ = equity_matrix(first, second, 2, trials=3000, seed=2, max_exact=0, threads=2)
    assert np.array_equal(values, again, equal_nan=True)


@pytest.mark.parametrize(
    ("first", "second", "player"), [("8-", "골프", 2), ("골프", "8-", 1)], ids=["second", "first"]
)
def test_equity_matrix_refuses_a_range_the_dead_cards_empty_as_equity_does(
    first: str, second: str, player: int
) -> None:
    """Every ace is dead, and 골프 (A-2-3-4) needs one: no NaN equity with a stderr."""
    message = f"the range of player {player} \\('432A'\\) is empty once the dead cards are removed"
    with pytest.raises(ValueError, match=message):
        equity_matrix(first, second, 1, dead="As Ad Ah Ac")
    with pytest.raises(ValueError, match=r"the range of player 2 .* is empty once"):
        equity(["8-", "골프"], 1, dead="As Ad Ah Ac")


def test_a_range_of_every_hand_at_one_weight_is_dealt_exactly_as_a_random_hand() -> None:
    ranged = equity([HERO, "0.5:any"], 2, trials=20_000, seed=4, max_exact=0)
    assert ranged.equity == equity([HERO, None], 2, trials=20_000, seed=4, max_exact=0).equity


def test_equity_and_best_discard_take_range_text_and_ranges_for_opponents() -> None:
    text = equity(["As 2d 3c Kh", "7메이드"], 1)
    assert text.exact and text == equity(["As 2d 3c Kh", parse_range("7메이드")], 1)
    options = bf.best_discard("Kc 2d 3h 4s", 1, opponents=["8-"], max_exact=10**6)
    assert options[0].exact and len(options) == 16
    # Against any 8-high or better badugi, which stands pat, the king must go.
    assert [str(card) for card in options[0].discard] == ["Kc"]
    ranged = bf.best_discard("Kc 2d 3h 4s", 2, opponents=[parse_range("8-"), None], seed=1,
                             trials=2000)  # fmt: skip
    assert len(ranged) == 16 and not ranged[0].exact


def test_text_that_is_neither_a_hand_nor_a_range_says_both() -> None:
    with pytest.raises(ValueError, match=r"neither a hand .* nor a range"):
        equity(["As 2d 3c Kh", "8- Xx"], 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [("5s 6d 7c Xx", "unknown card 'Xx'"), ("5s 6d 7c", "a hand has 4 cards, got 3")],
)
def test_a_mistyped_hand_is_reported_as_a_hand_not_as_a_range(text: str, message: str) -> None:
    with pytest.raises(bf.InvalidHandError, match=message) as caught:
        equity(["As 2d 3c Kh", text], 1)
    assert "range" not in str(caught.value)


def test_equity_matrix_on_a_process_pool_is_the_threaded_matrix_bit_for_bit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from concurrent.futures import ProcessPoolExecutor

    from badugi_fast.draws.ranges import equity as range_equity

    first = Range.from_hands(["As 2d 3c 3h", "Ks Qd 4h 4c", "Ah 2h 3h 4h", "5c 6d 7h 8s"])
    second = Range.from_hands(parse_range("T-").hands[::30])
    monkeypatch.setattr(range_equity, "MATRIX_BLOCK_ROWS", 3)
    here = equity_matrix(first, second, 2, trials=2000, seed=6, max_exact=0, threads=2)
    with ProcessPoolExecutor(max_workers=2) as pool:
        there = equity_matrix(first, second, 2, trials=2000, seed=6, max_exact=0, executor=pool)
    assert np.array_equal(here[0], there[0]) and np.array_equal(here[1], there[1])


def test_equity_matrix_refuses_a_policy_that_cannot_travel() -> None:
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool, pytest.raises(TypeError, match="cannot be sent"):
        equity_matrix("골프", "7탑", 1, policy=lambda hand, draws, dead: 0, executor=pool)


def test_equity_matrix_names_its_two_arrays_and_draws_three_times_as_equity_does() -> None:
    """One calling convention with equity: draws defaults to 3 (it was 0, a showdown), and the
    result names .equity and .stderr while it still unpacks as a pair."""
    first = Range.from_hands(["As 2d 3c 3h", "Ks Qd 4h 4c"])
    second = Range.from_hands(["5s 6d 7c 8h"])
    found = equity_matrix(first, second, trials=2000, seed=3)
    values, errors = found
    assert found.equity is values and found.stderr is errors
    again = equity_matrix(first, second, 3, trials=2000, seed=3)
    assert np.array_equal(again.equity, values) and np.array_equal(again.stderr, errors)
    for row, hand in enumerate(first.hands.tolist()):
        three = equity([Range.from_hands([hand]), second], 3, trials=2000)
        assert three.exact and values[row] == pytest.approx(three.equity[0]) and errors[row] == 0
    assert values[0] != equity([Range.from_hands(["As 2d 3c 3h"]), second], 0).equity[0]
