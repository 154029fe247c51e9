"""Solving the betting: exact equilibria of the last betting round between two ranges.

- ``solve_last_round(ranges, pot=, stacks=, rules=)`` -> ``LastRoundSolution`` (api.py)
- ``last_round(...)``: the problem itself (problem.py); ``exploitability`` and
  ``best_response`` of any strategy profile on it (best_response.py)
- the public betting tree (tree.py), ranges on hand classes (ranges.py), the C showdown sweep
  (showdown.py, specified by reference.py) and discounted CFR (cfr.py)
- ``bots.solution(sol)``: a bot playing the last round by a solution (bots.py)
- ``local_best_response(bot, rules=, hands=)``: a lower bound on any bot's exploitability in the
  whole game, by Lisy and Bowling's local best response (lbr/)
- ``comparison``: the blueprint's last betting round against the exact solution of the same
  spot (``compare_last_round``); the blueprint itself is ``badugi_fast.blueprint``
- ``beliefs(strategy, history)``: each player's distribution over its four cards after a public
  history (belief_states/)
- ``search()``: the search bot, the blueprint with its last betting round re-solved from the
  beliefs in a safe gadget (resolving/; also ``bots.search``)
"""

from .api import BestResponse, LastRoundSolution, Strategy, solve_last_round
from .belief_states import Beliefs, beliefs
from .best_response import Exploitability, best_response, exploitability
from .lbr import HandStrategy, LocalBestResponse, local_best_response, strategy_of
from .problem import LastRound, last_round
from .resolving import SearchBot, search
from .tree import ALLIN, Node, Tree, build_tree

__all__ = [
    "ALLIN",
    "Beliefs",
    "BestResponse",
    "Exploitability",
    "HandStrategy",
    "LastRound",
    "LastRoundSolution",
    "LocalBestResponse",
    "Node",
    "SearchBot",
    "Strategy",
    "Tree",
    "beliefs",
    "best_response",
    "build_tree",
    "exploitability",
    "last_round",
    "local_best_response",
    "search",
    "solve_last_round",
    "strategy_of",
]
