"""One VectorGame, one thread at a time: a second caller is refused with a clear error and
changes nothing, so two threads never corrupt the tables' C state (and its Python
specification, vector_reference.VectorGame, refuses the same calls)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from support.blocking import Gate, held

from badugi_fast.game import Rules
from badugi_fast.play.vector import VectorGame
from badugi_fast.play.vector import reference as vector_reference
from badugi_fast.play.vector.spec import CHECK_CALL

# Two threads stepping one game of 1,024 tables 100 times each; the game is then compared with
# one that took as many steps alone. Before the game refused a second thread, 49 of 51 such runs
# (50 or 100 steps; all 16 at 100) ended in a segmentation fault or a different game; at 256
# tables and 50 steps none of 5 did: each C call is too short for the threads to meet in it.
TWO_STEPPERS = """
import json, sys, threading
import numpy as np
from badugi_fast.game import Rules
from badugi_fast.play.vector import VectorGame
from badugi_fast.play.vector.spec import CHECK_CALL

TABLES, STEPS = 1024, 100
game = VectorGame(TABLES, 2, Rules(), seed=1, illegal="fallback")
actions = np.full(TABLES, CHECK_CALL, dtype=np.int64)
stepped, refusals, others = [], [], []
start = threading.Barrier(2)

def stepper():
    start.wait()
    for _ in range(STEPS):
        try:
            game.step(actions)
            stepped.append(1)
        except RuntimeError as error:
            refusals.append(str(error))
        except Exception as error:
            others.append(repr(error))

threads = [threading.Thread(target=stepper) for _ in range(2)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
alone = VectorGame(TABLES, 2, Rules(), seed=1, illegal="fallback")
for _ in stepped:
    alone.step(actions)
got, want = game.observe(), alone.observe()
same = all(np.array_equal(got[key], want[key]) for key in want)
print(json.dumps({"stepped": len(stepped), "refusals": sorted(set(refusals)),
                  "refused": len(refusals), "others": others, "same": same}))
"""


def test_two_threads_stepping_one_game_never_crash_it_or_change_its_result() -> None:
    # In a child process: a crash fails this test instead of killing pytest.
    child = subprocess.run(
        [sys.executable, "-c", TWO_STEPPERS], capture_output=True, text=True, timeout=300
    )
    assert child.returncode == 0, f"the child died ({child.returncode}): {child.stderr[-2000:]}"
    report = json.loads(child.stdout)
    assert report["others"] == []
    assert report["stepped"] + report["refused"] == 200
    for message in report["refusals"]:
        assert message.startswith("VectorGame is being stepped by another thread")
    assert report["same"], "the game differs from one that took the same steps alone"


class HeldActions:
    """An actions array whose conversion (inside ``step``) waits at a gate."""

    def __init__(self, actions: np.ndarray, gate: Gate) -> None:
        self.actions, self.gate = actions, gate

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        self.gate.wait_here()
        return self.actions


ENGINES: dict[str, Callable[..., Any]] = {
    "C": VectorGame,
    "reference": vector_reference.VectorGame,
}


def _game(engine: str = "C") -> Any:
    return ENGINES[engine](64, 3, Rules(), seed=4, illegal="fallback")


CHECKS = np.full(64, CHECK_CALL, dtype=np.int64)
CALLS: dict[str, Callable[[Any], object]] = {
    "step": lambda game: game.step(CHECKS),
    "reset": lambda game: game.reset(),
    "next_hands": lambda game: game.next_hands(),
    "observe": lambda game: game.observe(),
    "observe a seat": lambda game: game.observe(0),
    "final_observation": lambda game: game.final_observation(0),
    "finished_game": lambda game: game.finished_game(0),
}


def _same_game(one: Any, two: Any) -> bool:
    a, b = one.observe(), two.observe()
    return all(np.array_equal(a[key], b[key]) for key in a) and np.array_equal(
        one.last_chips, two.last_chips
    )


# the reference keeps no finished hands to replay
CASES = [(e, c) for e in ENGINES for c in CALLS if (e, c) != ("reference", "finished_game")]


@pytest.mark.parametrize(("engine", "call"), CASES)
def test_every_call_while_another_thread_steps_the_game_is_refused_and_changes_nothing(
    engine: str, call: str
) -> None:
    game, gate = _game(engine), Gate()
    with held(lambda: game.step(HeldActions(CHECKS, gate)), gate) as stepped:
        with pytest.raises(
            RuntimeError,
            match="VectorGame is being stepped by another thread: one object, one thread at a "
            r"time \(give each thread its own VectorGame\)",
        ):
            CALLS[call](game)
    assert len(stepped) == 1  # the held step went on and finished
    alone = _game(engine)
    alone.step(CHECKS)
    assert _same_game(game, alone)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_call_back_into_the_game_from_inside_its_own_step_is_refused(engine: str) -> None:
    game = _game(engine)

    class Reentrant:
        def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
            game.observe()
            return CHECKS

    with pytest.raises(RuntimeError, match="VectorGame is being stepped already, by this same"):
        game.step(Reentrant())
    assert _same_game(game, _game(engine))  # the refused step moved no table
    game.step(CHECKS)  # and the game is free again
    alone = _game(engine)
    alone.step(CHECKS)
    assert _same_game(game, alone)


def test_a_game_stepping_its_tables_on_several_threads_is_not_refused() -> None:
    games = [VectorGame(256, 2, Rules(), seed=9, illegal="fallback", threads=t) for t in (1, 2)]
    actions = np.full(256, CHECK_CALL, dtype=np.int64)
    for _ in range(20):
        for game in games:
            game.step(actions)
    assert _same_game(*games)


def test_games_on_different_threads_do_not_refuse_each_other() -> None:
    gate = Gate()
    first, second = _game(), _game()
    with held(lambda: first.step(HeldActions(CHECKS, gate)), gate):
        second.step(CHECKS)
    assert _same_game(first, second)
