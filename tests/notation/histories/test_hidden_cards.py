"""``Game`` with unknown cards: ``??`` in a stacked deck is dealt, thrown and drawn like any
card; a shown hand replaces its unknown cards at showdown; an unknown hand loses to every shown
one unless the history says it won unshown; an illegal action still changes nothing."""

from __future__ import annotations

import copy
import pickle

import pytest

from badugi_fast.game import Action, ActionKind, Game, IllegalActionError, Rules
from badugi_fast.game.state import HiddenCard

K = ActionKind
HIDDEN = ["??"] * 4


def _heads_up(hero: list[str], **options: object) -> Game:
    """Heads-up, the hero in seat 0 (the big blind), seat 1's cards unknown; deck order: the
    button's left first, one card at a time."""
    deck = [c for pair in zip(hero, HIDDEN, strict=True) for c in pair] + ["??"] * 12
    return Game([100, 100], Rules(small_bet=2), button=1, deck=deck, **options)  # type: ignore[arg-type]


def _check_down(game: Game) -> None:
    """Everyone checks or calls and stands pat to the end."""
    while not game.done:
        legal = {a.kind: a for a in game.legal_actions()}
        if K.DRAW in legal:
            game.act(Action.draw())
        else:
            game.act(legal.get(K.CHECK) or legal[K.CALL])


def test_unknown_cards_print_as_question_marks_and_are_never_ranked() -> None:
    game = _heads_up(["As", "2d", "3h", "4c"])
    assert [str(c) for c in game.hands[1]] == ["??"] * 4
    assert all(type(c) is HiddenCard for c in game.hands[1])
    assert [str(c) for c in game.hands[0]] == ["As", "2d", "3h", "4c"]
    assert pickle.loads(pickle.dumps(game.hands[1][0])) == game.hands[1][0]


def test_an_unknown_hand_that_never_shows_loses_to_the_shown_hand() -> None:
    game = _heads_up(["Ks", "Kd", "Kh", "Kc"], show=[0])
    _check_down(game)
    kinds = [(e.kind, e.seat) for e in game.history[-3:]]
    assert kinds == [(K.SHOW, 0), (K.MUCK, 1), (K.WIN, 0)]
    assert game.stacks == [102, 98]


def test_an_unshown_winner_beats_the_shown_hand() -> None:
    game = _heads_up(["As", "2d", "3h", "4c"], show=[0], unshown_winners=[1])
    _check_down(game)
    assert [(e.kind, e.seat) for e in game.history[-2:]] == [(K.SHOW, 0), (K.WIN, 1)]
    assert game.stacks == [98, 102]


def test_a_revealed_hand_is_ranked_with_its_shown_cards() -> None:
    game = _heads_up(["Ks", "Kd", "Kh", "Kc"], show=[0, 1], reveal={1: "As 2d 3h 4c"})
    _check_down(game)
    shown = {e.seat: e.cards for e in game.history if e.kind == K.SHOW}
    assert [str(c) for c in shown[1]] == ["As", "2d", "3h", "4c"]
    assert game.stacks == [98, 102]


def test_unknown_cards_are_thrown_and_replaced() -> None:
    game = _heads_up(["As", "2d", "3h", "Kc"])
    game.act(Action(K.CALL))  # the button (small blind) calls
    game.act(Action(K.CHECK))
    game.act(Action.draw(["Kc"]))  # the button's left draws first: the hero
    assert [str(c) for c in game.hands[0]][:3] == ["As", "2d", "3h"]
    thrown = tuple(game.hands[1][:2])
    game.act(Action(K.DRAW, 0, thrown))
    draw = game.history[-1]
    assert draw.kind == K.DRAW and draw.seat == 1 and draw.cards == thrown
    assert len(draw.received) == 2 and all(type(c) is HiddenCard for c in draw.received)
    assert len(game.hands[1]) == 4 and not set(thrown) & set(game.hands[1])


def test_a_last_draw_keeping_a_card_the_shown_hand_lacks_is_illegal_and_changes_nothing() -> None:
    game = _heads_up(["As", "2d", "3h", "Kc"], show=[0], reveal={0: "As 2d 3h 4c"})
    for _ in range(2):  # two betting rounds and draws, everyone standing pat
        for _ in range(2):
            legal = {a.kind: a for a in game.legal_actions()}
            game.act(legal.get(K.CHECK) or legal[K.CALL])
        while game.phase == "draw":
            game.act(Action.draw())
    for _ in range(2):
        legal = {a.kind: a for a in game.legal_actions()}
        game.act(legal.get(K.CHECK) or legal[K.CALL])
    assert game.phase == "draw" and game.round_index == 2 and game.actor == 0
    before = copy.deepcopy(game.__dict__)
    with pytest.raises(IllegalActionError, match="would hold Kc, not in its shown hand"):
        game.act(Action.draw())  # standing pat keeps the Kc
    assert game.__dict__.keys() == before.keys()
    assert game.history == before["history"] and game.hands == before["hands"]
    assert game.stub == before["stub"] and game.actor == 0


def test_reveal_is_checked() -> None:
    with pytest.raises(ValueError, match="reveal shows a card twice"):
        _heads_up(["Ks", "Kd", "Kh", "Kc"], reveal={0: "As 2d 3h 4c", 1: "As 5d 6h 7c"})
    with pytest.raises(ValueError, match=r"reveal holds seats 0\.\.1"):
        _heads_up(["Ks", "Kd", "Kh", "Kc"], reveal={2: "As 2d 3h 4c"})
    with pytest.raises(TypeError, match="reveal maps seats to the cards they show"):
        _heads_up(["Ks", "Kd", "Kh", "Kc"], reveal=[0])


def test_an_unknown_card_is_one_shared_object_that_copies_and_pickles_to_itself() -> None:
    card = HiddenCard(5)
    assert card is HiddenCard(5) and card != HiddenCard(6) and int(card) == 57
    assert pickle.loads(pickle.dumps(card)) is card and copy.deepcopy(card) is card
    far = HiddenCard(500)  # past the shared ones: made as before, equal by its id
    assert str(far) == "??" and far == HiddenCard(500) and repr(far) == "HiddenCard(500)"
