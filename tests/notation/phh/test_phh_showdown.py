"""The showdown in PHH: a mucked hand is ``pK sm``, never revealed in an
observer's history; the full history keeps its cards in the deals and replays the muck; a
hand shown by choice (``Game(show=...)``) is read back as shown."""

from __future__ import annotations

import warnings

import pokerkit
import pytest
from support.games import assert_same_hand, random_game

from badugi_fast.game import ActionKind, Game
from badugi_fast.notation import phh


def mucked_hand() -> tuple[Game, int, str]:
    """A four-seat hand whose showdown has one hand shown and one mucked (p4 mucks)."""
    game = random_game(1, 4)
    mucked = [e.seat for e in game.history if e.kind == ActionKind.MUCK]
    assert len(mucked) == 1 and mucked[0] is not None
    number = (mucked[0] - game.button - 1) % game.seats + 1
    return game, mucked[0], f"p{number}"


def test_a_mucked_hand_is_written_as_a_muck_and_replays():
    game, seat, p = mucked_hand()
    text = phh.dumps(game)
    assert f'"{p} sm",' in text
    assert "".join(map(str, game.hands[seat])) not in text.split(f'"{p} sm"')[1]
    again = phh.loads(text)
    assert_same_hand(game, again)  # the replay mucks it too
    assert [e.kind for e in again.history].count(ActionKind.MUCK) == 1


def test_an_observer_never_sees_a_mucked_hand():
    game, seat, p = mucked_hand()
    observer = phh.dumps(game, hide=True)
    lines = [line.strip(' ",') for line in observer.splitlines()]
    own = [line for line in lines if line.startswith((f"d dh {p} ", f"{p} sd "))]
    assert own and all(set(line.split()[-1]) == {"?"} for line in own)
    assert f"{p} sm" in lines
    # the full history keeps every card of it
    full = phh.dumps(game)
    assert all(str(card) in full for card in game.hands[seat])


def test_a_hand_shown_by_choice_is_read_back_as_shown():
    game, seat, p = mucked_hand()
    cards = "".join(map(str, game.hands[seat]))
    shown = phh.dumps(game).replace(f'"{p} sm"', f'"{p} sm {cards}"')
    again = phh.loads(shown)
    assert [e.kind for e in again.history].count(ActionKind.MUCK) == 0
    assert again.stacks == phh.loads(phh.dumps(game)).stacks
    assert phh.dumps(again).split("_seats")[0] == shown.split("_seats")[0]  # seats renumbered


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("sm {cards}", "sm", "mucks, but its hand must be shown"),
        ("sm {cards}", "sm {cards} {cards}", "a showdown is 'pK sm CARDS' or 'pK sm'"),
        ("sm {cards}", "sm 2c3c4c5c", "which is not the hand it holds"),
    ],
)
def test_a_forged_showdown_is_named(old, new, message):
    game, _, _ = mucked_hand()
    text = phh.dumps(game)
    shower = next(e for e in game.history if e.kind == ActionKind.SHOW)
    cards = "".join(map(str, shower.cards))
    number = (shower.seat - game.button - 1) % game.seats + 1  # type: ignore[operator]
    line = f'"p{number} {old.format(cards=cards)}"'
    assert line in text
    with pytest.raises(ValueError, match=message):
        phh.loads(text.replace(line, f'"p{number} {new.format(cards=cards)}"'))


def test_a_showdown_before_the_hand_ends_is_refused():
    game, _, _ = mucked_hand()
    text = phh.dumps(game)
    first_bet = next(line for line in text.splitlines() if " cbr " in line or " cc" in line)
    with pytest.raises(ValueError, match="is not at a showdown here"):
        phh.loads(text.replace(first_bet, '  "p1 sm",\n' + first_bet, 1))


@pytest.mark.parametrize("seed", [1, 6, 11, 12])
def test_pokerkit_replays_our_mucks_to_the_same_stacks(seed):
    game = random_game(seed, 3 + seed % 5)
    assert any(e.kind == ActionKind.MUCK for e in game.history)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        final = list(pokerkit.HandHistory.loads(phh.dumps(game)))[-1]
    order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
    assert list(final.stacks) == [game.stacks[s] for s in order]
