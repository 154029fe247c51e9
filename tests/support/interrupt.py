"""The Ctrl-C harness: a child Python runs a script, is sent SIGINT mid-run, and reports how
long it took to stop and whether any worker thread kept running."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

# Seconds from SIGINT to KeyboardInterrupt: the promise is well under a second (one block); this
# leaves room for a loaded machine, while the runs the tests start would last minutes.
MAX_DELAY = 5.0


def ctrl_c_on() -> None:
    """For ``preexec_fn``: the child gets SIGINT's default action back. A shell without job
    control starts background commands with SIGINT ignored, children inherit that, and Python
    then installs no KeyboardInterrupt handler: a test would wait on a child that never stops."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


REPORT = """
def report(started):
    delay = time.monotonic() - started
    cpu = time.process_time()
    time.sleep(0.5)  # were a worker still looping, the process would burn CPU meanwhile
    busy = time.process_time() - cpu
    workers = sum(t.name.startswith("badugi") for t in threading.enumerate())
    print(f"interrupted {busy:.3f} {workers}", flush=True)
"""


def interrupt(code: str, threads: int, wait: float = 0.3) -> tuple[float, list[str]]:
    """Runs the child script ``code`` (it prints "started", then calls ``report`` on
    KeyboardInterrupt), sends SIGINT ``wait`` seconds after it starts; returns the seconds from
    the signal to its report and the report's words."""
    child = subprocess.Popen(
        [sys.executable, "-c", code, str(threads)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=ctrl_c_on,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "started", child.stderr.read()  # type: ignore[union-attr]
        time.sleep(wait)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline()
        delay = time.monotonic() - sent - 0.5  # the report sleeps 0.5 s before it prints
        rest, errors = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, errors
    return delay, (line + rest).split()
