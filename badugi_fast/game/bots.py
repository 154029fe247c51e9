"""Reference bots: plain callables ``bot(view) -> Action`` that see only a player's View.

- ``random_bot``: uniform over the legal actions; when drawing, a uniform subset of the hand.
- ``drawer``: draws to its badugi by the default policy; bets and raises a made badugi 9-high
  or better, calls (or checks) with any badugi, or with a three-card hand before the last draw,
  and folds otherwise (checking when it costs nothing).
- ``threshold(...)``: the drawer with those ranks as parameters.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .._badugi import lib
from .._validate import whole
from ..cards import parse_rank
from ..draws.model import cap_discards
from ..hands.evaluator import evaluate
from ..hands.naming import class_ranks
from .actions import Action, ActionKind, Phase, View

K = ActionKind

Bot = Callable[[View], Action]


def random_bot(seed: int | None = None) -> Bot:
    """A bot choosing uniformly among the legal actions (reproducible for a seed)."""
    rng = random.Random(seed)

    def act(view: View) -> Action:
        choice = rng.choice(view.legal)
        if choice.max_amount > choice.amount:  # pot or no limit: any amount in the range
            return Action(choice.kind, rng.randint(choice.amount, choice.max_amount))
        if choice.kind is K.DRAW:  # uniform over the subsets the cutting limit allows
            while True:
                thrown = [card for card in view.hand if rng.random() < 0.5]
                if len(thrown) <= choice.amount:
                    return Action.draw(thrown)
        return choice

    return act


# Action names of both rule sets, most wanted first: casino fixed limit and the Korean rooms.
AGGRESSIVE = (K.RAISE, K.BET, K.HALF, K.TTADANG, K.QUARTER, K.BBING)
PASSIVE = (K.CALL, K.CHECK)


def _first(kinds: dict[str, Action], wanted: tuple[ActionKind, ...]) -> Action:
    return next(kinds[kind] for kind in wanted if kind in kinds)


@dataclass(frozen=True)
class ThresholdBot:
    """The drawer with its ranks as parameters (0 = ace .. 12 = king): bet and raise a made
    badugi whose top card is ``raise_top`` or lower; call with a badugi up to ``call_top``, or
    before the last draw with a hand of ``draw_with`` or more badugi cards; fold otherwise.
    ``simulate`` plays these bots in C (badugi_game.c) when the rules allow."""

    raise_top: int
    call_top: int
    draw_with: int

    def __post_init__(self) -> None:
        for name, value, most in (
            ("raise_top", self.raise_top, 12),
            ("call_top", self.call_top, 12),
            ("draw_with", self.draw_with, 5),
        ):
            whole(name, value, 0, most)

    def __call__(self, view: View) -> Action:
        if view.phase is Phase.DRAW:
            known = sum(1 << card for card in view.dead)
            kept = lib.bf_draw_keep(bytes(view.hand), known, 0)  # the default policy, in C
            wanted = [int(card) for i, card in enumerate(view.hand) if not kept >> i & 1]
            return Action.draw(cap_discards(wanted, view.legal[0].amount))
        kinds = {action.kind: action for action in view.legal}
        badugi = class_ranks(evaluate(view.hand))
        size, top = len(badugi), badugi[-1]
        if size == 4 and top <= self.raise_top:
            return _first(kinds, AGGRESSIVE + PASSIVE)
        keep_going = (size == 4 and top <= self.call_top) or (
            size >= self.draw_with and view.draws_left > 0
        )
        call = kinds.get(K.CALL)
        if call is not None and (keep_going or call.amount == 0):  # Korean rooms: 콜 for nothing
            return call
        return _first(kinds, (K.CHECK, K.FOLD, K.DIE))


def threshold(raise_top: str | int = "9", call_top: str | int = "K", draw_with: int = 3) -> Bot:
    """A ThresholdBot from ranks as text (``"9"``, ``"T"``, ``"K"``) or face values 1..13;
    ``draw_with`` 0..5 (5: never stay in on a draw)."""
    return ThresholdBot(parse_rank(raise_top), parse_rank(call_top), draw_with)


drawer: Bot = threshold("9", "K", 3)
"""The reference drawer (see the module docstring)."""

__all__ = ["Bot", "ThresholdBot", "drawer", "random_bot", "threshold"]
