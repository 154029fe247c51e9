"""The library's bots as OpenSpiel policies on the ``badugi`` game: ``bot_policy(bot, game)``.

At each of the bot's decisions the policy gives the probability of every legal action, read from
the bot's strategy (``badugi_fast.solve.lbr.strategy_of``: a threshold bot's choice exactly, the
random bot's uniform choice, any other bot as deterministic given its view) with the view the
bot would be given in ``Game`` there, a draw's cap at most the cards the small deck can deal.
So OpenSpiel's exact best response measures a bot on a small deck
(``open_spiel.python.algorithms.best_response``), and ``table_of(game)`` gives the table on which
``local_best_response`` plays the same game.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from open_spiel.python import policy as policies  # type: ignore[import-untyped]

from ..game import Phase, Rules
from ..game.bots import Bot
from ..solve.lbr import HandStrategy, Table, public_view, strategy_of
from .config import BET_ID
from .game import BadugiGame, BadugiState

CACHED = 500_000  # decisions whose probabilities a policy keeps (a best response asks again)


class BotPolicy(policies.Policy):  # type: ignore[misc]
    """A bot's strategy for ``players`` of a ``badugi`` game (see the module)."""

    def __init__(self, game: BadugiGame, strategy: HandStrategy, players: list[int]) -> None:
        super().__init__(game, players)
        self.table = table_of(game.config)
        self.strategy = strategy
        self._seen: dict[tuple[int, ...], dict[int, float]] = {}  # by history: BR asks often

    def action_probabilities(
        self, state: BadugiState, player_id: int | None = None
    ) -> dict[int, float]:
        node = state.node
        player = node.player if player_id is None else player_id
        if player != node.player or node.game is None or player not in self.player_ids:
            raise ValueError(
                f"the bot's policy answers at the decisions of players {self.player_ids} only"
            )
        key = tuple(node.history())
        found = self._seen.get(key)
        if found is None:
            found = self._probabilities(node, player)
            if len(self._seen) < CACHED:
                self._seen[key] = found
        return dict(found)

    def _probabilities(self, node: Any, player: int) -> dict[int, float]:
        view = self.table.view(node.game, player)
        hand = np.array([sorted(int(c) for c in view.hand)], dtype=np.uint8)
        dead = np.array([sum(1 << int(c) for c in view.dead)], dtype=np.uint64)
        spot = public_view(view)
        if node.game.phase is Phase.DRAW:
            probs = self.strategy.discards(spot, hand, dead)[0]
            return {mask: float(probs[mask]) for mask in sorted(node.legal)}
        probs = self.strategy.betting(spot, hand, dead)[0]
        out = dict.fromkeys(sorted(node.legal), 0.0)
        for action, p in zip(spot.legal, probs.tolist(), strict=True):
            out[BET_ID[action.kind]] += p
        return out


def bot_policy(bot: Bot | HandStrategy, game: Any, players: list[int] | None = None) -> BotPolicy:
    """``bot`` (a bot callable or a HandStrategy) as an OpenSpiel policy for ``players`` (both by
    default) of ``game``, a ``badugi`` game loaded by ``pyspiel.load_game``."""
    if not isinstance(game, BadugiGame):
        raise TypeError(f"game is a badugi game (pyspiel.load_game('badugi')), not {game!r}")
    chosen = [0, 1] if players is None else list(players)
    if not chosen or any(p not in (0, 1) for p in chosen):
        raise ValueError(f"players are 0 and/or 1, not {players!r}")
    strategy = bot if isinstance(bot, HandStrategy) else strategy_of(bot)
    return BotPolicy(game, strategy, chosen)


def table_of(config: Any) -> Table:
    """The table of ``local_best_response`` that plays the game of a ``Config`` (or game)."""
    config = getattr(config, "config", config)
    if config.korean:
        raise ValueError("the local best response plays casino fixed limit, not the Korean rules")
    rules = Rules(small_bet=config.small_bet, cap_heads_up=config.cap_heads_up)
    return Table(rules, config.stack, config.ranks, config.suits, config.draws)


def best_response_values(game: Any, bot: Bot | HandStrategy) -> tuple[float, float]:
    """The exact value (chips a hand) of a best response to ``bot`` in each seat, by OpenSpiel's
    best response (``open_spiel.python.algorithms.best_response``), the bot in the other."""
    from open_spiel.python.algorithms import best_response  # type: ignore[import-untyped]

    values = []
    for player in (0, 1):
        fixed = bot_policy(bot, game, [1 - player])
        response = best_response.BestResponsePolicy(game, player, fixed)
        values.append(float(response.value(game.new_initial_state())))
    return values[0], values[1]


__all__ = ["BotPolicy", "best_response_values", "bot_policy", "table_of"]
