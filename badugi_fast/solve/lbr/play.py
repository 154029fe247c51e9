"""The local best response as a player, and the hands it plays against the strategy it measures.

The player (``Responder``) sees what a seat sees: its own cards and discards, and each public
spot of the opponent with the action taken (at a draw only the number of cards thrown). It keeps
the opponent's range (particles.py) and decides as Lisý and Bowling's local best response does
("Equilibrium Approximation Quality of Current No-Limit Poker Bots", 2017), with the draws of
Badugi added:

- betting: each legal action is valued as if both players only checked and called from there to
  the showdown, the draws still to come drawn by fixed policies (its own: the default policy;
  the opponent's: its strategy's ``rollout_policy``). Folding loses the chips in; checking or
  calling is worth ``(2E - 1) c`` for an equity E against the range and c chips in each after
  the call; a bet or raise is worth ``f o + (1 - f)(2E' - 1) c'``, where f is the range's
  share folding to it (by the strategy), o the opponent's chips in, and E' the equity against the
  range that does not fold, c' the chips in each after the call. The best value is played.
- drawing: every discard the cap allows is valued by its equity against the range, the draws to
  come played out as above on the same deals (common random numbers); the best is thrown.

With ``Settings.free_after`` k > 0 the responder plays the measured strategy itself for its own
hand (drawn from its probabilities with the responder's random stream) until k draws are done,
and decides as above only after them: what it then wins is what the strategy gives away in the
later rounds against its own earlier play (k = the table's draws: in the last round only).

Its choices are a strategy of the seat's information alone, so its average winnings against a
strategy are a lower bound on the best response's: the exploitability figure. Where the
estimates are approximate (a sampled range, the fixed continuation, a Monte Carlo equity; an
opponent that has drawn already at this draw is let draw once more in the estimate, except at the
last draw, where it stands pat) the bound is looser, never wrong.

The table (``Table``): heads-up, seat 0 left of the button (the big blind), seat 1 the button,
as OpenSpiel's ``badugi`` seats them; a deck of the ``ranks`` lowest ranks of the first ``suits``
suits (the whole deck by default), where a draw deals from the stub and then from the
reshuffled discards as ``Game`` does, and throws at most the cards outside the two hands; fewer
than three ``draws`` end the hand at a showdown where the next draw would start.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass, field, is_dataclass, replace
from functools import cache
from typing import Any

import numpy as np

from ..._badugi import ffi
from ...cards import DECK
from ...game import Action, ActionKind, Game, Phase, Rules
from ...game.actions import BET_KINDS, FOLD_KINDS, View
from ...game.bots import Bot
from ...game.showdown import side_pots, winnings
from ...hands.evaluator import evaluate
from .arrays import POPCOUNT
from .equity import showdown_share, simulated_share, stand_pat
from .particles import Particles, card_masks, mask_of
from .strategy import HandStrategy, action_of, checked_probabilities, public_view

K = ActionKind
PLAYERS = 2


@cache
def _deck(ranks: int, suits: int) -> tuple[int, ...]:
    return tuple(4 * r + s for r in range(ranks) for s in range(suits))


def fork(game: Game) -> Game:
    """A copy of ``game`` to play a betting action on (the local best response's look ahead):
    its lists, sets, dicts and round record copied, everything else shared (cards, events,
    actions and rules are immutable). Much cheaper than ``copy.deepcopy``."""
    twin = copy.copy(game)
    for name, value in vars(game).items():
        if isinstance(value, list):
            twin.__dict__[name] = [v.copy() if isinstance(v, list) else v for v in value]
        elif isinstance(value, dict | set):
            twin.__dict__[name] = value.copy()
        elif is_dataclass(value) and not isinstance(value, type):
            record = copy.copy(value)
            for field_name, inner in vars(value).items():
                if isinstance(inner, list | set | dict):
                    setattr(record, field_name, inner.copy())
            twin.__dict__[name] = record
    return twin


def checked_policy(policy: object) -> Any:
    """What a strategy's ``rollout_policy()`` gave if it is None or a (``bf_policy *``,
    keepalive) pair, else a TypeError saying so (C dereferences the pointer)."""
    if policy is None:
        return None
    if (
        isinstance(policy, tuple)
        and len(policy) == 2
        and isinstance(policy[0], ffi.CData)
        and ffi.typeof(policy[0]) is ffi.typeof("bf_policy *")
        and policy[0] != ffi.NULL
    ):
        return policy
    raise TypeError(
        f"the strategy's rollout_policy() is None or a (bf_policy *, keepalive) pair, not "
        f"{policy!r}"
    )


@dataclass(frozen=True)
class Table:
    """The game the local best response plays: fixed-limit ``rules``, ``stack`` chips each, a
    deck of ``ranks`` x ``suits`` cards, ``draws`` draws (see the module)."""

    rules: Rules = field(default_factory=lambda: Rules(small_bet=2, cap_heads_up=True))
    stack: int = 200
    ranks: int = 13
    suits: int = 4
    draws: int = 3

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules) or self.rules.structure != "fixed-limit":
            raise ValueError(
                f"the local best response plays casino fixed limit (a Rules of structure"
                f" 'fixed-limit'), not {self.rules!r}"
            )
        for name, least, most in (("ranks", 1, 13), ("suits", 1, 4), ("draws", 0, 3)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} is a whole number, not {value!r}")
            if not least <= value <= most:
                raise ValueError(f"{name} is {least} .. {most}, not {value}")
        if isinstance(self.stack, bool) or not isinstance(self.stack, int):
            raise TypeError(f"stack is a whole number of chips, not {self.stack!r}")
        if self.stack < 1:
            raise ValueError(f"stack is at least 1 chip, not {self.stack}")
        if self.ranks * self.suits < 8:
            raise ValueError(
                f"ranks x suits is at least 8 cards (two hands of four), not"
                f" {self.ranks} x {self.suits}"
            )

    @property
    def cards(self) -> tuple[int, ...]:
        return _deck(self.ranks, self.suits)

    @property
    def deck_mask(self) -> int:
        return mask_of(_deck(self.ranks, self.suits))

    @property
    def most_thrown(self) -> int:
        return min(4, len(self.cards) - 8)

    @property
    def big_blind(self) -> int:
        return self.rules.big_blind_amount

    def new_game(self, seed: int, deal: int) -> Game:
        """Deal ``deal`` of ``seed``: the same cards whichever seat the responder takes."""
        rng = np.random.default_rng([seed, deal])
        order = [DECK[c] for c in rng.permutation(np.array(self.cards)).tolist()]
        rest = [c for c in DECK if c not in order]
        shuffler = random.Random(int(rng.integers(1 << 62)))
        stream = int(rng.integers(1 << 62))
        game = Game([self.stack] * PLAYERS, self.rules, button=1, deck=order + rest,
                    reshuffle=shuffler.shuffle, stream=stream)  # fmt: skip
        game.stub = order[PLAYERS * 4 :][::-1]  # the small deck's cards only; top last
        return game

    def view(self, game: Game, seat: int) -> View:
        """``game.view(seat)``, a draw's cap at most the cards outside the hands."""
        view = game.view(seat)
        if view.phase is Phase.DRAW and view.legal:
            cap = min(view.legal[0].amount, self.most_thrown)
            view = replace(view, legal=(Action(K.DRAW, cap),))
        return view

    @staticmethod
    def draws_done(view: View) -> int:
        """Draws done before ``view`` (the game counts three draws whatever the table plays)."""
        return 3 - view.draws_left

    def draws_to_come(self, view: View) -> int:
        """Draws still to come in this table's hand (at a draw: counting it)."""
        return max(self.draws - self.draws_done(view), 0)

    def over(self, game: Game) -> bool:
        return game.done or (game.phase is Phase.DRAW and game.round_index >= self.draws)

    def returns(self, game: Game) -> list[int]:
        """Each seat's chips won less chips put in (at a cut-off showdown: the library's)."""
        if game.done:
            return [game.stacks[p] - game.starting_stacks[p] for p in range(PLAYERS)]
        live = game.in_hand()
        ranks = {p: evaluate(game.hands[p]) for p in live}
        order = [(game.button + i) % PLAYERS for i in range(1, PLAYERS + 1)]
        won = [0] * PLAYERS
        for seat, chips in winnings(side_pots(game.committed, live), ranks, order):
            won[seat] += chips
        return [game.stacks[p] + won[p] - game.starting_stacks[p] for p in range(PLAYERS)]


@dataclass(frozen=True)
class Settings:
    """How hard the responder looks: ``particles`` in the range, ``trials`` per equity
    estimate at a betting decision and ``draw_trials`` per discard at a draw; and where:
    ``free_after`` draws done before it leaves the strategy (see the module; 0: everywhere)."""

    particles: int = 1000
    trials: int = 2000
    draw_trials: int = 1000
    free_after: int = 0


class Responder:
    """The local best response in one seat of one hand (see the module)."""

    def __init__(
        self, table: Table, strategy: HandStrategy, seat: int, settings: Settings,
        rng: np.random.Generator,
    ) -> None:  # fmt: skip
        self.table, self.strategy, self.seat = table, strategy, seat
        self.settings, self.rng = settings, rng
        self.range = Particles(table.deck_mask, settings.particles, rng)
        self.hand: tuple[int, ...] = ()
        self.thrown = 0  # own discards, a card mask
        self.opponent_drew_at = -1  # the draws_left of the opponent's latest draw
        self.decisions = 0

    def start(self, view: View) -> None:
        self.hand = tuple(sorted(int(c) for c in view.hand))
        self.range.know(mask_of(self.hand), 0)
        self.range.start()

    def see(self, view: View) -> None:
        """Its own cards now (new ones after a draw rule hands out of the range)."""
        hand = tuple(sorted(int(c) for c in view.hand))
        if hand != self.hand:
            self.hand = hand
            self.thrown = mask_of(view.dead)
            self.range.know(mask_of(hand), self.thrown)
            self.range.exclude()

    def observe(self, spot: View, action: Action) -> None:
        """The opponent acted at ``spot`` (public): a betting action, or a draw of which only
        the number of cards counts."""
        if spot.phase is Phase.DRAW:
            self.range.draw(self.strategy, spot, len(action.cards))
            self.opponent_drew_at = spot.draws_left
        else:
            self.range.bet(self.strategy, spot, action)

    # -- deciding ----------------------------------------------------------------------------

    def _policies(self, view: View, draws: int) -> tuple[Any, Any]:
        opponent = checked_policy(self.strategy.rollout_policy())
        if view.phase is Phase.DRAW and self.opponent_drew_at == view.draws_left and draws == 1:
            opponent = stand_pat()  # it has drawn its last: it draws no more
        return None, opponent

    def _dead(self, hands: np.ndarray) -> int:
        """Cards out of play for the estimates: outside the deck, and its own discards that
        neither its hand nor a hand of the range holds (after a reshuffle they may)."""
        held = int(np.bitwise_or.reduce(card_masks(hands))) if len(hands) else 0
        outside = ~self.table.deck_mask & ((1 << 52) - 1)
        return outside | (self.thrown & ~held & ~mask_of(self.hand))

    def _share(
        self, view: View, hands: np.ndarray, weights: np.ndarray, *, first_throw: int = -1,
        seed: int, trials: int,
    ) -> float:  # fmt: skip
        draws = self.table.draws_to_come(view)
        if draws == 0:
            return showdown_share(self.hand, hands, weights)
        return simulated_share(
            self.hand, hands, weights, draws=draws, cap=self.table.most_thrown,
            dead=self._dead(hands), policies=self._policies(view, draws),
            first_throw=first_throw, seed=seed, trials=trials,
        )  # fmt: skip

    def act(self, view: View, after: Callable[[Action], View | None]) -> Action:
        """Its action at ``view``; ``after(action)``: the opponent's public spot if it took that
        bet or raise (None when the opponent would not act next)."""
        if self.table.draws_done(view) < self.settings.free_after:
            return self._followed(view)
        self.decisions += 1  # its own: a followed decision is the strategy's
        seed = int(self.rng.integers(1 << 62))
        if view.phase is Phase.DRAW:
            return self._draw(view, seed)
        hands, weights = self.range.live()
        mine = self.table.stack - view.stacks[self.seat]
        theirs = self.table.stack - view.stacks[1 - self.seat]
        trials = self.settings.trials
        equity: float | None = None
        best: tuple[float, int] | None = None
        for index, action in enumerate(view.legal):
            chips = mine + action.amount
            if action.kind in FOLD_KINDS:
                value = -float(mine)
            elif action.kind in BET_KINDS:
                spot = after(action)
                fold, left = (0.0, weights)
                if spot is not None:
                    fold, left = self.range.fold_share(self.strategy, spot)
                if fold >= 1.0 or not left.sum() > 0:
                    value = float(theirs)
                else:
                    keep = left > 0
                    e = self._share(view, hands[keep], left[keep], seed=seed, trials=trials)
                    value = fold * theirs + (1.0 - fold) * (2.0 * e - 1.0) * chips
            else:
                if equity is None:
                    equity = self._share(view, hands, weights, seed=seed, trials=trials)
                value = (2.0 * equity - 1.0) * chips
            if best is None or value > best[0] + 1e-12:
                best = (value, index)
        assert best is not None
        return view.legal[best[1]]

    def _followed(self, view: View) -> Action:
        """The strategy's own action for its hand at ``view``, drawn with the responder's
        random stream."""
        spot = public_view(view)
        hand = np.array([self.hand], dtype=np.uint8)
        dead = np.array([self.thrown], dtype=np.uint64)
        drawing = view.phase is Phase.DRAW
        method, columns = ("discards", 16) if drawing else ("betting", len(view.legal))
        asked = getattr(self.strategy, method)(spot, hand, dead)
        row = checked_probabilities(asked, method, spot, hand, columns, whose="responder")[0]
        if not row.sum() > 0:
            raise ValueError(
                f"the strategy's {method} at the responder's {view.phase.value} decision gives "
                f"no action a chance for the hand of card ids {list(self.hand)}"
            )
        choice = int(self.rng.choice(columns, p=row / row.sum()))
        if drawing:
            return Action.draw([DECK[c] for i, c in enumerate(self.hand) if choice >> i & 1])
        return view.legal[choice]

    def _draw(self, view: View, seed: int) -> Action:
        cap = view.legal[0].amount
        hands, weights = self.range.live()
        best: tuple[float, int] | None = None
        for mask in range(16):
            if POPCOUNT[mask] > cap:
                continue
            e = self._share(view, hands, weights, first_throw=mask, seed=seed,
                            trials=self.settings.draw_trials)  # fmt: skip
            if best is None or e > best[0] + 1e-12:
                best = (e, mask)
        assert best is not None
        return Action.draw([DECK[c] for i, c in enumerate(self.hand) if best[1] >> i & 1])


@dataclass(frozen=True)
class Outcome:
    """One hand: the responder's chips won less chips put in, and its range's lost count."""

    chips: int
    lost: int
    decisions: int


def play_hand(
    table: Table, bot: Bot, strategy: HandStrategy, seat: int, seed: int, deal: int,
    settings: Settings,
) -> Outcome:  # fmt: skip
    """The responder in ``seat`` against ``bot`` (read as ``strategy``) on deal ``deal``."""
    game = table.new_game(seed, deal)
    rng = np.random.default_rng([seed, deal, seat, 1])
    responder = Responder(table, strategy, seat, settings, rng)
    responder.start(game.view(seat))
    other = 1 - seat

    def after(action: Action) -> View | None:
        played = fork(game)
        played.act(action)
        if played.actor != other or played.phase is not Phase.BETTING:
            return None
        return public_view(table.view(played, other))

    while not table.over(game):
        actor = game.actor
        assert actor is not None
        view = table.view(game, actor)
        if actor == seat:
            action = responder.act(view, after)
            game.act(action)
        else:
            action = action_of(bot, view)
            responder.observe(public_view(view), action)
            game.act(action)
        responder.see(game.view(seat))
    return Outcome(table.returns(game)[seat], responder.range.lost, responder.decisions)


__all__ = ["Outcome", "Responder", "Settings", "Table", "play_hand"]
