"""Every history ``phh.dumps`` writes replays: random hands of every rule set (the casino
structures with and without blinds, antes and ``cap_heads_up``; the Korean rules), 2 to 8
seats, burn cards on and off, short stacks (all-ins, draws with no betting between) and greedy
draws that run the stub out (reshuffles), read back by ``phh.loads`` to the same stacks, cards
and rules."""

from __future__ import annotations

import random
import warnings

import pokerkit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.games import assert_same_hand

from badugi_fast.game import Action, Game, KoreanRules, Rules, RuleSet
from badugi_fast.notation import phh


def casino(blinds: tuple[int | None, int | None], **settings: object) -> Rules:
    return Rules(small_blind=blinds[0], big_blind=blinds[1], **settings)  # type: ignore[arg-type]


casino_rules = st.builds(
    casino,
    blinds=st.sampled_from([(None, None), (0, 0), (1, 2)]),  # (0, 0): a game without blinds
    small_bet=st.sampled_from([2, 4, 10]),
    max_raises=st.sampled_from([0, 1, 3]),
    structure=st.sampled_from(["fixed-limit", "pot-limit", "half-pot-limit", "no-limit"]),
    burn=st.booleans(),
    ante=st.sampled_from([0, 1, 3]),
    cap_heads_up=st.booleans(),
)
korean_rules = st.builds(
    KoreanRules,
    ante=st.sampled_from([1, 2, 5]),
    chip=st.sampled_from([1, 2]),
    cutting=st.sampled_from([(3, 2, 1), (3, 3, 3), (4, 4, 4), (0, 1, 2)]),
    cutting_type=st.sampled_from(["simultaneous", "in_turn"]),
    allow_full=st.booleans(),
    max_raises=st.sampled_from([None, 0, 2]),
)
any_rules = st.one_of(casino_rules, korean_rules)


def play(game: Game, rng: random.Random, greedy: bool) -> Game:
    """Random legal actions; ``greedy`` players mostly check or call and throw the most cards
    the rules allow (eight of them run the stub out at the first draw)."""
    while not game.done:
        legal = game.legal_actions()
        if legal[0].kind == "draw":
            hand = game.hands[game.actor]  # type: ignore[index]
            most = min(legal[0].amount, len(hand))
            throw = most if greedy else rng.randint(0, most)
            game.act(Action.draw(rng.sample(hand, throw)))
            continue
        passive = [a for a in legal if a.kind in ("check", "call")]
        choice = passive[0] if greedy and passive and rng.random() < 0.9 else rng.choice(legal)
        if choice.max_amount:
            choice = Action(choice.kind, rng.randint(choice.amount, choice.max_amount))
        game.act(choice)
    return game


def new_game(rules: RuleSet, seats: int, seed: int, short: bool) -> Game:
    rng = random.Random(seed)
    low, high = (1, 12) if short else (20, 200)
    return Game(
        [rng.randint(low, high) for _ in range(seats)],
        rules,
        button=rng.randrange(seats),
        first=rng.randrange(seats) if isinstance(rules, KoreanRules) else None,
        seed=seed,
    )


@settings(max_examples=300, deadline=None)
@given(any_rules, st.integers(2, 8), st.integers(0, 2**32 - 1), st.booleans(), st.booleans())
def test_every_written_history_replays(rules, seats, seed, short, greedy):
    game = play(new_game(rules, seats, seed, short), random.Random(seed), greedy)
    again = phh.loads(phh.dumps(game))
    assert_same_hand(game, again)
    assert settings_of(again.rules) == settings_of(rules)


def settings_of(rules: Rules | KoreanRules) -> tuple[object, ...]:
    """Every setting of the rules (a casino default such as big_bet=None as the amount it
    stands for)."""
    if isinstance(rules, KoreanRules):
        return (rules,)
    return (rules.bet_size(0), rules.bet_size(2), rules.blinds, rules.max_raises,
            rules.structure, rules.burn, rules.ante, rules.cap_heads_up)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(any_rules, st.integers(0, 2**32 - 1), st.booleans())
def test_histories_with_forced_reshuffles_replay(rules, seed, short):
    """Eight players drawing the most: every rule set runs the stub out at the first draw
    unless the hand ends before it (a rule set that exchanges few cards may not)."""
    game = play(new_game(rules, 8, seed, short), random.Random(seed), greedy=True)
    reached_a_big_draw = any(
        e.kind == "draw" and e.amount == 4 and e.seat is not None for e in game.history
    )
    if reached_a_big_draw and not short:
        assert any(e.kind == "reshuffle" for e in game.history)
    assert_same_hand(game, phh.loads(phh.dumps(game)))


def test_a_reshuffle_inside_a_simultaneous_draw_replays():
    """the writer put some deals before the remaining discards."""
    game = Game([100] * 8, KoreanRules(), seed=1)
    play(game, random.Random(0), greedy=True)
    assert any(e.kind == "reshuffle" for e in game.history)
    assert_same_hand(game, phh.loads(phh.dumps(game)))


def test_burns_of_draws_with_no_betting_between_replay():
    """with both players all-in, seat 1 standing pat and seat 0 throwing one card at
    each draw, the writer left a burn unaccounted for."""
    game = Game([1, 1], Rules(small_bet=2, burn=True), seed=0)
    while not game.done:
        game.act(Action.draw(game.hands[0][:1]) if game.actor == 0 else Action.draw())
    assert sum(e.kind == "burn" for e in game.history) == 3
    text = phh.dumps(game)
    assert_same_hand(game, phh.loads(text))
    # The discards of a draw come before its deals, and each draw's deal before the next draw.
    lines = [line.strip(' ",') for line in text.splitlines() if line.startswith('  "p')
             or line.startswith('  "d dh')][2:]  # fmt: skip
    assert [line.split()[1] for line in lines[:9]] == ["sd", "sd", "dh"] * 3


@pytest.mark.parametrize("burn", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_pokerkit_replays_reshuffled_and_burned_hands_to_the_same_stacks(seed, burn):
    """pokerkit (an independent reader) reaches our stacks on hands whose draws reshuffle the
    discards: eight players calling down and throwing four cards at every draw. (It warns that
    the reshuffled cards were dealt before; the burn field is ours, which it ignores.)"""
    rng = random.Random(seed)
    game = Game([rng.randint(30, 90) for _ in range(8)], Rules(small_bet=2, burn=burn), seed=seed)
    while not game.done:
        legal = game.legal_actions()
        if legal[0].kind == "draw":
            game.act(Action.draw(game.hands[game.actor][: rng.choice([3, 4])]))  # type: ignore[index]
        else:
            game.act(next(a for a in legal if a.kind in ("check", "call")))
    assert any(e.kind == "reshuffle" for e in game.history)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        final = list(pokerkit.HandHistory.loads(phh.dumps(game)))[-1]
    order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
    assert list(final.stacks) == [game.stacks[s] for s in order]
