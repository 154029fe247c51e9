"""`badugi eval --file` and `compare --file` end to end on 2**20 lines: read, parse, rank,
format (in C, csrc/badugi_format.c) and write, in process through ``main(argv)`` with stdout a
real file; text, JSON Lines, and compare's text and JSON. The contender is what the command did
before the batch path (and what a user's own loop would do): ``describe`` and one formatted line
per hand. Every benchmark checks its output.

extra_info["lines_per_second"] is the figure for the README (fastest round). Run:
``python -m pytest benches/test_bench_cli.py --benchmark-only``.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from _rates import record_rate

import badugi_fast
from badugi_fast.cli import main
from badugi_fast.cli.commands.hands import hand_json, hand_line

LINES = 1 << 20
LOOP_LINES = 1 << 15  # the per-line contender is slow: a slice of the same file

cli = pytest.mark.benchmark(group="badugi eval --file, lines per second")


@pytest.fixture(scope="module")
def hands_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    cards = badugi_fast.random_hands(LINES, seed=2026)
    lines = [badugi_fast.format_cards(row) for row in cards.tolist()]
    path = tmp_path_factory.mktemp("cli") / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, lines


def _run_to_file(argv: list[str], out: Path) -> int:
    saved = sys.stdout
    with open(out, "w", encoding="utf-8") as sink:
        sys.stdout = sink
        try:
            return main(argv)
        finally:
            sys.stdout = saved


def _check(out: Path, lines: list[str], as_json: bool, prefix: str = "") -> None:
    written = out.read_text(encoding="utf-8").splitlines()
    assert len(written) >= len(lines)
    for i in (0, 1, len(lines) // 2, len(lines) - 1):
        hand = badugi_fast.describe(lines[i])
        expected = hand_line(hand, False) if not as_json else None
        if as_json:
            assert json.loads(written[i]) == hand_json(hand)
        else:
            assert written[i] == f"{prefix.format(i + 1)}{expected}"


@cli
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json-lines"])
def test_eval_file(benchmark, hands_file, tmp_path, as_json) -> None:
    path, lines = hands_file
    out = tmp_path / "out"
    argv = ["eval", "--file", str(path), *(["--json"] if as_json else [])]
    code = benchmark.pedantic(_run_to_file, (argv, out), rounds=3, iterations=1)
    assert code == 0
    _check(out, lines, as_json)
    record_rate(benchmark, LINES, "lines")


@cli
def test_compare_file(benchmark, hands_file, tmp_path) -> None:
    path, lines = hands_file
    out = tmp_path / "out"
    code = benchmark.pedantic(_run_to_file, (["compare", "--file", str(path)], out), rounds=3)
    assert code == 0
    _check(out, lines, False, prefix="#{}\t")
    record_rate(benchmark, LINES, "lines")


@cli
def test_compare_file_json(benchmark, hands_file, tmp_path) -> None:
    path, lines = hands_file
    out = tmp_path / "out"
    argv = ["compare", "--json", "--file", str(path)]
    code = benchmark.pedantic(_run_to_file, (argv, out), rounds=3)
    assert code == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert len(result["hands"]) == len(lines)
    for i in (0, len(lines) // 2, len(lines) - 1):
        assert result["hands"][i] == hand_json(badugi_fast.describe(lines[i]))
    record_rate(benchmark, LINES, "lines")


@cli
def test_per_line_describe_loop(benchmark, hands_file) -> None:
    """The per-line path: one describe and one formatted line per hand (a slice of the file)."""
    _, lines = hands_file
    text = "\n".join(lines[:LOOP_LINES]) + "\n"

    def loop() -> str:
        sink = io.StringIO()
        for line in io.StringIO(text):
            sink.write(hand_line(badugi_fast.describe(line.strip()), False) + "\n")
        return sink.getvalue()

    written = benchmark.pedantic(loop, rounds=3, iterations=1).splitlines()
    assert written[7] == hand_line(badugi_fast.describe(lines[7]), False)
    record_rate(benchmark, LOOP_LINES, "lines")
