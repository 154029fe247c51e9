"""The public tree against Game: every node's legal actions and amounts are Game's own in the
same spot, and every terminal pays what Game pays."""

from __future__ import annotations

import copy

import pytest

from badugi_fast import evaluate
from badugi_fast.game import Action, ActionKind, Game, KoreanRules, Rules
from badugi_fast.solve.tree import ALLIN, build_tree, check_sizes

K = ActionKind
# seat 0 (left of the button) holds a seven, seat 1 a worse nine; the deck deals alternately
# from the button's left, so the stacked deck interleaves the two hands
SEAT0 = ["7c", "2d", "3h", "4s"]
SEAT1 = ["9c", "5d", "6h", "8s"]
TIED = ["7d", "2c", "3s", "4h"]


def _deck(first: list[str], second: list[str]) -> list[str]:
    return [card for pair in zip(first, second, strict=True) for card in pair]


def _to_last_round(rules, stacks, second=SEAT1) -> Game:
    """A Game played to the last betting round with the fewest chips: the small blind
    completes (casino) or everyone antes (Korean), then every round is checked through."""
    game = Game(list(stacks), rules, button=1, deck=_deck(SEAT0, second), seed=3)
    while game.round_index < 3 or game.phase.value == "draw":
        legal = {a.kind: a for a in game.legal_actions()}
        if game.phase.value == "draw":
            game.act(Action.draw([]))
        elif K.CHECK in legal:
            game.act(legal[K.CHECK])
        else:
            game.act(legal[K.CALL])
    return game


SPOTS = [
    (Rules(small_bet=2, cap_heads_up=True), (40, 40), None),
    (Rules(small_bet=2), (30, 46), None),
    (Rules(small_bet=2, max_raises=2, cap_heads_up=True), (9, 13), None),  # all-ins, short raises
    (Rules(structure="no-limit"), (40, 60), (0.5, 1.0, ALLIN)),
    (Rules(structure="pot-limit"), (50, 50), (0.33, 1.0, ALLIN)),
    (Rules(structure="half-pot-limit"), (30, 44), (0.5, 1.5)),
    (KoreanRules(max_raises=3), (25, 31), None),
    (KoreanRules(ante=2, allow_full=True, max_raises=2), (40, 30), None),
]


def _legal(actions) -> list[tuple[str, int, int]]:
    return [(a.kind.value, a.amount, a.max_amount) for a in actions]


@pytest.mark.parametrize(("rules", "stacks", "sizes"), SPOTS)
def test_every_node_has_the_legal_actions_game_has_in_the_same_spot(rules, stacks, sizes) -> None:
    game = _to_last_round(rules, stacks)
    tree = build_tree(rules, game.pot, (game.stacks[0], game.stacks[1]), check_sizes(rules, sizes))
    assert len(tree.nodes) > 3
    for node in tree.nodes:
        played = copy.deepcopy(game)
        for action in node.history:
            played.act(action)
        if node.terminal:
            assert played.done, node.history
            continue
        assert played.actor == node.actor
        assert _legal(played.legal_actions()) == _legal(node.legal)
        assert played.pot == node.pot


@pytest.mark.parametrize(("rules", "stacks", "sizes"), SPOTS)
@pytest.mark.parametrize("second", [SEAT1, TIED], ids=["seat 0 wins", "a tie"])
def test_every_terminal_pays_what_game_pays(rules, stacks, sizes, second) -> None:
    game = _to_last_round(rules, stacks, second)
    start = list(game.stacks)
    tree = build_tree(rules, game.pot, (start[0], start[1]), check_sizes(rules, sizes))
    order = evaluate(SEAT0) - evaluate(second)  # < 0: seat 0 wins; 0: a tie
    outcome = 0 if order < 0 else 1 if order == 0 else 2
    for node in tree.nodes:
        if not node.terminal:
            continue
        played = copy.deepcopy(game)
        for action in node.history:
            played.act(action)
        pays = tree.payoffs(node)
        # net from the round's start: what came back minus what went in this round, and the
        # pot already in (which belongs to nobody) counted in what came back
        for seat, seen in ((0, outcome), (1, 2 - outcome)):  # a win for one is a loss for the other
            assert played.stacks[seat] - start[seat] == pays[seat][seen], node.history


def test_an_odd_pot_gives_the_odd_chip_to_the_first_player_on_a_tie() -> None:
    tree = build_tree(Rules(small_bet=2), 13, (50, 50))
    showdown = next(n for n in tree.nodes if n.showdown)
    assert tree.payoffs(showdown)[0][1] == 7 and tree.payoffs(showdown)[1][1] == 6


def test_sizes_apply_only_where_amounts_vary() -> None:
    with pytest.raises(ValueError, match="sizes"):
        check_sizes(Rules(), (0.5,))
    with pytest.raises(ValueError, match="sizes"):
        check_sizes(KoreanRules(), (0.5,))
    for bad in ((0.0,), (-1.0,), ("half",), (), float("nan")):
        with pytest.raises(ValueError, match="sizes"):
            check_sizes(Rules(structure="no-limit"), bad)


def test_a_history_finds_its_node_by_kinds_or_by_amounts() -> None:
    tree = build_tree(Rules(structure="no-limit"), 12, (100, 100), (0.5, 1.0, ALLIN))
    node = tree.find([Action(K.BET, 12)])
    assert node.actor == 1 and node.invested == (12, 0)
    assert tree.find(["check", ("bet", 6)]).invested == (0, 6)
    with pytest.raises(ValueError, match="more than one"):
        tree.find(["bet"])
    with pytest.raises(ValueError, match="no"):
        tree.find(["raise"])
