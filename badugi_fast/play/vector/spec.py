"""The batched environment's encoding, written once: actions, observations, reward units.

Every engine of the batched environment (``vector.VectorGame`` over ``Game`` today, the C engine
next) and every adapter (``badugi_fast.rl``) reads this module; nothing else spells an index.

Actions: one integer per table, the same table for every rule set.

=========  ==============  ===================================================================
index      name            meaning
=========  ==============  ===================================================================
0 .. 15    ``DISCARD+m``   draw: bit i of m throws the i-th card of ``obs["cards"]`` (sorted by
                           id, the optimal-draw tables' encoding); 0 stands pat; legal when m
                           throws at most ``obs["cutting"]`` cards
16         ``FOLD``        fold (Korean 다이)
17         ``CHECK_CALL``  check or call, whichever is legal (Korean 체크 or 콜)
18         ``BET``         the smallest bet or raise: fixed limit its one size, pot / half-pot /
                           no limit the least allowed (``obs["raise_min"]``); Korean 삥
19         ``QUARTER``     call + 1/4 of the pot after calling (Korean 쿼터)
20         ``HALF``        call + 1/2 of the pot after calling (Korean 하프)
21         ``POT``         call + the pot after calling (Korean 풀, when ``allow_full``)
22         ``TTADANG``     Korean 따당 (doubles the bet); casino rules: never legal
23         ``ALL_IN``      the whole stack (pot / half-pot / no limit)
24         ``EXACT``       pot / half-pot / no limit: ``amounts[t]`` chips, from ``raise_min``
                           to ``raise_max``
=========  ==============  ===================================================================

Pot / half-pot / no limit: QUARTER, HALF, POT and ALL_IN are legal when their amount lies in
the rules' range [``raise_min``, ``raise_max``]; BET and EXACT whenever a bet or raise is. Fixed
limit offers BET only; the Korean rules offer their kinds at the engine's amounts (rounded to
the chip). Chips are always the chips this action puts in, as ``Action.amount``. ``NO_ACTION``
(-1) leaves a table as it is for this step (an adapter waiting on other seats uses it).
The fallback action (option ``illegal="fallback"``) is stand pat when drawing, else check when
it costs nothing, else fold.

Observations: a dict of arrays, one row per table, for the player to act (``obs["seat"]``).
Per-seat columns run clockwise from that player: column 0 is the player, column 1 the seat on
its left, and so on. Chips are whole chips (int64).

=================  =========  ==========================================================
key                shape      meaning
=================  =========  ==========================================================
``cards``          (4,)       own cards, card ids sorted ascending (-1: no card, folded)
``seat``           ()         the player's seat number (0 .. seats-1)
``phase``          ()         0 betting, 1 draw, 2 hand over
``draws_left``     ()         draws still to come (during a draw: counting this one)
``cutting``        ()         most cards the current or next draw may throw (0: none left)
``pot``            ()         chips in the pot
``to_call``        ()         chips the player must add to call
``raise_min``      ()         chips the smallest legal bet or raise puts in (0: none legal)
``raise_max``      ()         chips the largest legal bet or raise puts in (0: none legal)
``bets``           ()         bets and raises in this betting round as the raise cap counts
                              them (``View.bets``: before the first draw the big blind is the
                              first; an all-in short of a full raise does not count)
``stacks``         (S,)       chips behind
``in_hand``        (S,)       1 while the seat has not folded
``all_in``         (S,)       1 when the seat is in the hand with no chips behind
``round_bets``     (S,)       chips put in this betting round (blinds count before the draw)
``position``       (S,)       seats from the button (0 the button, 1 on its left, ...)
``drawn``          (S, 3)     cards each seat threw at each draw (-1: not drawn yet)
``bet_chips``      (4, S)     the betting so far: chips put in by each seat in each of the
                              four betting rounds (blinds in the first; antes nowhere)
``bet_raises``     (4, S)     bets and raises each seat made in each betting round
``discards``       (52,)      1 for each card the player has thrown this hand
``action_mask``    (25,)      1 for each legal action (PettingZoo's masked-action key)
=================  =========  ==========================================================

Rewards: chips won or lost in the hand divided by ``rules.unit``: the big blind, the small bet
when there are no blinds, the ante under the Korean rules (the unit of ``simulate``'s
``big_blinds_per_100``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..._badugi import lib

DISCARD: Final = 0
DISCARDS: Final = 16
FOLD: Final = 16
CHECK_CALL: Final = 17
BET: Final = 18
QUARTER: Final = 19
HALF: Final = 20
POT: Final = 21
TTADANG: Final = 22
ALL_IN: Final = 23
EXACT: Final = 24
N_ACTIONS: Final = 25
NO_ACTION: Final = -1

ACTION_NAMES: tuple[str, ...] = (
    *("discard_" + format(m, "04b")[::-1] for m in range(DISCARDS)),
    "fold", "check_call", "bet", "quarter", "half", "pot", "ttadang", "all_in", "exact",
)  # fmt: skip
# Sized casino bets: the fraction of the pot after calling, as (numerator, denominator).
POT_FRACTIONS: dict[int, tuple[int, int]] = {QUARTER: (1, 4), HALF: (1, 2), POT: (1, 1)}
# The Korean kinds (engine spelling) and the index each takes.
KOREAN_INDEX: dict[str, int] = {
    "die": FOLD, "check": CHECK_CALL, "call": CHECK_CALL, "bbing": BET,
    "quarter": QUARTER, "half": HALF, "full": POT, "ttadang": TTADANG,
}  # fmt: skip
CASINO_INDEX: dict[str, int] = {
    "fold": FOLD, "check": CHECK_CALL, "call": CHECK_CALL, "bet": BET, "raise": BET,
}  # fmt: skip
AGGRESSIVE_KINDS = frozenset(("bet", "raise", "bbing", "ttadang", "quarter", "half", "full"))

PHASE_BETTING, PHASE_DRAW, PHASE_DONE = 0, 1, 2
ROUNDS, DRAWS = 4, 3
CHIPS_HIGH: Final = 8 * int(lib.BF_GAME_MAX_STACK)  # no pot or stack exceeds 8 seats' stacks

Obs = dict[str, npt.NDArray[Any]]


def field_specs(seats: int) -> dict[str, tuple[tuple[int, ...], type[np.generic], int, int]]:
    """Each observation key's (shape of one row, dtype, least value, greatest value)."""
    s = seats
    chips = (np.int64, 0, CHIPS_HIGH)
    return {
        "cards": ((4,), np.int8, -1, 51),
        "seat": ((), np.int8, 0, s - 1),
        "phase": ((), np.int8, 0, 2),
        "draws_left": ((), np.int8, 0, DRAWS),
        "cutting": ((), np.int8, 0, 4),
        "pot": ((), *chips),
        "to_call": ((), *chips),
        "raise_min": ((), *chips),
        "raise_max": ((), *chips),
        "bets": ((), *chips),  # no more raises than chips
        "stacks": ((s,), *chips),
        "in_hand": ((s,), np.int8, 0, 1),
        "all_in": ((s,), np.int8, 0, 1),
        "round_bets": ((s,), *chips),
        "position": ((s,), np.int8, 0, s - 1),
        "drawn": ((s, DRAWS), np.int8, -1, 4),
        "bet_chips": ((ROUNDS, s), *chips),
        "bet_raises": ((ROUNDS, s), np.int8, 0, 127),
        "discards": ((52,), np.int8, 0, 1),
        "action_mask": ((N_ACTIONS,), np.int8, 0, 1),
    }


def empty_obs(tables: int, seats: int) -> Obs:
    """Zeroed observation arrays for ``tables`` rows (cards and draws at -1: none)."""
    obs = {
        key: np.zeros((tables, *shape), dtype=dtype)
        for key, (shape, dtype, _, _) in field_specs(seats).items()
    }
    obs["cards"].fill(-1)
    obs["drawn"].fill(-1)
    return obs


TableView = tuple[list[int], list[int], list[Any], list[list[int]], list[Any], list[int]]
_SCALARS = ("seat", "phase", "draws_left", "cutting", "pot", "to_call", "raise_min", "raise_max")
_CARD_BITS = np.arange(52, dtype=np.uint64)


def encode(views: Sequence[TableView | None], seats: int) -> Obs:
    """The observation arrays of ``Table.view`` rows (None: an empty row), each table's per-seat
    columns turned to start at its player."""
    obs = empty_obs(len(views), seats)
    rows = [i for i, view in enumerate(views) if view is not None]
    if not rows:
        return obs
    present = [view for view in views if view is not None]
    obs["cards"][rows] = [view[0] for view in present]
    scalars = np.array([view[1] for view in present], dtype=np.int64)
    for k, key in enumerate(_SCALARS):
        obs[key][rows] = scalars[:, k]
    turn = (scalars[:, :1] + np.arange(seats)) % seats  # column k: k seats after the player
    per_seat = np.take_along_axis(np.array([v[2] for v in present], np.int64), turn[:, None], 2)
    stacks, in_hand, obs["round_bets"][rows] = per_seat[:, 0], per_seat[:, 1], per_seat[:, 2]
    obs["stacks"][rows], obs["in_hand"][rows] = stacks, in_hand
    obs["all_in"][rows] = in_hand & (stacks == 0)
    obs["position"][rows] = (turn - scalars[:, 8:9]) % seats
    drawn = np.array([view[3] for view in present], dtype=np.int64)
    obs["drawn"][rows] = np.take_along_axis(drawn, turn[:, :, None], 1)
    betting = np.take_along_axis(
        np.array([v[4] for v in present], np.int64), turn[:, None, None], 3
    )
    obs["bet_chips"][rows], obs["bet_raises"][rows] = betting[:, 0], betting[:, 1]
    discards = scalars[:, 9].astype(np.uint64)[:, None] >> _CARD_BITS & np.uint64(1)
    obs["discards"][rows] = discards
    obs["bets"][rows] = scalars[:, 10]
    marks = [(row, index) for row, view in zip(rows, present, strict=True) for index in view[5]]
    if marks:
        obs["action_mask"][tuple(np.array(marks).T)] = 1
    return obs


def fallback_action(phase: int, to_call: int) -> int:
    """Stand pat when drawing; else check (or call for nothing) when free, else fold."""
    if phase == PHASE_DRAW:
        return DISCARD
    return CHECK_CALL if to_call == 0 else FOLD


def popcount4(mask: int) -> int:
    return int(mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1)
