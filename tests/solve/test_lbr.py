"""The local best response: the strategies it reads agree with the bots they read, its range
follows Bayes' rule, its equities agree with the library's, its figures repeat for a seed, and it
beats the reference drawer in the real game."""

from __future__ import annotations

import copy
import dataclasses

import numpy as np
import pytest

from badugi_fast.cards import DECK
from badugi_fast.draws import equity
from badugi_fast.game import Action, ActionKind, Phase, Rules, View, bots
from badugi_fast.game.rules import KoreanRules
from badugi_fast.hands import evaluate
from badugi_fast.solve.lbr import (
    CallableStrategy,
    HandStrategy,
    MixedStrategy,
    RandomStrategy,
    Table,
    ThresholdStrategy,
    local_best_response,
    public_view,
    strategy_of,
)
from badugi_fast.solve.lbr.arrays import POPCOUNT
from badugi_fast.solve.lbr.equity import showdown_share, simulated_share
from badugi_fast.solve.lbr.particles import Particles, mask_of
from badugi_fast.solve.lbr.play import Responder, Settings, fork

K = ActionKind
RULES = Rules(small_bet=2, cap_heads_up=True)
BOTS = {
    "drawer": bots.drawer,
    "tight": bots.threshold("7", "9", 4, max_bets=2),
    "loose": bots.threshold("K", "K", 2),
    "max-equity": bots.threshold("9", "K", 3, policy="max-equity"),
    "min-rank": bots.threshold("8", "Q", 3, policy="min-rank"),
}


def _spots(table: Table, hands: int, seed: int) -> list[View]:
    """Views of both seats at every decision of hands played by random bots on ``table``."""
    views = []
    chooser = bots.random_bot(seed)
    for deal in range(hands):
        game = table.new_game(seed, deal)
        while not table.over(game):
            actor = game.actor
            assert actor is not None
            view = table.view(game, actor)
            views.append(view)
            game.act(chooser(view))
    return views


def _one_hand(view: View) -> tuple[np.ndarray, np.ndarray]:
    hand = np.array([sorted(int(c) for c in view.hand)], dtype=np.uint8)
    dead = np.array([mask_of(view.dead)], dtype=np.uint64)
    return hand, dead


def _chosen(strategy: HandStrategy, view: View) -> Action:
    """The action the strategy gives probability 1 at the view's own hand."""
    hand, dead = _one_hand(view)
    spot = public_view(view)
    if view.phase is Phase.DRAW:
        probs = strategy.discards(spot, hand, dead)[0]
        assert probs.max() == 1.0
        mask = int(probs.argmax())
        return Action.draw([c for i, c in enumerate(sorted(view.hand)) if mask >> i & 1])
    probs = strategy.betting(spot, hand, dead)[0]
    assert probs.max() == 1.0
    return view.legal[int(probs.argmax())]


@pytest.mark.parametrize("name", list(BOTS))
@pytest.mark.parametrize("deck", [(13, 4, 3), (4, 3, 3), (3, 3, 1)], ids=["52", "12", "9"])
def test_a_threshold_bot_read_as_a_strategy_chooses_what_the_bot_plays(
    name: str, deck: tuple[int, int, int]
) -> None:
    """At every decision of 60 hands, the strategy's certain action with the seat's own hand
    and discards is the bot's action: the same kind, the same cards thrown."""
    ranks, suits, draws = deck
    table = Table(RULES, 200, ranks, suits, draws)
    bot = BOTS[name]
    strategy = strategy_of(bot)
    assert isinstance(strategy, ThresholdStrategy)
    for view in _spots(table, 60, seed=3):
        mine, theirs = _chosen(strategy, view), bot(view)
        assert mine.kind == theirs.kind
        assert sorted(mine.cards) == sorted(theirs.cards)


def test_any_other_bot_is_asked_hand_by_hand_and_read_as_certain() -> None:
    """A plain function bot (not a built-in class) is read through calls on the spot with each
    hand: the same actions as the bot itself, probability 1 each."""

    def folder(view: View) -> Action:
        if view.phase is Phase.DRAW:
            return Action.draw(sorted(view.hand)[:1])
        return bots.drawer(view)

    strategy = strategy_of(folder)
    assert isinstance(strategy, CallableStrategy)
    for view in _spots(Table(), 20, seed=5):
        mine, theirs = _chosen(strategy, view), folder(view)
        assert mine.kind == theirs.kind and sorted(mine.cards) == sorted(theirs.cards)


def test_the_random_bot_is_read_as_uniform_over_its_choices() -> None:
    """Uniform over the legal actions, and over the discards within the cap: each discard the
    random bot throws has positive probability, and the probabilities sum to 1."""
    strategy = strategy_of(bots.random_bot(1))
    assert isinstance(strategy, RandomStrategy)
    table = Table(RULES, 200, 3, 3, 3)  # a 9-card deck: at most one card a draw
    for view in _spots(table, 20, seed=2):
        hand, dead = _one_hand(view)
        spot = public_view(view)
        if view.phase is Phase.DRAW:
            probs = strategy.discards(spot, hand, dead)[0]
            assert probs[POPCOUNT > 1].sum() == 0.0
            assert probs[POPCOUNT <= 1] == pytest.approx(np.full(5, 0.2))
        else:
            probs = strategy.betting(spot, hand, dead)[0]
            assert probs == pytest.approx(np.full(len(view.legal), 1 / len(view.legal)))


def test_a_public_view_keeps_no_card_of_its_seat() -> None:
    """The spot a strategy reads: no hand, no discards, dealt and drawn events without cards
    (their counts kept), no random bits."""
    game = Table().new_game(1, 0)
    while game.phase is not Phase.DRAW or game.actor != 1:
        if game.phase is Phase.DRAW:
            game.act(Action.draw(game.hands[0][:2]))
        else:  # check or call
            game.act(next(a for a in game.legal_actions() if a.kind in (K.CHECK, K.CALL)))
    spot = public_view(game.view(0))
    assert spot.hand == () and spot.dead == frozenset() and spot.stream == 0
    assert all(not e.cards and not e.received for e in spot.history)
    draws = [e for e in spot.history if e.kind is K.DRAW]
    assert [e.amount for e in draws] == [2]


def test_a_fork_plays_on_alone_like_a_deep_copy() -> None:
    """The look-ahead copy: acting on it changes nothing in the original, and it reaches the
    same views as a deep copy acting alike."""
    game = Table().new_game(4, 2)
    before = game.view(1)
    twin, deep = fork(game), copy.deepcopy(game)
    for played in (twin, deep):
        played.act(Action(K.RAISE))
    assert game.view(1) == before
    assert dataclasses.replace(twin.view(0), stream=0) == dataclasses.replace(
        deep.view(0), stream=0
    )


def test_the_range_of_a_small_deck_is_exact_and_follows_bayes_rule() -> None:
    """On a 9-card deck the range starts as every hand of the five unseen cards; after the
    drawer's first action the hands left are exactly those with which it acts so."""
    table = Table(RULES, 200, 3, 3, 0)
    game = table.new_game(7, 0)
    mine = mask_of(game.hands[0])
    particles = Particles(table.deck_mask, 100, np.random.default_rng(0))
    particles.know(mine, 0)
    particles.start()
    assert particles.exact and len(particles.hands) == 5
    view = table.view(game, 1)
    action = bots.drawer(view)
    particles.bet(strategy_of(bots.drawer), public_view(view), action)
    for hand, weight in zip(particles.hands, particles.weights, strict=True):
        other = dataclasses.replace(view, hand=tuple(DECK[c] for c in sorted(hand.tolist())))
        assert (weight == 1.0) == (bots.drawer(other).kind == action.kind)


def test_a_draw_deals_each_particle_cards_it_does_not_hold_and_the_other_player_lacks() -> None:
    """After a draw of two cards, every particle still has four distinct cards, none of them
    the other player's, its two thrown cards among its own discards."""
    particles = Particles((1 << 52) - 1, 500, np.random.default_rng(1))
    seen = mask_of([0, 5, 10, 15])
    particles.know(seen, 0)
    particles.start()
    spot = public_view(Table().new_game(0, 0).view(1))
    spot = dataclasses.replace(spot, phase=Phase.DRAW, legal=(Action(K.DRAW, 4),), draws_left=3)
    particles.draw(RandomStrategy(), spot, 2)
    for hand, dead in zip(particles.hands.tolist(), particles.dead.tolist(), strict=True):
        assert len(set(hand)) == 4 and not mask_of(hand) & seen
        assert bin(dead).count("1") == 2 and not mask_of(hand) & dead


def test_a_draw_the_stub_cannot_serve_deals_the_other_players_discards() -> None:
    """Nine cards: the other player has drawn the stub's last card; the opponent's one card
    then comes from the reshuffled discards, the other player's thrown card, and the range
    keeps track (nothing lost)."""
    table = Table(RULES, 200, 3, 3, 1)
    deck = list(table.cards)
    hand, thrown, theirs = deck[:4], deck[4], deck[5:]
    particles = Particles(table.deck_mask, 100, np.random.default_rng(2))
    particles.know(mask_of(hand), mask_of([thrown]))
    particles.start()
    assert particles.hands.tolist() == [theirs]
    spot = public_view(table.new_game(0, 0).view(1))
    spot = dataclasses.replace(spot, phase=Phase.DRAW, legal=(Action(K.DRAW, 1),), draws_left=3)
    particles.draw(RandomStrategy(), spot, 1)
    assert particles.lost == 0
    assert all(thrown in row for row in particles.hands.tolist())


def test_the_showdown_share_is_the_weighted_share_of_pots_won() -> None:
    """Against three hands weighted 1, 2, 1: beaten, tied, beating: (0 + 2 x 0.5 + 1) / 4."""
    hand = [0, 5, 10, 19]  # A-2-3-5 badugi
    worse = [1, 6, 11, 30]  # A-2-3-8
    tied = [1, 4, 11, 18]  # A-2-3-5 in other suits
    better = [3, 6, 9, 12]  # A-2-3-4
    assert evaluate(tied) == evaluate(hand) and evaluate(better) < evaluate(hand)
    hands = np.array([better, tied, worse], dtype=np.uint8)
    assert showdown_share(hand, np.sort(hands, axis=1), np.array([1.0, 2.0, 1.0])) == 0.5


def test_a_simulated_share_against_one_hand_agrees_with_the_library_equity() -> None:
    """A three-card hand against a one-hand range, two draws by the default policy each: the
    estimate from 40,000 deals within 0.01 of ``equity`` on the same two hands."""
    mine, theirs = [0, 5, 10, 14], [1, 6, 30, 47]
    expected = equity([mine, theirs], draws=2, trials=200_000, seed=1).equity[0]
    estimate = simulated_share(
        mine, np.array([sorted(theirs)], dtype=np.uint8), np.ones(1), draws=2, cap=4, dead=0,
        policies=(None, None), first_throw=-1, seed=5, trials=40_000,
    )  # fmt: skip
    assert estimate == pytest.approx(expected, abs=0.01)


def test_the_figures_repeat_for_a_seed_on_any_thread_count() -> None:
    """Six deals on a 12-card deck: the same result on one thread and on two."""
    kwargs = {"rules": RULES, "ranks": 4, "suits": 3, "hands": 6, "seed": 9, "particles": 200,
              "trials": 300, "draw_trials": 200}  # fmt: skip
    one = local_best_response(bots.drawer, threads=1, **kwargs)  # type: ignore[arg-type]
    two = local_best_response(bots.drawer, threads=2, **kwargs)  # type: ignore[arg-type]
    assert one == two and one.deals == 6


def test_it_beats_the_drawer_in_the_real_game() -> None:
    """40 duplicate deals of the real game: the local best response wins from the reference
    drawer, the 95 % interval above zero (in mbb/hand, seat by seat as well on average)."""
    found = local_best_response(
        bots.drawer, hands=40, seed=2, threads=1, particles=300, trials=500, draw_trials=300
    )
    assert found.value - found.interval > 0
    assert found.value == pytest.approx(sum(found.seats) / 2)
    assert found.chips == pytest.approx(found.value / 500)  # a big blind of 2 chips


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"hands": 0}, ValueError, "hands"),
        ({"hands": 1.5}, TypeError, "hands"),
        ({"rules": KoreanRules()}, ValueError, "fixed limit"),
        ({"rules": Rules(structure="pot-limit")}, ValueError, "fixed limit"),
        ({"ranks": 14}, ValueError, "ranks is 1 .. 13"),
        ({"suits": 0}, ValueError, "suits is 1 .. 4"),
        ({"draws": 4}, ValueError, "draws is 0 .. 3"),
        ({"ranks": 1, "suits": 4}, ValueError, "at least 8 cards"),
        ({"stack": 0}, ValueError, "stack"),
        ({"seed": -1}, ValueError, "seed"),
        ({"particles": 0}, ValueError, "particles"),
        ({"particles": 10**12}, ValueError, "particles must be 1 .. 270,725"),  # was MemoryError
        ({"threads": 0}, ValueError, "threads"),
        ({"free_after": -1}, ValueError, "free_after"),
        ({"free_after": 4}, ValueError, "free_after must be 0 .. 3"),
        ({"draws": 1, "free_after": 2}, ValueError, "free_after must be 0 .. 1"),
        ({"free_after": 1.0}, TypeError, "free_after"),
    ],
)
def test_bad_arguments_are_refused_by_name(
    kwargs: dict[str, object], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        local_best_response(bots.drawer, **kwargs)


@pytest.mark.parametrize(("draws", "free_after"), [(3, 1), (3, 2), (3, 3), (2, 2)])
def test_a_responder_free_after_some_draws_plays_the_strategy_until_then(
    monkeypatch: pytest.MonkeyPatch, draws: int, free_after: int
) -> None:
    """Against the drawer (a deterministic strategy), every action of a responder free after k
    draws before them is the drawer's own for its hand, and at least one later one is not the
    drawer's over 20 deals (the responder decides there). The draws done before a decision are
    counted here from the hand's own events, the responder's draws before it (it draws in
    every draw of a hand that goes on), not by the code's ``Table.draws_done``; the decisions
    the result counts are the later ones."""
    played: list[tuple[View, Action, int]] = []
    act, start = Responder.act, Responder.start
    drawn = [0]  # the responder's draws so far in this hand

    def started(self: Responder, view: View) -> None:
        drawn[0] = 0
        start(self, view)

    def recorded(self: Responder, view: View, after: object) -> Action:
        action = act(self, view, after)  # type: ignore[arg-type]
        played.append((view, action, drawn[0]))
        drawn[0] += view.phase is Phase.DRAW
        return action

    monkeypatch.setattr(Responder, "start", started)
    monkeypatch.setattr(Responder, "act", recorded)
    found = local_best_response(bots.drawer, hands=20, seed=3, threads=1, particles=200,
                                trials=300, draw_trials=200, draws=draws,
                                free_after=free_after)  # fmt: skip
    strategy = strategy_of(bots.drawer)
    before = [(v, a) for v, a, done in played if done < free_after]
    later = [(v, a) for v, a, done in played if done >= free_after]
    assert before and later and found.deals == 20
    assert (found.free_after, found.decisions) == (free_after, len(later))
    assert all(_chosen(strategy, v) == a for v, a in before)
    assert any(_chosen(strategy, v) != a for v, a in later)


def test_a_responder_free_after_the_draws_follows_a_mixed_strategy_by_its_odds() -> None:
    """Followed, the random bot's uniform choices come out uniform: 400 first decisions of the
    button (fold, call, raise) drawn by the responder's stream, each about a third."""
    table = Table(RULES, draws=1)
    counts: dict[str, int] = {}
    for deal in range(400):
        game = table.new_game(5, deal)
        responder = Responder(table, RandomStrategy(), 1, Settings(free_after=1),
                              np.random.default_rng([5, deal]))  # fmt: skip
        view = game.view(1)
        responder.start(view)
        kind = responder.act(view, lambda action: None).kind
        counts[kind] = counts.get(kind, 0) + 1
    assert set(counts) == {a.kind for a in game.view(1).legal}
    assert all(100 <= n <= 170 for n in counts.values()), counts


def test_a_responder_free_after_the_draws_follows_a_mixed_discard_by_its_odds() -> None:
    """Followed at its first draw, the random strategy's discards (each of the 16 alike within
    the cap of four) come out alike: 1,600 draws, each count of cards thrown by its share of
    the 16 (1, 4, 6, 4, 1), within about four standard deviations."""
    from math import comb

    table = Table(RULES, draws=2)
    thrown = [0] * 5
    for deal in range(1600):
        game = table.new_game(7, deal)
        while game.phase is not Phase.DRAW:  # call and check to the first draw
            game.act(next(a for a in game.legal_actions() if a.kind in (K.CHECK, K.CALL)))
        seat = game.actor
        responder = Responder(table, RandomStrategy(), seat, Settings(free_after=1),
                              np.random.default_rng([7, deal]))  # fmt: skip
        view = game.view(seat)
        responder.start(view)
        action = responder.act(view, lambda action: None)
        assert action.kind is K.DRAW and set(action.cards) <= set(game.hands[seat])
        thrown[len(action.cards)] += 1
    for n, count in enumerate(thrown):
        share = comb(4, n) / 16
        assert abs(count - 1600 * share) <= 4 * (1600 * share * (1 - share)) ** 0.5, thrown


def test_a_bot_that_is_no_callable_is_refused() -> None:
    with pytest.raises(TypeError, match="bot"):
        local_best_response("drawer")


def test_a_thousand_particles_after_a_betting_action_agree_with_the_exact_range() -> None:
    """After the drawer's first action in the real game, the showdown share of a hand against
    the 1,000-particle range is within 0.05 of the share against the exact range (all 194,580
    hands of the unseen cards, each weighted by the drawer's probability of that action)."""
    from itertools import combinations

    table = Table()
    game = table.new_game(3, 1)
    mine = sorted(int(c) for c in game.hands[0])
    view = table.view(game, 1)  # the button acts first
    action = bots.drawer(view)
    strategy = strategy_of(bots.drawer)
    spot = public_view(view)
    unseen = [c for c in range(52) if c not in mine]
    every = np.array(list(combinations(unseen, 4)), dtype=np.uint8)
    kinds = [a.kind for a in spot.legal]
    exact = strategy.betting(spot, every, np.zeros(len(every), dtype=np.uint64))
    weights = exact[:, kinds.index(action.kind)]
    particles = Particles(table.deck_mask, 1000, np.random.default_rng(4))
    particles.know(mask_of(mine), 0)
    particles.start()
    particles.bet(strategy, spot, action)
    sampled = showdown_share(mine, *particles.live())
    assert sampled == pytest.approx(showdown_share(mine, every, weights), abs=0.05)


def test_a_bot_stating_its_probabilities_is_read_by_them() -> None:
    """A mixed bot with ``probabilities(view)`` (half the drawer's action, half the first legal
    action; at a draw the drawer's discard or standing pat) is read as those probabilities,
    its own or its ``blueprint``'s."""

    @dataclasses.dataclass(frozen=True)
    class Mixed:
        def probabilities(self, view: View) -> list[tuple[Action, float]]:
            first = Action.draw() if view.phase is Phase.DRAW else view.legal[0]
            return [(bots.drawer(view), 0.5), (first, 0.5)]

        def __call__(self, view: View) -> Action:
            return self.probabilities(view)[0][0]

    @dataclasses.dataclass(frozen=True)
    class Holder:
        blueprint: Mixed

        def __call__(self, view: View) -> Action:
            return self.blueprint(view)

    for player in (Mixed(), Holder(Mixed())):
        strategy = strategy_of(player)
        assert isinstance(strategy, MixedStrategy)
        for view in _spots(Table(), 10, seed=6):
            hand, dead = _one_hand(view)
            spot = public_view(view)
            drawer = bots.drawer(view)
            if view.phase is Phase.DRAW:
                probs = strategy.discards(spot, hand, dead)[0]
                cards = sorted(int(c) for c in view.hand)
                mask = sum(1 << cards.index(int(c)) for c in drawer.cards)
                assert probs[mask] == (1.0 if mask == 0 else 0.5) and probs.sum() == 1.0
            else:
                probs = strategy.betting(spot, hand, dead)[0]
                at = [a.kind for a in view.legal].index(drawer.kind)
                assert probs[at] == (1.0 if at == 0 else 0.5) and probs.sum() == 1.0
