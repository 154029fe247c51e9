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
MAX_REVIEW_HANDS = 50  # the hero's hands /review replays (the summary counts every hand)
MAX_REVIEW_NAME = 200  # characters of an upload's name kept for its messages
REVIEW_SOLVE_ITERATIONS = 64  # of /review's last-round solve (about 0.03% of the pot off)
