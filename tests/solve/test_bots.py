"""The solution bot in Game: it plays the last round by the solution's probabilities, drawn
from the engine's per-decision stream, and refuses a spot the solution was not solved for."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from badugi_fast.game import Action, ActionKind, Game, KoreanRules, Rules
from badugi_fast.game.bots import drawer
from badugi_fast.solve import solve_last_round
from badugi_fast.solve.bots import solution

K = ActionKind
SEAT0 = ["7c", "2d", "3h", "4s"]
SEAT1 = ["9c", "5d", "6h", "8s"]


def _last_round(rules, stacks, stream) -> Game:
    """A Game checked through to the last betting round (seat 0 acts first there)."""
    deck = [card for pair in zip(SEAT0, SEAT1, strict=True) for card in pair]
    game = Game(list(stacks), rules, button=1, deck=deck, seed=3, stream=stream)
    while game.round_index < 3 or game.phase.value == "draw":
        legal = {a.kind: a for a in game.legal_actions()}
        if game.phase.value == "draw":
            game.act(Action.draw([]))
        else:
            game.act(legal.get(K.CHECK) or legal[K.CALL])
    return game


@pytest.mark.parametrize("rules", [Rules(small_bet=2), KoreanRules(max_raises=2)])
def test_the_bot_plays_the_solutions_probabilities_from_the_stream(rules) -> None:
    start = _last_round(rules, (40, 40), stream=0)
    sol = solve_last_round(
        ["8-", "K-"], pot=start.pot, stacks=tuple(start.stacks), rules=rules, target=2e-3
    )
    bot = solution(sol)
    hands = [tuple(int(c) for c in h) for h in sol.hands(0)]
    row = sol.strategy([])[hands.index(tuple(sorted(int(c) for c in start.hands[0])))]
    counts = np.zeros(len(row))
    for stream in range(600):
        game = _last_round(rules, (40, 40), stream)
        action = bot(game.view(0))
        counts[
            [(a.kind, a.amount) for a in sol.actions([])].index((action.kind, action.amount))
        ] += 1
        assert action.kind in {a.kind for a in game.legal_actions()}
    assert counts / counts.sum() == pytest.approx(row, abs=0.07)
    # and it plays whole rounds in Game, with the same choice for the same stream
    for stream in range(20):
        game = _last_round(rules, (40, 40), stream)
        again = copy.deepcopy(game)
        while not game.done:
            game.act(bot(game.view(game.actor)))
            again.act(bot(again.view(again.actor)))
        assert game.stacks == again.stacks


def test_the_bot_refuses_a_spot_it_was_not_solved_for() -> None:
    game = _last_round(Rules(small_bet=2), (40, 40), stream=1)
    sol = solve_last_round(["8-", "K-"], pot=game.pot + 2, stacks=38, rules=Rules(small_bet=2))
    with pytest.raises(ValueError, match="pot"):
        solution(sol)(game.view(0))
    assert solution(sol, otherwise=drawer)(game.view(0)) == drawer(game.view(0))


def test_the_bot_leaves_the_draws_and_earlier_rounds_to_before() -> None:
    sol = solve_last_round(["8-", "K-"], pot=4, stacks=38, rules=Rules(small_bet=2))
    game = Game([40, 40], Rules(small_bet=2), button=1, seed=5)
    assert solution(sol)(game.view(game.actor)) == drawer(game.view(game.actor))
