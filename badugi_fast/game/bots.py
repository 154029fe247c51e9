"""Reference bots: plain callables ``bot(view) -> Action`` that see only a player's View.

- ``random_bot``: uniform over the legal actions; when drawing, a uniform subset of the hand.
- ``drawer``: draws to its badugi by the default policy; bets and raises a made badugi 9-high
  or better, calls (or checks) with any badugi, or with a three-card hand before the last draw,
  and folds otherwise (checking when it costs nothing).
- ``threshold(...)``: the drawer with those ranks as parameters, and a draw policy: the default
  or a solved table (``policy="max-equity"``, ``"max-badugi"``, ``"min-rank"`` or a Policy from
  ``optimal_policy``), read in C at each draw.

The blueprint (``badugi_fast.blueprint.blueprint_bot``) and the bot playing a solved last round
(``badugi_fast.solve.bots.solution``) are bots too, in the rooms above the rules.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from .._badugi import ffi, lib
from .._runtime.validate import check_seed, whole
from ..cards import parse_rank
from ..draws.engine.reference import cap_discards
from ..draws.limits import Limits, LimitsLike, check_limits
from ..draws.policies.optimal import NO_LIMITS, Solved
from ..draws.policies.policy import Policy, to_policy
from ..hands.evaluator import evaluate
from ..hands.naming import class_ranks
from .actions import Action, ActionKind, Phase, View

K = ActionKind

Bot = Callable[[View], Action]


@dataclass(frozen=True)
class RandomBot:
    """Uniform over the legal actions; when drawing, a uniform subset of the hand the cutting
    limit allows. Its numbers come from its ``seed`` and the view's ``stream`` only, so a
    simulation plays it alike on any executor, block size and worker count."""

    seed: int

    def __call__(self, view: View) -> Action:
        rng = random.Random(self.seed << 64 | view.stream)
        choice = rng.choice(view.legal)
        if choice.max_amount > choice.amount:  # pot or no limit: any amount in the range
            return Action(choice.kind, rng.randint(choice.amount, choice.max_amount))
        if choice.kind is K.DRAW:  # uniform over the subsets the cutting limit allows
            while True:
                thrown = [card for card in view.hand if rng.random() < 0.5]
                if len(thrown) <= choice.amount:
                    return Action.draw(thrown)
        return choice


def random_bot(seed: int | None = None) -> RandomBot:
    """A bot choosing uniformly among the legal actions (reproducible for a seed and the
    game's stream: ``simulate``'s seed, or ``Game(seed=...)``)."""
    checked = check_seed(seed)
    return RandomBot(secrets.randbits(64) if checked is None else checked)


# Action names of both rule sets, most wanted first: casino fixed limit and the Korean rooms.
AGGRESSIVE = (K.RAISE, K.BET, K.HALF, K.TTADANG, K.QUARTER, K.BBING)
PASSIVE = (K.CALL, K.CHECK)


def _first(kinds: dict[str, Action], wanted: tuple[ActionKind, ...]) -> Action:
    return next(kinds[kind] for kind in wanted if kind in kinds)


BotPolicy = str | Policy  # "default", a named objective, or a Policy holding a solved table


@dataclass(frozen=True)
class ThresholdBot:
    """The drawer with its ranks as parameters (0 = ace .. 12 = king): bet and raise a made
    badugi whose top card is ``raise_top`` or lower, until ``max_bets`` bets and raises are in
    the round (then it calls: two such bots heads-up, or in pot and no limit, would otherwise
    raise each other to the last chip, one least raise at a time; 4, the default, is the
    fixed-limit cap, where a sensible player stops re-raising with anything but the nuts); call
    with a badugi up to ``call_top``, or before the last draw with a hand of ``draw_with`` or
    more badugi cards; fold otherwise.
    It draws by ``policy``: ``"default"`` (the default policy) or a solved table, played for
    the cutting ``limits`` it was solved for (a named objective: ``limits``, None for none; an
    ``optimal_policy`` table: its own), capped at each draw's cut. Ties between equally good
    discards go to the most live outs given its own discards, as the draw engine settles them.
    ``simulate`` plays these bots in C (csrc/play/loop.c) when the rules allow."""

    raise_top: int
    call_top: int
    draw_with: int
    policy: BotPolicy = "default"
    limits: Limits | None = None
    max_bets: int = 4  # stop raising once this many bets are in the round (View.bets)

    def __post_init__(self) -> None:
        for name, value, most in (
            ("raise_top", self.raise_top, 12),
            ("call_top", self.call_top, 12),
            ("draw_with", self.draw_with, 5),
            ("max_bets", self.max_bets, lib.BF_GAME_MAX_BETS),
        ):
            whole(name, value, 0, most)
        policy = to_policy(self.policy)
        if policy.function is not None or policy.break_above is not None:
            raise ValueError(
                f"a ThresholdBot draws by 'default', a named objective or optimal_policy(...),"
                f" not {policy.name!r}"
            )
        # A plain value: names for the named policies, the Policy itself for a solved table.
        object.__setattr__(self, "policy", policy if policy.solved else policy.name)
        limits = check_limits(self.limits)
        if policy.solved is not None:
            limits = limits or policy.solved.limits
        elif policy.objective is not None:
            limits = limits or NO_LIMITS  # its table is solved on first use
        else:
            limits = None  # the default policy reads no schedule
        object.__setattr__(self, "limits", limits)
        if policy.solved is not None:  # solved for other limits or fewer draws: fails here
            policy.c_table(limits, 3)

    def table(self) -> Solved | None:
        """The solved table this bot draws by (None: the default policy)."""
        return to_policy(self.policy).c_table(self.limits, 3)

    def c_policy(self) -> tuple[Any, Solved | None]:
        """The ``bf_policy`` the C code reads, and the table it points into (keep it alive)."""
        solved = self.table()
        return (_NO_TABLE if solved is None else _c_table(solved)), solved

    def __call__(self, view: View) -> Action:
        if view.phase is Phase.DRAW:
            return Action.draw(cap_discards(self._discards(view), view.legal[0].amount))
        kinds = {action.kind: action for action in view.legal}
        badugi = class_ranks(evaluate(view.hand))
        size, top = len(badugi), badugi[-1]
        if size == 4 and top <= self.raise_top:
            return _first(kinds, AGGRESSIVE + PASSIVE if view.bets < self.max_bets else PASSIVE)
        keep_going = (size == 4 and top <= self.call_top) or (
            size >= self.draw_with and view.draws_left > 0
        )
        call = kinds.get(K.CALL)
        if call is not None and (keep_going or call.amount == 0):  # Korean rooms: 콜 for nothing
            return call
        return _first(kinds, (K.CHECK, K.FOLD, K.DIE))

    def _discards(self, view: View) -> list[int]:
        """The cards this draw throws, before the cap (play/seats.c's seat_draws, in C)."""
        known = sum(1 << card for card in view.dead)
        hand = bytes(view.hand)
        policy, solved = self.c_policy()
        if solved is None:
            kept = lib.bf_draw_keep(hand, known, 0)  # the default policy
            thrown = ~kept
        else:
            thrown = lib.bf_policy_table_throw(
                policy, hand, known, 0, view.draws_left, view.legal[0].amount
            )
        return [int(card) for i, card in enumerate(view.hand) if thrown >> i & 1]


_NO_TABLE = ffi.new("bf_policy *", {"break_above": -1})
# The bf_policy of each solved table, pointing into the table's own bytes (alive with it).
_C_TABLES: WeakKeyDictionary[Solved, Any] = WeakKeyDictionary()


def _c_table(solved: Solved) -> Any:
    policy = _C_TABLES.get(solved)
    if policy is None:
        policy = ffi.new("bf_policy *", {"break_above": -1})
        policy.table = ffi.from_buffer("uint8_t[]", solved.table)
        policy.ties = ffi.from_buffer("uint16_t[]", solved.ties)
        _C_TABLES[solved] = policy
    return policy


def threshold(
    raise_top: str | int = "9",
    call_top: str | int = "K",
    draw_with: int = 3,
    policy: BotPolicy = "default",
    limits: LimitsLike = None,
    max_bets: int = 4,
) -> Bot:
    """A ThresholdBot from ranks as text (``"9"``, ``"T"``, ``"K"``) or face values 1..13;
    ``draw_with`` 0..5 (5: never stay in on a draw); ``policy`` and ``limits`` as ThresholdBot
    takes them (``threshold("9", "K", 3, policy="max-equity")`` is the drawer drawing by the
    max-equity table); ``max_bets``: raise no more once this many bets are in the round."""
    caps = check_limits(limits)
    return ThresholdBot(
        parse_rank(raise_top), parse_rank(call_top), draw_with, policy, caps, max_bets
    )


drawer: Bot = threshold("9", "K", 3)
"""The reference drawer (see the module docstring)."""


__all__ = [
    "Bot",
    "RandomBot",
    "ThresholdBot",
    "drawer",
    "random_bot",
    "threshold",
]
