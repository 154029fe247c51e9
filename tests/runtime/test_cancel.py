"""Ctrl-C stops a long run: a child process is sent SIGINT in the middle of a C loop and must
raise KeyboardInterrupt promptly, with its worker threads stopped and no result returned.

The bound asserted on the delay is loose (the machine is shared); what the tests pin down is
that the run stops long before it would have ended, and that nothing keeps running after it.
"""

from __future__ import annotations

import sys
import textwrap

import pytest
from support.interrupt import MAX_DELAY, REPORT, interrupt

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")

# run_in_threads itself, with work that never runs out: each block is one C call of ~1 ms that
# releases the GIL, as every layer's loops are; there are ten million of them.
ENDLESS_BLOCKS = """
import sys, threading, time
import numpy as np
from badugi_fast._badugi import ffi, lib
from badugi_fast._runtime.threads import run_in_threads
{report}
threads = int(sys.argv[1])
buffers = np.empty((threads, 1 << 16, 4), dtype=np.uint8)

def work(lo, hi):
    slot = threading.get_ident() % threads
    lib.bf_random_hands(1, lo, 1 << 16, ffi.from_buffer("uint8_t[]", buffers[slot]))

print("started", flush=True)
started = time.monotonic()
try:
    run_in_threads(64 * 10_000_000, threads, work, block_rows=64)
    print("finished")
except KeyboardInterrupt:
    report(started)
"""

# The public entry point: a billion random hands (4 GB, written only as far as the deal gets).
HUGE_DEAL = """
import sys, threading, time
import numpy as np
import badugi_fast as bf
{report}
threads = int(sys.argv[1])
n = 1_000_000_000
out = np.zeros((n, 4), dtype=np.uint8)  # untouched pages cost no memory
print("started", flush=True)
started = time.monotonic()
try:
    bf.random_hands(n, seed=1, threads=threads, out=out)
    print("finished")
except KeyboardInterrupt:
    report(started)
    # A dealt row is four distinct cards, never four zero bytes.
    print("dealt", int(np.count_nonzero(out.view(np.uint32))), flush=True)
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_an_endless_run_of_blocks_and_its_threads(threads):
    delay, words = interrupt(textwrap.dedent(ENDLESS_BLOCKS).format(report=REPORT), threads)
    assert words[0] == "interrupted", words
    assert delay < MAX_DELAY
    busy, workers = float(words[1]), int(words[2])
    assert busy < 0.25, "a worker kept running after the interrupt"
    assert workers < 2 * threads + 2


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_huge_random_deal_part_way(threads):
    delay, words = interrupt(textwrap.dedent(HUGE_DEAL).format(report=REPORT), threads)
    assert words[0] == "interrupted", words
    assert delay < MAX_DELAY
    assert float(words[1]) < 0.25, "a worker kept running after the interrupt"
    dealt = int(words[words.index("dealt") + 1])
    assert 0 < dealt < 1_000_000_000 // 2, "the deal was not stopped part way"
