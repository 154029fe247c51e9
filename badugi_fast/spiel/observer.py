"""What a player observes, as OpenSpiel asks for it: named views over one flat tensor, and a
string, both from the player's own view of the hand (``Game.view``: others' cards hidden).

Pieces (``n`` cards in the deck, ``r = draws + 1`` betting rounds, ``L`` the game's bound on
betting actions; an own piece for ``SINGLE_PLAYER`` private information, both players' for
``ALL_PLAYERS``, none for ``NONE``):

=================  ================  =======================================================
piece              shape             meaning
=================  ================  =======================================================
``player``         (2,)              one-hot: whose view
``hands``          (r, n) / (2, r, n)  perfect recall: the cards held in each betting round
``hand``           (n,) / (2, n)     otherwise: the cards held now
``choosing``       (4,) / (2, 4)     a draw chosen and not yet dealt, as its 4-bit mask
``drawn``          (draws, 2, 5)     perfect recall: cards thrown by each player at each draw
``last_drawn``     (2, 5)            otherwise: cards thrown by each player at the last draw
``betting``        (L, 10)           perfect recall: every betting action in order, one-hot
                                     over fold, check, call, bet, raise, 삥, 따당, 쿼터, 하프, 풀
``round``          (r,)              otherwise: the betting round (or the draw after it)
``committed``      (2,)              otherwise: each player's chips in the pot
=================  ================  =======================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]

from ..cards import Card
from ..game import ActionKind
from .config import BET_ID, BETTING, DRAW_ACTIONS, HAND, PLAYERS, Config
from .tree import Node

K = ActionKind


class History:
    """One player's view of a node, read once: cards per round, draws, betting actions."""

    def __init__(self, node: Node, player: int) -> None:
        self.hands: list[tuple[Card, ...]] = []
        self.drawn: list[list[int]] = []  # per draw: cards thrown by each player
        self.betting: list[int] = []  # action ids, 16 up
        self.words: list[str] = []
        hand = node.hand(player) if node.game is None else ()
        if hand:
            self.hands.append(hand)
            self.words.append(f"deal {' '.join(map(str, hand))}")
        for event in node.seen(player):
            self._read(event, player)

    def _read(self, event: Any, player: int) -> None:
        kind, seat = event.kind, event.seat
        if kind is K.DEAL:
            if seat == player:
                self.hands.append(tuple(sorted(event.cards)))
                self.words.append(f"deal {' '.join(map(str, self.hands[-1]))}")
        elif kind is K.DRAW:
            if not self.drawn or self.drawn[-1][seat] >= 0:
                self.drawn.append([-1] * PLAYERS)
            self.drawn[-1][seat] = event.amount
            if seat == player:
                kept = [c for c in self.hands[-1] if c not in event.cards]
                self.hands.append(tuple(sorted([*kept, *event.received])))
                thrown = " ".join(map(str, event.cards)) or "nothing"
                got = " ".join(map(str, sorted(event.received)))
                self.words.append(f"throw {thrown}" + (f" get {got}" if got else ""))
            else:
                self.words.append(f"p{seat} draw {event.amount}")
        elif kind in BET_ID and kind is not K.DIE:
            self.betting.append(BET_ID[kind])
            amount = f" {event.amount}" if event.amount else ""
            self.words.append(f"p{seat} {kind}{amount}")
        elif kind is K.RESHUFFLE:
            self.words.append(f"reshuffle {event.amount}")
        elif kind in (K.POST, K.ANTE):
            self.words.append(f"p{seat} {kind} {event.amount}")


class BadugiObserver:
    """OpenSpiel's PyObserver for the badugi game (``make_py_observer``)."""

    def __init__(self, iig_obs_type: Any, config: Config) -> None:
        self.config = config
        self.recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        private = iig_obs_type.private_info
        self.whose: str = (
            "own"
            if private == pyspiel.PrivateInfoType.SINGLE_PLAYER
            else "all"
            if private == pyspiel.PrivateInfoType.ALL_PLAYERS
            else "none"
        )
        n, rounds = len(config.deck), config.draws + 1
        both = (PLAYERS,) if self.whose == "all" else ()
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (PLAYERS,))]
        if self.whose != "none":
            cards = (rounds, n) if self.recall else (n,)
            pieces += [("hands" if self.recall else "hand", both + cards)]
            pieces += [("choosing", (*both, HAND))]
        if self.public and self.recall:
            pieces += [("drawn", (config.draws, PLAYERS, HAND + 1))]
            pieces += [("betting", (config.max_betting_actions, len(BETTING)))]
        elif self.public:
            pieces += [("last_drawn", (PLAYERS, HAND + 1)), ("round", (rounds,))]
            pieces += [("committed", (PLAYERS,))]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, shape in pieces:
            count = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + count].reshape(shape)
            start += count
        self._key = (self.recall, self.public, self.whose)

    def _players(self, player: int) -> list[int]:
        return [player] if self.whose == "own" else list(range(PLAYERS))

    def set_from(self, state: Any, player: int) -> None:
        """Fill ``tensor`` (and so ``dict``) with ``state`` as ``player`` observes it."""
        node: Node = state.node
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        if self.whose != "none":
            for p in self._players(player):
                self._private(node, p, (p,) if self.whose == "all" else ())
        if self.public and self.recall:
            self._public_history(History(node, player))
        elif self.public:
            self._public_now(node, History(node, player))

    def _private(self, node: Node, p: int, at: tuple[int, ...]) -> None:
        """Player ``p``'s cards (each round's, or now) and its draw chosen, not yet dealt."""
        position = self.config.position
        view = History(node, p)
        if self.recall:
            for r, hand in enumerate(view.hands[: self.config.draws + 1]):
                for card in hand:
                    self.dict["hands"][(*at, r, position(card))] = 1
        elif view.hands:
            for card in view.hands[-1]:
                self.dict["hand"][(*at, position(card))] = 1
        chosen = node.choice(p) or ()
        for i, card in enumerate(node.hand(p)):
            if card in chosen:
                self.dict["choosing"][(*at, i)] = 1

    def _public_history(self, public: History) -> None:
        for d, counts in enumerate(public.drawn[: self.config.draws]):
            for p, count in enumerate(counts):
                if count >= 0:
                    self.dict["drawn"][d, p, count] = 1
        for i, action in enumerate(public.betting[: self.config.max_betting_actions]):
            self.dict["betting"][i, action - DRAW_ACTIONS] = 1

    def _public_now(self, node: Node, public: History) -> None:
        for p, count in enumerate(public.drawn[-1] if public.drawn else ()):
            if count >= 0:
                self.dict["last_drawn"][p, count] = 1
        game = node.game
        self.dict["round"][0 if game is None else min(game.round_index, self.config.draws)] = 1
        if game is not None and not game.done:
            self.dict["committed"][:] = game.committed

    def string_from(self, state: Any, player: int) -> str:
        """``state`` as ``player`` observes it, as text (kept on the node: asked often)."""
        node: Node = state.node
        return node.cached((self._key, player), lambda: self._string(node, player))

    def _string(self, node: Node, player: int) -> str:
        words = [f"p{player}"]
        if self.whose != "none":
            for p in self._players(player):
                mark = "" if self.whose == "own" else f"p{p} "
                if self.recall and self.public and p == player:
                    continue  # the history below shows the own cards as they came
                if self.recall:  # another's cards as they came, for ALL_PLAYERS
                    own = History(node, p).words
                    words += [f"{mark}{w}" for w in own if w.startswith(("deal", "throw"))]
                    continue
                hand = node.hand(p)
                words.append(f"{mark}hand {' '.join(map(str, hand)) or '-'}")
            for p in self._players(player):
                chosen = node.choice(p)
                if chosen is not None:
                    words.append(f"p{p} chose {' '.join(map(str, chosen)) or 'nothing'}")
        if self.public and self.recall:
            history = History(node, player)
            words += history.words if self.whose != "none" else _public(history.words)
        elif self.public and node.game is not None:
            game = node.game
            words.append(f"round {min(game.round_index, self.config.draws)}")
            words.append(f"pot {game.pot} committed {game.committed} stacks {game.stacks}")
            drawn = History(node, player).drawn
            if drawn:
                words.append(f"drew {drawn[-1]}")
        return " | ".join(words)


def _public(words: list[str]) -> list[str]:
    """The history's words without the own cards."""
    return [w if not w.startswith(("deal", "throw")) else w.split(" ")[0] for w in words]
