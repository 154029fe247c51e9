"""The blueprint as a bot: ``BlueprintBot(blueprint)(view) -> Action``.

At each decision it reads the view in the abstraction (abstraction.py), looks up the
information set's probabilities (strategy.py) and draws one of the legal actions with them from
the view's 64 random bits (``View.stream``, the engine's per-decision stream), so a hand plays
alike for a seed on any executor, as the other built-in bots do. A decision outside the game the
blueprint was trained for (more seats, other rules or stakes) is a ValueError naming why.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action, View
from .strategy import Blueprint

_UNIT = 2.0**-53  # 53 random bits to a uniform number in [0, 1)


@dataclass(frozen=True)
class BlueprintBot:
    """Plays ``blueprint`` (see the module docstring)."""

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


__all__ = ["BlueprintBot"]
