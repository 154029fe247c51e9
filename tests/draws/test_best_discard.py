"""best_discard's one-pass C path (draws/best.py, csrc/badugi_draw_best.c) against the draw engine
played option by option (the reference it replaced): equal fractions where exact, within four
standard errors where sampled, and the same numbers for a seed whatever the threads or blocks."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import sqrt

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast.cards import hand_ids
from badugi_fast.draws import api
from badugi_fast.draws.best import native as best
from badugi_fast.draws.engine import native as _engine
from badugi_fast.draws.policies.policy import to_policy
from badugi_fast.draws.ranges.range import Range


def reference(monkeypatch: pytest.MonkeyPatch, *args: object, **kwargs: object) -> list:
    """best_discard with every option played by the draw engine on its own."""
    with monkeypatch.context() as patch:
        patch.setattr(api, "_options_in_one_pass", api._options_one_by_one)
        return bf.best_discard(*args, **kwargs)  # type: ignore[arg-type]


def by_discard(options: list) -> dict:
    return {tuple(str(c) for c in o.discard): o for o in options}


EXACT_CASES = [
    ("As 2d 3c Kh", 1, {"opponents": ["8s 7d 6c 5h"], "max_exact": 10**6}),  # against pat
    ("Ac 2d 8h Kh", 1, {"opponents": ["8s 7d 6c 5h", "8d 7c 6h 5s"], "max_exact": 10**6}),  # ties
    ("As 2d 3c Kh", 1, {"opponents": ["8s 7d 6c 6h"], "max_exact": 10**6}),  # they draw too
    ("Kc 2d 3h 4s", 1, {"opponents": ["8s 7d 6c 5h", "9s 9d Tc Jh"], "max_exact": 10**6}),
    ("As 2d 7c 7h", 1, {"opponents": ["4s 5d 6h 6c"], "dead": "Kc Qd", "max_exact": 10**6}),
    ("As 2d 3c Kh", 2, {"opponents": ["8s 7d 6c 5h"], "max_exact": 3000, "seed": 4}),
    ("Kc Kd 3h 4s", 2, {"opponents": ["5s 5d 6c 7h"], "limits": "3-2-1", "max_exact": 100_000,
                        "seed": 4, "opponent_policy": "min-rank"}),
    ("As 5s 5d 7h", 1, {"opponents": ["2c 3c 4h 8d"], "policy": "default", "max_exact": 10**6}),
]  # fmt: skip


@pytest.mark.parametrize(("hand", "draws", "kwargs"), EXACT_CASES)
def test_exact_options_equal_the_draw_engine_option_by_option(monkeypatch, hand, draws, kwargs):
    fast = by_discard(bf.best_discard(hand, draws, **kwargs))
    slow = by_discard(reference(monkeypatch, hand, draws, **kwargs))
    assert fast.keys() == slow.keys()
    assert any(o.exact for o in fast.values())
    for discard, option in fast.items():
        other = slow[discard]
        assert option.exact == other.exact, discard
        if option.exact:
            assert option.odds.fractions == other.odds.fractions, discard
            assert option.odds.win == pytest.approx(other.odds.win, abs=1e-12)
            assert option.odds.tie == pytest.approx(other.odds.tie, abs=1e-12)
            assert option.odds.paths == other.odds.paths
        assert (option.odds.draws, option.odds.policy, option.odds.limits) == (
            other.odds.draws, other.odds.policy, other.odds.limits,
        )  # fmt: skip


def test_a_single_draw_against_a_pat_hand_is_exact_by_counting() -> None:
    options = bf.best_discard("As 2d 3c Kh", 1, opponents=["8s 7d 6c 5h"], max_exact=10**6)
    assert all(o.exact for o in options)
    assert [str(c) for c in options[0].discard] == ["Kh"]
    assert options[0].odds.fractions[0] == Fraction(4, 44)  # 4h, 6h, 7h, 8h (they hold 5h)
    assert options[0].odds.paths == 44
    assert sum(o.odds.paths for o in options) == 194_580  # C(48, 4): every final hand once


SAMPLED_CASES = [
    ("Kc 2d 3h 4s", 3, ["8s 7d 6c 5h"]),
    ("As 2d 3c Kc", 2, [None]),
    ("As 4d 7c 7h", 3, ["2s 3d 9c Jh"]),
    ("Qs 2d 3c 4h", 2, ["8s 7d 6c 5h", None]),
]


@pytest.mark.parametrize(("hand", "draws", "opponents"), SAMPLED_CASES)
def test_monte_carlo_options_agree_with_the_draw_engine_within_four_stderr(
    monkeypatch, hand, draws, opponents
):
    kwargs = {"opponents": opponents, "trials": 12_000, "seed": 11, "max_exact": 0}
    fast = by_discard(bf.best_discard(hand, draws, **kwargs))
    slow = by_discard(reference(monkeypatch, hand, draws, **kwargs))
    for discard, option in fast.items():
        other = slow[discard]
        assert not option.exact and option.odds.trials == 12_000
        for seat in range(len(opponents) + 1):
            spread = sqrt(option.odds.stderr[seat] ** 2 + other.odds.stderr[seat] ** 2)
            gap = abs(option.odds.equity[seat] - other.odds.equity[seat])
            assert gap <= 4 * spread + 1e-9, (discard, seat)


def test_the_stderr_target_is_met_option_by_option() -> None:
    options = bf.best_discard("Kc 2d 3h 4s", 3, opponents=["8s 7d 6c 5h"], seed=1)
    assert all(o.stderr <= 0.003 for o in options if not o.exact)
    pat = by_discard(options)[()]
    assert pat.exact and pat.value == 0  # K-high against an 8-high badugi: one play, lost
    assert [str(c) for c in options[0].discard] == ["Kc"]
    trials = {o.odds.trials for o in options if not o.exact}
    assert len(trials) > 1 and max(trials) <= api.BEST_DISCARD_TRIALS  # each as many as it needs


@pytest.mark.parametrize("threads", [1, 2])
def test_a_seed_gives_the_same_options_whatever_the_threads_and_blocks(monkeypatch, threads):
    kwargs = {"opponents": ["8s 7d 6c 5h", None], "seed": 9, "trials": 5_000, "max_exact": 0}
    default = bf.best_discard("As 2d 3c Kc", 3, threads=1, **kwargs)
    monkeypatch.setattr(best, "BLOCK_TRIALS", 100)
    again = bf.best_discard("As 2d 3c Kc", 3, threads=threads, **kwargs)
    assert [(o.discard, o.value, o.stderr, o.odds) for o in again] == [
        (o.discard, o.value, o.stderr, o.odds) for o in default
    ]


def test_the_parts_of_the_stub_fit_heads_up_but_not_for_a_full_table() -> None:
    policies = [to_policy(None)] * 8
    ours = hand_ids("As 2d 3c Kc")
    heads_up = _engine.Spec([ours, None], 3, policies[:2], None, frozenset())
    assert best.fits(heads_up)  # 12 + 16 of 44 cards
    full = _engine.Spec([ours, *[None] * 4], 3, policies[:5], None, frozenset())
    assert not best.fits(full)  # 12 + 4 * 16 > 48
    capped = _engine.Spec([ours, *[None] * 4], 3, policies[:5], (1, 1, 1), frozenset())
    assert best.fits(capped)  # 3 + 4 * 7 of 48 cards


def test_a_full_table_falls_back_to_the_draw_engine(monkeypatch) -> None:
    kwargs = {"opponents": [None] * 4, "trials": 2_000, "seed": 2}
    fast = bf.best_discard("As 2d 3c Kc", 3, **kwargs)
    slow = reference(monkeypatch, "As 2d 3c Kc", 3, **kwargs)
    assert [(o.discard, o.value) for o in fast] == [(o.discard, o.value) for o in slow]


RANGE_CASES = [
    ("Kc 2d 3h 4s", 1, ["8-"], ()),
    ("Kc 2d 3h 4s", 3, ["8-", None], ()),
    ("As 2d 7c 7h", 2, ["A23x", "T-"], ()),
    ("As 2d 7c 7h", 2, ["5s 6d 8c 9h", "KQxx"], "Kd"),
]


@pytest.mark.parametrize(("hand", "draws", "opponents", "dead"), RANGE_CASES)
def test_ranges_dealt_per_trial_agree_with_the_range_engine_within_four_stderr(
    monkeypatch, hand, draws, opponents, dead
):
    kwargs = {"opponents": opponents, "trials": 12_000, "seed": 5, "max_exact": 0, "dead": dead}
    fast = by_discard(bf.best_discard(hand, draws, **kwargs))
    slow = by_discard(reference(monkeypatch, hand, draws, **kwargs))
    for discard, option in fast.items():
        other = slow[discard]
        assert not option.exact and option.odds.trials == 12_000
        for seat in range(len(opponents) + 1):
            spread = sqrt(option.odds.stderr[seat] ** 2 + other.odds.stderr[seat] ** 2)
            gap = abs(option.odds.equity[seat] - other.odds.equity[seat])
            assert gap <= 4 * spread + 1e-9, (discard, seat)


@pytest.mark.parametrize("threads", [1, 2])
def test_range_deals_do_not_depend_on_threads_or_blocks(monkeypatch, threads):
    kwargs = {"opponents": ["A23x", None, "8-"], "seed": 4, "trials": 3_000, "max_exact": 0}
    default = bf.best_discard("Kc 2d 3h 4s", 2, threads=1, **kwargs)
    monkeypatch.setattr(best, "BLOCK_TRIALS", 100)
    again = bf.best_discard("Kc 2d 3h 4s", 2, threads=threads, **kwargs)
    assert [(o.discard, o.odds) for o in again] == [(o.discard, o.odds) for o in default]


def test_standing_pat_against_a_small_range_stays_exact() -> None:
    options = by_discard(bf.best_discard("Kc 2d 3h 4s", 1, opponents=["8-"], seed=1))
    assert options[()].exact and options[()].value == 0  # every 8- hand beats a king-high pat
    assert not options[("Kc",)].exact and options[("Kc",)].stderr <= 0.003


def test_a_range_emptied_by_the_known_cards_is_refused() -> None:
    with pytest.raises(ValueError, match="range of player 2"):
        bf.best_discard("Kc Kd Qh Qs", 1, opponents=["A234"], dead="As Ad Ah Ac", seed=1)
    with pytest.raises(ValueError, match=r"never fit together|no deal"):
        bf.best_discard("Ks Kd Qh Qc", 1, opponents=["As 2d 3c 4h", *["A234"] * 3], dead="Ah",
                        seed=1)  # fmt: skip


def test_exact_counting_equals_the_engine_on_random_tables(monkeypatch) -> None:
    """Seeded random hands against one or two pat badugis, one draw: every option's fractions
    equal the draw engine's."""
    rng = np.random.default_rng(7)
    for case in range(24):
        deck = [int(c) for c in rng.permutation(52)]
        hand, rest = deck[:4], deck[4:]
        opponents = []
        for _ in range(1 + case % 2):  # four-card badugis: they stand pat, seat 0 draws last
            badugi = next(c for c in combinations(rest, 4) if bf.evaluate(c) <= 715)
            opponents.append(list(badugi))
            rest = [c for c in rest if c not in badugi]
        kwargs = {"opponents": opponents, "max_exact": 10**6, "policy": "default"}
        fast = by_discard(bf.best_discard(hand, 1, **kwargs))
        slow = by_discard(reference(monkeypatch, hand, 1, **kwargs))
        for discard, option in fast.items():
            assert option.exact and option.odds.fractions == slow[discard].odds.fractions, (
                case, discard,
            )  # fmt: skip


def test_against_pat_hands_the_default_exact_budget_covers_one_draw() -> None:
    """Counting our last draw costs nanoseconds a play: against known hands that stand pat the
    default budget grows (BEST_DISCARD_PAT_FACTOR), so one draw is exact without asking."""
    assert all(o.exact for o in bf.best_discard("As 2d 3c Kh", 1, opponents=["8s 7d 6c 5h"]))
    drawing = bf.best_discard("As 2d 3c Kh", 1, opponents=["8s 7d 6c 6h"], seed=1)
    assert not all(o.exact for o in drawing)  # they draw too: the plain budget
    capped = bf.best_discard("As 2d 3c Kh", 1, opponents=["8s 7d 6c 5h"], max_exact=20_000)
    assert not all(o.exact for o in capped)  # a budget given is kept as given
    ours = hand_ids("As 2d 3c Kh")
    rough = _engine.Spec([ours, hand_ids("Ks Kd Jh Tc")], 3, [to_policy("max-equity")] * 2,
                         None, frozenset())  # fmt: skip
    assert not best.others_stand_pat(rough)  # a pair draws
    pat = _engine.Spec([ours, hand_ids("8s 7d 6c 5h")], 3, [to_policy(None)] * 2, None,
                       frozenset())  # fmt: skip
    assert best.others_stand_pat(pat)


def test_topping_options_up_to_the_stderr_target_does_not_depend_on_threads(monkeypatch):
    kwargs = {"opponents": ["8s 7d 6c 6h", None], "seed": 12}
    default = bf.best_discard("As 4d 7c Kh", 2, threads=1, **kwargs)
    monkeypatch.setattr(best, "BLOCK_TRIALS", 1000)
    again = bf.best_discard("As 4d 7c Kh", 2, threads=2, **kwargs)
    assert [(o.discard, o.odds) for o in again] == [(o.discard, o.odds) for o in default]
    assert all(o.stderr <= 0.003 for o in default if not o.exact)


def test_best_discard_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="at least one draw"):
        bf.best_discard("As 2d 3c Kh", 0, opponents=[None])
    dead = "Ks Kd Kh Kc Qs Qd Qh Qc Js Jd Jh Jc Ts Td Th Tc 9s 9d 9h 9c 8s"
    with pytest.raises(ValueError, match="not enough cards for every player"):
        bf.best_discard("As 2d 3c 4h", 1, opponents=[None] * 7, dead=dead, seed=1)
    with pytest.raises(ValueError, match="Python policies"):
        bf.best_discard("As 2d 3c Kh", 1, opponents=["8s 7d 6c 5h"], policy=lambda *a: [])
    rare = Range.from_hands(["As 2d 3c 4h", "Ks Qd Jh Tc"], [1e-9, 1.0])
    with pytest.raises(ValueError, match="never fit together"):
        bf.best_discard("5s 6d 7c 8h", 1, opponents=[rare, Range.from_hands(["Ks Qd Jh Tc"])],
                        seed=1)  # fmt: skip


def test_without_opponents_but_with_dead_cards_max_equity_plays_a_random_hand() -> None:
    options = bf.best_discard("As 2d 3c Kh", 1, dead="Kc", seed=1)
    assert len(options) == 16 and all(len(o.odds.equity) == 2 for o in options)
    assert all(not o.exact and o.stderr <= 0.003 for o in options)
    spec = _engine.Spec([hand_ids("As 2d 3c Kh"), None], 1, [to_policy(None)] * 2, None,
                        frozenset())  # fmt: skip
    assert not best.others_stand_pat(spec)  # a random hand may draw
