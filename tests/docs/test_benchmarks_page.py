"""The benchmark page shows tables benches/report.py wrote, each headed by its date, machine and
command, and no page reads as a work log."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "docs" / "benchmarks"
WRITTEN = sorted(path for path in TABLES.glob("*.md") if path.name != "earlier.md")
HEADER = re.compile(r"Measured \d{4}-\d\d-\d\d \d\d:\d\d UTC by `python benches/report\.py[^`]*`")


def test_the_page_includes_every_table_file_the_script_wrote() -> None:
    page = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    included = set(re.findall(r'^--8<-- "benchmarks/([^"]+)"$', page, re.M))
    assert {path.name for path in WRITTEN} | {"earlier.md"} == included
    assert {"evaluate.md", "threads.md", "draws.md", "games.md", "suite.md"} <= included


@pytest.mark.parametrize("path", WRITTEN, ids=[path.name for path in WRITTEN])
def test_each_table_file_says_when_where_and_how_it_was_measured(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert HEADER.match(text), f"{path.name} does not open with its date and command"
    assert "- cpu: " in text and "- platform: " in text and "load average" in text
    assert "\n| " in text, f"{path.name} holds no table"


def test_the_earlier_runs_each_carry_their_date_and_machine() -> None:
    text = (TABLES / "earlier.md").read_text(encoding="utf-8")
    runs = re.findall(r"^### (\d{4}-\d\d-\d\d): (.+)$", text, re.M)
    assert runs and all(machine for _, machine in runs)
    # Each run's section names the command that measured it.
    sections = re.split(r"^### .+$", text, flags=re.M)[1:]
    assert len(sections) == len(runs)
    for (date, machine), section in zip(runs, sections, strict=True):
        assert "`python benches/report.py" in section, f"{date} {machine}: no command"


def test_no_page_reads_as_a_work_log() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for page in pages:
        text = page.read_text(encoding="utf-8").lower()
        for words in ("this session", "last session", "seed 00", "../shared"):
            assert words not in text, f"{page.relative_to(ROOT)} says {words!r}"


def _report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("report", ROOT / "benches" / "report.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _bench(
    fullname: str, low: float, median: float, rounds: int, extra: dict[str, Any]
) -> dict[str, Any]:
    stats = {"min": low, "median": median, "rounds": rounds, "mean": median, "max": median}
    return {"fullname": fullname, "stats": stats, "extra_info": extra}


SAVED_RUN = {
    "datetime": "2026-12-01T10:50:26.905883+00:00",
    "machine_info": {
        "system": "Linux",
        "release": "6.18",
        "machine": "x86_64",
        "python_version": "3.11.7",
        "python_implementation": "CPython",
        "cpu": {"brand_raw": "AMD EPYC", "count": 2},
    },
    "benchmarks": [
        _bench(
            "benches/test_bench_solve.py::test_full_ranges[1]",
            5.5,
            5.8,
            3,
            {"iterations": 27, "exploitability": 0.000934},
        ),
        _bench(
            "benches/test_bench_histories.py::test_imports",
            0.0123,
            0.0131,
            12,
            {"hands_per_call": 2000, "hands_per_second": 162601.6},
        ),
    ],
}


def test_the_suite_table_of_a_saved_run_has_its_date_machine_command_and_one_row_a_bench(
    tmp_path: Path,
) -> None:
    saved = tmp_path / "run.json"
    saved.write_text(json.dumps(SAVED_RUN), encoding="utf-8")
    _report().main(["--suite-json", str(saved), "--write", str(tmp_path)])
    text = (tmp_path / "suite.md").read_text(encoding="utf-8")
    assert text.startswith(
        f"Measured 2026-12-01 10:50 UTC by `python benches/report.py --suite-json {saved} --write "
    )
    assert HEADER.match(text) and "- cpu: AMD EPYC; 2 logical cores" in text
    assert "- python 3.11.7 (CPython)" in text
    rows = [line for line in text.splitlines() if line.startswith("| test_")]
    assert rows == [
        "| test_bench_solve.py::test_full_ranges[1] | 5.5 s | 5.8 s | 3 "
        "| iterations 27; exploitability 0.000934 |",
        "| test_bench_histories.py::test_imports | 12.3 ms | 13.1 ms | 12 "
        "| hands_per_call 2,000; 162.6 k hands/s |",
    ]


def test_a_saved_run_without_benchmarks_or_its_fields_is_refused_by_name(tmp_path: Path) -> None:
    report = _report()
    stats = {"min": 1.0, "median": 2.0, "rounds": 3}
    for broken, field in (
        ({**SAVED_RUN, "benchmarks": []}, "'benchmarks'"),
        ({**SAVED_RUN, "benchmarks": [{"fullname": "x", "stats": {"min": 1.0}}]}, "'median'"),
        ({key: value for key, value in SAVED_RUN.items() if key != "datetime"}, "'datetime'"),
        ({**SAVED_RUN, "machine_info": "vm"}, "'machine_info'"),
        ([SAVED_RUN], "'benchmarks'"),
        (
            {**SAVED_RUN, "benchmarks": [{"fullname": "x", "stats": {**stats, "median": "2 s"}}]},
            "x: stats field 'median' is '2 s', not a number",
        ),
        (
            {**SAVED_RUN, "benchmarks": [{"fullname": "x", "stats": stats, "extra_info": [1]}]},
            "x: 'extra_info' is \\[1\\], not a mapping",
        ),
    ):
        saved = tmp_path / "run.json"
        saved.write_text(json.dumps(broken), encoding="utf-8")
        with pytest.raises(SystemExit, match=field):
            report.main(["--suite-json", str(saved)])
        assert not (tmp_path / "suite.md").exists()


def test_the_suite_run_writes_the_pytest_command_and_the_load_as_it_started_and_ended(
    tmp_path: Path,
) -> None:
    bench = tmp_path / "test_tiny_bench.py"
    bench.write_text(
        "def test_sums(benchmark):\n"
        "    assert benchmark(sum, range(100)) == 4950\n"
        "    benchmark.extra_info['items_per_second'] = 100 / benchmark.stats.stats.min\n",
        encoding="utf-8",
    )
    _report().main(["--suite", str(bench), "--suite-k", "sums", "--write", str(tmp_path)])
    text = (tmp_path / "suite.md").read_text(encoding="utf-8")
    assert HEADER.match(text)
    assert "load average as the run started" in text and "- load average as it ended: " in text
    assert f"- pytest run: `python -m pytest {bench} -k sums --benchmark-only" in text
    (row,) = [line for line in text.splitlines() if "test_sums" in line]
    assert re.fullmatch(
        r"\| \S+::test_sums \| [\d.]+ \S?s \| [\d.]+ \S?s \| [\d,]+ \| [\d.]+ \S* ?items/s \|", row
    )
