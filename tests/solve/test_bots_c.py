"""The solution bot in the C hand loop: ``simulate`` plays it in C when its other bots are
ThresholdBots, with the same chips and actions as ``Game`` hand for hand (the same node, row
and random bits at every last-round decision), and refuses what ``Game`` refuses."""

from __future__ import annotations

import numpy as np
import pytest

from badugi_fast._badugi import lib
from badugi_fast.game import KoreanRules, Rules
from badugi_fast.game.bots import drawer, random_bot, threshold
from badugi_fast.game.stream import play_out, stream_game
from badugi_fast.play.simulation.api import play_hands, simulate
from badugi_fast.play.simulation.local import trace_in_c, traced
from badugi_fast.play.vector.seats import RoundSeatForm, RoundStrategy
from badugi_fast.solve import solve_last_round
from badugi_fast.solve.bots import round_strategy, solution

HEADS_UP = Rules(small_bet=2, cap_heads_up=True)
# (rules, the spot the solution is for, stacks): a spot two drawers often reach, checked down
SPOTS = [
    (HEADS_UP, 4, 40),
    (Rules(small_bet=2, burn=True), 4, 40),
    (KoreanRules(max_raises=2), 2, 40),
    (Rules(small_bet=2, structure="no-limit"), 4, 40),
]


@pytest.fixture(scope="module", params=range(len(SPOTS)), ids=["capped", "burn", "korean", "nl"])
def spot(request):
    rules, pot, stacks = SPOTS[request.param]
    sizes = [1.0, "allin"] if getattr(rules, "structure", "") == "no-limit" else None
    sol = solve_last_round(
        ["any", "any"],
        pot=pot,
        stacks=stacks - pot // 2,
        rules=rules,
        sizes=sizes,
        target=0,
        iterations=20,  # a mixed strategy is all these tests need, not an equilibrium
    )
    return rules, stacks, sol


@pytest.mark.parametrize("order", ["solution first", "both"])
def test_the_c_loop_plays_the_same_chips_as_game_hand_for_hand(spot, order) -> None:
    rules, stacks, sol = spot
    bot = solution(sol, otherwise=drawer)
    bots = [bot, drawer] if order == "solution first" else [bot, bot]
    in_game = play_hands(bots, 0, 60, 11, rules, stacks=stacks, engine="python")
    in_c = play_hands(bots, 0, 60, 11, rules, stacks=stacks, engine="c")
    assert (in_c == in_game).all()
    # and the solution played: the drawer alone plays other chips in some of these hands
    drawers = play_hands([drawer, drawer], 0, 60, 11, rules, stacks=stacks, engine="c")
    assert (drawers != in_c).any()


def test_the_c_loop_takes_the_same_actions_as_game(spot) -> None:
    rules, stacks, sol = spot
    bots = [solution(sol, otherwise=drawer), solution(sol, otherwise=drawer)]
    for number in range(20):
        game = stream_game([stacks, stacks], rules, 3, number)
        play_out(game, bots, number)
        actions, won = trace_in_c(bots, number, 3, rules, stacks=stacks)
        assert actions == traced(game.history)
        assert won == [s - stacks for s in game.stacks]


def test_simulate_picks_the_c_loop_for_a_solution_bot_over_threshold_bots() -> None:
    sol = solve_last_round(["any", "any"], pot=4, stacks=38, rules=HEADS_UP, target=1e-2)
    result = simulate([solution(sol, otherwise=drawer), drawer], 500, 1, HEADS_UP, stacks=40)
    assert result.engine == "c"
    # a `before` bot with no C form leaves it to Game
    slow = simulate([solution(sol, random_bot(1), drawer), drawer], 3, 1, HEADS_UP, stacks=40)
    assert slow.engine == "python"


def test_an_uncovered_decision_is_a_value_error_naming_it_in_both_engines() -> None:
    sol = solve_last_round(["any", "any"], pot=4, stacks=38, rules=HEADS_UP, target=1e-2)
    bots = [solution(sol), drawer]
    with pytest.raises(ValueError, match="does not cover this decision"):
        play_hands(bots, 0, 200, 11, HEADS_UP, stacks=40, engine="python")
    with pytest.raises(ValueError, match=r"hand \d+, seat \d, last round: .* does not cover"):
        play_hands(bots, 0, 200, 11, HEADS_UP, stacks=40, engine="c")
    with pytest.raises(ValueError, match="does not cover"):
        trace_in_c(bots, _first_uncovered(bots), 11, HEADS_UP, stacks=40)


def _first_uncovered(bots) -> int:
    for number in range(200):
        try:
            play_hands(bots, number, 1, 11, HEADS_UP, stacks=40, engine="c")
        except ValueError:
            return number
    raise AssertionError("every hand was covered")


def test_the_otherwise_bot_plays_what_the_table_does_not_cover_in_c() -> None:
    sol = solve_last_round(["8-", "8-"], pot=4, stacks=38, rules=HEADS_UP, target=1e-2)
    careful = threshold("5", "9", 3)
    bots = [solution(sol, otherwise=careful), drawer]
    in_game = play_hands(bots, 0, 150, 2, HEADS_UP, stacks=40, engine="python")
    assert (play_hands(bots, 0, 150, 2, HEADS_UP, stacks=40, engine="c") == in_game).all()


def test_a_strategy_table_the_rules_do_not_allow_is_refused() -> None:
    sol = solve_last_round(["any", "any"], pot=4, stacks=38, rules=HEADS_UP, target=1e-2)
    table = round_strategy(sol)
    broken = RoundStrategy(
        table.pot, table.stacks, table.actor, table.first_child + 10**6, table.n_children,
        table.kind, table.amount, table.offset, table.probs, table.row_of_hand, table.n_rows,
    )  # fmt: skip
    with pytest.raises(ValueError, match="inconsistent"):
        broken.c_struct()
    short = RoundStrategy(
        table.pot, table.stacks, table.actor, table.first_child, table.n_children,
        table.kind, table.amount, table.offset, (table.probs[0][:3], table.probs[1]),
        table.row_of_hand, table.n_rows,
    )  # fmt: skip
    with pytest.raises(ValueError, match="inconsistent"):
        RoundSeatForm(short, drawer).c_struct()


def test_the_decision_bits_are_the_bits_game_gives_a_bot() -> None:
    rng = np.random.default_rng(4)
    for _ in range(200):
        seed, number = int(rng.integers(0, 2**63)) * 2 + 1, int(rng.integers(0, 2**54))
        game = stream_game([40, 40, 40], HEADS_UP, seed, number)
        for seat in range(3):
            view = game.view(seat)
            assert view.stream == lib.bf_decision_bits(seed, number, seat, len(view.history))
