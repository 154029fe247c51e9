"""PHH hand histories: written as the standard's fixed-limit badugi, read back, and replayed by
pokerkit (an independent implementation) to the same result."""

from __future__ import annotations

import random

import pokerkit
import pytest
from test_engine import ALICE, BOB, CAROL, TED, stacked

from badugi_fast import phh
from badugi_fast.engine import Action, Game, KoreanRules, Rules


def sample_hand() -> Game:
    """Seed 003's sample hand, as tests/test_engine.py plays it."""
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


def random_game(seed: int, seats: int) -> Game:
    rng = random.Random(seed)
    game = Game(
        [rng.randint(20, 80) for _ in range(seats)],
        Rules(small_bet=2),
        button=seed % seats,
        seed=seed,
    )
    while not game.done:
        choice = rng.choice(game.legal_actions())
        if choice.kind == "draw":
            choice = Action.draw(rng.sample(game.hands[game.actor], rng.randint(0, 3)))
        game.act(choice)
    return game


def test_the_sample_hand_is_written_as_the_standard_writes_it():
    text = phh.dumps(sample_hand(), players=["Alice", "Bob", "Carol", "Ted"])
    assert 'variant = "FB"' in text and "blinds_or_straddles = [1, 2, 0, 0]" in text
    assert 'players = ["Bob", "Carol", "Ted", "Alice"]' in text  # p1 is left of the button
    for line in (
        '"p3 f"',
        '"p1 sd QdQc"',
        '"d dh p4 Jc"',
        '"p4 cbr 8"',
        '"p2 sd"',
        '"p2 sm 3s5d7c8h"',
    ):
        assert line in text, line
    assert "finishing_stacks = [96, 120, 100, 84]" in text


def test_a_written_hand_reads_back_to_the_same_game():
    game = sample_hand()
    again = phh.loads(phh.dumps(game))
    assert again.stacks == [game.stacks[s] for s in (1, 2, 3, 0)]
    assert len(again.history) == len(game.history)


@pytest.mark.parametrize("seed", range(30))
def test_random_hands_round_trip(seed):
    game = random_game(seed, 2 + seed % 5)
    if any(e.kind == "reshuffle" for e in game.history):
        pytest.skip("a reshuffled stub cannot be replayed from a stacked deck")
    order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
    again = phh.loads(phh.dumps(game))
    assert again.stacks == [game.stacks[s] for s in order]


@pytest.mark.parametrize("seed", range(20))
def test_pokerkit_replays_our_histories_to_the_same_stacks(seed):
    game = sample_hand() if seed == 0 else random_game(seed, 3 + seed % 4)
    text = phh.dumps(game)
    history = pokerkit.HandHistory.loads(text)
    final = list(history)[-1]
    order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
    assert list(final.stacks) == [game.stacks[s] for s in order]


def test_hidden_cards_are_written_as_question_marks():
    game = sample_hand()
    text = phh.dumps(game, hide=[TED, BOB])
    assert '"d dh p3 ????????"' in text and '"d dh p1 ????????"' in text
    assert '"d dh p2 3s5dJdJs"' in text  # Carol's cards were shown
    with pytest.raises(ValueError, match="hidden cards"):
        phh.loads(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('variant = "NT"\nantes = [0, 0]', "only fixed-limit badugi"),
        ("variant = ", "not a PHH"),
    ],
)
def test_histories_that_cannot_be_read_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        phh.loads(text)


def test_an_impossible_action_in_a_history_is_refused():
    text = phh.dumps(sample_hand()).replace('"p4 cbr 8"', '"p4 cbr 10"')
    with pytest.raises(ValueError, match="fixed limit makes it 8"):
        phh.loads(text)


def test_korean_rules_cannot_be_written_yet():
    game = Game([100, 100], KoreanRules(), seed=1)
    with pytest.raises(ValueError, match="casino fixed-limit"):
        phh.dumps(game)
