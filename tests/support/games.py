"""Hands the game tests share: a stacked deck, the sample hand of Wikipedia's Badugi article, a
hand of random legal play, and the check that a replayed hand ends as the game did."""

from __future__ import annotations

import random

from badugi_fast import Card, parse_cards
from badugi_fast.game import Action, Game, KoreanRules, Rules, RuleSet

ALICE, BOB, CAROL, TED = 0, 1, 2, 3  # Alice has the button; Bob and Carol post the blinds


def stacked(*per_seat_deal: str, draws: str = "") -> list[Card]:
    """Deck order for dealing one card at a time around from the button's left, then draws."""
    hands = [parse_cards(h) for h in per_seat_deal]
    deal = [hands[seat][i] for i in range(4) for seat in range(len(hands))]
    return deal + parse_cards(draws)


def sample_hand() -> Game:
    """Wikipedia's Badugi article's sample hand, as tests/game/test_state.py plays it."""
    deck = stacked("4s 5s Qd Qc", "3s 5d Jd Js", "Ac Ad Ah As", "2s 4d 6c Kc",
                   draws="Jh Th 7c Kh Jc 9d 9h 8h")  # fmt: skip
    game = Game([100, 100, 100, 100], Rules(small_bet=2), button=ALICE, deck=deck)
    script = [
        (TED, "fold"), (ALICE, "call"), (BOB, "call"), (CAROL, "check"),
        (BOB, "Qd Qc"), (CAROL, "Jd Js"), (ALICE, "Kc"),
        (BOB, "check"), (CAROL, "bet"), (ALICE, "call"), (BOB, "call"),
        (BOB, "5s"), (CAROL, ""), (ALICE, "Jc"),
        (BOB, "check"), (CAROL, "bet"), (ALICE, "raise"), (BOB, "fold"), (CAROL, "call"),
        (CAROL, "Kh"), (ALICE, ""),
        (CAROL, "check"), (ALICE, "bet"), (CAROL, "call"),
    ]  # fmt: skip
    for seat, move in script:
        assert game.actor == seat
        kinds = {"fold", "call", "check", "bet", "raise"}
        game.act(Action(move) if move in kinds else Action.draw(move.split()))
    return game


def random_game(
    seed: int, seats: int, rules: RuleSet | None = None, no_small_blind: bool = False
) -> Game:
    """A hand of random legal actions (draws of up to the cap), on random stacks."""
    rng = random.Random(seed)
    game = Game(
        [rng.randint(20, 80) for _ in range(seats)],
        rules or Rules(small_bet=2),
        button=seed % seats,
        first=rng.randrange(seats) if isinstance(rules, KoreanRules) else None,
        seed=seed,
        no_small_blind=no_small_blind,
    )
    while not game.done:
        choice = rng.choice(game.legal_actions())
        if choice.kind == "draw":
            choice = Action.draw(rng.sample(game.hands[game.actor], rng.randint(0, choice.amount)))
        elif choice.max_amount:
            choice = Action(choice.kind, rng.randint(choice.amount, choice.max_amount))
        game.act(choice)
    return game


def assert_same_hand(game: Game, again: Game) -> None:
    """The replay (seats renumbered from the button's left) ends as the game did."""
    order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
    assert again.stacks == [game.stacks[s] for s in order]
    assert [sorted(again.hands[k]) for k in range(game.seats)] == [
        sorted(game.hands[s]) for s in order
    ]
    renumber = {s: k for k, s in enumerate(order)}
    replayed = [(e.kind, e.seat, e.amount, e.cards) for e in again.history]
    played = [(e.kind, renumber.get(e.seat), e.amount, e.cards) for e in game.history]
    antes = sum(kind == "ante" for kind, *_ in played)  # posted seat by seat from seat 0
    assert sorted(replayed[:antes]) == sorted(played[:antes])
    assert replayed[antes:] == played[antes:]
