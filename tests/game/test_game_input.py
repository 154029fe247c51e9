"""Bad input to the game layer: the library's TypeError or ValueError
naming the field, never a raw AttributeError, and an illegal action leaves the game unchanged."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from badugi_fast.game import Action, Game, IllegalActionError, KoreanRules, Rules
from badugi_fast.game.actions import ActionKind
from badugi_fast.game.bots import drawer
from badugi_fast.play import play_hands, simulate


def snapshot(game: Game) -> tuple:
    return (
        list(game.stacks), [list(h) for h in game.hands], list(game.stub), list(game.history),
        list(game.round_bets), game.phase, game.actor, game.legal_actions(),
    )  # fmt: skip


@pytest.mark.parametrize("amount", [3.5, 4.0, Fraction(7, 2), Decimal("3.9"), np.float32(3.7), "4"])
def test_a_bet_of_a_fraction_of_a_chip_is_a_type_error(amount):
    with pytest.raises(TypeError, match="whole number of chips"):
        Action("raise", amount)


def test_whole_numpy_amounts_are_chips():
    game = Game([100, 100], Rules(small_bet=2, structure="no-limit"), button=0, seed=1)
    game.act(Action("raise", np.int64(5)))
    assert game.stacks == [94, 98]


@pytest.mark.parametrize("action", [None, "call", 5, ("call", 2)])
def test_act_takes_an_action_only(action):
    game = Game([100, 100], seed=1)
    before = snapshot(game)
    with pytest.raises(TypeError, match="act takes an Action"):
        game.act(action)  # type: ignore[arg-type]
    assert snapshot(game) == before


def test_an_unknown_kind_is_refused_by_act_and_changes_nothing():
    game = Game([100, 100], seed=1)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="not dance"):
        game.act(Action("dance"))
    assert snapshot(game) == before


def test_a_kind_that_is_not_text_is_a_type_error():
    with pytest.raises(TypeError, match="kind is text"):
        Action(3)  # type: ignore[arg-type]


def test_korean_names_are_the_same_kinds():
    assert Action("콜", 2) == Action("call", 2) and Action("다이").kind == "die"


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"button": 0.5}, TypeError, "button is a seat number"),
        ({"button": 2}, ValueError, r"button must be a seat 0\.\.1"),
        ({"first": 1.0}, TypeError, "first is a seat number"),
        ({"rules": "korean"}, TypeError, "rules is Rules"),
        ({"show": "0"}, TypeError, "show is a collection"),
        ({"show": [0.5]}, TypeError, "show holds seat numbers"),
        ({"stream": 1.5}, TypeError, "stream must be a whole number"),
        ({"stream": -1}, ValueError, "stream must be at least 0"),
    ],
)
def test_bad_game_arguments_name_their_field(kwargs, error, message):
    with pytest.raises(error, match=message):
        Game([100, 100], **kwargs)


def test_each_decision_gets_its_own_random_bits_from_the_hands_stream():
    """View.stream: a pure function of (stream, seat, history length), so a random bot replays."""

    def streams(game: Game) -> list[int]:
        seen = []
        while not game.done:
            seat = game.actor
            assert seat is not None
            view = game.view(seat)
            seen.append(view.stream)
            game.act(drawer(view))
        return seen

    first = streams(Game([100, 100], seed=3))
    assert first == streams(Game([100, 100], seed=3))  # the seed keys the stream by default
    assert first != streams(Game([100, 100], seed=3, stream=4))
    assert len(set(first)) == len(first) and all(0 <= bits < 2**64 for bits in first)
    game = Game([100, 100], seed=3)
    assert game.view(0).stream != game.view(1).stream


def test_simulate_and_play_hands_name_bad_rules():
    with pytest.raises(TypeError, match="rules is Rules"):
        simulate([drawer, drawer], 10, seed=1, rules="korean")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules is Rules"):
        play_hands([drawer, drawer], 0, 10, 1, "korean")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cutting", "error"), [((3.5, 2, 1), TypeError), ("321", TypeError), ((3, 2), ValueError)]
)
def test_korean_cutting_limits_are_three_whole_numbers(cutting, error):
    with pytest.raises(error, match="cutting"):
        KoreanRules(cutting=cutting)


@pytest.mark.parametrize(
    ("kind", "amount", "error"),
    [
        (ActionKind.CALL, True, TypeError),  # a bool is no number of chips, even with a kind
        (ActionKind.RAISE, 2.0, TypeError),
        (ActionKind.BET, "4", TypeError),
        (3, 0, TypeError),
    ],
)
def test_an_action_of_a_known_kind_still_checks_its_amount(kind, amount, error):
    with pytest.raises(error):
        Action(kind, amount)


def test_an_action_reads_korean_names_and_numpy_amounts_as_the_engine_makes_them():
    call = Action("콜", np.int64(3))
    assert call == Action(ActionKind.CALL, 3)
    assert type(call.kind) is ActionKind and type(call.amount) is int
