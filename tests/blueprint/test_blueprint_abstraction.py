"""The blueprint's abstraction read in Python (blueprint/abstraction.py) equals the C the
trainer runs (csrc/blueprint/), and the trainer's game is the library's: sampled hands walked
through ``Game`` and the C replay, decision by decision, amounts and payoffs included."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from conftest import history_classes

from badugi_fast._badugi import ffi, lib
from badugi_fast.blueprint.abstraction import (
    ABSTRACTIONS,
    BUCKETS,
    INFOSETS,
    PUBLIC,
    NotInAbstraction,
    best_badugi,
    bucket,
    infosets,
    mine_class,
    public_betting,
    public_count,
    public_draw,
    read_decision,
    thrown,
)
from badugi_fast.cards import DECK
from badugi_fast.game import Action, Game, Rules

RULES = Rules(small_bet=2, cap_heads_up=True)
KINDS = {lib.BF_BP_FOLD: "fold", lib.BF_BP_CHECK: "check", lib.BF_BP_CALL: "call",
         lib.BF_BP_BET: "bet", lib.BF_BP_RAISE: "raise", lib.BF_BP_DRAW: "draw"}  # fmt: skip


def test_the_sizes_are_the_c_headers() -> None:
    assert (BUCKETS, PUBLIC, INFOSETS) == (
        lib.BF_BP_BUCKETS, lib.BF_BP_PUBLIC, lib.BF_BP_INFOSETS,
    )  # fmt: skip
    assert ABSTRACTIONS == tuple(range(1, lib.BF_BP_ABSTRACTIONS + 1))
    assert [public_count(a) for a in ABSTRACTIONS] == [
        lib.BF_BP_PUBLIC, lib.BF_BP_PUBLIC_2, lib.BF_BP_PUBLIC_3
    ]  # fmt: skip
    for a in ABSTRACTIONS:
        assert public_count(a) == lib.bf_bp_public_count(a)
        assert infosets(a) == lib.bf_bp_infosets(a) == BUCKETS * public_count(a)
    for bad in (0, len(ABSTRACTIONS) + 1):
        assert lib.bf_bp_public_count(bad) == lib.bf_bp_infosets(bad) == lib.BF_BP_BAD
        with pytest.raises(ValueError, match="abstraction is one of"):
            public_count(bad)
    with pytest.raises(TypeError, match="whole number"):
        public_count(True)
    assert [mine_class(n) for n in range(5)] == [lib.bf_bp_mine(n) for n in range(5)]
    assert [mine_class(n) for n in range(5)] == [0, 1, 2, 2, 2]
    assert lib.bf_bp_mine(5) == lib.bf_bp_mine(-1) == lib.BF_BP_BAD
    with pytest.raises(ValueError, match=r"0 \.\. 4"):
        mine_class(5)


def test_every_hand_has_the_same_bucket_and_draws_in_python_and_c() -> None:
    rng = random.Random(7)
    hands = list(combinations(range(52), 4))
    seen = set()
    for ids in rng.sample(hands, 20000) + hands[:2000]:
        order = list(ids)
        rng.shuffle(order)
        cards = [DECK[c] for c in order]
        seen.add(bucket(cards))
        assert lib.bf_bp_bucket(bytes(order)) == bucket(cards), cards
        for slot in range(3):
            cards_out = thrown(cards, slot)
            mask = (
                -1
                if cards_out is None
                else sum(1 << i for i, c in enumerate(cards) if c in cards_out)
            )
            assert lib.bf_bp_thrown(bytes(order), slot) == mask, (cards, slot)
    assert seen <= set(range(BUCKETS)) and len(seen) > 200


def test_buckets_cover_exactly_the_badugi_classes_by_top_two_ranks() -> None:
    one_card = [DECK[4 * 5 + s] for s in range(4)]  # four sixes
    assert bucket(one_card) == 199 + 5
    wheel = [DECK[0], DECK[5], DECK[10], DECK[15]]  # A-2-3-4 of four suits
    assert bucket(wheel) == 0 and best_badugi(wheel) == tuple(wheel)
    king_queen = [DECK[4 * 12 + 3], DECK[4 * 11 + 2], DECK[4 * 1 + 1], DECK[0]]
    assert bucket(king_queen) == 54  # the worst four-card bucket: K-Q-x-x


def test_bad_hands_and_slots_are_refused_in_c_and_python() -> None:
    assert lib.bf_bp_bucket(bytes([1, 1, 2, 3])) == lib.BF_BP_BAD
    assert lib.bf_bp_bucket(bytes([52, 1, 2, 3])) == lib.BF_BP_BAD
    assert lib.bf_bp_thrown(bytes([0, 5, 10, 15]), 1) == lib.BF_BP_BAD  # a badugi keeps all
    assert lib.bf_bp_thrown(bytes([0, 5, 10, 15]), 3) == lib.BF_BP_BAD
    with pytest.raises(ValueError, match="four distinct cards"):
        bucket([DECK[0], DECK[0], DECK[1], DECK[2]])
    with pytest.raises(ValueError, match="a draw slot is 0, 1 or 2"):
        thrown([DECK[0], DECK[1], DECK[2], DECK[3]], 3)


@pytest.mark.parametrize(
    "args",
    [(1, 0, 7, 0, 0, 0, 0, 0), (1, 1, 9, 3, 2, 4, 0, 0), (1, 2, 0, 7, 1, 0, 0, 0),
     (1, 3, 5, 15, 2, 3, 0, 0), (1, 3, 0, 0, 0, 0, 0, 0), (2, 0, 7, 0, 0, 0, 0, 0),
     (2, 1, 9, 3, 2, 4, 2, 0), (2, 2, 0, 7, 1, 0, 1, 0), (2, 3, 5, 15, 2, 3, 2, 0),
     (3, 1, 9, 3, 2, 4, 2, 0), (3, 2, 0, 7, 1, 0, 1, 2), (3, 3, 5, 15, 2, 3, 2, 1),
     (3, 3, 9, 15, 2, 4, 2, 2)],
)  # fmt: skip
def test_public_betting_indices_agree_with_c(args: tuple[int, ...]) -> None:
    abstraction, *fields, earlier = args
    found = public_betting(*fields, abstraction=abstraction, opp_earlier=earlier)
    assert found == lib.bf_bp_public_betting(*args)


@pytest.mark.parametrize(
    "args",
    [(1, 1, 3, 2, 0, 5, 0), (1, 2, 7, 0, 4, 0, 0), (1, 3, 15, 2, 4, 5, 0), (1, 1, 0, 0, 0, 0, 0),
     (2, 1, 3, 2, 0, 5, 0), (2, 2, 7, 0, 4, 0, 2), (2, 3, 15, 2, 4, 5, 1),
     (3, 1, 3, 2, 0, 5, 0), (3, 2, 7, 0, 4, 0, 2), (3, 3, 15, 2, 4, 5, 1)],
)  # fmt: skip
def test_public_draw_indices_agree_with_c(args: tuple[int, ...]) -> None:
    abstraction, *fields = args
    assert public_draw(*fields, abstraction=abstraction) == lib.bf_bp_public_draw(*args)


@pytest.mark.parametrize("abstraction", ABSTRACTIONS)
def test_every_public_index_is_used_once(abstraction: int) -> None:
    mines = 3 if abstraction >= 2 else 1
    betting = [public_betting(0, n, 0, 0, 0, abstraction=abstraction) for n in range(8)] + [
        public_betting(r, n, p, a, d, m, abstraction=abstraction, opp_earlier=e)
        for r, pots in ((1, 4), (2, 8), (3, 16))
        for p in range(pots) for a in range(3) for d in range(5) for m in range(mines)
        for e in range(3 if abstraction == 3 and r >= 2 else 1) for n in range(10)
    ]  # fmt: skip
    draws = [
        public_draw(k, p, a, b, now, m, abstraction=abstraction)
        for k, pots in ((1, 4), (2, 8), (3, 16))
        for p in range(pots) for a in range(3) for b in range(1 if k == 1 else 5)
        for m in range(1 if k == 1 else mines) for now in range(6)
    ]  # fmt: skip
    assert sorted(betting + draws) == list(range(public_count(abstraction)))


@pytest.mark.parametrize(
    "args",
    [(1, 4, 0, 0, 0, 0, 0, 0), (1, 0, 8, 0, 0, 0, 0, 0), (1, 1, 0, 4, 0, 0, 0, 0),
     (1, 2, 0, 0, 3, 0, 0, 0), (1, 3, 0, 0, 0, 5, 0, 0), (1, 1, 0, 0, 0, 0, 1, 0),
     (2, 0, 0, 0, 0, 0, 1, 0), (2, 1, 0, 0, 0, 0, 3, 0), (2, 2, 0, 0, 0, 0, 0, 1),
     (3, 1, 0, 0, 0, 0, 0, 1), (3, 2, 0, 0, 0, 0, 0, 3), (3, 0, 0, 0, 0, 0, 0, 1),
     (4, 1, 0, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0, 0)],
)  # fmt: skip
def test_public_indices_out_of_range_are_refused(args: tuple[int, ...]) -> None:
    assert lib.bf_bp_public_betting(*args) == lib.BF_BP_BAD
    abstraction, *fields, earlier = args
    with pytest.raises(ValueError):
        public_betting(*fields, abstraction=abstraction, opp_earlier=earlier)


@pytest.mark.parametrize(
    "args",
    [(1, 2, 0, 0, 0, 0, 1), (2, 1, 0, 0, 0, 0, 1), (2, 2, 0, 0, 0, 0, 3), (2, 0, 0, 0, 0, 0, 0)],
)
def test_draw_indices_out_of_range_are_refused(args: tuple[int, ...]) -> None:
    assert lib.bf_bp_public_draw(*args) == lib.BF_BP_BAD
    abstraction, *fields = args
    with pytest.raises(ValueError):
        public_draw(*fields, abstraction=abstraction)


def _walk(
    rng: random.Random, deck: list[int], aggression: float, abstraction: int
) -> tuple[list, list, Game]:
    """A hand played in Game by random slots of the abstraction; the slots and decisions."""
    game = Game([200, 200], RULES, button=1, deck=[DECK[c] for c in deck])
    slots, decisions = [], []
    while not game.done:
        seat = game.actor
        assert seat is not None
        decision = read_decision(game.view(seat), 2, abstraction=abstraction)
        legal = sorted(decision.actions)
        weights = [aggression if s == 2 else 1.0 for s in legal]
        slot = rng.choices(legal, weights)[0]
        slots.append(slot)
        decisions.append((seat, decision, legal, decision.actions[slot], tuple(game.hands[seat])))
        game.act(decision.actions[slot])
    return slots, decisions, game


@pytest.mark.parametrize("abstraction", ABSTRACTIONS)
@pytest.mark.parametrize("aggression", [0.3, 1.0, 4.0])
def test_sampled_hands_play_alike_in_game_and_the_c_trainer(
    aggression: float, abstraction: int
) -> None:
    rng = random.Random(int(aggression * 10))
    rules = ffi.new("bf_bp_rules *", {"ranks": 13, "suits": 4, "draws": 3, "small_bet": 2,
                                      "abstraction": abstraction})  # fmt: skip
    steps = ffi.new("bf_bp_step[64]")
    net = ffi.new("int64_t[2]")
    publics = set()
    for _ in range(150):
        deck = list(range(52))
        rng.shuffle(deck)
        slots, decisions, game = _walk(rng, deck, aggression, abstraction)
        played = lib.bf_bp_replay(rules, bytes(deck), 52, 0, bytes(slots), len(slots), steps, net)
        assert played == len(slots)
        for step, (seat, decision, legal, action, hand) in zip(steps, decisions, strict=False):
            assert step.player == decision.player == (0 if seat == 0 else 1)
            assert step.infoset == decision.infoset
            assert decision.infoset == decision.bucket * public_count(abstraction) + decision.public
            publics.add(decision.public)
            assert step.legal == sum(1 << s for s in legal)
            assert KINDS[step.kind] == action.kind
            if action.kind == "draw":
                assert step.amount == len(action.cards)
                assert [hand[i] for i in range(4) if step.thrown >> i & 1] == list(action.cards)
            else:
                assert step.amount == action.amount
            assert list(step.hand) == [int(c) for c in hand]
        assert [net[0], net[1]] == [game.stacks[p] - 200 for p in range(2)]
    # the walks reached public states of every class of each draw the abstraction reads
    seen = {history_classes(abstraction)[public] for public in publics}
    if abstraction >= 2:
        assert {mine for mine, _ in seen} == {0, 1, 2}
    if abstraction == 3:
        assert {earlier for _, earlier in seen} == {0, 1, 2}


def test_the_replay_refuses_bad_decks_and_illegal_slots() -> None:
    rules = ffi.new("bf_bp_rules *", {"ranks": 13, "suits": 4, "draws": 3, "small_bet": 2,
                                      "abstraction": 1})  # fmt: skip
    steps = ffi.new("bf_bp_step[8]")
    net = ffi.new("int64_t[2]")
    deck = bytes(range(52))
    assert (
        lib.bf_bp_replay(rules, deck[:51] + b"\x00", 52, 0, b"\x01", 1, steps, net) == lib.BF_BP_BAD
    )
    assert lib.bf_bp_replay(rules, deck, 51, 0, b"\x01", 1, steps, net) == lib.BF_BP_BAD
    assert lib.bf_bp_replay(rules, deck, 52, 0, b"\x05", 1, steps, net) == lib.BF_BP_BAD
    assert lib.bf_bp_replay(rules, deck, 52, 0, b"\x01", 1, steps, net) == lib.BF_BP_SHORT
    assert lib.bf_bp_replay(rules, deck, 52, 0, b"\x00", 1, steps, net) == 1  # the button folds
    assert [net[0], net[1]] == [1, -1]
    bad = ffi.new("bf_bp_rules *", {"ranks": 1, "suits": 4, "draws": 3, "small_bet": 2,
                                    "abstraction": 1})  # fmt: skip
    assert lib.bf_bp_replay(bad, deck[:4], 4, 0, b"\x00", 1, steps, net) == lib.BF_BP_BAD
    for abstraction in (0, lib.BF_BP_ABSTRACTIONS + 1):  # an abstraction there is not
        other = ffi.new("bf_bp_rules *", {"ranks": 13, "suits": 4, "draws": 3, "small_bet": 2,
                                          "abstraction": abstraction})  # fmt: skip
        assert lib.bf_bp_replay(other, deck, 52, 0, b"\x00", 1, steps, net) == lib.BF_BP_BAD


def test_a_decision_outside_the_trained_game_names_what_does_not_fit() -> None:
    game = Game([200, 200], Rules(small_bet=4, cap_heads_up=True), button=1)
    with pytest.raises(NotInAbstraction, match="small_bet=2"):
        read_decision(game.view(game.actor or 0), 2)
    three = Game([200, 200, 200], RULES)
    with pytest.raises(NotInAbstraction, match="heads-up"):
        read_decision(three.view(three.actor or 0), 2)
    uncapped = Game([200, 200], Rules(small_bet=2), button=1)
    for _ in range(3):  # raise war: the fourth raise is legal only without the cap
        uncapped.act(Action("raise", uncapped.legal_actions()[-1].amount))
    with pytest.raises(NotInAbstraction, match="cap_heads_up"):
        read_decision(uncapped.view(uncapped.actor or 0), 2)


def test_small_decks_deal_every_draw_with_reshuffles_and_the_throw_cap() -> None:
    rules = ffi.new("bf_bp_rules *", {"ranks": 3, "suits": 3, "draws": 3, "small_bet": 2,
                                      "abstraction": 1})  # fmt: skip
    steps = ffi.new("bf_bp_step[64]")
    net = ffi.new("int64_t[2]")
    deck = bytes(4 * r + s for r in range(3) for s in range(3))
    slots: list[int] = []
    while True:  # the most aggressive legal slot each time: every draw throws what it may
        for slot in (2, 1, 0):
            played = lib.bf_bp_replay(rules, deck, 9, 5, bytes([*slots, slot]), len(slots) + 1,
                                      steps, net)  # fmt: skip
            if played != lib.BF_BP_BAD:
                break
        slots.append(slot)
        if played >= 0:
            break
    draws = [s for s in steps[0:played] if s.kind == lib.BF_BP_DRAW]
    assert len(draws) == 6 and all(s.amount <= 1 for s in draws)  # 9 cards: one outside hands
    assert sum(s.amount for s in draws) > 1  # a second throw finds the stub empty: a reshuffle
    assert net[0] + net[1] == 0
