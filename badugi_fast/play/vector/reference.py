"""The batched environment's Python specification: ``VectorGame`` with each table a ``Game``.

``step`` loops over the tables (a few thousand steps a second): it is what the C batched engine
(``vector.VectorGame``) is checked against, step for step, on every rule set
(tests/test_vector_engine.py). Same constructor, methods and encoding; it also offers
``games``, the ``Game`` of the hand in play at each table. Table t's hand h is hand
t * 2**32 + h of the seed's stream (``simulate``'s deals: ``bf_deal_deck`` and
``bf_deal_reshuffle``), with the button at seat (t * 2**32 + h) % seats, every seat starting
each hand with its ``stacks`` chips, as ``play_hands`` plays that hand.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..._runtime.exclusive import Guard, one_thread
from ...game.actions import Action, IllegalActionError, Phase
from ...game.rules import KoreanRules, Rules, RuleSet
from ...game.state import Game
from ...game.stream import stream_game
from .settings import HAND_BITS, Settings, Step, check_action_range, index_array
from .spec import (
    AGGRESSIVE_KINDS,
    ALL_IN,
    BET,
    CASINO_INDEX,
    DISCARDS,
    DRAWS,
    EXACT,
    KOREAN_INDEX,
    NO_ACTION,
    PHASE_BETTING,
    PHASE_DONE,
    PHASE_DRAW,
    POT_FRACTIONS,
    ROUNDS,
    Obs,
    TableView,
    encode,
    fallback_action,
    popcount4,
)

_MASKS_UP_TO = [[m for m in range(DISCARDS) if popcount4(m) <= cap] for cap in range(5)]


class Table:
    """One table of the batched game: a ``Game`` per hand plus what the encoding records of it
    (the betting per round, the cards drawn, each seat's discards)."""

    def __init__(
        self,
        index: int,
        rules: RuleSet,
        seed: int,
        start: list[int],
        hand: int = 0,
        number: int | None = None,
    ) -> None:
        self.index, self.rules, self.seed, self.start = index, rules, seed, start
        self.seats = len(start)
        self.hand = hand  # hands begun at this table
        self.sized = isinstance(rules, Rules) and rules.structure != "fixed-limit"
        self.kinds = KOREAN_INDEX if isinstance(rules, KoreanRules) else CASINO_INDEX
        self.new_hand(number)

    def new_hand(self, number: int | None = None) -> None:
        """Deal the table's next hand (or hand ``number`` of the stream, for a replay)."""
        self.number = (self.index << HAND_BITS) | self.hand if number is None else number
        self.hand += 1
        self.game = stream_game(self.start, self.rules, self.seed, self.number)
        s = self.seats
        self.bet_chips = [[0] * s for _ in range(ROUNDS)]
        self.bet_raises = [[0] * s for _ in range(ROUNDS)]
        self.drawn = [[-1] * DRAWS for _ in range(s)]
        self.discards = [0] * s  # bit c: the seat threw card c this hand
        self._seen = 0
        self._legal: dict[int, Action] | None = None
        self._view: tuple[int, TableView] | None = None
        self._record(0)

    def _record(self, round_index: int) -> None:
        """Fold the history's new events into the encoding's tallies (round: before the act)."""
        for event in self.game.history[self._seen :]:
            seat, kind = event.seat, str(event.kind)
            if seat is None:
                continue
            if kind == "draw":
                self.drawn[seat][round_index] = event.amount
                for card in event.cards:
                    self.discards[seat] |= 1 << int(card)
            elif kind == "post" or (kind in self.kinds and kind not in ("fold", "die")):
                self.bet_chips[round_index][seat] += event.amount
                self.bet_raises[round_index][seat] += kind in AGGRESSIVE_KINDS
        self._seen = len(self.game.history)

    # -- what the player sees -----------------------------------------------------------------

    def phase(self) -> int:
        if self.game.done:
            return PHASE_DONE
        return PHASE_DRAW if self.game.phase is Phase.DRAW else PHASE_BETTING

    def legal(self) -> dict[int, Action]:
        """The actor's legal actions by index (draws: one entry per allowed discard mask)."""
        if self._legal is None:  # worked out once per state: observed, then decoded
            self._legal = self._options()
        return self._legal

    def _options(self) -> dict[int, Action]:
        game = self.game
        actions = game.legal_actions()
        if self.phase() == PHASE_DRAW:
            return dict.fromkeys(_MASKS_UP_TO[actions[0].amount], actions[0])
        legal: dict[int, Action] = {}
        for action in actions:
            index = self.kinds[str(action.kind)]
            if index == BET and self.sized:
                legal.update(self._sizes(action))
            legal[index] = Action(action.kind, action.amount)
        return legal

    def _sizes(self, bet: Action) -> dict[int, Action]:
        """Pot / no limit: the sized bets that lie in the rules' range, and EXACT."""
        seat = self.game.actor
        assert seat is not None
        least, most = bet.amount, bet.max_amount or bet.amount
        to_call = self._to_call(seat)
        after_call = self.game.pot + to_call
        amounts = {i: to_call + after_call * n // d for i, (n, d) in POT_FRACTIONS.items()}
        amounts[ALL_IN] = self.game.stacks[seat]
        sizes = {i: Action(bet.kind, a) for i, a in amounts.items() if least <= a <= most}
        sizes[EXACT] = bet
        return sizes

    def _to_call(self, seat: int) -> int:
        """Chips to match the round's bet (the full big blind even when its poster is short)."""
        return self.game.to_call(seat)

    def view(self, seat: int) -> TableView:
        """What ``seat`` sees, in seat order (``encode`` turns it round and into arrays)."""
        if self._view is None or self._view[0] != seat:  # tables left waiting are not redone
            self._view = (seat, self._make_view(seat))
        return self._view[1]

    def _make_view(self, seat: int) -> TableView:
        game = self.game
        phase = self.phase()
        hand = sorted(int(c) for c in game.hands[seat])
        draw_index = game.round_index if phase != PHASE_DONE else DRAWS
        legal = self.legal() if game.actor == seat else {}
        bets = [legal[i] for i in legal if i >= BET]
        return (
            hand + [-1] * (4 - len(hand)),
            [
                seat,
                phase,
                ROUNDS - 1 - game.round_index if phase != PHASE_DONE else 0,
                game.rules.draw_cap(draw_index) if draw_index < DRAWS else 0,
                game.pot,
                self._to_call(seat),
                min((a.amount for a in bets), default=0),
                max((max(a.amount, a.max_amount) for a in bets), default=0),
                game.button,
                self.discards[seat],
                game.bets,
            ],
            [game.stacks, [not f for f in game.folded], game.round_bets],
            self.drawn,
            [self.bet_chips, self.bet_raises],
            list(legal),
        )

    # -- acting ---------------------------------------------------------------------------

    def decode(self, action: int, amount: int) -> Action | str:
        """The game action for an index, or why it is not legal now."""
        legal = self.legal()
        if action not in legal:
            phase = ("betting", "drawing", "over")[self.phase()]
            return f"action {action} is not legal now (seat {self.game.actor} is {phase})"
        chosen = legal[action]
        if action < DISCARDS:
            cards = sorted(int(c) for c in self.game.hands[self.game.actor or 0])
            # the highest ids first, as the bots throw (the muck's order, which a reshuffle reads)
            return Action.draw([cards[i] for i in (3, 2, 1, 0) if action >> i & 1])
        if action == EXACT:
            least, most = chosen.amount, chosen.max_amount or chosen.amount
            if not least <= amount <= most:
                return f"the exact amount is {least} to {most} chips, not {amount}"
            return Action(chosen.kind, amount)
        return chosen

    def fallback(self) -> Action:
        seat = self.game.actor
        assert seat is not None
        to_call = self._to_call(seat) if self.phase() == PHASE_BETTING else 0
        decoded = self.decode(fallback_action(self.phase(), to_call), 0)
        assert isinstance(decoded, Action)
        return decoded

    def apply(self, action: Action) -> bool:
        """Play the action; True when it ended the hand."""
        round_index = self.game.round_index
        self.game.act(action)
        self._legal, self._view = None, None
        self._record(round_index)
        return self.game.done

    def successor(self) -> Table:
        """The same table dealing its next hand (this one keeps the finished hand)."""
        return Table(self.index, self.rules, self.seed, self.start, self.hand)

    def chips_won(self) -> list[int]:
        return [end - begun for end, begun in zip(self.game.stacks, self.start, strict=True)]


class VectorGame(Settings):
    """``vector.VectorGame``'s API and results (see its docstring: actions, rewards, done, info,
    ``illegal``, ``first_table`` and one thread at a time), played by a Python loop over
    ``Game`` objects: the specification the C engine is tested against, step for step."""

    def __init__(
        self,
        tables: int,
        seats: int,
        rules: RuleSet | None = None,
        seed: int | None = None,
        *,
        stacks: int | Sequence[int] | None = None,
        illegal: str = "raise",
        first_table: int = 0,
    ) -> None:
        super().__init__(
            tables, seats, rules, seed, stacks=stacks, illegal=illegal, first_table=first_table
        )
        self._guard = Guard(type(self).__name__)
        self.reset()

    @one_thread("reset")
    def reset(self) -> Obs:
        """Start every table at its hand 0 again; the first observations."""
        first = self.first_table
        self._tables = [
            Table(first + t, self.rules, self.seed, self.start) for t in range(self.tables)
        ]
        self._finished: list[Table | None] = [None] * self.tables
        self.last_hand = np.full(self.tables, -1, dtype=np.int64)  # the last finished hand's h
        self.last_chips = np.zeros((self.tables, self.seats), dtype=np.int64)  # and its chips
        return self._observe()

    @one_thread("dealt")
    def next_hands(self) -> Obs:
        """Abandon the hands in play; every table deals its next hand."""
        self._tables = [table.successor() for table in self._tables]
        return self._observe()

    @one_thread("observed")
    def observe(self, seats: npt.ArrayLike | None = None) -> Obs:
        """Observations for the player to act at each table, or for the given seat of each."""
        return self._observe(seats)

    def _observe(self, seats: npt.ArrayLike | None = None) -> Obs:
        chosen = None if seats is None else np.asarray(seats)
        views = []
        for row, table in enumerate(self._tables):
            seat = table.game.actor if chosen is None else int(chosen[row])
            views.append(table.view(seat if seat is not None else 0))
        return encode(views, self.seats)

    @one_thread("observed")
    def final_observation(self, seats: npt.ArrayLike) -> Obs:
        """Each table's last finished hand as the given seat saw it at its end (phase 2, no
        legal action; rows of tables that have finished no hand yet are left empty)."""
        chosen = np.asarray(seats)
        views = [
            None if table is None else table.view(int(chosen[row]))
            for row, table in enumerate(self._finished)
        ]
        return encode(views, self.seats)

    @property
    def games(self) -> list[Game]:
        """The hand in play at each table (read them; acting on them bypasses the tallies)."""
        return [table.game for table in self._tables]

    @one_thread("stepped")
    def step(self, actions: npt.ArrayLike, amounts: npt.ArrayLike | None = None) -> Step:
        chosen = index_array("actions", actions, self.tables)
        exact = (
            np.zeros(self.tables, dtype=np.int64)
            if amounts is None
            else index_array("amounts", amounts, self.tables)
        )
        check_action_range(chosen)
        plays, illegal = self._decode(chosen, exact)
        rewards = np.zeros((self.tables, self.seats), dtype=np.float64)
        chips = np.zeros((self.tables, self.seats), dtype=np.int64)
        done = np.zeros(self.tables, dtype=np.bool_)
        hand = np.full(self.tables, -1, dtype=np.int64)
        for t, play in plays.items():
            table = self._tables[t]
            if table.apply(play):
                done[t], hand[t] = True, table.hand - 1
                chips[t] = table.chips_won()
                self._finished[t], self._tables[t] = table, table.successor()
        self.last_hand[done], self.last_chips[done] = hand[done], chips[done]
        rewards[:] = chips / self.unit
        info = {"chips": chips, "hand": hand, "illegal": illegal}
        return self._observe(), rewards, done, info

    def _decode(
        self, chosen: npt.NDArray[np.int64], exact: npt.NDArray[np.int64]
    ) -> tuple[dict[int, Action], npt.NDArray[np.bool_]]:
        """Every table's game action, checked before any table moves."""
        plays: dict[int, Action] = {}
        illegal = np.zeros(self.tables, dtype=np.bool_)
        for t in np.flatnonzero(chosen != NO_ACTION).tolist():
            table = self._tables[t]
            decoded = table.decode(int(chosen[t]), int(exact[t]))
            if isinstance(decoded, str):
                if self.illegal == "raise":
                    raise IllegalActionError(f"table {t}: {decoded}")
                decoded = table.fallback()
                illegal[t] = True
            plays[t] = decoded
        self.illegal_count += int(illegal.sum())
        return plays, illegal
