"""The game tree the OpenSpiel game walks, played by the library's own ``Game``.

A node is one history. Before the deal it holds the hands dealt so far; from then on it holds a
``Game`` (the library's engine: rules.py and state.py decide every legal action, amount, draw,
reshuffle and showdown) that is never changed once the node exists: a child is a copy of its
parent's game with one more action applied. Children are made when first asked for and kept, so
a solver that walks the whole tree every iteration (CFR) plays each action once; past
``CACHE_NODES`` nodes per tree (a node holds a few kB) new children are made afresh each time
instead, so a long run of random play on the full deck holds no more than that in memory.

Chance. Each hand is one chance outcome (the four cards as a set: the order they are dealt in
decides nothing), and so are the replacement cards of each draw. The stub of a small deck is the
cards of the deck not in a hand and not yet thrown; when a draw needs more cards than the stub
holds, the stub's cards are dealt and then the discards so far (every player's, except the
drawer's own from this draw) are reshuffled into a new stub, exactly as ``Game`` does it
(state.py): a chance outcome is then the cards dealt from that reshuffle.

A draw never runs out of cards on the standard deck. A deck of n cards leaves n - 8 outside the
two hands, and every one of them is either in the stub or among the discards the drawer may be
dealt from; so a player may throw at most n - 8 cards (decks of 8 to 11 cards only; the casino
rules do not say what a table does when a draw cannot be dealt, and this is the one choice that
keeps every hand playable). ``Game`` has no such limit: it never meets a deck that small.

``draws`` below 3 ends the hand at a showdown where the library's ``Game`` would start the next
draw: the showdown of showdown.py (side pots, each pot to its best hands, odd chips from the
button's left) on the hands and chips as they are.

The parameters and action ids are config.py's, the chance outcomes' card sets and the draws'
sources chance.py's, the copy of a game each child plays on copying.py's.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable, Sequence
from math import comb
from typing import Any

import numpy as np

from ..cards import DECK, Card
from ..game import Action, ActionKind, Event, Game, Phase
from ..game.showdown import side_pots, winnings
from ..hands import evaluate
from .chance import STACKER, Dealing, Exchange, colex, subsets, uncolex
from .config import (
    BET_ID,
    BETTING,
    DEFAULTS,
    DRAW_ACTIONS,
    HAND,
    NUM_ACTIONS,
    PLAYERS,
    Config,
)
from .copying import fork

K = ActionKind
CACHE_NODES = 250_000  # nodes kept per tree (about 1 GB at most); past it children are made afresh


def _showdown(game: Game) -> list[float]:
    """Each player's chips won less chips put in, at a showdown now (the library's showdown:
    side pots, the best hand of each, odd chips from the button's left)."""
    live = game.in_hand()
    ranks = {p: evaluate(game.hands[p]) for p in live}
    order = [(game.button + i) % game.seats for i in range(1, game.seats + 1)]
    won = [0] * game.seats
    for seat, chips in winnings(side_pots(game.committed, live), ranks, order):
        won[seat] += chips
    return [float(game.stacks[p] + won[p] - game.starting_stacks[p]) for p in range(game.seats)]


class Tree:
    """Every node of one game's tree, made on demand from its root."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.deck = config.deck
        self.nodes = 1
        self._texts: dict[int, list[str]] = {}
        self.root = Node(self, None, -1, dealt=())

    def subset_text(self, size: int, index: int) -> str:
        """The cards of the set of ``size`` deck positions of colexicographic index ``index``
        (OpenSpiel's checks name every chance outcome: made once per size)."""
        texts = self._texts.get(size)
        if texts is None:
            names = [str(card) for card in self.deck]
            rows = subsets(len(self.deck), size).tolist()
            texts = self._texts[size] = [" ".join([names[p] for p in row]) for row in rows]
        return texts[index]

    def node_at(self, history: Sequence[int]) -> Node:
        node = self.root
        for action in history:
            node = node.child(action)
        return node


class Node:
    """One history of the game: a chance node, a player's decision, or the end of the hand."""

    __slots__ = (
        "_children", "_pool", "_size", "_strings", "action", "choices", "dealing", "dealt",
        "exchanges", "game", "legal", "parent", "player", "returns", "tree", "trigger",
    )  # fmt: skip

    def __init__(
        self,
        tree: Tree,
        parent: Node | None,
        action: int,
        *,
        dealt: tuple[tuple[Card, ...], ...] = (),
        game: Game | None = None,
        choices: tuple[Exchange, ...] = (),
        exchanges: tuple[Exchange, ...] = (),
        dealing: Dealing | None = None,
        trigger: Exchange | None = None,
    ) -> None:
        self.tree, self.parent, self.action = tree, parent, action
        self.dealt, self.game, self.choices = dealt, game, choices
        self.exchanges, self.dealing, self.trigger = exchanges, dealing, trigger
        self._children: dict[int, Node] = {}
        self._strings: dict[object, str] = {}
        self._pool: frozenset[int] = frozenset()
        self._size = 0
        self.legal: dict[int, Action] = {}
        self.returns: list[float] | None = None
        self.player = self._classify()

    def __deepcopy__(self, memo: dict[int, object]) -> Node:
        return self  # never changed once made: OpenSpiel's clone shares it

    def __reduce__(self) -> tuple[Callable[..., Node], tuple[dict[str, Any], tuple[int, ...]]]:
        return node_from_history, (dataclasses.asdict(self.tree.config), tuple(self.history()))

    # -- what kind of node -----------------------------------------------------------------

    def _classify(self) -> int:
        """The player to act (0, 1), -1 chance, -4 terminal (OpenSpiel's ids)."""
        game = self.game
        if game is None:
            self._deal_outcomes()
            return -1
        if self.exchanges:
            self._exchange_outcomes()
            return -1
        if game.done:
            self.returns = [float(game.stacks[p] - game.starting_stacks[p]) for p in range(2)]
            return -4
        if game.phase is Phase.DRAW and game.round_index >= self.tree.config.draws:
            self.returns = _showdown(game)
            return -4
        seat = game.actor
        assert seat is not None
        if game.phase is Phase.DRAW:
            cap = min(game.legal_actions()[0].amount, self.tree.config.most_thrown)
            self.legal = {
                mask: Action(K.DRAW) for mask in range(DRAW_ACTIONS) if mask.bit_count() <= cap
            }
        else:
            self.legal = {BET_ID[a.kind]: a for a in game.legal_actions()}
        return seat

    def _deal_outcomes(self) -> None:
        used = {c for hand in self.dealt for c in hand}
        self._set_pool(tuple(c for c in self.tree.deck if c not in used), HAND)

    def _exchange_outcomes(self) -> None:
        assert self.dealing is not None
        _, pool, size = self.dealing.sources(len(self.exchanges[0].thrown))
        self._set_pool(pool, size)

    def _set_pool(self, pool: tuple[Card, ...], size: int) -> None:
        position = self.tree.config.position
        self._pool = frozenset(position(c) for c in pool)
        self._size = size

    @property
    def outcomes(self) -> list[tuple[int, float]]:
        """(chance outcome, probability): every set of ``_size`` cards of the pool, alike."""
        if not self._size:
            return []
        n = len(self.tree.deck)
        inside = np.zeros(n, dtype=bool)
        inside[list(self._pool)] = True
        ids = np.flatnonzero(inside[subsets(n, self._size)].all(axis=1))
        p = 1.0 / len(ids)
        return [(i, p) for i in ids.tolist()]

    def outcome_text(self, action: int) -> str:
        """A chance outcome's cards as text (any outcome of this node's size)."""
        if not self._size or not 0 <= action < comb(len(self.tree.deck), self._size):
            return f"chance outcome {action}"
        return self.tree.subset_text(self._size, action)

    def outcome_cards(self, action: int) -> tuple[Card, ...]:
        """The cards a chance outcome deals; ValueError for one this node does not have."""
        n = len(self.tree.deck)
        if not self._size or not 0 <= action < comb(n, self._size):
            raise ValueError(f"chance outcome {action} is not one of this node's")
        positions = subsets(n, self._size)[action].tolist()
        if not self._pool.issuperset(positions):
            raise ValueError(f"chance outcome {action} is not one of this node's")
        return tuple(self.tree.deck[p] for p in positions)

    # -- moving on -------------------------------------------------------------------------

    def child(self, action: int) -> Node:
        node = self._children.get(action)
        if node is None:
            node = self._make(action)
            if self.tree.nodes < CACHE_NODES:
                self._children[action] = node
                self.tree.nodes += 1
        return node

    def _make(self, action: int) -> Node:
        if self.player == -4:
            raise ValueError("the hand is over: no action applies")
        if self.player == -1:
            return self._after_chance(action, self.outcome_cards(action))
        if action not in self.legal:
            raise ValueError(f"action {action} is not legal here: {sorted(self.legal)}")
        game = self.game
        assert game is not None
        if game.phase is Phase.DRAW:
            return self._after_discard(action)
        played = fork(game)
        played.act(self.legal[action])
        return Node(self.tree, self, action, game=played)

    def _after_chance(self, action: int, cards: tuple[Card, ...]) -> Node:
        if self.game is None:
            dealt = (*self.dealt, cards)
            if len(dealt) < PLAYERS:
                return Node(self.tree, self, action, dealt=dealt)
            return Node(self.tree, self, action, game=self._first_game(dealt))
        assert self.dealing is not None and self.trigger is not None
        exchange, *rest = self.exchanges
        dealing = self.dealing.deal(exchange, cards)
        if rest:
            return Node(
                self.tree, self, action, game=self.game, exchanges=tuple(rest), dealing=dealing,
                trigger=self.trigger, choices=self.choices,
            )  # fmt: skip
        return Node(self.tree, self, action, game=self._exchange(dealing))

    def _after_discard(self, mask: int) -> Node:
        game = self.game
        assert game is not None and game.actor is not None
        seat = game.actor
        hand = sorted(game.hands[seat])
        mine = Exchange(seat, tuple(c for i, c in enumerate(hand) if mask >> i & 1))
        simultaneous = game.rules.simultaneous_draws
        last = not simultaneous or len(self.choices) + 1 == len(game.in_hand())
        exchanges = tuple(e for e in (*self.choices, mine) if e.thrown) if last else ()
        if not exchanges:
            played = fork(game)
            played.act(Action.draw(mine.thrown))
            choices = (*self.choices, mine) if not last else ()
            return Node(self.tree, self, mask, game=played, choices=choices)
        dealing = Dealing(tuple(sorted(game.stub)), tuple(sorted(game.discards)))
        return Node(
            self.tree, self, mask, game=game, exchanges=exchanges, dealing=dealing,
            trigger=mine, choices=(*self.choices, mine) if simultaneous else (),
        )  # fmt: skip

    def _first_game(self, hands: tuple[tuple[Card, ...], ...]) -> Game:
        """The library's game with these hands dealt (player 0 left of the button, player 1 the
        button: the casino's small blind heads-up, and 선 under the Korean rules is player 0)."""
        config = self.tree.config
        top = [hand[i] for i in range(HAND) for hand in hands]  # dealt one at a time, 0 first
        rest = [c for c in DECK if c not in top]
        game = Game([config.stack] * PLAYERS, config.rules, button=1, deck=top + rest, seed=0,
                    reshuffle=STACKER)  # fmt: skip
        game.stub = sorted(c for c in self.tree.deck if c not in top)
        return game

    def _exchange(self, dealing: Dealing) -> Game:
        """Deal the pending exchanges' chosen cards: the present stub's on top in order, each
        reshuffle's put on top by ``STACKER`` when ``Game`` reshuffles."""
        assert self.game is not None and self.trigger is not None
        played = fork(self.game)
        first, *later = dealing.segments
        played.stub = [c for c in played.stub if c not in first] + list(reversed(first))
        STACKER.queue = list(later)
        before = len(played.history)
        try:
            played.act(Action.draw(self.trigger.thrown))
        finally:
            left, STACKER.queue = STACKER.queue, []
        dealt = [e.received for e in played.history[before:] if e.kind is K.DRAW and e.cards]
        wanted = [c for segment in dealing.segments for c in segment]
        if left or sorted(c for r in dealt for c in r) != sorted(wanted):
            raise RuntimeError("the game dealt other cards than the chance outcomes chose")
        return played

    # -- reading ---------------------------------------------------------------------------

    def history(self) -> list[int]:
        actions = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            actions.append(node.action)
            node = node.parent
        return actions[::-1]

    def seen(self, player: int) -> tuple[Event, ...]:
        """The history as ``player`` saw it (others' cards hidden)."""
        return () if self.game is None else self.game.view(player).history

    def hand(self, player: int) -> tuple[Card, ...]:
        """``player``'s cards now, lowest id first (none before they are dealt)."""
        if self.game is None:
            return tuple(sorted(self.dealt[player])) if player < len(self.dealt) else ()
        return tuple(sorted(self.game.hands[player]))

    def choice(self, player: int) -> tuple[Card, ...] | None:
        """The cards ``player`` chose to throw at this draw and has not been dealt for yet."""
        for pending in (*self.choices, *self.exchanges):
            if pending.seat == player:
                return pending.thrown
        return None

    def cached(self, key: object, make: Callable[[], str]) -> str:
        text = self._strings.get(key)
        if text is None:
            text = self._strings[key] = make()
        return text


_TREES: weakref.WeakValueDictionary[Config, Tree] = weakref.WeakValueDictionary()


def tree_for(config: Config) -> Tree:
    """The one tree of a configuration (games loaded with equal parameters share it)."""
    tree = _TREES.get(config)
    if tree is None:
        tree = _TREES[config] = Tree(config)
    return tree


def node_from_history(params: dict[str, Any], history: tuple[int, ...]) -> Node:
    """The node a history reaches (unpickling a state)."""
    return tree_for(Config(**params)).node_at(history)


# The tree's own names, and those its parts hold (config.py, chance.py, copying.py), importable
# from here as before they moved.
__all__ = [
    "BETTING",
    "BET_ID",
    "CACHE_NODES",
    "DEFAULTS",
    "DRAW_ACTIONS",
    "HAND",
    "NUM_ACTIONS",
    "PLAYERS",
    "STACKER",
    "Config",
    "Dealing",
    "Exchange",
    "Node",
    "Tree",
    "colex",
    "fork",
    "node_from_history",
    "subsets",
    "tree_for",
    "uncolex",
]
