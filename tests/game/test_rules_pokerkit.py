"""pokerkit, an independent engine, replays our fixed-limit hand histories to the same stacks
under the betting rules, 2-6 seats, with ``cap_heads_up=True``: pokerkit caps the raises
when two players are left too (our live default does not, and hands reaching heads-up from
more seats then differ). Left out: hands with an all-in raise short of a full bet (pokerkit
applies the full-bet rule there, we the half-bet rule; tests/test_rules.py shows the
difference), hands whose big blind is short (pokerkit lets the others call what it posted; we
keep the bring-in at the full blind, Robert's Rules, button and blind use, rule 1) and the rare
hands whose stub runs out (pokerkit refuses to replay the one reshuffled hand among the 300
below)."""

from __future__ import annotations

import random

import pokerkit
import pytest

from badugi_fast.game import Action, ActionKind, Game, Rules
from badugi_fast.notation.phh.write import dumps

K = ActionKind


def random_fixed_limit_game(seed: int, seats: int) -> tuple[Game, bool]:
    """A hand of random legal actions on random stacks; True when it had a short all-in or a
    short big blind."""
    rng = random.Random(seed)
    rules = Rules(small_bet=2, cap_heads_up=True)
    game = Game([rng.randint(1, 60) for _ in range(seats)], rules, button=seed % seats, seed=seed)
    short = [e.amount for e in game.history if e.kind == K.POST][-1] < rules.blinds[1]
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


def test_pokerkit_lets_the_others_call_what_a_short_big_blind_posted():
    """Why the replays above leave out a short big blind: pokerkit offers a call of the 1 chip
    posted and a raise to 3, where we keep the full blind of 2 and a raise to 4."""
    a = pokerkit.Automation
    automations = (
        a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING, a.CARD_BURNING,
        a.HOLE_DEALING, a.HAND_KILLING, a.CHIPS_PUSHING, a.CHIPS_PULLING,
        a.HOLE_CARDS_SHOWING_OR_MUCKING,
    )  # fmt: skip
    state = pokerkit.FixedLimitBadugi.create_state(
        automations, True, 0, (1, 2), 2, 4, (100, 1, 100, 100), 4
    )  # pokerkit seats from the button's left: our seats 1, 2, 3, then the button (0)
    assert state.actor_index == 2
    assert state.checking_or_calling_amount == 1
    assert state.min_completion_betting_or_raising_to_amount == 3
    ours = Game([100, 100, 1, 100], Rules(small_bet=2), button=0)
    assert [(a.kind, a.amount) for a in ours.legal_actions()] == [
        (K.FOLD, 0), (K.CALL, 2), (K.RAISE, 4)
    ]  # fmt: skip


def test_some_fuzzed_hands_do_have_a_short_big_blind():
    """The filter above is not vacuous for short big blinds either."""
    hands = [random_fixed_limit_game(seed, 3)[0] for seed in range(300)]
    posts = [[e.amount for e in game.history if e.kind == K.POST][-1] for game in hands]
    assert sum(amount < 2 for amount in posts) >= 2
