"""Public beliefs (solve/belief_states): the C draw pass against a direct sum, the full-deck
beliefs' invariants, a Monte Carlo of the same strategy, and what is refused."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from badugi_fast._badugi import ffi, lib
from badugi_fast.blueprint import blueprint_bot, load_blueprint
from badugi_fast.cards import card_id
from badugi_fast.game import Action, Rules
from badugi_fast.game.bots import drawer
from badugi_fast.hands.universe import all_hands, class_of_hands, colex_hands, colex_index
from badugi_fast.solve.belief_states import beliefs
from badugi_fast.solve.lbr.arrays import POPCOUNT
from badugi_fast.solve.lbr.play import Table
from badugi_fast.solve.lbr.strategy import ThresholdStrategy


def _c_draw(rows, weight, probs, count, blocked):
    """The C pass, given each row's probabilities of all 16 discards (it reads those of
    ``count`` cards)."""
    probs = np.asarray(probs)[:, POPCOUNT == count]
    after = np.zeros(len(colex_hands()))
    status = lib.bf_belief_draw(
        len(rows),
        ffi.from_buffer("uint8_t[]", np.ascontiguousarray(rows, dtype=np.uint8)),
        ffi.from_buffer("double[]", np.ascontiguousarray(weight, dtype=np.float64)),
        ffi.from_buffer("double[]", np.ascontiguousarray(probs, dtype=np.float64)),
        count,
        blocked,
        ffi.from_buffer("double[]", after),
    )
    return status, after


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("blocked_cards", [(), (5, 17, 40, 51)])
def test_draw_pass_is_the_direct_sum(count, blocked_cards):
    """The subset-sum pass gives what dealing every set of new cards to every old hand gives."""
    rng = np.random.default_rng(count)
    hands = colex_hands()
    blocked = sum(1 << c for c in blocked_cards)
    rows = hands[rng.choice(len(hands), 5, replace=False)]
    rows = np.vstack([rows, [[0, 1, 2, 3]]])  # hands sharing cards with each other too
    weight, probs = rng.random(len(rows)), rng.random((len(rows), 16))
    status, after = _c_draw(rows, weight, probs, count, blocked)
    assert status == 0
    want = np.zeros(len(hands))
    for row, w, p in zip(rows.tolist(), weight, probs, strict=True):
        if any(c in blocked_cards for c in row):
            continue
        unseen = [c for c in range(52) if c not in row and c not in blocked_cards]
        share = 1 / math.comb(len(unseen), count)
        for mask in range(16):
            if bin(mask).count("1") != count:
                continue
            kept = [row[i] for i in range(4) if not mask >> i & 1]
            for new in itertools.combinations(unseen, count):
                want[colex_index(kept + list(new))] += w * p[mask] * share
    np.testing.assert_allclose(after, want, rtol=1e-12, atol=1e-15)
    assert not after[[colex_index(h) for h in ([5, 6, 7, 8], [0, 17, 20, 30])]].any() or not blocked


@pytest.mark.parametrize(
    "change",
    [
        "negative n",
        "count 5",
        "unsorted row",
        "card 52",
        "blocked past 52",
        "negative weight",
        "nan probability",
        "too few cards",
    ],
)
def test_draw_pass_refuses_bad_input(change):
    rows = np.array([[0, 1, 2, 3]], dtype=np.uint8)
    weight, probs, count, blocked, n = np.ones(1), np.full((1, 4), 0.1), 1, 0, 1
    if change == "count 5":
        count = 5
    elif change == "unsorted row":
        rows = np.array([[1, 0, 2, 3]], dtype=np.uint8)
    elif change == "card 52":
        rows = np.array([[0, 1, 2, 52]], dtype=np.uint8)
    elif change == "blocked past 52":
        blocked = 1 << 52
    elif change == "negative weight":
        weight = -weight
    elif change == "nan probability":
        probs[0, 2] = np.nan
    elif change == "too few cards":
        blocked, count = (1 << 52) - 1 - 0b1111111, 4  # 7 open cards, 4 in the hand
        rows = np.array([[0, 1, 2, 3]], dtype=np.uint8)
    elif change == "negative n":
        n = -1
    after = np.zeros(len(colex_hands()))
    status = lib.bf_belief_draw(
        n, ffi.from_buffer("uint8_t[]", rows), ffi.from_buffer("double[]", weight),
        ffi.from_buffer("double[]", probs), count, blocked, ffi.from_buffer("double[]", after),
    )  # fmt: skip
    assert status == lib.BF_BELIEF_BAD_ARGS


@pytest.fixture(scope="module")
def shipped():
    return blueprint_bot()


def test_full_deck_beliefs_sum_to_one_and_respect_card_removal(shipped):
    line = "rc/12/bc/01"
    public = beliefs(shipped, line)
    for p in (0, 1):
        assert public.weights[p].sum() == pytest.approx(1.0, abs=1e-12)
        assert (public.weights[p] >= 0).all()
        assert 0 < public.chance[p] <= 1
    hero = ["As", "2d", "3c", "9h"]
    seen = beliefs(shipped, line, observer=(0, hero))
    ids = [0 * 4 + 3, 1 * 4 + 1, 2 * 4 + 0, 8 * 4 + 2]  # As 2d 3c 9h as ids: rank * 4 + suit
    holds = np.isin(all_hands(), ids).any(axis=1)
    assert seen.weights[1].sum() == pytest.approx(1.0)
    assert not seen.weights[1][holds].any()
    assert seen.weights[0][~holds].sum() == 0 and seen.weights[0].max() == 1.0
    assert seen.observer == 0


def test_beliefs_match_a_monte_carlo_of_the_same_strategy():
    """A seeded Monte Carlo of the drawer (ThresholdBot): hands dealt, the first round's
    actions and the draw played hand by hand, the survivors' final hands counted by class."""
    table = Table()
    strategy = ThresholdStrategy(drawer)
    line = "rc/1"  # the big blind, having called a raise, throws one
    believed = beliefs(strategy, line, table=table)
    from badugi_fast.solve.belief_states import play

    steps = play(table, line).steps
    rng = np.random.default_rng(7)
    n = 200_000
    keys = rng.random((n, 52))
    hands = np.sort(np.argpartition(keys, 4, axis=1)[:, :4], axis=1).astype(np.uint8)
    weight = np.ones(n)
    dead = np.zeros(n, dtype=np.uint64)
    for step in steps[:-1]:
        if step.seat != 0:
            continue
        kinds = [a.kind for a in step.spot.legal]
        weight *= strategy.betting(step.spot, hands, dead)[:, kinds.index(step.kind)]
    throws = strategy.discards(steps[-1].spot, hands, dead)
    mask = throws.argmax(axis=1)  # the drawer's discards are one choice a hand
    weight *= throws[np.arange(n), mask] * (np.array([bin(m).count("1") for m in mask]) == 1)
    kept = np.where(((mask[:, None] >> np.arange(4)) & 1) == 0, hands, 255)
    held = np.zeros((n, 52), dtype=bool)
    np.put_along_axis(held, hands.astype(np.int64), True, axis=1)
    draw_keys = np.where(held, 2.0, rng.random((n, 52)))
    new = np.argpartition(draw_keys, 1, axis=1)[:, :1]
    final = np.sort(np.concatenate([np.sort(kept, axis=1)[:, :3], new], axis=1), axis=1)
    from badugi_fast.hands.universe import lex_index

    ranks = class_of_hands()[lex_index(final[weight > 0])]
    sampled = np.bincount(ranks, minlength=1093) / (weight > 0).sum()
    exact = believed.classes(0)
    error = np.sqrt(exact * (1 - exact) / (weight > 0).sum())
    assert np.all(np.abs(sampled - exact) <= 5 * error + 1e-4)
    assert believed.chance[0] == pytest.approx((weight > 0).mean(), abs=5 * np.sqrt(0.25 / n))


@pytest.mark.parametrize(
    ("history", "message"),
    [
        ("rk", "may fold, call, raise here, not check"),
        ("rc/x", "a draw is two digits"),
        ("rc/11/kk/11/kk/11/kk/1", "the hand is over"),
        ("rc/5", "throws 0 .. 4 cards here, not 5"),
        ("rq", "'q' is not a betting action"),
        ("rc/1/k", "a draw is two digits"),
        ("rc/11/22", "'2' is not a betting action"),
    ],
)
def test_bad_histories_are_refused_naming_the_action(history, message, shipped):
    with pytest.raises(ValueError, match=message):
        beliefs(shipped, history)


def test_a_line_is_read_as_far_as_it_is_played_and_a_fold_weighs_the_folder(shipped):
    # the first round's fault is named, not the later segment's
    with pytest.raises(ValueError, match="may fold, call, raise here, not check"):
        beliefs(shipped, "kk/zz")
    folded = beliefs(shipped, "f")  # the folder's hands, weighted by their chance of folding
    assert 0 < folded.chance[1] < 1 and folded.chance[0] == 1.0
    top = beliefs(shipped, "rc")
    with pytest.raises(ValueError, match="count must be at least 0"):
        top.top(0, -1)
    with pytest.raises(TypeError, match="count must be a whole number"):
        top.top(0, True)
    assert top.top(0, 0) == [] and len(top.top(0, 3)) == 3


def test_a_history_the_strategy_never_plays_is_refused():
    strategy = ThresholdStrategy(drawer)
    with pytest.raises(ValueError, match="never plays it"):
        beliefs(strategy, "rc/2", table=Table())  # the drawer folds a two-card draw to a raise


def test_other_inputs_are_refused(shipped):
    with pytest.raises(TypeError, match="a history is a line"):
        beliefs(shipped, 5)
    with pytest.raises(TypeError, match="observer is a View"):
        beliefs(shipped, "rc", observer="As")
    with pytest.raises(ValueError, match="a hand has 4 cards"):
        beliefs(shipped, "rc", observer=(0, ["As", "2d"]))
    with pytest.raises(ValueError, match="player is 0"):
        beliefs(shipped, "rc").top(2)
    with pytest.raises(ValueError, match="give rules or a table"):
        beliefs(shipped, "rc", rules=Rules(small_bet=4), table=Table())
    with pytest.raises(ValueError, match="one for both seats or a pair"):
        beliefs((shipped, shipped, shipped), "rc")


def test_the_blueprint_bets_by_bucket_as_any_strategy_by_hand(shipped):
    """``bet`` reads the blueprint a bucket's row at a time; the same strategy seen as any
    other (a row for each hand, checked) gives the same weights, bit for bit, at each betting
    action of a line and for weights with dead hands."""
    from badugi_fast.solve.belief_states.api import table_for
    from badugi_fast.solve.belief_states.public import play
    from badugi_fast.solve.belief_states.update import bet
    from badugi_fast.solve.lbr.blueprint import BlueprintStrategy

    strategy = BlueprintStrategy(shipped.blueprint)

    class ByHand:  # the blueprint, not known as one
        def betting(self, spot, hands, dead):
            return strategy.betting(spot, hands, dead)

    weights = np.random.default_rng(5).random(len(all_hands()))
    weights[::3] = 0.0
    steps = play(table_for(shipped, None, None), "rrc/21/bc/10/brc").steps
    betting = [s for s in steps if s.kind != "draw"]
    assert len(betting) == 8
    for step in betting:
        for tremble in (0.0, 1e-4):
            fast = bet(weights, strategy, step.spot, step.kind, tremble)
            assert np.array_equal(fast, bet(weights, ByHand(), step.spot, step.kind, tremble))
            assert fast.any() and not fast[::3].any()


def test_the_blueprint_file_is_a_strategy_too(shipped):
    by_bot = beliefs(shipped, "rc/21")
    by_file = beliefs(load_blueprint(), "rc/21")
    for p in (0, 1):
        np.testing.assert_array_equal(by_bot.weights[p], by_file.weights[p])
    lines = by_bot.describe(1, 3, korean=True)
    assert len(lines) == 3 and all("%" in line for line in lines)
    assert by_bot.range(0).weights.sum() == pytest.approx(1.0)


def test_histories_as_events_and_views_and_a_pair_of_strategies(shipped):
    from badugi_fast.game import Game

    table = Table()
    for seed in range(100):  # the first deal the blueprint plays to the second round
        game = Game([200, 200], table.rules, button=1, seed=seed)
        while not game.done and (game.round_index < 1 or game.phase.value != "betting"):
            game.act(shipped(game.view(game.actor)))
        if not game.done:
            break
    view = game.view(game.actor)
    by_view = beliefs((shipped, shipped), view, table=table)
    by_events = beliefs(shipped, list(view.history), rules=table.rules)
    for p in (0, 1):
        np.testing.assert_array_equal(by_view.weights[p], by_events.weights[p])
    with pytest.raises(TypeError, match="a history holds Events"):
        beliefs(shipped, ["rc"])
    with pytest.raises(TypeError, match=r"table is a solve\.lbr Table"):
        beliefs(shipped, "rc", table="big")
    drawer_view = beliefs(ThresholdStrategy(drawer), "rc")  # a strategy of no blueprint
    assert drawer_view.weights[0].sum() == pytest.approx(1.0)


def test_an_event_out_of_turn_is_refused_naming_it(shipped):
    from badugi_fast.game.actions import Event

    raise_ = Event("raise", 1, 3)
    with pytest.raises(ValueError, match="is to bet, not to draw"):
        beliefs(shipped, [raise_, Event("draw", 0, 1)])
    with pytest.raises(ValueError, match="is to draw, not to check"):
        beliefs(shipped, [raise_, Event("call", 0, 2), Event("check", 0, 0)])


def test_a_tremble_gives_beliefs_where_the_strategy_never_goes():
    strategy = ThresholdStrategy(drawer)
    trembling = beliefs(strategy, "rc/2", table=Table(), tremble=1e-3)
    assert trembling.weights[0].sum() == pytest.approx(1.0)
    assert 0 < trembling.chance[0] < 1e-3  # only the tremble plays it
    on_line = beliefs(strategy, "rc/1", table=Table())
    near = beliefs(strategy, "rc/1", table=Table(), tremble=1e-6)
    assert 0.5 * np.abs(near.weights[0] - on_line.weights[0]).sum() < 1e-4
    with pytest.raises(ValueError, match="tremble is a share"):
        beliefs(strategy, "rc/1", table=Table(), tremble=1.0)


def test_an_observer_view_is_placed_by_its_blind_not_its_seat_number(shipped):
    """A View from a hand whose button sits in seat 0 observes as the same player as the
    mirrored hand's View (button in seat 1): the big blind is the seat that posted it."""
    from badugi_fast.game import Game

    def line(view):  # the public actions: the opponent's cards differ between the two deals
        return [(e.kind, e.amount) for e in view.history]

    table = Table()
    for seed in range(100):  # a deal the blueprint plays to the second round on one line
        views = []
        for button in (1, 0):
            game = Game([200, 200], table.rules, button=button, seed=seed)
            while not game.done and (game.round_index < 1 or game.phase.value != "betting"):
                game.act(shipped(game.view(game.actor)))
            views.append(None if game.done else game.view(game.actor))
        if all(v is not None for v in views) and line(views[0]) == line(views[1]):
            break
    mirrored, swapped = views
    assert line(mirrored) == line(swapped)
    assert swapped.seat == 1 - mirrored.seat and swapped.hand == mirrored.hand
    want = beliefs(shipped, mirrored, observer=mirrored, table=table)
    got = beliefs(shipped, swapped, observer=swapped, table=table)
    assert got.observer == want.observer == (0 if mirrored.seat == 0 else 1)
    for p in (0, 1):
        np.testing.assert_array_equal(got.weights[p], want.weights[p])


def _first_view(stacks, rules, seats=2):
    from badugi_fast.game import Game

    game = Game([stacks] * seats, rules, button=1 if seats == 2 else 0, seed=3)
    return game.view(game.actor)


def test_a_game_the_blueprint_was_not_trained_for_is_refused(shipped):
    rules = Rules(small_bet=2, cap_heads_up=True)
    with pytest.raises(ValueError, match=r"trained for Rules\(small_bet=2"):
        beliefs(shipped, "rc", rules=Rules(small_bet=4, cap_heads_up=True))
    with pytest.raises(ValueError, match="trained on 13 ranks, 4 suits and 3 draws, not the"):
        beliefs(shipped, "rc", table=Table(ranks=5, suits=4, draws=1))
    with pytest.raises(ValueError, match="at least 48 chips"):
        beliefs(shipped, "rc", table=Table(stack=20))
    with pytest.raises(ValueError, match="trained for"):  # one of a pair is enough
        beliefs((drawer, shipped), "rc", rules=Rules(small_bet=4, cap_heads_up=True))
    assert beliefs(shipped, "rc", rules=rules).chance[1] > 0


def test_a_view_or_events_of_another_game_are_refused(shipped):
    rules = Rules(small_bet=2, cap_heads_up=True)
    other = _first_view(200, Rules(small_bet=4, cap_heads_up=True))
    with pytest.raises(ValueError, match=r"chip event 1 of the history \(post 2\) is post 1"):
        beliefs(shipped, other)
    with pytest.raises(ValueError, match="chip event 1"):
        beliefs(shipped, list(other.history))
    with pytest.raises(ValueError, match=r"began with \[30, 30\] chips: .* at least 48 chips"):
        beliefs(shipped, _first_view(30, rules))
    # a strategy of no blueprint plays any stacks: the view's blinds and bets are the game
    short = beliefs(drawer, _first_view(30, rules), rules=rules)
    assert short.chance == beliefs(drawer, "", rules=rules).chance
    with pytest.raises(ValueError, match="a heads-up hand's view, not one of 3 seats"):
        beliefs(shipped, _first_view(200, rules, seats=3))
    deep = _first_view(500, rules)  # deeper stacks never bind a capped hand: the same game
    assert beliefs(shipped, deep).chance == beliefs(shipped, "").chance
    from badugi_fast.solve import bots as solve_bots

    with pytest.raises(ValueError, match=r"the view's blinds \[2, 4\] are not those"):
        solve_bots.search().probabilities(other)


def test_an_observer_is_checked_against_the_deck_played(shipped):
    view = _first_view(200, Rules(small_bet=2, cap_heads_up=True))
    import dataclasses

    with pytest.raises(ValueError, match="a hand has 4 cards, got 0"):
        beliefs(shipped, "rc", observer=(0, []))
    with pytest.raises(ValueError, match="a hand has 4 cards, got 3"):
        beliefs(shipped, "rc", observer=dataclasses.replace(view, hand=view.hand[:3]))
    with pytest.raises(ValueError, match="player is 0"):
        beliefs(shipped, "rc", observer=(0.0, ["As", "2d", "3c", "9h"]))
    small = Table(ranks=5, suits=4, draws=1)
    with pytest.raises(ValueError, match="the observer holds Kd, outside the deck played"):
        beliefs(drawer, "rc", table=small, observer=(0, ["As", "2d", "3c", "Kd"]))
    assert beliefs(drawer, "rc", table=small, observer=(0, ["As", "2d", "3c", "4h"])).observer == 0


def test_a_folded_observer_conditions_on_its_thrown_cards_and_is_read_from_its_play(shipped):
    """A seat that folded has no hand in its view: its belief is read from its play, as the
    public belief is, and the other's holds no card it threw."""
    from badugi_fast.game import Game

    rules = Rules(small_bet=2, cap_heads_up=True)
    game = Game([200, 200], rules, button=1, seed=11)
    for action in ("call", "check"):
        game.act(Action(action))
    for _ in range(2):  # each throws its first card
        game.act(Action.draw([game.hands[game.actor][0]]))
    game.act(Action("bet"))
    folder = game.actor
    game.act(Action("fold"))
    view = game.view(folder)
    assert view.hand == () and view.dead
    found = beliefs(shipped, view, observer=view)
    thrown = {card_id(c) for c in view.dead}
    holds = np.array([bool(thrown & set(h)) for h in all_hands().tolist()])
    assert holds.any()
    me = found.observer
    alone = beliefs(shipped, view)
    np.testing.assert_allclose(found.weights[me], alone.weights[me])
    assert found.chance[me] == pytest.approx(alone.chance[me])
    other = found.weights[1 - me]
    assert other.sum() == pytest.approx(1.0) and other[holds].sum() == 0
    assert alone.weights[1 - me][holds].sum() > 0.01  # unknown without the observer
    import dataclasses

    with pytest.raises(ValueError, match="a hand has 4 cards, got 0"):  # a seat in the hand
        beliefs(shipped, view, observer=dataclasses.replace(view, folded=(False, False)))


def test_a_view_checked_to_the_showdown_began_with_its_stacks(shipped):
    """The stacks a view began with are read from its own events (a replay deals other cards
    and crowns another winner): a hand of the blueprint's own 48 chips played to the
    showdown is its game, whoever won."""
    from badugi_fast.game import Game
    from badugi_fast.solve.belief_states.public import starting_stacks

    rules = Rules(small_bet=2, cap_heads_up=True)
    for seed in range(4):
        game = Game([48, 48], rules, button=1, seed=seed)
        while not game.done:
            kinds = [a.kind for a in game.legal_actions()]
            kind = "draw" if "draw" in kinds else "check" if "check" in kinds else "call"
            game.act(Action.draw() if kind == "draw" else Action(kind))
        view = game.view(0)
        assert starting_stacks(view) == (48, 48) and sum(view.stacks) == 96
        assert beliefs(shipped, view, observer=view).observer is not None
