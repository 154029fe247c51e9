"""pokerkit, an independent engine, replays our fixed-limit hand histories to the same stacks
under the betting rules, 2-6 seats, with ``cap_heads_up=True``: pokerkit caps the raises
when two players are left too (our live default does not, and hands reaching heads-up from
more seats then differ). Left out: hands with an all-in raise short of a full bet (pokerkit
applies the full-bet rule there, we the half-bet rule; tests/test_rules.py shows the
difference) and the rare hands whose stub runs out (pokerkit refuses to replay the one
reshuffled hand among the 300 below)."""

from __future__ import annotations

import random

import pokerkit
import pytest

from badugi_fast.game import Action, ActionKind, Game, Rules
from badugi_fast.game.phh.write import dumps

K = ActionKind


def random_fixed_limit_game(seed: int, seats: int) -> tuple[Game, bool]:
    """A hand of random legal actions on random stacks; True when it had a short all-in."""
    rng = random.Random(seed)
    rules = Rules(small_bet=2, cap_heads_up=True)
    game = Game([rng.randint(4, 60) for _ in range(seats)], rules, button=seed % seats, seed=seed)
    short = False
    while not game.done:
        seat = game.actor
        assert seat is not None
        choice = rng.choice(game.legal_actions())
        if choice.kind == K.DRAW:
            choice = Action.draw(rng.sample(game.hands[seat], rng.randint(0, 4)))
        elif choice.kind in (K.BET, K.RAISE) and choice.amount == game.stacks[seat]:
            raised_by = game.round_bets[seat] + choice.amount - max(game.round_bets)
            short |= raised_by < rules.bet_size(game.round_index)
        game.act(choice)
    return game, short


def replayed_stacks(game: Game) -> list[int]:
    final = list(pokerkit.HandHistory.loads(dumps(game)))[-1]
    return list(final.stacks)


def seats_from_the_buttons_left(game: Game) -> list[int]:
    order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
    return [game.stacks[s] for s in order]


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_pokerkit_replays_fixed_limit_hands_to_the_same_stacks(seats):
    replayed = 0
    for seed in range(60):
        game, short = random_fixed_limit_game(1000 * seats + seed, seats)
        if short or any(event.kind == K.RESHUFFLE for event in game.history):
            continue
        assert replayed_stacks(game) == seats_from_the_buttons_left(game), seed
        replayed += 1
    assert replayed >= 30


def test_some_fuzzed_hands_do_have_short_all_ins():
    """The filter above is not vacuous: small stacks do go all-in short of a full bet."""
    shorts = sum(random_fixed_limit_game(seed, 4)[1] for seed in range(60))
    assert shorts >= 3
