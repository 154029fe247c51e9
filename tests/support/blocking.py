"""A call held in progress on another thread, for the tests of objects that refuse a second
caller: the call reaches a point the test chooses (a policy, an array's conversion) and waits
there until the test lets it go on."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

SECONDS = 30.0  # far beyond what any held call needs: a hang fails instead of stalling


class Gate:
    """``wait_here()`` (called from inside the held call) signals the test and blocks until it
    opens; once open, it lets every later caller through."""

    def __init__(self) -> None:
        self.reached = threading.Event()
        self.opened = threading.Event()

    def wait_here(self) -> None:
        self.reached.set()
        if not self.opened.wait(SECONDS):
            raise TimeoutError("the test never let the held call go on")


@contextmanager
def held(call: Callable[[], Any], gate: Gate) -> Iterator[list[Any]]:
    """Runs ``call`` on a thread until it reaches ``gate``; the body runs while it waits there.
    On leaving, the gate opens and the thread is joined; the list the body got holds the
    call's result, and an exception of the call is raised here."""
    outcome: list[Any] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as error:  # handed to the test's thread
            failure.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    deadline = time.monotonic() + SECONDS
    while not gate.reached.wait(0.01) and thread.is_alive() and time.monotonic() < deadline:
        pass
    if not gate.reached.is_set():
        gate.opened.set()
        thread.join(SECONDS)
        if failure:
            raise failure[0]
        raise AssertionError("the held call never reached its gate")
    try:
        yield outcome
    finally:
        gate.opened.set()
        thread.join(SECONDS)
    if failure:
        raise failure[0]
