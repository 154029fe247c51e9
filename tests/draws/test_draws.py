"""Draw odds, best discard and equity: the seed figures, C against the Python model, Monte Carlo
against exact, reproducibility, and bad input."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast.cards import hand_ids
from badugi_fast.draws.engine import reference as draw_model
from badugi_fast.draws.policies.kept import caps_for
from badugi_fast.draws.policies.policy import Policy
from badugi_fast.hands import reference


@pytest.mark.parametrize(
    ("draws", "fraction", "percent"),
    [
        (1, Fraction(10, 48), 20.83),
        (2, Fraction(425, 1128), 37.68),
        (3, Fraction(2215, 4324), 51.23),
    ],
)
def test_a_three_card_a23_with_ten_outs_makes_the_seed_figures_exactly(draws, fraction, percent):
    odds = bf.draw_odds("As 2d 3c 3h", draws=draws)
    assert odds.exact
    assert odds.badugi_fraction == fraction
    assert round(odds.badugi * 100, 2) == percent
    assert fraction == 1 - Fraction(38, 48) * (Fraction(37, 47) if draws > 1 else 1) * (
        Fraction(36, 46) if draws > 2 else 1
    )
    assert [str(card) for card in odds.discard] == ["3h"]
    assert odds.ranks.sum() == pytest.approx(1.0)
    assert odds.sizes[4] + odds.sizes[3] == pytest.approx(1.0)  # a kept A-2-3 never gets worse


def test_the_issue_equity_example_holds_exactly():
    result = bf.equity(["As 2d 3c Kc", "5s 6d 7c 8h"], draws=1)
    assert result.exact
    assert result.fractions == [Fraction(4, 44), Fraction(40, 44)]
    assert result.win == pytest.approx([4 / 44, 40 / 44])
    assert result.tie == [0.0, 0.0]


def test_without_draws_equity_is_the_showdown():
    golf = bf.equity(["As 2d 3c 4h", "Ac 2h 3d 4s"], draws=0)
    assert golf.fractions == [Fraction(1, 2), Fraction(1, 2)]
    split = bf.equity(["As 2d 3c 4h", "Ac 2h 3d 4s", "Kc Kd Kh Ks"], draws=0)
    assert split.fractions == [Fraction(1, 2), Fraction(1, 2), 0]
    assert split.tie == [0.5, 0.5, 0.0] and split.win == [0.0, 0.0, 0.0]


def random_case(rng: random.Random, seats: int) -> tuple[list[tuple[int, ...]], frozenset[int]]:
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [tuple(deck[4 * i : 4 * i + 4]) for i in range(seats)]
    dead = frozenset(deck[4 * seats : 4 * seats + rng.choice([0, 0, 3, 9])])
    return hands, dead


def model_equity(hands, draws, dead, policy, limits):
    plays = draw_model.enumerate_draws(hands, draws, dead, policy, limits)
    shares = [Fraction(0)] * len(hands)
    for weight, finals in plays:
        split = draw_model.showdown_shares([reference.evaluate(f) for f in finals])
        shares = [s + weight * x for s, x in zip(shares, split, strict=True)]
    return shares


SMALL = 3000  # plays: the Python model enumerates about 10 thousand a second


def small_case(rng, seats, draws_choices, make_call):
    """A random case whose exact enumeration in C has at most SMALL plays."""
    while True:
        hands, dead = random_case(rng, seats)
        draws = rng.choice(draws_choices)
        limits = rng.choice([None, (3, 2, 1), (3, 3, 3), (1, 1, 1), (2, 2, 2)])
        policy = rng.choice([Policy(), Policy(break_above=rng.randrange(3, 13))])
        result = make_call(hands, draws, dead, policy, limits)
        if result is not None and result.exact and result.paths <= SMALL:
            return hands, draws, dead, policy, limits, result


@pytest.mark.parametrize("case", range(25))
def test_exact_c_equity_equals_the_python_model(case):
    rng = random.Random(case)

    def call(hands, draws, dead, policy, limits):
        return bf.equity(
            hands, draws, dead=dead, policy=policy, limits=limits, trials=2, max_exact=SMALL
        )

    hands, draws, dead, policy, limits, result = small_case(rng, rng.choice([2, 3]), [1, 2], call)
    assert result.fractions == model_equity(hands, draws, dead, policy, limits)


@pytest.mark.parametrize("case", range(25))
def test_exact_c_draw_odds_equal_the_python_model(case):
    rng = random.Random(1000 + case)
    discard = None

    def call(hands, draws, dead, policy, limits):
        nonlocal discard
        discard = None
        if rng.random() < 0.3:
            cap = caps_for(limits, draws)[0]
            discard = tuple(rng.sample(hands[0], rng.randint(0, cap)))
        return bf.draw_odds(
            hands[0], draws, discard=discard, dead=dead, policy=policy, limits=limits,
            trials=2, max_exact=SMALL,
        )  # fmt: skip

    (hand,), draws, dead, policy, limits, odds = small_case(rng, 1, [1, 2, 3], call)
    plays = draw_model.enumerate_draws([hand], draws, dead, policy, limits, first_throw=discard)
    expected = np.zeros(1093)
    for weight, (final,) in plays:
        expected[reference.evaluate(final)] += float(weight)
    assert len(plays) == odds.paths
    np.testing.assert_allclose(odds.ranks, expected, atol=1e-12)
    assert odds.badugi_fraction == sum(
        (w for w, (f,) in plays if bf.evaluate(f) <= 715), Fraction(0)
    )


@pytest.mark.parametrize(
    ("hands", "draws"),
    [
        (["As 2d 3c Kc", "5s 6d 7c 8h"], 2),
        (["As 2d 7c 7h", "4s 5d 6h 6c"], 2),
        (["As 2d 3c 4h", "5s 5d 6h 9c", "Ts Jd Qh 2c"], 1),
    ],
)
def test_monte_carlo_equity_agrees_with_exact_within_four_standard_errors(hands, draws):
    exact = bf.equity(hands, draws=draws)
    assert exact.exact
    sampled = bf.equity(hands, draws=draws, max_exact=0, trials=400_000, seed=7)
    assert not sampled.exact and sampled.trials == 400_000
    for p, q, se in zip(exact.equity, sampled.equity, sampled.stderr, strict=True):
        assert abs(p - q) <= 4 * se + 1e-12
    assert sum(sampled.equity) == pytest.approx(1.0)


def test_monte_carlo_draw_odds_agree_with_exact_within_four_standard_errors():
    exact = bf.draw_odds("As 4d 7c 7h", draws=3)
    sampled = bf.draw_odds("As 4d 7c 7h", draws=3, max_exact=0, trials=400_000, seed=3)
    assert exact.exact and not sampled.exact
    assert abs(exact.badugi - sampled.badugi) <= 4 * sampled.stderr


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_the_same_seed_gives_the_same_monte_carlo_result_whatever_the_threads(threads):
    hands = ["As 2d 3c Kc", None, None]
    base = bf.equity(hands, draws=3, trials=300_001, seed=11, threads=1)
    again = bf.equity(hands, draws=3, trials=300_001, seed=11, threads=threads)
    assert again.equity == base.equity and again.win == base.win
    odds = bf.draw_odds("As 2d 7c 7h", draws=3, max_exact=0, trials=300_001, seed=5, threads=1)
    assert (
        bf.draw_odds(
            "As 2d 7c 7h", draws=3, max_exact=0, trials=300_001, seed=5, threads=threads
        ).badugi
        == odds.badugi
    )


def test_random_opponents_make_a_strong_hand_a_favourite():
    result = bf.equity(["As 2d 3c 4h", None], draws=0, trials=100_000, seed=1)
    assert not result.exact
    assert result.equity[0] > 0.99
    assert sum(result.equity) == pytest.approx(1.0)


def test_the_stub_is_reshuffled_when_eight_players_draw_three_times():
    """Eight one-card hands leave a 20-card stub and each draws 3 three times: the stub runs out
    in the first draw and the others' discards come back, in C as in the Python model."""
    quads = [f"{r}c {r}d {r}h {r}s" for r in "KQJT9876"]
    result = bf.equity(quads, draws=3, trials=200_000, seed=2, max_exact=0)
    assert sum(result.equity) == pytest.approx(1.0)
    rng = random.Random(3)
    seats = [hand_ids(q) for q in quads]
    n = 1500
    model = np.zeros(8)
    for _ in range(n):
        finals = draw_model.simulate_draws(seats, 3, frozenset(), Policy(), None, rng)
        for final in finals:
            assert len(set(final)) == 4
        model += [float(x) for x in draw_model.showdown_shares([bf.evaluate(f) for f in finals])]
    for p in range(8):
        se = np.sqrt(result.stderr[p] ** 2 * result.trials / n + result.stderr[p] ** 2)
        assert abs(model[p] / n - result.equity[p]) <= 4 * se + 1e-9


def test_best_discard_ranks_all_sixteen_discards_and_throws_the_junk_card():
    options = bf.best_discard("As 2d 3c 3h", draws=1, objective="max-badugi")
    assert len(options) == 16
    # Throwing either three leaves A-2-3 of three suits: a tie, listed lowest ids first.
    assert [[str(c) for c in o.discard] for o in options[:2]] == [["3c"], ["3h"]]
    assert options[0].value == options[1].value == pytest.approx(10 / 48) and options[0].exact
    assert [o.value for o in options] == sorted((o.value for o in options), reverse=True)
    by_rank = bf.best_discard("As 2d 3c 3h", draws=1, objective="min-rank")
    assert [o.value for o in by_rank] == sorted(o.value for o in by_rank)
    engine = bf.best_discard("As 2d 3c 3h", draws=1, objective="max-badugi", dead="Kh")
    assert [str(c) for c in engine[0].discard] == ["3c"] and engine[0].value == 10 / 47


def test_best_discard_against_an_opponent_uses_equity():
    options = bf.best_discard("As 2d 3c Kc", draws=1, opponents=["5s 6d 7c 8h"])
    assert [str(c) for c in options[0].discard] == ["Kc"]
    assert options[0].value == pytest.approx(4 / 44)


def test_cutting_limits_cap_the_discard():
    options = bf.best_discard("Kc Kd Kh Ks", draws=1, limits=(3, 2, 1), objective="min-rank")
    assert max(len(o.discard) for o in options) == 1  # one draw left: the last limit, 1
    # Keeps A-K (Ac Kh: the lowest ids of the tied pairs) and wants to throw Ad and Ks; a cap
    # of one throws the highest-ranked of them.
    assert [str(c) for c in bf.draw_odds("Ac Ad Kh Ks", 1).discard] == ["Ad", "Ks"]
    capped = bf.draw_odds("Ac Ad Kh Ks", draws=1, limits=(1, 1, 1))
    assert [str(c) for c in capped.discard] == ["Ks"]
    assert bf.draw_odds("Kc Kd Kh Ks", draws=3, limits="3-2-1").discard == tuple(
        bf.parse_cards("Kd Kh Ks")
    )


def test_break_above_breaks_a_rough_badugi():
    rough = bf.draw_odds("As 2d 4c 9h", draws=1, policy=bf.break_above("8"))
    pat = bf.draw_odds("As 2d 4c 9h", draws=1)
    assert [str(c) for c in rough.discard] == ["9h"] and pat.discard == ()
    assert pat.badugi == 1.0 and rough.badugi == pytest.approx(
        1 - bf.draw_odds("As 2d 4c 9h", 1, discard=["9h"]).sizes[3]
    )
    assert bf.break_above(9) == bf.break_above("9") == bf.break_above(" 9 ")


def test_callable_policies_run_in_python():
    def throw_the_three_of_hearts(hand, draws_left, max_discard, dead):
        assert max_discard == 4 and draws_left == 1 and dead == frozenset()
        return [card for card in hand if str(card) == "3h"]

    odds = bf.draw_odds("As 2d 3c 3h", draws=1, policy=throw_the_three_of_hearts)
    assert odds.exact and odds.badugi_fraction == Fraction(10, 48)
    assert odds.policy == "throw_the_three_of_hearts"
    sampled = bf.draw_odds("As 2d 3c 3h", draws=2, policy=throw_three, trials=800, seed=2)
    assert abs(sampled.badugi - 425 / 1128) <= 4 * sampled.stderr


def test_callable_policies_give_equity_in_python_as_the_c_engine_gives_it():
    """The default policy written as a callable: one draw is enumerated to the same fractions as
    the C engine's, and three-way Monte Carlo over two draws lands within its error."""
    hands = ["As 2d 3c 3h", "Kc Qd Jh Ts"]
    exact = bf.equity(hands, draws=1, policy=throw_three)
    assert exact.exact and exact.policy == "throw_three"
    assert (
        exact.fractions
        == bf.equity(hands, draws=1).fractions
        == [Fraction(9, 44), Fraction(35, 44)]
    )
    sampled = bf.equity(hands, draws=2, policy=throw_three, trials=2000, seed=3)
    assert not sampled.exact and sampled.trials == 2000
    assert all(type(x) is float for x in (*sampled.equity, *sampled.win, *sampled.tie))
    truth = bf.equity(hands, draws=2).equity[0]  # 351/946, exact in C
    assert abs(sampled.equity[0] - truth) <= 4 * sampled.stderr[0]
    assert sampled == bf.equity(hands, draws=2, policy=throw_three, trials=2000, seed=3)


def throw_three(hand, draws_left, max_discard, dead):
    """The default policy's throw for As 2d 3c with a junk card: the junk, until a badugi."""
    if bf.evaluate(hand) <= 715:
        return []
    return [card for card in hand if str(card) not in {"As", "2d", "3c"}]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: bf.equity(["As 2d 3c 4h", "As 5d 6c 7h"]), "As is in hand 1 and in hand 2"),
        (
            lambda: bf.equity(["As 2d 3c 4h", "Ks 5d 6c 7h"], dead=["2d"]),
            "2d is in hand 1 and in the dead",
        ),
        (lambda: bf.draw_odds("As 2d 3c 4h", dead="Kc Kc"), "Kc is given twice"),
        (lambda: bf.draw_odds("As 2d 3c 4h", draws=4), "draws must be 0 .. 3"),
        (lambda: bf.draw_odds("As 2d 3c 4h", draws=-1), "draws must be 0 .. 3"),
        (lambda: bf.equity(["As 2d 3c 4h"]), "2 to 8 players"),
        (lambda: bf.equity([None] * 9), "2 to 8 players"),
        (lambda: bf.draw_odds("As 2d 3c 4h", limits=(3, 2)), "three whole numbers"),
        (lambda: bf.draw_odds("As 2d 3c 4h", limits=(3, 2, 5)), "0..4 cards"),
        (lambda: bf.draw_odds("As 2d 3c 4h", limits="3-2-x"), "three caps"),
        (lambda: bf.draw_odds("As 2d 3c 4h", discard=["Kc"]), "the hand does not"),
        (lambda: bf.draw_odds("As 2d 3c 4h", draws=0, discard=["As"]), "at least one draw"),
        (lambda: bf.draw_odds("Kc Kd Kh Ks", 1, discard="Kc Kd", limits=(3, 2, 1)), "allows 1"),
        (lambda: bf.draw_odds("As 2d 3c 4h", policy="greedy"), "unknown policy"),
        (lambda: bf.break_above("X"), "unknown rank"),
        (lambda: bf.break_above(14), "1 \\(ace\\) .. 13"),
        (lambda: bf.best_discard("As 2d 3c 4h", objective="ev"), "objective"),
        (lambda: bf.draw_odds("As 2d 3c 4h", policy="best"), "unknown policy"),
        (lambda: bf.equity(["As 2d 3c 4h", None], trials=0), "trials must be at least 2"),
        (lambda: bf.equity(["As 2d 3c 4h", None], seed=-1), "seed must be in"),
    ],
)
def test_bad_draw_input_gets_a_clear_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(
    ("hand", "draws", "limits"),
    [("As 2d 3c 3h", 3, None), ("Kc Kd Qh Qs", 3, (3, 2, 1)), ("7c 7d 9h 9s", 2, None)],
)
def test_the_play_count_estimate_is_close_to_the_true_count(hand, draws, limits):
    from badugi_fast._badugi import lib
    from badugi_fast.draws.engine.native import ESTIMATE_PROBES, Spec

    spec = Spec([hand_ids(hand)], draws, [Policy()], limits, frozenset())
    estimate = lib.bf_draw_estimate_paths(spec.c, ESTIMATE_PROBES, 0)
    actual = bf.draw_odds(hand, draws, limits=limits).paths
    assert 0.5 * actual <= estimate <= 1.5 * actual


def test_hands_given_as_text_ids_or_cards_are_the_same():
    ids = hand_ids("As 2d 3c 3h")
    assert bf.draw_odds(ids, 1).badugi == bf.draw_odds(bf.hand_cards(ids), 1).badugi == 10 / 48


def test_dead_cards_that_empty_the_stub_and_the_discards_leave_thrown_cards_in_hand():
    """Every other card dead: a thrown card cannot be replaced and stays (no crash, C or Python)."""
    hands = ["As 2d Kc Kh", "5s 6d Qc Qh"]
    mine = {int(c) for c in bf.hand_cards(hands[0])}
    held = mine | {int(c) for c in bf.hand_cards(hands[1])}
    alone = bf.draw_odds(hands[0], 3, dead=[c for c in range(52) if c not in mine], trials=50,
                         max_exact=0, seed=1)  # fmt: skip
    assert alone.sizes[3] == 1.0  # As 2d Kc kept; nothing to draw
    result = bf.equity(hands, draws=3, dead=[c for c in range(52) if c not in held], seed=1)
    assert result.equity == [0.0, 1.0]  # 6-5-Q beats K-2-A
    python = bf.draw_odds(hands[0], 2, dead=[c for c in range(52) if c not in mine],
                          policy=throw_three, trials=20, seed=1)  # fmt: skip
    assert python.sizes[3] == 1.0


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"seed": "abc"}, TypeError, "seed must be an int"),
        ({"seed": 1.5}, TypeError, "seed must be an int"),
        ({"max_exact": 2**70}, ValueError, "max_exact must be in"),
        ({"max_exact": -1}, ValueError, "max_exact must be in"),
        ({"threads": 0}, ValueError, "threads must be at least 1"),
    ],
)
def test_run_arguments_are_checked_before_any_work(kwargs, error, message):
    for call in (
        lambda: bf.draw_odds("As 2d 3c 3h", **kwargs),
        lambda: bf.equity(["As 2d 3c 3h", None], **kwargs),
    ):
        with pytest.raises(error, match=message):
            call()


def test_best_discard_refuses_a_str_of_opponents():
    with pytest.raises(TypeError, match="list of hands"):
        bf.best_discard("As 2d 3c Kc", opponents="5s 6d 7c 8h")
