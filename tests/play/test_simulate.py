"""simulate and its C hand loop: the C loop and Game agree on every hand, action by action,
dealt from the same stream, including reshuffles, all-ins, side pots and split pots."""

from __future__ import annotations

import multiprocessing
import pickle
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from badugi_fast._badugi import ffi, lib
from badugi_fast.cards import DECK
from badugi_fast.draws import Policy, break_above, optimal_policy
from badugi_fast.game import KoreanRules, Rules
from badugi_fast.game.actions import Action, ActionKind, Phase, View
from badugi_fast.game.bots import ThresholdBot, drawer, random_bot, threshold
from badugi_fast.game.stream import play_out, stream_game
from badugi_fast.hands.evaluator import NUM_HANDS
from badugi_fast.hands.universe import colex_index
from badugi_fast.play import play_hands, simulate
from badugi_fast.play.simulation.local import trace_in_c, traced

LOOSE = threshold("K", "K", 1)  # never folds a badugi or a draw: long hands, all-ins, reshuffles
TIGHT = threshold("6", "8", 4)
# Drawers by solved tables: max-equity for no cutting limits, max-badugi solved for 3-2-1, a
# custom optimal_policy (the least expected rank, 3-3-3), and a loose min-rank bot.
EQUITY = threshold("9", "K", 3, policy="max-equity")
BADUGI_321 = threshold("9", "K", 3, policy="max-badugi", limits=(3, 2, 1))
LOWEST_333 = threshold("T", "K", 2, policy=optimal_policy(-np.arange(1, 1093), 3, (3, 3, 3)))
LOOSE_LOW = threshold("K", "K", 1, policy="min-rank")

GAMES = {
    "heads-up drawers": ([drawer, drawer], None, Rules()),
    "six drawers": ([drawer] * 6, None, Rules(small_bet=4)),
    "eight loose, short stacks": ([LOOSE] * 8, 13, Rules(max_raises=2)),
    "unequal stacks (side pots)": (
        [LOOSE, drawer, LOOSE, TIGHT, LOOSE],
        [5, 40, 9, 200, 23],
        Rules(),
    ),
    "odd blinds and bets": ([drawer, LOOSE, LOOSE], [61, 17, 33], Rules(3, 7, 1, 3, max_raises=1)),
    "no raises after the bet": ([LOOSE] * 4, 50, Rules(max_raises=0)),
    "eight burning": ([LOOSE] * 8, 40, Rules(burn=True)),
    "heads-up burning, no limit": ([drawer, LOOSE], 90, Rules(burn=True, structure="no-limit")),
    "pot limit, short stacks": (
        [LOOSE, drawer, LOOSE],
        [40, 300, 75],
        Rules(structure="pot-limit"),
    ),
    "no limit, six": ([LOOSE, TIGHT, drawer] * 2, 150, Rules(small_bet=4, structure="no-limit")),
    "no limit, heads-up, no blinds' floor": (
        [LOOSE, LOOSE],
        60,
        Rules(1, 2, 0, 0, structure="no-limit"),
    ),
    "half-pot limit, four": (
        [LOOSE, drawer, LOOSE, TIGHT],
        [60, 200, 35, 90],
        Rules(small_bet=4, structure="half-pot-limit"),
    ),
    "antes, no blinds, fixed": (
        [LOOSE, drawer, LOOSE, LOOSE],
        [30, 80, 11, 50],
        Rules(small_blind=0, big_blind=0, ante=1),
    ),
    "antes, no blinds, pot limit": (
        [LOOSE, drawer, LOOSE],
        [40, 70, 25],
        Rules(small_blind=0, big_blind=0, ante=2, structure="pot-limit"),
    ),
    "antes and blinds, short stacks": ([LOOSE] * 5, [3, 12, 7, 30, 9], Rules(ante=1)),
    "short all-ins, fixed limit": ([LOOSE] * 6, [3, 5, 9, 13, 7, 40], Rules(small_bet=2)),
    "short all-ins, no limit": ([LOOSE] * 5, [7, 15, 30, 22, 60], Rules(structure="no-limit")),
    "capped heads-up": ([LOOSE, LOOSE], 200, Rules(cap_heads_up=True)),
    "korean, heads-up drawers": ([drawer, drawer], None, KoreanRules()),
    "korean 3-3-3, chips of 5": ([LOOSE, drawer, TIGHT, LOOSE], 400, KoreanRules(5, 5, (3, 3, 3))),
    "korean, short stacks, capped": (
        [LOOSE] * 7,
        [9, 30, 4, 60, 17, 2, 45],
        KoreanRules(2, max_raises=2),
    ),
    "tables: max-equity against the drawer": ([EQUITY, drawer], None, Rules()),
    "tables: five, short stacks, burning": (
        [EQUITY, LOOSE_LOW, drawer, LOOSE_LOW, EQUITY],
        [40, 90, 25, 60, 200],
        Rules(burn=True),
    ),
    "tables: korean 3-2-1": ([BADUGI_321, drawer, LOOSE_LOW], 300, KoreanRules(cutting=(3, 2, 1))),
    "tables: korean 3-3-3, a custom table": (
        [LOWEST_333, EQUITY, LOOSE],
        200,
        KoreanRules(cutting=(3, 3, 3)),
    ),
    "korean in turn, 풀 allowed": (
        [drawer, LOOSE, LOOSE],
        [50, 80, 120],
        KoreanRules(3, cutting_type="in_turn", allow_full=True, max_raises=0),
    ),
}


@pytest.mark.parametrize("name", GAMES)
def test_the_c_loop_plays_every_hand_as_the_engine_does(name):
    bots, stacks, rules = GAMES[name]
    c = play_hands(bots, 1000, 400, seed=11, rules=rules, stacks=stacks, engine="c", threads=1)
    python = play_hands(bots, 1000, 400, seed=11, rules=rules, stacks=stacks, engine="python")
    assert c.shape == (400, len(bots))
    differ = np.nonzero((c != python).any(axis=1))[0]
    assert differ.size == 0, f"hands {list(differ[:5] + 1000)} differ"
    assert not c.sum(axis=1).any()  # chips are conserved in every hand


@pytest.mark.parametrize("name", GAMES)
def test_the_c_loop_takes_every_action_game_takes(name):
    """Every forced bet, bet, call, fold, draw (cards thrown) and win, in order and amount."""
    bots, stacks, rules = GAMES[name]
    start = [stacks or 100 * rules.unit] * len(bots) if not isinstance(stacks, list) else stacks
    for number in range(2000, 2030):
        game = stream_game(start, rules, 5, number)
        play_out(game, bots, number)
        actions, won = trace_in_c(bots, number, 5, rules, stacks=stacks)
        assert actions == traced(game.history), f"hand {number}"
        assert won == [a - b for a, b in zip(game.stacks, start, strict=True)]


def test_the_trace_reports_its_length_when_the_buffer_is_short():
    bots, stacks, rules = GAMES["six drawers"]
    actions, _ = trace_in_c(bots, 7, 1, rules, stacks=stacks)
    spec = ffi.new("bf_game_spec *")
    spec.seats = 6
    rules.fill_c_spec(spec)
    for seat in range(6):
        spec.stacks[seat] = 400
        spec.bots[seat] = {
            "raise_top": drawer.raise_top,
            "call_top": drawer.call_top,
            "draw_with": drawer.draw_with,
            "max_bets": drawer.max_bets,
        }
    short = ffi.new("bf_game_action[]", 3)
    won = ffi.new("int64_t[]", 6)
    assert lib.bf_game_trace(spec, 1, 7, won, short, 3, ffi.NULL) == len(actions)
    assert [(a.seat, a.amount) for a in short] == [(e.seat, e.amount) for e in actions[:3]]
    assert lib.bf_game_trace(spec, 1, 7, won, ffi.NULL, 0, ffi.NULL) == len(actions)
    assert lib.bf_game_trace(spec, 1, 7, won, ffi.NULL, 5, ffi.NULL) == lib.BF_GAME_BAD_SPEC


def test_the_compared_hands_cover_the_hard_rules():
    """The games above do reach reshuffles, all-ins, side pots and split pots."""
    seen: Counter[str] = Counter()
    for name in (
        "eight burning",
        "eight loose, short stacks",
        "unequal stacks (side pots)",
        "odd blinds and bets",
        "korean, short stacks, capped",
    ):
        bots, stacks, rules = GAMES[name]
        start = [stacks or 200] * len(bots) if not isinstance(stacks, list) else stacks
        for number in range(1000, 1400):
            game = stream_game(start, rules, 11, number)
            play_out(game, bots, number)
            kinds = [event.kind for event in game.history]
            seen["reshuffle"] += "reshuffle" in kinds
            seen["all-in"] += 0 in game.stacks and "show" in kinds
            winners = [event.seat for event in game.history if event.kind == "win"]
            seen["side pot"] += len(winners) > len(set(winners))
            seen["split"] += len(set(winners)) > 1
            seen["burn"] += "burn" in kinds
    assert all(seen[k] >= 5 for k in ("reshuffle", "all-in", "side pot", "split", "burn")), seen


def test_final_hands_match_the_engine():
    bots = [LOOSE] * 6
    spec = ffi.new("bf_game_spec *")
    spec.seats, spec.small_bet, spec.big_bet, spec.small_blind, spec.big_blind = 6, 2, 4, 1, 2
    spec.rules, spec.max_bets = lib.BF_GAME_CASINO, 4
    for seat in range(6):
        spec.stacks[seat] = 200
        spec.bots[seat] = {
            "raise_top": LOOSE.raise_top,
            "call_top": LOOSE.call_top,
            "draw_with": LOOSE.draw_with,
            "max_bets": LOOSE.max_bets,
        }
    hands = 200
    profit = np.empty((hands, 6), dtype=np.int64)
    final = np.empty((hands, 6, 4), dtype=np.uint8)
    assert (
        lib.bf_game_play(
            spec,
            3,
            0,
            hands,
            ffi.from_buffer("int64_t[]", profit),
            ffi.from_buffer(final),
            ffi.NULL,
        )
        == 0
    )
    for number in range(hands):
        game = stream_game([200] * 6, Rules(), 3, number)
        play_out(game, bots, number)
        for seat in range(6):
            expected = sorted(game.hands[seat]) if not game.folded[seat] else [255] * 4
            assert sorted(final[number, seat]) == expected, (number, seat)


def test_threads_and_batches_never_change_the_results():
    bots = [drawer, LOOSE, TIGHT]
    one = play_hands(bots, 0, 6000, seed=5, engine="c", threads=1)
    two = play_hands(bots, 0, 6000, seed=5, engine="c", threads=2)
    halves = np.concatenate(
        [play_hands(bots, 0, 2500, seed=5, threads=1), play_hands(bots, 2500, 3500, seed=5)]
    )
    assert (one == two).all() and (one == halves).all()


def test_simulate_summarises_either_engine_alike():
    fast = simulate([drawer, TIGHT], hands=3000, seed=9)
    slow = simulate([drawer, TIGHT], hands=3000, seed=9, engine="python")
    assert fast.engine == "c" and slow.engine == "python"
    assert fast.profit_per_100 == pytest.approx(slow.profit_per_100)
    assert fast.stderr_per_100 == pytest.approx(slow.stderr_per_100)
    assert sum(fast.profit_per_100) == pytest.approx(0.0, abs=1e-9)
    assert simulate([drawer, TIGHT], hands=3000, seed=9) == fast


def test_the_engine_choice():
    assert simulate([drawer, random_bot(1)], hands=5, seed=1).engine == "python"
    assert simulate([drawer, drawer], hands=5, seed=1, rules=KoreanRules()).engine == "c"
    pot_limit = Rules(structure="pot-limit")
    assert simulate([drawer, drawer], hands=5, seed=1, rules=pot_limit).engine == "c"
    with pytest.raises(ValueError, match="threshold bots"):
        simulate([drawer, random_bot(1)], hands=5, seed=1, engine="c")
    with pytest.raises(ValueError, match="engine is one of"):
        simulate([drawer, drawer], hands=5, engine="fast")
    with pytest.raises(ValueError, match="caps bets and raises"):
        simulate([drawer, drawer], hands=5, rules=Rules(max_raises=1 << 40), engine="c")


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"stacks": [10, 10, 10]}, ValueError, "one per seat"),
        ({"stacks": 0}, ValueError, "positive whole number"),
        ({"stacks": True}, TypeError, "whole numbers of chips"),
        ({"stacks": 1 << 41}, ValueError, "at most 2\\*\\*40"),
        ({"rules": Rules(small_bet=1 << 41)}, ValueError, "at most 2\\*\\*40"),
        ({"hands": 0}, ValueError, "at least 1"),
        ({"hands": 2.0}, TypeError, "hands must be a whole number"),
        ({"seed": -1}, ValueError, "seed must be"),
        ({"threads": 0}, ValueError, "at least 1"),
    ],
)
def test_bad_arguments(kwargs, error, message):
    arguments = {"hands": 10, "seed": 1, **kwargs}
    with pytest.raises(error, match=message):
        simulate([drawer, drawer], **arguments)


def test_bad_rules_and_bots_are_named_before_any_hand():
    with pytest.raises(TypeError, match="small_bet must be a whole number"):
        Rules(small_bet=2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_raises must be at least 0"):
        Rules(max_raises=-1)
    with pytest.raises(ValueError, match=r"raise_top must be 0 \.\. 12"):
        ThresholdBot(13, 12, 3)
    with pytest.raises(TypeError, match="draw_with must be a whole number"):
        ThresholdBot(8, 12, "3")  # type: ignore[arg-type]
    huge_cap = Rules(max_raises=1 << 40)
    assert simulate([drawer, drawer], hands=20, seed=1, rules=huge_cap).engine == "python"


def test_play_hands_takes_a_random_seed():
    assert play_hands([drawer, drawer], 0, 50, None).shape == (50, 2)


def test_play_hands_checks_the_hand_numbers():
    with pytest.raises(ValueError, match="first_hand"):
        play_hands([drawer, drawer], -1, 10, seed=1)
    with pytest.raises(TypeError, match="first_hand"):
        play_hands([drawer, drawer], 1.0, 10, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="stream holds"):
        play_hands([drawer, drawer], 1 << 54, 10, seed=1)


def test_the_c_loop_refuses_a_bad_spec():
    spec = ffi.new("bf_game_spec *")
    profit = ffi.new("int64_t[16]")
    # 0 seats
    assert lib.bf_game_play(spec, 1, 0, 1, profit, ffi.NULL, ffi.NULL) == lib.BF_GAME_BAD_SPEC
    spec.seats, spec.small_bet, spec.big_bet, spec.max_bets = 2, 2, 4, 4
    spec.stacks[0] = spec.stacks[1] = 100
    assert lib.bf_game_play(spec, 1, 0, 1, profit, ffi.NULL, ffi.NULL) == 0
    for field, value in (
        ("seats", 9),
        ("small_bet", 0),
        ("max_bets", -1),
        ("max_bets", lib.BF_GAME_MAX_BETS + 1),
        ("rules", lib.BF_GAME_KOREAN),  # an ante of 0
        ("structure", lib.BF_GAME_HALF_POT_LIMIT + 1),
        ("structure", -1),
        ("ante", -1),
        ("cap_heads_up", 2),
    ):
        bad = ffi.new("bf_game_spec *", spec[0])
        setattr(bad, field, value)
        status = lib.bf_game_play(bad, 1, 0, 1, profit, ffi.NULL, ffi.NULL)
        assert status == lib.BF_GAME_BAD_SPEC, field
    bad = ffi.new("bf_game_spec *", spec[0])
    bad.bots[1].raise_top = 13
    assert lib.bf_game_play(bad, 1, 0, 1, profit, ffi.NULL, ffi.NULL) == lib.BF_GAME_BAD_SPEC


def test_the_deal_stream_is_uniform():
    """Each card is equally likely in each of the first deck positions (chi-squared, 51 df),
    and the reshuffle is a permutation."""
    counts = np.zeros((4, 52))
    deck = ffi.new("uint8_t[52]")
    for number in range(26_000):
        lib.bf_deal_deck(77, number, deck)
        for position in range(4):
            counts[position, deck[position]] += 1
    expected = 26_000 / 52
    chi2 = ((counts - expected) ** 2 / expected).sum(axis=1)
    assert (chi2 < 95).all(), chi2  # 51 df: P(chi2 > 95) is about 1e-4
    cards = ffi.new("uint8_t[]", list(range(20)))
    lib.bf_deal_reshuffle(77, 3, 0, cards, 20)
    assert sorted(cards) == list(range(20)) and list(cards) != list(range(20))


def test_threshold_bots_are_plain_values():
    assert threshold("9", "K", 3) == drawer == ThresholdBot(8, 12, 3)
    with pytest.raises(TypeError, match="draw_with"):
        threshold("9", "K", "3")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"draw_with must be 0 \.\. 5"):
        threshold("9", "K", 6)


def test_table_bots_are_plain_values_that_pickle():
    assert EQUITY == threshold(9, 13, 3, policy=Policy(objective="max-equity"), limits=None)
    assert EQUITY != drawer and hash(EQUITY) != hash(drawer)
    assert drawer == threshold("9", "K", 3, policy="default", limits=(3, 2, 1))  # reads none
    for bot in (EQUITY, BADUGI_321, LOWEST_333):
        again = pickle.loads(pickle.dumps(bot))  # the dask helper ships bots to workers
        assert (again.raise_top, again.limits, again.table().table) == (
            bot.raise_top,
            bot.limits,
            bot.table().table,
        )
    assert BADUGI_321.limits == (3, 2, 1) and LOWEST_333.limits == (3, 3, 3)


def test_table_bots_play_alike_in_worker_processes():
    """Pickled to spawned workers (an optimal_policy table travels with its bot), the same sums."""
    bots, rules = [EQUITY, LOWEST_333, drawer], Rules()
    here = simulate(bots, 3000, seed=8, rules=rules, engine="c")
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = simulate(bots, 3000, seed=8, rules=rules, engine="c", executor=pool)
    assert there == here and any(here.profit_per_100)


def test_table_bots_refuse_what_they_cannot_play():
    with pytest.raises(ValueError, match="unknown policy 'best'"):
        threshold(policy="best")
    with pytest.raises(ValueError, match="not 'break-above-8'"):
        threshold(policy=break_above("8"))
    with pytest.raises(ValueError, match=r"solved for cutting limits \(3, 3, 3\)"):
        threshold(policy=LOWEST_333.policy, limits=(3, 2, 1))
    with pytest.raises(ValueError, match="solved for 2 draws"):
        threshold(policy=optimal_policy(np.arange(1092.0), 2))
    with pytest.raises(ValueError, match=r"cutting limit is 0\.\.4 cards, got \(5, 2, 1\)"):
        threshold(policy="max-badugi", limits=(5, 2, 1))


def test_a_table_bot_throws_what_its_table_says():
    """Dealt hands at the first draw, without ties: the bot's discard is the table's byte (a mask
    over the hand sorted by id); and the policy-table bots do draw otherwise than the drawer."""
    table = EQUITY.table()
    assert table is not None
    rng = np.random.default_rng(4)
    differ = 0
    for _ in range(300):
        hand = tuple(int(c) for c in rng.choice(52, 4, replace=False))
        at = 2 * NUM_HANDS + colex_index(hand)
        if bin(int.from_bytes(table.ties[2 * at : 2 * at + 2], "little")).count("1") > 1:
            continue
        ids = sorted(hand)
        wanted = sorted(ids[j] for j in range(4) if table.table[at] >> j & 1)
        view = _first_draw_view(hand)
        assert sorted(EQUITY(view).cards) == wanted
        differ += sorted(drawer(view).cards) != wanted
    assert differ > 0


def _first_draw_view(hand: tuple[int, ...]) -> View:
    draw = Action(ActionKind.DRAW, 4)
    cards = tuple(DECK[c] for c in hand)
    return View(0, cards, Phase.DRAW, 3, (98, 98), 4, 0, (False, False), (draw,), (), frozenset())


def test_games_without_blinds_count_in_small_bets():
    rules = Rules(small_bet=4, small_blind=0, big_blind=0, structure="pot-limit")
    result = simulate([drawer, LOOSE], hands=300, seed=2, rules=rules)
    assert result.big_blind == 4 and len(result.big_blinds_per_100) == 2
    assert result.engine == "c"


def test_pot_limit_never_offers_less_than_a_chip():
    from badugi_fast.game import Game

    game = Game([50, 50], Rules(2, 4, 0, 0, structure="pot-limit"), button=0, seed=1)
    bet = next(a for a in game.legal_actions() if a.kind == "bet")
    assert (bet.amount, bet.max_amount) == (1, 1)  # an empty pot: the least is the most


def test_raise_wars_on_deep_stacks_end_and_agree():
    """Two maniacs min-raising each other: long rounds, raise counts past any cap."""
    maniac = ThresholdBot(12, 12, 0, max_bets=lib.BF_GAME_MAX_BETS)  # no re-raise limit to speak of
    maniacs = [maniac, maniac]
    rules = Rules(1, 1, 0, 1, structure="no-limit")
    c = play_hands(maniacs, 0, 40, seed=3, rules=rules, stacks=3000, engine="c")
    python = play_hands(maniacs, 0, 40, seed=3, rules=rules, stacks=3000, engine="python")
    assert (c == python).all() and abs(c).max() > 1000


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(structure="pot-limit"), Rules(structure="no-limit")],
    ids=["fixed", "pot-limit", "no-limit"],
)
@pytest.mark.parametrize("stacks", [2**40, 10**7])
def test_drawers_with_deep_stacks_stop_re_raising(rules, stacks):
    """two drawers with badugis re-raised each other one least raise at a time
    to the last of 2**40 chips (hours); now each stops raising once four bets are in."""
    hands = play_hands([drawer, drawer], 0, 2000, seed=1, rules=rules, stacks=stacks, engine="c")
    assert not hands.sum(axis=1).any()
    if rules.structure == "fixed-limit":  # four rounds of at most four bets each
        assert abs(hands).max() <= 4 * sum(rules.bet_size(r) for r in range(4))
    python = play_hands([drawer, drawer], 0, 200, seed=1, rules=rules, stacks=stacks)
    assert (python == hands[:200]).all()
    for number in range(200):  # action by action, too
        game = stream_game([stacks, stacks], rules, 1, number)
        play_out(game, [drawer, drawer], number)
        assert trace_in_c([drawer, drawer], number, 1, rules, stacks=stacks)[0] == traced(
            game.history
        ), f"hand {number}"


def test_the_issue_16_run_finishes():
    result = simulate([drawer, drawer], hands=2000, seed=1, stacks=2**40)
    assert result.hands == 2000


def test_the_re_raise_limit_is_the_bots():
    """Heads-up fixed limit has no cap of its own: max_bets alone stops the raising."""
    capped = [threshold("K", "K", 1, max_bets=2)] * 2
    most = Counter()
    for number in range(300):
        game = stream_game([10**6, 10**6], Rules(), 4, number)
        play_out(game, capped, number)
        bets = 0  # bets and raises of the round after the blinds
        for event in game.history:
            if event.kind is ActionKind.DRAW:
                bets = 0
            bets += event.kind in (ActionKind.BET, ActionKind.RAISE)
            most[bets] += 1
    assert max(most) == 2
    c = play_hands(capped, 0, 300, seed=4, rules=Rules(), stacks=10**6, engine="c")
    assert (c == play_hands(capped, 0, 300, seed=4, rules=Rules(), stacks=10**6)).all()
    with pytest.raises(ValueError, match="max_bets"):
        threshold(max_bets=-1)
