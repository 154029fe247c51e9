"""Reinforcement-learning adapters over the batched game (``pip install badugi_fast[rl]``).

- ``BadugiEnv``: a single-agent ``gymnasium.Env``; one hand is one episode; the other seats are
  played by vector policies, ThresholdBots (the drawer by default) or bots the engine plays in
  C as seats of their own (the blueprint, ``blueprint_bot()``; the solution bot).
- ``BadugiVectorEnv``: a ``gymnasium.vector.VectorEnv`` of many such tables over
  ``VectorGame``, auto-resetting in the same step (``AutoresetMode.SAME_STEP``).
- ``aec_env(...)``: a PettingZoo AEC environment; one hand is one episode, every seat an agent.

Observations and actions are ``badugi_fast.play.vector.spec``'s, with one change: the adapters
take one integer per decision, so the EXACT action (which needs an amount) is masked out.
gymnasium and pettingzoo are imported here only, never by ``import badugi_fast``.
"""

from .aec import BadugiAEC, aec_env
from .env import BadugiEnv
from .vector_env import BadugiVectorEnv

__all__ = ["BadugiAEC", "BadugiEnv", "BadugiVectorEnv", "aec_env"]
