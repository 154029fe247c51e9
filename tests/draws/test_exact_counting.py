"""The exact draw odds of one seat count the last draw instead of playing it (csrc/draws/one_seat.c,
issue 33 item 14): the same answers to the last bit as the walk play by play, from a few hundred
thousand states where there were up to 10**8 plays.

The pins below were computed by the walk play by play (commit 72b8506) before the counted walk
existed: every figure of a result, the rank probabilities as their float64 bytes.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from typing import Any

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast._badugi import ffi, lib
from badugi_fast.cards import hand_ids
from badugi_fast.draws.engine.native import Spec
from badugi_fast.draws.policies.policy import break_above, to_policy

NOT_HAND = "Ac Ad Ah 2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s"
FORTY_DEAD = NOT_HAND + " 8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts Jc"  # 40 cards
ALL_BUT_NINE = FORTY_DEAD + " Jh Js Ks"  # dead: every card but the hand, the queens and Jd

# hand, keywords, paths, badugi as a fraction, badugi as a float (hex), digest of the ranks
PINNED = [
    ("5h 5d Ac Ah", {}, 84667930, "924298919/2208872160", "0x1.ac7db9a9b6de2p-2",
     "d795ab6758bb777b"),
    ("2c 7d 8d 9d", {}, 74861702, "29218118/69027255", "0x1.b1714e309b0e0p-2",
     "5d4fba077af88e1c"),
    ("3c 6d Qd Kc", {}, 74865310, "233746751/552218040", "0x1.b17229c992b28p-2",
     "2975f5fc37d6752c"),
    ("As 2d 3c 3h", {}, 65066, "2215/4324", "0x1.0646925a76e6ep-1", "6176c5772c2bdeb7"),
    ("Kc 2d 3h 4s", {"draws": 1}, 1, "1", "0x1.0000000000000p+0", "f6f86f3adf6169b8"),
    ("7c 7d 7h 2s", {"draws": 2}, 346605, "20227/77832", "0x1.0a1e0caed2fbbp-2",
     "b183c750396da2bf"),
    ("9s 9d Tc Jh", {"dead": "2c 3d 4h 5s 6c"}, 46477, "2698/5289", "0x1.052dd646f534ep-1",
     "7e75abd6b928b39f"),
    ("Ac 2c 3c 4c", {"discard": "2c 3c 4c", "draws": 2}, 7022730, "549485/2231184",
     "0x1.f85f109cb4190p-3", "a02c93636e3f5241"),
    ("4s 5d 8c Kh", {"policy": break_above("8")}, 83296, "36607/103776", "0x1.6937561f6afd4p-2",
     "c5593b6ac8b2a5c1"),
    ("Qc Qd 3h 9s", {"limits": (3, 2, 1)}, 65471, "544/1081", "0x1.01a8609f243dfp-1",
     "2aac50bd575f5263"),
    ("6c 6d 6h As", {"policy": "max-badugi"}, 86275058, "228585367/552218040",
     "0x1.a7dfff4cd70b0p-2", "3399301d82caf4eb"),
    ("Jc Td 9h 2h", {"policy": "min-rank", "draws": 2}, 1796, "425/1128",
     "0x1.81d0cb58f6ec1p-2", "033f06c053f177db"),
    ("Kc Kd Kh As", {"dead": FORTY_DEAD}, 914, "257/840", "0x1.394b94b94b944p-2",
     "3556e1cdc31e6a9c"),
    ("Kc Kd Kh As", {"dead": ALL_BUT_NINE, "draws": 2}, 28, None, "0x1.1111111111111p-2", None),
    # exactly the budget: exact; one play less: Monte Carlo, as before
    ("5h 5d Ac Ah", {"max_exact": 84667930}, 84667930, "924298919/2208872160",
     "0x1.ac7db9a9b6de2p-2", "d795ab6758bb777b"),
    ("5h 5d Ac Ah", {"max_exact": 84667929, "trials": 20000, "seed": 2}, None, None,
     "0x1.aa71de69ad42dp-2", "e67f2f2f041d34f8"),
    ("As 2d 3c 3h", {"max_exact": 62000, "trials": 20000, "seed": 1}, None, None,
     "0x1.05c91d14e3bcdp-1", "b81c38827247d1b2"),
    # three draws need a reshuffle of the nine cards left: Monte Carlo, as before
    ("Kc Kd Kh As", {"dead": ALL_BUT_NINE, "trials": 20000, "seed": 1}, None, None,
     "0x1.c339c0ebedfa4p-2", None),
]  # fmt: skip


def _digest(ranks: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(ranks, dtype=np.float64).tobytes()).hexdigest()[:16]


@pytest.mark.parametrize(("hand", "keywords", "paths", "fraction", "badugi", "ranks"), PINNED)
def test_draw_odds_are_the_walk_play_by_plays_to_the_last_bit(
    hand, keywords, paths, fraction, badugi, ranks
):
    odds = bf.draw_odds(hand, **keywords)
    assert odds.exact == (paths is not None)
    assert odds.paths == paths
    assert odds.badugi.hex() == badugi
    if fraction is not None:
        assert str(odds.badugi_fraction) == fraction
    if ranks is not None:
        assert _digest(odds.ranks) == ranks


def test_the_slowest_exact_draw_is_counted_from_few_states():
    """84,667,930 plays (11-13 s when each was played) come from 346,605 counted states."""
    spec = Spec([hand_ids("5h 5d Ac Ah")], 3, [to_policy(None)], None, frozenset())
    exact = ffi.new("bf_draw_exact *")
    assert lib.bf_draw_enumerate(spec.c, 10**8, exact) == 0
    assert (exact.paths, exact.states) == (84667930, 346605)


def _exact_bytes(exact: Any) -> bytes:
    exact.states = 0  # what the walk play by play does not count
    return bytes(ffi.buffer(exact))


def _random_spec(rng: random.Random) -> tuple[Spec, str]:
    deck = list(range(52))
    rng.shuffle(deck)
    hand, rest = deck[:4], deck[4:]
    draws = rng.choice([0, 1, 2, 2, 3, 3, 3])
    dead = frozenset(rest[: rng.choice([0, 0, 3, 8, 36, 41, 44])])
    limits = rng.choice([None, None, (3, 2, 1), (1, 1, 1), (4, 0, 2)])
    policy = rng.choice([None, None, break_above(rng.randrange(4, 13)), "max-badugi", "min-rank"])
    if limits is not None and isinstance(policy, str):
        policy = None  # a table per limits would be solved for each: not the point here
    first = None if draws == 0 or rng.random() < 0.6 else rng.sample(hand, rng.randrange(5))
    chosen = to_policy(policy)
    spec = Spec([hand], draws, [chosen], limits, dead, first)
    about = f"{hand} draws={draws} dead={len(dead)} limits={limits} {chosen.name} first={first}"
    return spec, about


def test_the_counted_walk_is_the_walk_play_by_play_bit_for_bit():
    """Random single seats (policies, cutting limits, dead cards, a fixed first discard, a stub
    too short): the same status, and when they finish the same bytes, in blocks too."""
    rng = random.Random(33)
    budget = 300_000
    finished = 0
    for _ in range(150):
        spec, about = _random_spec(rng)
        counted, played = ffi.new("bf_draw_exact *"), ffi.new("bf_draw_exact *")
        status = lib.bf_draw_enumerate_rows(spec.c, budget, 0, 2**64 - 1, counted)
        assert status == lib.bf_draw_enumerate_plays_rows(spec.c, budget, 0, 2**64 - 1, played)
        if status != 0:
            continue
        finished += 1
        assert _exact_bytes(counted) == _exact_bytes(played), about
        rows = lib.bf_draw_branch_rows(spec.c)
        cuts = sorted({0, rows, *(rng.randrange(rows + 1) for _ in range(2))})
        for lo, hi in itertools.pairwise(cuts):
            assert lib.bf_draw_enumerate_rows(spec.c, budget, lo, hi, counted) == 0
            assert lib.bf_draw_enumerate_plays_rows(spec.c, budget, lo, hi, played) == 0
            assert _exact_bytes(counted) == _exact_bytes(played), (about, lo, hi)
    assert finished >= 60  # most cases fit the budget: the comparison is not empty


def test_the_counted_walk_stops_where_the_plays_pass_the_budget():
    spec = Spec([hand_ids("As 2d 3c 3h")], 3, [to_policy(None)], None, frozenset())
    exact = ffi.new("bf_draw_exact *")
    assert lib.bf_draw_enumerate(spec.c, 65066, exact) == 0 and exact.paths == 65066
    assert lib.bf_draw_enumerate(spec.c, 65065, exact) == lib.BF_DRAW_TOO_MANY
    assert lib.bf_draw_enumerate_plays_rows(spec.c, 65065, 0, 2**64 - 1, exact) == (
        lib.BF_DRAW_TOO_MANY
    )


def _added_one_by_one(s: float, v: float, n: int) -> float:
    for _ in range(n):
        s += v
    return s


@pytest.mark.parametrize(
    ("s", "v", "n"),
    [
        (0.0, 0.1, 100_000),  # from zero through some twenty binades
        (0.0, 1 / 1128 / 1035 / 946, 300_000),  # a play of 5h 5d Ac Ah
        (1.0, 3.5 * 2.0**-52, 10_001),  # a tie at every step: rounds to even
        (1.0 + 2.0**-52, 3.5 * 2.0**-52, 10_001),  # the same from an odd sum
        (1.0, 2.5 * 2.0**-52, 10_000),
        (1.0, 2.0**-53, 1000),  # half a unit on an even sum: never changes
        (1.0 + 2.0**-52, 2.0**-53, 1000),  # on an odd sum: once, then never
        (1.0, 2.0**-60, 1000),  # far below a unit
        (2.0 - 2.0**-50, 2.0**-52 * 1.5, 50),  # across the top of a binade
        (0.25, 1 / 3, 7),
        (5e-324, 1e-300, 3),  # from a subnormal sum
        (0.3, 0.7, 0),
        (0.3, 0.7, 1),
    ],
)
def test_repeated_addition_rounds_as_each_addition_does(s, v, n):
    assert lib.bf_add_repeated(s, v, n).hex() == _added_one_by_one(s, v, n).hex()


def test_repeated_addition_matches_on_random_runs():
    rng = random.Random(14)
    for _ in range(300):
        s = rng.choice([0.0, rng.random() * 2.0 ** rng.randrange(-40, 2)])
        v = rng.random() * 2.0 ** rng.randrange(-60, -5)
        n = rng.randrange(2000)
        assert lib.bf_add_repeated(s, v, n).hex() == _added_one_by_one(s, v, n).hex(), (s, v, n)
