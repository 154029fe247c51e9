"""PHH with unknown cards: every imported hand round-trips (``loads(phh, unknown_cards=True)``
replays the same history), and any game written as an observer saw it (``hide=True``) replays
to the same stacks, its showdown going as the history says."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_fast.game import Action, Event, Game, KoreanRules, Rules
from badugi_fast.notation import phh
from badugi_fast.notation.histories import ImportedHand, read_histories

FIXTURES = Path(__file__).parent / "fixtures"


def _imported() -> list[ImportedHand]:
    hands = []
    for path in sorted(FIXTURES.iterdir()):
        hands += [h for h in read_histories(path) if h.game is not None]
    return hands


def _assert_same_hand(game: Game, again: Game, cards: bool = True) -> None:
    """``again`` (replayed from PHH, which numbers the players from the button's left: p1 is
    its seat 0) is ``game``: the same events (antes are posted from seat 0 up, so the forced
    bets in any order) and stacks. ``cards``: the cards too."""
    order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]

    def seen(event: Event) -> Event:
        return event if cards else replace(event, cards=(), received=())

    moved = [replace(e, seat=None if e.seat is None else order[e.seat]) for e in again.history]
    forced = ("ante", "post")
    assert sorted(repr(e) for e in moved if e.kind in forced) == sorted(
        repr(e) for e in game.history if e.kind in forced
    )
    played = [seen(e) for e in moved if e.kind not in (*forced, "reshuffle")]
    assert played == [seen(e) for e in game.history if e.kind not in (*forced, "reshuffle")]
    assert [again.stacks[i] for i in range(game.seats)] == [game.stacks[s] for s in order]


@pytest.mark.parametrize("hand", _imported(), ids=lambda h: f"{h.site}-{h.hand_id}")
def test_an_imported_hand_round_trips_through_phh(hand: ImportedHand) -> None:
    assert hand.game is not None and hand.phh is not None
    again = phh.loads(hand.phh, unknown_cards=True)
    _assert_same_hand(hand.game, again)
    assert phh.loads(phh.dumps(again), unknown_cards=True).history == again.history


def test_a_history_with_unknown_cards_is_refused_unless_asked_for() -> None:
    text = next(h.phh for h in _imported() if h.phh)
    with pytest.raises(ValueError, match="hidden cards cannot be replayed exactly"):
        phh.loads(text)
    with pytest.raises(TypeError, match="unknown_cards is True or False"):
        phh.loads(text, unknown_cards=1)  # type: ignore[arg-type]


def test_finishing_stacks_must_account_for_the_rake() -> None:
    hand = next(h for h in _imported() if h.rake)
    assert hand.phh is not None
    wrong = hand.phh.replace(f"_rake = {hand.rake}", f"_rake = {hand.rake + 1}")
    with pytest.raises(ValueError, match="less the rake of"):
        phh.loads(wrong, unknown_cards=True)


def _play(game: Game, rng: random.Random) -> Game:
    while not game.done:
        legal = game.legal_actions()
        if legal[0].kind == "draw":
            hand = game.hands[game.actor]  # type: ignore[index]
            game.act(Action.draw(rng.sample(hand, rng.randint(0, min(legal[0].amount, 4)))))
            continue
        choice = rng.choice(legal)
        if choice.max_amount:
            choice = Action(choice.kind, rng.randint(choice.amount, choice.max_amount))
        game.act(choice)
    return game


rules = st.one_of(
    st.builds(Rules, small_bet=st.sampled_from([2, 4]),
              structure=st.sampled_from(["fixed-limit", "pot-limit", "half-pot-limit"]),
              ante=st.sampled_from([0, 1])),
    st.builds(KoreanRules, cutting_type=st.sampled_from(["simultaneous", "in_turn"])),
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(rules, st.integers(2, 6), st.integers(0, 2**32 - 1), st.booleans())
def test_an_observer_history_replays_to_the_same_stacks(
    rule_set: Rules | KoreanRules, seats: int, seed: int, short: bool
) -> None:
    rng = random.Random(seed)
    low, high = (1, 12) if short else (20, 200)
    game = Game([rng.randint(low, high) for _ in range(seats)], rule_set,
                button=rng.randrange(seats), seed=seed)  # fmt: skip
    _play(game, rng)
    for hide in (True, [0]):
        again = phh.loads(phh.dumps(game, hide=hide), unknown_cards=True)
        _assert_same_hand(game, again, cards=False)
