"""Beliefs on small decks against OpenSpiel's ``badugi`` game: every chance outcome along a
public line enumerated, each history weighed by its chance and the strategy's probabilities,
the other player's hand given everything an observer has seen (its hands and discards). The
game deals a draw's cards at a chance node after the draw's choice, which the walk follows."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pyspiel
import pytest
from support.hashed_strategy import HashedStrategy

import badugi_fast.spiel  # noqa: F401  (registers the game)
from badugi_fast.game import Rules
from badugi_fast.hands.universe import lex_index
from badugi_fast.solve.belief_states import beliefs, play
from badugi_fast.solve.lbr.play import Table
from badugi_fast.solve.lbr.strategy import public_view

BETTING_IDS = {"fold": 16, "check": 17, "call": 18, "bet": 19, "raise": 20}


def _probability(strategy, node, player, action):
    """The strategy's probability of OpenSpiel action ``action`` at a player node."""
    view = node.game.view(player)
    hand = np.array([sorted(int(c) for c in node.hand(player))], dtype=np.uint8)
    dead = np.zeros(1, dtype=np.uint64)
    spot = public_view(view)
    if action < 16:
        table_view = spot
        probs = strategy.discards(table_view, hand, dead)[0]
        return probs[action]
    kinds = [a.kind for a in spot.legal]
    kind = next(k for k, i in BETTING_IDS.items() if i == action)
    return strategy.betting(spot, hand, dead)[0][kinds.index(kind)]


def enumerate_other(game, strategy, moves, observer, final, discards):
    """P(the other player's final hand | the line, the observer's final hand and discards)."""
    other = 1 - observer
    out: dict[tuple[int, ...], float] = defaultdict(float)

    def walk(state, chance, at):
        node = state.node
        seen = {int(c) for c in node.hand(observer)}
        if not seen <= final | discards:
            return  # the observer never held such a hand on its way to the final one
        if at == len(moves) and not state.is_chance_node():  # a draw's cards come after it
            if seen == final:
                out[tuple(sorted(int(c) for c in node.hand(other)))] += chance
            return
        if state.is_chance_node():
            for action, p in state.chance_outcomes():
                child = state.child(action)
                walk(child, chance * p, at)
            return
        player = state.current_player()
        kind, count = moves[at]
        if kind == "draw":
            for action in state.legal_actions():
                if action < 16 and bin(action).count("1") == count:
                    p = _probability(strategy, node, player, action)
                    if p > 0:
                        walk(state.child(action), chance * p, at + 1)
            return
        action = BETTING_IDS[kind]
        p = _probability(strategy, node, player, action)
        if p > 0:
            walk(state.child(action), chance * p, at + 1)

    walk(game.new_initial_state(), 1.0, 0)
    total = sum(out.values())
    return {hand: p / total for hand, p in out.items()}


@pytest.mark.parametrize(("line", "observer"), [("rc/21", 0), ("ck/12/kb", 0)])
def test_beliefs_are_exact_on_a_small_deck(line, observer):
    params = {"ranks": 4, "suits": 3, "draws": 1}
    game = pyspiel.load_game("badugi", params)
    table = Table(Rules(small_bet=2, cap_heads_up=True), 200, 4, 3, 1)
    strategy = HashedStrategy(salt=3)
    steps = play(table, line).steps
    moves = [(str(s.kind), s.count) for s in steps]
    seen = _observer_view(game, moves, observer, strategy)  # one history the line allows
    believed = beliefs(strategy, line, table=table, observer=seen)
    final, discards = {int(c) for c in seen.hand}, {int(c) for c in seen.dead}
    exact = enumerate_other(game, strategy, moves, observer, final, discards)
    weights = believed.weights[1 - observer]
    hands = np.array(sorted(exact), dtype=np.uint8)
    want = [exact[tuple(h)] for h in hands.tolist()]
    np.testing.assert_allclose(weights[lex_index(hands)], want, rtol=1e-9, atol=1e-12)
    assert weights.sum() == pytest.approx(1.0)
    assert weights[lex_index(hands)].sum() == pytest.approx(1.0)  # nothing outside the exact


def _observer_view(game, moves, observer, strategy):
    """The observer's view at the end of one history following ``moves`` (chance outcomes
    picked by a seeded generator, each draw a discard the strategy may throw)."""
    rng = np.random.default_rng(11)
    state, at = game.new_initial_state(), 0
    while at < len(moves) or state.is_chance_node():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state = state.child(outcomes[rng.integers(len(outcomes))][0])
            continue
        kind, count = moves[at]
        player = state.current_player()
        if kind == "draw":
            choices = [a for a in state.legal_actions() if a < 16 and bin(a).count("1") == count
                       and _probability(strategy, state.node, player, a) > 0]  # fmt: skip
            action = choices[rng.integers(len(choices))]
        else:
            action = BETTING_IDS[kind]
        state, at = state.child(action), at + 1
    return state.node.game.view(observer)
