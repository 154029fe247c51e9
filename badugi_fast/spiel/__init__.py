"""OpenSpiel on Badugi (the ``[openspiel]`` extra; the rest of the library never imports it).

- ``import badugi_fast.spiel`` registers the game ``"badugi"`` (game.py): heads-up hands on a
  deck of the lowest ``ranks`` of the first ``suits``, played by the library's own ``Game``,
  so OpenSpiel's algorithms (CFR, MCCFR, ``exploitability``) run on Badugi;
- ``last_round_game(ranges, pot=, stacks=, rules=, sizes=)``: the last betting round between
  two ranges (last_round.py), the problem ``badugi_fast.solve`` solves; ``to_policy`` and
  ``from_policy`` carry strategies between the two;
- ``bot_policy(bot, game)``: a library bot as an OpenSpiel policy (bots.py), for OpenSpiel's
  exact best response; ``table_of(game)``: the game as ``local_best_response`` plays it;
- ``flat_tree(game)``, ``policy_rows(tree, policy)``, ``exact_best_response(tree, rows)``: our
  own exact best response on a small deck (exact.py), the whole game walked once into arrays.
"""

from .bots import BotPolicy, best_response_values, bot_policy, table_of
from .config import Config
from .copying import fork
from .exact import (
    FlatTree,
    draws_before,
    exact_best_response,
    flat_tree,
    policy_rows,
    policy_table,
    table_rows,
)
from .game import GAME_TYPE, BadugiGame, BadugiState
from .last_round import LastRoundGame, from_policy, last_round_game, to_policy
from .observer import BadugiObserver

__all__ = [
    "GAME_TYPE",
    "BadugiGame",
    "BadugiObserver",
    "BadugiState",
    "BotPolicy",
    "Config",
    "FlatTree",
    "LastRoundGame",
    "best_response_values",
    "bot_policy",
    "draws_before",
    "exact_best_response",
    "flat_tree",
    "fork",
    "from_policy",
    "last_round_game",
    "policy_rows",
    "policy_table",
    "table_of",
    "table_rows",
    "to_policy",
]
