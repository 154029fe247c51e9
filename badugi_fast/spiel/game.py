"""Badugi as an OpenSpiel game: ``pyspiel.load_game("badugi", {...})`` once this module is
imported (``import badugi_fast.spiel`` does it).

=====================  ==========================================================================
players                2: player 0 left of the button (the big blind; 선 under ``korean``), player
                       1 the button (the small blind, first to act before the first draw)
parameters             ``ranks`` 1-13 (13: the lowest ranks of the deck, ace low), ``suits`` 1-4
                       (4: clubs, diamonds, hearts, spades in that order), ``draws`` 0-3 (3),
                       ``small_bet`` (2; under ``korean`` the ante), ``stack`` (200 each),
                       ``cap_heads_up`` (true: the raise cap binds heads-up), ``korean`` (false:
                       the casino's fixed limit ``Rules``; true: ``KoreanRules``)
chance                 each hand dealt as one outcome (its 4 cards as a set), each draw's
                       replacement cards as one outcome; probabilities uniform
actions 0-15           a draw: bit i throws the hand's i-th lowest card (by card id); 0 stands pat
actions 16-25          fold (다이), check, call, bet, raise, 삥, 따당, 쿼터, 하프, 풀: amounts as
                       the rules set them (``Game.legal_actions``)
returns                each player's chips at the end less the stack: zero-sum
information state      own cards at each round, every betting action, each draw's count thrown
                       by each player, the own draw chosen and not yet dealt
=====================  ==========================================================================

The rules are the library's own: a ``Game`` (state.py, rules.py) plays every hand; tree.py says
how a small deck deals and reshuffles. Python games are slow to walk; for CFR and the like load
it as OpenSpiel's cached tree (``pyspiel.convert_to_cached_tree(game)``, OpenSpiel 1.6 on),
which walks it once.
"""

from __future__ import annotations

from typing import Any

import pyspiel  # type: ignore[import-not-found]

from ..cards import DECK, Card
from .config import BETTING, DEFAULTS, DRAW_ACTIONS, NUM_ACTIONS, PLAYERS, Config
from .observer import BadugiObserver
from .tree import Node, tree_for

GAME_TYPE = pyspiel.GameType(
    short_name="badugi",
    long_name="Badugi (바둑이), heads-up, by badugi_fast",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=PLAYERS,
    min_num_players=PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(DEFAULTS),
)


class BadugiGame(pyspiel.Game):  # type: ignore[misc]
    """The game of one set of parameters; its states share one tree (tree.py)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.config = Config.from_params(dict(params or {}))
        config = self.config
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=config.max_chance_outcomes,
            num_players=PLAYERS,
            min_utility=-float(config.stack),
            max_utility=float(config.stack),
            utility_sum=0.0,
            max_game_length=config.max_game_length,
        )
        super().__init__(GAME_TYPE, info, params or {})
        self.tree = tree_for(config)

    def new_initial_state(self) -> BadugiState:
        return BadugiState(self)

    def max_chance_nodes_in_history(self) -> int:
        return PLAYERS * (1 + self.config.draws)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BadugiObserver:
        if isinstance(iig_obs_type, dict):  # OpenSpiel passes the parameters alone
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"the badugi observer takes no parameters, not {params}")
        return BadugiObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), self.config
        )


class BadugiState(pyspiel.State):  # type: ignore[misc]
    """A history of the game: a handle on a node of the shared tree."""

    def __init__(self, game: BadugiGame) -> None:
        super().__init__(game)
        self.node: Node = game.tree.root

    def current_player(self) -> int:
        return self.node.player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.node.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.node.outcomes

    def _apply_action(self, action: int) -> None:
        self.node = self.node.child(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return action_text(self.node, player, action)

    def is_terminal(self) -> bool:
        return self.node.returns is not None

    def returns(self) -> list[float]:
        return self.node.returns or [0.0, 0.0]

    def __str__(self) -> str:
        node = self.node
        hands = " | ".join(_cards(node.hand(p)) for p in range(PLAYERS))
        bets = "" if node.game is None else f" pot {node.game.pot} stacks {node.game.stacks}"
        return f"{hands}{bets} history {node.history()}"


_TEXT = [str(card) for card in DECK]


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join([_TEXT[c] for c in cards]) or "-"


def action_text(node: Node, player: int, action: int) -> str:
    """An action as text: ``deal 2c 3d 4h 5s``, ``throw 5s`` / ``stand pat``, ``raise 3``."""
    if player == pyspiel.PlayerId.CHANCE:
        return f"{'deal' if node.game is None else 'receive'} {node.outcome_text(action)}"
    if action < DRAW_ACTIONS:
        hand = node.hand(player)
        thrown = [c for i, c in enumerate(hand) if action >> i & 1]
        return f"throw {_cards(thrown)}" if thrown else "stand pat"
    legal = node.legal.get(action)
    if legal is None:  # not legal here: its kind's name
        return str(BETTING[action - DRAW_ACTIONS]) if action < NUM_ACTIONS else f"action {action}"
    return f"{legal.kind} {legal.amount}" if legal.amount else str(legal.kind)


pyspiel.register_game(GAME_TYPE, BadugiGame)
