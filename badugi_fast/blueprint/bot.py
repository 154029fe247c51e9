"""The blueprint as a bot: ``BlueprintBot(blueprint)(view) -> Action``.

At each decision it reads the view in the abstraction (abstraction.py), looks up the
information set's probabilities (strategy.py) and draws one of the legal actions with them from
the view's 64 random bits (``View.stream``, the engine's per-decision stream), so a hand plays
alike for a seed on any executor, as the other built-in bots do. A decision outside the game the
blueprint was trained for (more seats, other rules or stakes) is a ValueError naming why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from .._badugi import ffi, lib
from ..game.actions import Action, View
from ..game.rules import RuleSet
from .strategy import Blueprint, check_threshold, load_blueprint

_UNIT = 2.0**-53  # 53 random bits to a uniform number in [0, 1)


@dataclass(frozen=True)
class BlueprintBot:
    """Plays ``blueprint`` (see the module docstring). Bots compare and hash by their
    blueprint's content (``Blueprint.__eq__``)."""

    blueprint: Blueprint

    def __call__(self, view: View) -> Action:
        choices = self.blueprint.probabilities(view)
        u = (view.stream >> 11) * _UNIT
        total = 0.0
        for action, p in choices:
            total += p
            if u < total:
                return action
        return choices[-1][0]  # rounding: the last legal action

    def check_game(self, rules: RuleSet | None, stacks: Sequence[int]) -> None:
        """ValueError unless these rules and stacks are the game the blueprint was trained for
        (``simulate`` and ``VectorGame`` ask before any hand is dealt)."""
        self.blueprint.check_game(rules, list(stacks))

    def c_seat_form(self) -> BlueprintForm | None:
        """The bot as the C engines play it (None for a blueprint of a small deck)."""
        return BlueprintForm(self.blueprint) if self.blueprint.real_game else None


@dataclass(frozen=True)
class BlueprintForm:
    """How the C engines play a blueprint seat (play/vector/seats.py's seat forms): every
    decision by its ``blueprint``; no ``before`` or ``otherwise`` bot (a decision outside the
    blueprint's game is an error naming the hand and seat)."""

    blueprint: Blueprint
    before: ClassVar[None] = None
    otherwise: ClassVar[None] = None
    subject: ClassVar[str] = "the blueprint"

    def place(self, spec: Any, seat: int) -> Any:
        """Seats the blueprint at ``seat`` of a bf_game_spec (spec.players: a blueprint seat
        filled by bf_blueprint_seat); returns what the spec points into, to be kept alive with
        it."""
        strategy = self.blueprint.c_strategy()
        blueprint_seat = ffi.new("bf_bp_seat *")
        player = lib.bf_blueprint_seat(blueprint_seat, strategy)
        if player == ffi.NULL:  # c_strategy checked it: never, unless the C checks drift apart
            raise ValueError("the C engines refused the blueprint's strategy")
        spec.players[seat] = player
        return (strategy, blueprint_seat)


def blueprint_bot(
    path: str | Path | None = None, sha256: str | None = None, *, threshold: float | None = None
) -> BlueprintBot:
    """The blueprint as a bot: the default shipped strategy, a shipped one by name (``"v1"``:
    ``SHIPPED_STRATEGIES``) or the strategy file at ``path`` (``load_blueprint``; checked
    against ``sha256`` when given); with ``threshold``, that strategy thresholded
    (``Blueprint.thresholded``: ``blueprint_bot(threshold=0.2)``). It plays heads-up
    ``Rules(small_bet=2, cap_heads_up=True)`` (or the rules its file was trained for) with
    stacks of 24 small bets or more; its mixed actions come from each view's random bits, so a
    hand replays for a seed. ``simulate`` plays it in the C hand loop beside ThresholdBots and
    ``VectorGame(bots=...)`` as a seat of the batched engine, the same chips as ``Game`` hand
    for hand. A game other than the one it was trained for is a ValueError naming the
    difference. A bad threshold is refused before any file is read."""
    if threshold is not None:
        check_threshold(threshold)
    blueprint = load_blueprint(path, sha256)
    return BlueprintBot(blueprint if threshold is None else blueprint.thresholded(threshold))


__all__ = ["BlueprintBot", "BlueprintForm", "blueprint_bot"]
