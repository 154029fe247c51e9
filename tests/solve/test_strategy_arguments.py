"""What a caller hands a ``HandStrategy`` is checked before any table or C reads it: every
strategy the library makes refuses bad hands, bad discards and a spot of the other phase with
an error naming what is wrong (a negative id read another hand's row, a row of three cards was
read past its end by C, an id of 300 was read as card 44)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from badugi_fast.blueprint import load_blueprint
from badugi_fast.errors import InvalidHandError
from badugi_fast.game import Action, Phase, View, bots
from badugi_fast.solve.lbr import Table, public_view
from badugi_fast.solve.lbr.blueprint import BlueprintStrategy
from badugi_fast.solve.lbr.strategy import (
    CallableStrategy,
    MixedStrategy,
    RandomStrategy,
    ThresholdStrategy,
    checked_probabilities,
)
from badugi_fast.solve.resolving.bot import search


def _calling(view: View) -> Action:
    """Checks or calls; draws one card."""
    kinds = {a.kind: a for a in view.legal}
    if view.phase is Phase.DRAW:
        return Action("draw", cards=view.hand[:1])
    return kinds.get("check") or kinds["call"]


def _spots() -> dict[Phase, View]:
    """The first betting and the first draw spot of a dealt hand, played by the caller."""
    table = Table()
    game = table.new_game(3, 0)
    found: dict[Phase, View] = {}
    while len(found) < 2:
        actor = game.actor
        assert actor is not None
        view = table.view(game, actor)
        found.setdefault(view.phase, public_view(view))
        game.act(_calling(view))
    return found


SPOTS = _spots()
SHIPPED = load_blueprint()
STRATEGIES: dict[str, Any] = {
    "threshold": ThresholdStrategy(bots.drawer),
    "random": RandomStrategy(),
    "callable": CallableStrategy(_calling),
    "mixed": MixedStrategy(SHIPPED.probabilities),
    "blueprint": BlueprintStrategy(SHIPPED),
    "search": search(),
}
GOOD = np.array([[0, 5, 10, 15], [1, 2, 3, 4]], dtype=np.uint8)
NO_DEAD = np.zeros(2, dtype=np.uint64)


@pytest.mark.parametrize("name", STRATEGIES)
@pytest.mark.parametrize("phase", [Phase.BETTING, Phase.DRAW])
def test_sound_arguments_give_a_distribution_a_hand(name: str, phase: Phase) -> None:
    strategy, spot = STRATEGIES[name], SPOTS[phase]
    method = "betting" if phase is Phase.BETTING else "discards"
    out = getattr(strategy, method)(spot, GOOD, NO_DEAD)
    columns = len(spot.legal) if phase is Phase.BETTING else 16
    checked_probabilities(out, method, spot, GOOD, columns)
    as_lists = getattr(strategy, method)(spot, GOOD.tolist(), [0, 0])  # any integer array-like
    np.testing.assert_array_equal(as_lists, out)


@pytest.mark.parametrize("name", STRATEGIES)
@pytest.mark.parametrize("phase", [Phase.BETTING, Phase.DRAW])
@pytest.mark.parametrize(
    ("hands", "dead", "error", "message"),
    [
        ([[-1, 5, 10, 15]], [0], ValueError, r"hand 0 is \[-1, 5, 10, 15\]: card ids are 0 .. 51"),
        ([[0, 5, 10, 52]], [0], ValueError, "card ids are 0 .. 51"),
        ([[0, 5, 10, 300]], [0], ValueError, "card ids are 0 .. 51"),  # not card 44
        ([[0, 1, 2, 3], [15, 10, 5, 0]], [0, 0], ValueError, "hand 1 is .*ascending"),
        ([[0, 5, 5, 15]], [0], ValueError, "four different card ids"),
        ([[0, 5, 10]], [0], ValueError, r"an \(n, 4\) array of card ids, not of shape \(1, 3\)"),
        ([0, 5, 10, 15], [0], ValueError, r"not of shape \(4,\)"),
        (np.array([[0, 5, 10, 15]], dtype=float), [0], TypeError, "hands is an array of integ"),
        ([[0, 5, 10, 15]], [0, 0], ValueError, r"dead is one card mask a hand, \(1,\)"),
        ([[0, 5, 10, 15]], [0.0], TypeError, "dead is an array of integers"),
        ([[0, 5, 10, 15]], [-1], ValueError, "dead 0 is -1: dead holds masks of 52 cards"),
        ([[0, 1, 2, 3], [0, 5, 10, 15]], [0, 1 << 52], ValueError, f"dead 1 is {1 << 52}: "),
        ([[0, 5, 10, 1 << 64]], [0], ValueError, f"hands holds {1 << 64}: past a 64-bit"),
        ([[0, 5, 10, 15]], [1 << 70], ValueError, f"dead holds {1 << 70}: past a 64-bit"),
        ([[0, 5, 10, 15]], [None], TypeError, "dead is an array of integers, not of object"),
        (np.array([[0, 5, 10, 15]], dtype=object), [0], TypeError, "hands is an array of int"),
    ],
)
def test_bad_hands_and_discards_are_refused_by_every_strategy(
    name: str, phase: Phase, hands: Any, dead: Any, error: type, message: str
) -> None:
    method = "betting" if phase is Phase.BETTING else "discards"
    with pytest.raises(error, match=message):
        getattr(STRATEGIES[name], method)(SPOTS[phase], hands, dead)


@pytest.mark.parametrize("name", STRATEGIES)
def test_a_spot_of_the_other_phase_or_not_a_view_is_refused(name: str) -> None:
    strategy = STRATEGIES[name]
    with pytest.raises(ValueError, match="a betting decision's spot, not a draw one"):
        strategy.betting(SPOTS[Phase.DRAW], GOOD, NO_DEAD)
    with pytest.raises(ValueError, match="a draw decision's spot, not a betting one"):
        strategy.discards(SPOTS[Phase.BETTING], GOOD, NO_DEAD)
    with pytest.raises(TypeError, match="a spot is a View, not str"):
        strategy.betting("rc", GOOD, NO_DEAD)


def test_rows_that_do_not_sum_to_one_are_refused_naming_the_hand() -> None:
    spot = SPOTS[Phase.BETTING]
    half = np.full((2, len(spot.legal)), 0.5 / len(spot.legal))
    with pytest.raises(ValueError, match=r"hand of card ids \[0, 5, 10, 15\].* sum to 1"):
        checked_probabilities(half, "betting", spot, GOOD, len(spot.legal))
    assert (
        checked_probabilities(half, "betting", spot, GOOD, len(spot.legal), whole_rows=False)
        is not None
    )


def test_the_whole_array_check_names_the_first_bad_row() -> None:
    """The check reads the whole array at once, then row by row where that fails: huge
    finite values pass as part of a row (no overflow), and the first bad row is named."""
    spot = SPOTS[Phase.BETTING]
    huge = np.full((2, len(spot.legal)), 1e308)
    with np.errstate(all="raise"):
        out = checked_probabilities(huge, "betting", spot, GOOD, len(spot.legal), whole_rows=False)
        assert np.isfinite(out).all()
        with pytest.raises(ValueError, match=r"hand of card ids \[0, 5, 10, 15\].* sum to 1"):
            checked_probabilities(huge, "betting", spot, GOOD, len(spot.legal))
    for bad in (np.nan, -np.inf, np.inf, -1e-9):
        rows = np.full((2, len(spot.legal)), 1 / len(spot.legal))
        rows[1, 0] = bad
        with pytest.raises(ValueError, match=r"hand of card ids \[1, 2, 3, 4\]"):
            checked_probabilities(rows, "betting", spot, GOOD, len(spot.legal), whole_rows=False)


def test_a_bad_hand_is_an_invalid_hand_error_naming_its_row() -> None:
    with pytest.raises(InvalidHandError, match=r"hand 1 is \[0, 5, 5, 15\]") as caught:
        STRATEGIES["threshold"].betting(SPOTS[Phase.BETTING], [[0, 1, 2, 3], [0, 5, 5, 15]], [0, 0])
    assert (caught.value.row, caught.value.hand) == (1, [0, 5, 5, 15])
