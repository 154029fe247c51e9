"""Importing a PokerStars Badugi file: hands per second from the text to ``ImportedHand``
objects (each hand read, replayed with every action and amount checked and written as PHH by
the C reader, csrc/notation/, over the C hand state; ``ImportedHand.game``, the replayed
``Game``, is made only when asked for, so the row does not ask). The Python importer, the C
reader's specification, is the second row. The comparison row is pokerkit's nearest path: its
PHH reader (``HandHistory.loads``) replaying our PHH output of the same hands to the last
state, as pokerkit has no importer of draw-game room histories. Then the players' summary
(``summarize``: what ``badugi import`` reports), from the C reader's figures and from the
Python importer's replay. Every row checks its results.

extra_info["hands_per_second"] is the figure (fastest round). Run:
``python -m pytest benches/test_bench_histories.py --benchmark-only``; on a shared machine add
``--benchmark-timer time.process_time`` (CPU time: other processes' load counts less) and pin
one core with ``taskset -c 0``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _rates import record_rate

from badugi_fast.notation.histories import read_histories, reader, summarize

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "notation" / "histories" / "fixtures"
HANDS = 2_000

histories = pytest.mark.benchmark(group="PokerStars history to PHH, hands per second")


@pytest.fixture(scope="module")
def pokerstars_file() -> str:
    """The Badugi hands of the PokerStars fixtures, repeated to HANDS hands (ids renumbered)."""
    hands = []
    for name in ("pokerstars_cash.txt", "pokerstars_tournament.txt", "pokerstars_features.txt"):
        text = (FIXTURES / name).read_text(encoding="utf-8")
        hands += [h.strip() for h in text.split("\n\n") if "Triple Draw" not in h and h.strip()]
    hands = [h for h in hands if h.startswith("PokerStars")]
    out = []
    for i in range(HANDS):
        hand = hands[i % len(hands)]
        head, rest = hand.split(":", 1)
        out.append(f"{head.split('#')[0]}#{10**10 + i}:{rest}")
    return "\n\n".join(out) + "\n"


@histories
def test_badugi_fast_imports_a_pokerstars_file(benchmark: Any, pokerstars_file: str) -> None:
    imported = benchmark(lambda: list(read_histories(pokerstars_file)))
    assert len(imported) == HANDS and all(h.imported and h.phh for h in imported)
    assert all(not h.problems for h in imported)
    record_rate(benchmark, HANDS, "hands")


@histories
def test_badugi_fast_imports_a_pokerstars_file_in_python(
    benchmark: Any, pokerstars_file: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reader, "C_READER", False)
    imported = benchmark(lambda: list(read_histories(pokerstars_file)))
    assert len(imported) == HANDS and all(h.game is not None and h.phh for h in imported)
    record_rate(benchmark, HANDS, "hands")


@histories
def test_pokerkit_replays_our_phh_of_the_same_hands(benchmark: Any, pokerstars_file: str) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    texts = [h.phh for h in read_histories(pokerstars_file) if h.phh]

    def replay() -> list[object]:
        return [list(pokerkit.HandHistory.loads(text))[-1] for text in texts]

    finals = benchmark(replay)
    assert len(finals) == HANDS
    record_rate(benchmark, HANDS, "hands")


summaries = pytest.mark.benchmark(
    group="PokerStars history to the players' summary, hands per second"
)


@summaries
@pytest.mark.parametrize("path", ["c", "python"])
def test_badugi_fast_summarizes_a_pokerstars_file(
    benchmark: Any, pokerstars_file: str, monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    """What ``badugi import`` does for its report: import, then each player's summary (from
    the C reader's figures, or from the Python importer's replay)."""
    monkeypatch.setattr(reader, "C_READER", path == "c")
    figures = benchmark(lambda: summarize(read_histories(pokerstars_file)))
    assert sum(f.hands for f in figures.values()) > HANDS
    record_rate(benchmark, HANDS, "hands")
