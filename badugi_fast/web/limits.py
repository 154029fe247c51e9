"""What one request may ask of the server: the bounds every page and the app enforce.

A request past a bound gets the bound's own message (400, 413 or 414), never a traceback; a
page that runs longer than ``SECONDS`` answers 503 (its thread finishes its bounded work and
the result is dropped).
"""

from __future__ import annotations

MAX_QUERY = 4096  # characters of a query string (414 past it)
MAX_BODY = 1 << 20  # bytes of a request body, for every route (413 past it): /review's uploads too
MAX_HANDS = 8  # hands compared on /hands
MAX_RANGE_TEXT = 1000  # characters of /ranges' range text (the library reads up to 16 MiB)
MAX_ODDS_TRIALS = 200_000  # Monte Carlo trials of /odds
MAX_ODDS_EXACT = 2_000_000  # plays /odds enumerates exactly before it samples
MAX_DISCARD_TRIALS = 10_000  # Monte Carlo trials per discard of /odds' best discard vs a range
SECONDS = 10.0  # the longest a page may take
PLAY_SESSIONS = 64  # tables of /play kept at once (the least recently used goes first)
PLAY_IDLE = 3600.0  # seconds a /play table is kept unused
PLAY_SAVED_HANDS = 100  # finished hands of a /play table kept for download (the oldest go)
MAX_SOLVE_ITERATIONS = 1000  # iterations of a /solve at most (the solve stops there)
MIN_SOLVE_TARGET = 1e-4  # the smallest target of a /solve (a fraction of the pot)
MAX_SOLVE_CHIPS = 100_000  # a /solve's pot and stacks at most
MAX_SOLVE_NODES = 100  # nodes of a /solve's betting tree (casino: 27; Korean, 1 raise: 65)
SOLVE_THREADS = 1  # C threads of a /solve
SOLVE_SECONDS = 60.0  # a /solve's blocks stop after this long (each block: SECONDS at most)
MAX_REVIEW_HANDS = 50  # the hero's hands /review replays (the summary counts every hand)
MAX_REVIEW_NAME = 200  # characters of an upload's name kept for its messages
REVIEW_SOLVE_ITERATIONS = 64  # of /review's last-round solve (0.06-0.22 % of the pot off)
