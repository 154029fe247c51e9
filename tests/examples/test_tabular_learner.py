"""examples/tabular_learner.py: it trains and judges its greedy policy, reproducibly for a seed
(not how well it learns)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

from badugi_fast.game import KoreanRules
from badugi_fast.play.vector.spec import HALF

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tabular_learner.py"
_spec = importlib.util.spec_from_file_location("tabular_learner", EXAMPLE)
assert _spec is not None and _spec.loader is not None
learner_module = importlib.util.module_from_spec(_spec)
sys.modules["tabular_learner"] = learner_module  # dataclasses look their module up by name
_spec.loader.exec_module(learner_module)
CLASSES, demo, train, win_rate = (
    learner_module.CLASSES,
    learner_module.demo,
    learner_module.train,
    learner_module.win_rate,
)


def test_training_is_reproducible_for_a_seed_and_differs_between_seeds() -> None:
    first, curve = train(300, seed=3, tables=16, chunk=100)
    again, same_curve = train(300, seed=3, tables=16, chunk=100)
    other, _ = train(300, seed=4, tables=16, chunk=100)
    assert (first.sums == again.sums).all() and (first.counts == again.counts).all()
    assert curve == same_curve and curve.hands == [100, 200, 300]
    assert not (first.sums == other.sums).all()
    assert first.counts.sum() > 300  # several betting decisions a hand were learned from
    assert first.values.shape == (CLASSES * 2 * 4 * 2, 3)


def test_evaluation_plays_the_greedy_learner_reproducibly() -> None:
    learner, _ = train(200, seed=1, tables=16)
    rate, stderr = win_rate(learner, 96, seed=5, tables=32)
    assert (rate, stderr) == win_rate(learner, 96, seed=5, tables=32)
    assert np.isfinite(rate) and stderr > 0


def test_the_learner_raises_by_half_pot_under_the_korean_rules() -> None:
    learner, curve = train(100, seed=2, tables=16, chunk=50, rules=KoreanRules(ante=10))
    assert learner.actions[2] == HALF and len(curve.hands) == 2


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="hands"):
        train(0)
    with pytest.raises(ValueError, match="seed"):
        train(10, seed=-1)


def test_the_demo_prints_a_learning_curve_and_a_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    demo(200, 64, seed=1)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 11 and lines[0].startswith("     20 hands")
    assert lines[-1].startswith("greedy against the drawer over 64 hands:")
