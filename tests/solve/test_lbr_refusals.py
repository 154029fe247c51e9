"""The local best response refuses what it cannot measure, by name and before any result: a bot
that returns no action, a strategy giving probabilities that are not numbers, and a bot trained
for another game (the check the engines apply) (issue 33)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from badugi_fast.blueprint import Blueprint, BlueprintBot, blueprint_bot
from badugi_fast.blueprint.abstraction import INFOSETS, SLOTS
from badugi_fast.game import Rules, View, bots
from badugi_fast.play import simulate
from badugi_fast.solve.lbr import RandomStrategy, local_best_response
from badugi_fast.solve.lbr.arrays import Floats, Hands, Masks

RULES = Rules(small_bet=2, cap_heads_up=True)
QUICK: dict[str, Any] = {"hands": 2, "seed": 1, "threads": 1, "particles": 50, "trials": 50,
                         "draw_trials": 50}  # fmt: skip


def _silent(view: View) -> None:
    return None


def test_a_bot_returning_none_is_a_value_error_naming_the_bot_and_what_it_returned() -> None:
    with pytest.raises(ValueError, match=r"the bot <function _silent.*returned None"):
        local_best_response(_silent, **QUICK)  # type: ignore[arg-type]


def test_a_bot_returning_none_to_the_strategy_read_is_refused_alike() -> None:
    """Read as its strategy with the drawer playing: the range asks it about every hand."""
    calls = [0]

    def sometimes(view: View) -> Any:
        calls[0] += 1
        return bots.drawer(view) if calls[0] == 1 else None

    with pytest.raises(ValueError, match=r"returned None"):
        local_best_response(sometimes, **QUICK)


class _NanBetting(RandomStrategy):
    """Uniform, except that every betting row is NaN."""

    def betting(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        return np.full((len(hands), len(spot.legal)), np.nan)


class _NegativeDiscards(RandomStrategy):
    def discards(self, spot: View, hands: Hands, dead: Masks) -> Floats:
        out = super().discards(spot, hands, dead)
        out[:, 0] = -1.0
        return out


@pytest.mark.parametrize(
    ("strategy", "match"),
    [
        (_NanBetting(), r"the strategy's betting at the opponent's betting decision .* nan"),
        (_NegativeDiscards(), r"the strategy's discards at the opponent's draw decision .*-1\.0"),
    ],
)
def test_a_strategy_with_rows_that_are_not_probabilities_is_refused_naming_the_decision(
    strategy: RandomStrategy, match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        local_best_response(bots.random_bot(1), strategy=strategy, **QUICK)


def test_a_strategy_with_a_wrong_shape_is_refused() -> None:
    class Short(RandomStrategy):
        def betting(self, spot: View, hands: Hands, dead: Masks) -> Floats:
            return np.full((len(hands), 1), 1.0)

    with pytest.raises(ValueError, match=r"probabilities, not \("):
        local_best_response(bots.random_bot(1), strategy=Short(), **QUICK)


def test_the_blueprint_at_stacks_simulate_refuses_is_refused_before_any_hand() -> None:
    bot = blueprint_bot()
    with pytest.raises(ValueError, match="at least 48 chips"):
        simulate([bot, bots.drawer], hands=1, rules=RULES, stacks=[47, 47])
    with pytest.raises(ValueError, match="bot: the blueprint plays stacks of at least 48 chips"):
        local_best_response(bot, stack=47, **QUICK)
    with pytest.raises(ValueError, match="bot: the blueprint was trained for Rules"):
        local_best_response(bot, rules=Rules(small_bet=4, cap_heads_up=True), **QUICK)


def test_a_blueprint_of_another_deck_than_the_one_played_is_refused() -> None:
    table = np.zeros((INFOSETS, SLOTS), dtype=np.uint16)
    small = BlueprintBot(Blueprint(4, 3, 1, 2, 0, 0, table))
    with pytest.raises(ValueError, match="trained on 4 ranks, 3 suits and 1 draws"):
        local_best_response(small, **QUICK)
    with pytest.raises(ValueError, match="trained on the real game"):
        local_best_response(blueprint_bot(), ranks=4, suits=3, draws=1, **QUICK)


def test_a_blueprint_of_a_small_deck_is_measured_on_its_own_deck() -> None:
    table = np.zeros((INFOSETS, SLOTS), dtype=np.uint16)
    small = BlueprintBot(Blueprint(4, 3, 1, 2, 0, 0, table))
    found = local_best_response(small, ranks=4, suits=3, draws=1, **QUICK)
    assert found.deals == 2


def test_a_rollout_policy_that_is_not_a_c_policy_is_refused_naming_it() -> None:
    class Junk(RandomStrategy):
        def rollout_policy(self) -> Any:
            return ("not", "a policy")

    with pytest.raises(TypeError, match=r"rollout_policy\(\) is None or a \(bf_policy \*"):
        local_best_response(bots.random_bot(1), strategy=Junk(), **QUICK)
