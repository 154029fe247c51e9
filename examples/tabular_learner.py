"""A small learner in the batched game, numpy only: Monte Carlo control over a table of values.

    learner, curve = train(hands=20_000, seed=1)          # heads-up against the drawer
    rate, stderr = win_rate(learner, hands=10_000, seed=2)  # bb/100 of the greedy policy

The learner sits in seat 0 at every table (the button moves, so it plays both positions); the
opponent (the drawer unless given) in the others. Its state: the hand's class (a made badugi by
its top card, a three-card hand by its top card, anything less: 27 classes) x position from the
button x draws left x facing a bet; its betting actions fold, check/call, and bet/raise (the
casino rules' BET, the Korean rules' HALF); it draws by the default draw policy, as the drawer.
The value of a (state, action) is the mean result, in big blinds, of the hands in which it was
taken there (every-visit Monte Carlo); the learner plays epsilon-greedily on those values,
starting from random play (every value 0, ties broken at random).
``python examples/tabular_learner.py`` runs ``demo()``: 20,000 hands, then 10,000 to judge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from badugi_fast._runtime.validate import check_seed, whole
from badugi_fast.game import KoreanRules, Rules, RuleSet
from badugi_fast.game.bots import ThresholdBot, drawer
from badugi_fast.play.vector import VectorGame, VectorPolicy
from badugi_fast.play.vector.policies import (
    by_seat,
    hand_shapes,
    play,
    split,
    threshold_policy,
    vector_policy,
)
from badugi_fast.play.vector.spec import BET, CHECK_CALL, FOLD, HALF, NO_ACTION, PHASE_BETTING, Obs

CLASSES = 27  # made badugi by top card (13), three cards by top card (13), fewer (1)
MAX_VISITS = 256  # decisions remembered per hand (a longer raise war is not learned from)


@dataclass
class TabularLearner:
    """Values over (hand class, position, draws left, facing a bet) x (fold, call, raise)."""

    seats: int
    actions: tuple[int, int, int]  # the action indices of fold, check/call, bet/raise
    sums: npt.NDArray[np.float64] = field(init=False)
    counts: npt.NDArray[np.int64] = field(init=False)

    def __post_init__(self) -> None:
        states = CLASSES * self.seats * 4 * 2
        self.sums = np.zeros((states, 3))
        self.counts = np.zeros((states, 3), dtype=np.int64)

    @property
    def values(self) -> npt.NDArray[np.float64]:
        return self.sums / np.maximum(self.counts, 1)

    def states(self, obs: Obs) -> npt.NDArray[np.int64]:
        size, top = hand_shapes(obs["cards"])
        hand_class = np.where(size == 4, top, np.where(size == 3, 13 + top, 26)).astype(np.int64)
        position = obs["position"][:, 0].astype(np.int64)
        facing = (obs["to_call"] > 0).astype(np.int64)
        return ((hand_class * self.seats + position) * 4 + obs["draws_left"]) * 2 + facing

    def choose(
        self, obs: Obs, rows: npt.NDArray[np.intp], epsilon: float, rng: np.random.Generator
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """(choice 0..2, state) for the given rows: greedy on the values among the legal
        choices, ties at random, a uniform legal choice with probability ``epsilon``."""
        sub = {key: value[rows] for key, value in obs.items()}
        states = self.states(sub)
        legal = sub["action_mask"][:, list(self.actions)].astype(bool)
        noise = rng.random(legal.shape)
        explore = rng.random(len(rows)) < epsilon
        scores = np.where(explore[:, None], noise, self.values[states] + 1e-9 * noise)
        scores[~legal] = -np.inf
        return np.argmax(scores, axis=1), states

    def policy(self, epsilon: float = 0.0, seed: int | None = None) -> VectorPolicy:
        """The learner as a vector policy (betting by its values, drawing as the drawer);
        meant for the seat it learned in, but it plays any seat."""
        rng, draws = np.random.default_rng(seed), threshold_policy(_drawer())

        def act(obs: Obs) -> npt.NDArray[np.int64]:
            actions = np.asarray(draws(obs), dtype=np.int64)
            rows = np.flatnonzero((obs["phase"] == PHASE_BETTING) & obs["action_mask"].any(1))
            if rows.size:
                choice, _ = self.choose(obs, rows, epsilon, rng)
                actions[rows] = np.array(self.actions)[choice]
            return actions

        return vector_policy(act)


@dataclass(frozen=True)
class LearningCurve:
    """The learner's training results: after ``hands[i]`` hands, its win rate in the chunk of
    hands just played (bb/100, with its standard error)."""

    hands: list[int]
    bb_per_100: list[float]
    stderr_per_100: list[float]


def _drawer() -> ThresholdBot:
    assert isinstance(drawer, ThresholdBot)
    return drawer


def train(
    hands: int = 20_000,
    *,
    seed: int = 0,
    tables: int = 256,
    rules: RuleSet | None = None,
    opponent: VectorPolicy | None = None,
    epsilon: float = 0.1,
    chunk: int = 2_000,
) -> tuple[TabularLearner, LearningCurve]:
    """Train a TabularLearner heads-up for ``hands`` hands (reproducible for a seed)."""
    whole("hands", hands, 1)
    check_seed(seed)
    rules = rules or Rules()
    aggressive = HALF if isinstance(rules, KoreanRules) else BET
    learner = TabularLearner(2, (FOLD, CHECK_CALL, aggressive))
    rng = np.random.default_rng(seed)
    game = VectorGame(tables, 2, rules, seed)
    others = by_seat([lambda obs: np.full(len(obs["seat"]), NO_ACTION), opponent or _bot(rules)])
    draws = threshold_policy(_drawer(), rules)
    visits = np.zeros((tables, MAX_VISITS), dtype=np.int64)
    taken = np.zeros(tables, dtype=np.int64)
    results: list[float] = []
    curve = LearningCurve([], [], [])
    obs = game.reset()
    while len(results) < hands:
        actions, amounts = split(others(obs), tables)
        mine = obs["seat"] == 0
        actions[mine] = np.asarray(draws(obs))[mine]
        rows = np.flatnonzero(mine & (obs["phase"] == PHASE_BETTING))
        if rows.size:
            choice, states = learner.choose(obs, rows, epsilon, rng)
            actions[rows] = np.array(learner.actions)[choice]
            keep = taken[rows] < MAX_VISITS
            room = rows[keep]
            visits[room, taken[room]] = (states * 3 + choice)[keep]
            taken[room] += 1
        obs, rewards, done, _ = game.step(actions, amounts)
        ended = np.flatnonzero(done)
        if ended.size:
            _learn(learner, visits[ended], taken[ended], rewards[ended, 0])
            taken[ended] = 0
            results.extend(rewards[ended, 0].tolist())
            _chunk_done(curve, results, chunk)
    return learner, curve


def _learn(
    learner: TabularLearner,
    visits: npt.NDArray[np.int64],
    taken: npt.NDArray[np.int64],
    rewards: npt.NDArray[np.float64],
) -> None:
    """Every (state, action) taken in a finished hand gets that hand's result."""
    mask = np.arange(MAX_VISITS) < taken[:, None]
    flat = visits[mask]
    np.add.at(learner.sums.reshape(-1), flat, np.repeat(rewards, taken))
    np.add.at(learner.counts.reshape(-1), flat, 1)


def _chunk_done(curve: LearningCurve, results: list[float], chunk: int) -> None:
    played = len(curve.hands) * chunk
    if len(results) - played >= chunk:
        rate, stderr = _rate(np.array(results[played : played + chunk]))
        curve.hands.append(played + chunk)
        curve.bb_per_100.append(rate)
        curve.stderr_per_100.append(stderr)


def _rate(results: npt.NDArray[np.float64]) -> tuple[float, float]:
    """bb/100 and its standard error."""
    return 100 * float(results.mean()), 100 * float(results.std() / np.sqrt(len(results)))


def _bot(rules: Rules | KoreanRules) -> VectorPolicy:
    return threshold_policy(_drawer(), rules)


def win_rate(
    learner: TabularLearner,
    hands: int = 10_000,
    *,
    seed: int = 1,
    tables: int = 256,
    rules: RuleSet | None = None,
    opponent: VectorPolicy | None = None,
) -> tuple[float, float]:
    """The greedy learner's win rate in seat 0 against the opponent: (bb/100, stderr)."""
    whole("hands", hands, 1)
    rules = rules or Rules()
    per_table = -(-hands // tables)
    policy = by_seat([learner.policy(0.0, seed), opponent or _bot(rules)])
    won = play(VectorGame(tables, 2, rules, seed), policy, per_table)
    return _rate(won[:, :, 0].reshape(-1)[:hands] / rules.unit)


def demo(hands: int = 20_000, evaluation: int = 10_000, seed: int = 1) -> None:
    """Train, print the learning curve, and evaluate the greedy learner against the drawer."""
    learner, curve = train(hands, seed=seed, chunk=max(hands // 10, 1))
    for played, rate, err in zip(curve.hands, curve.bb_per_100, curve.stderr_per_100, strict=True):
        print(f"{played:>7} hands  {rate:+8.1f} bb/100 +- {err:.1f}")
    rate, err = win_rate(learner, evaluation, seed=seed + 1)
    print(f"greedy against the drawer over {evaluation} hands: {rate:+.1f} +- {err:.1f} bb/100")


if __name__ == "__main__":  # python examples/tabular_learner.py
    demo()
