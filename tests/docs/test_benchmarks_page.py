"""The benchmark page shows tables benches/report.py wrote, each headed by its date, machine and
command, and no page reads as a work log."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "docs" / "benchmarks"
WRITTEN = sorted(path for path in TABLES.glob("*.md") if path.name != "earlier.md")
HEADER = re.compile(r"Measured \d{4}-\d\d-\d\d \d\d:\d\d UTC by `python benches/report\.py[^`]*`")


def test_the_page_includes_every_table_file_the_script_wrote():
    page = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    included = set(re.findall(r'^--8<-- "benchmarks/([^"]+)"$', page, re.M))
    assert {path.name for path in WRITTEN} | {"earlier.md"} == included
    assert {"evaluate.md", "threads.md", "draws.md", "games.md"} <= included


@pytest.mark.parametrize("path", WRITTEN, ids=[path.name for path in WRITTEN])
def test_each_table_file_says_when_where_and_how_it_was_measured(path: Path):
    text = path.read_text(encoding="utf-8")
    assert HEADER.match(text), f"{path.name} does not open with its date and command"
    assert "- cpu: " in text and "- platform: " in text and "load average" in text
    assert "\n| " in text, f"{path.name} holds no table"


def test_the_earlier_runs_each_carry_their_date_and_machine():
    text = (TABLES / "earlier.md").read_text(encoding="utf-8")
    runs = re.findall(r"^### (\d{4}-\d\d-\d\d): (.+)$", text, re.M)
    assert len(runs) == 3 and all(machine for _, machine in runs)
    assert text.count("`python benches/report.py") == 3


def test_no_page_reads_as_a_work_log():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for page in pages:
        text = page.read_text(encoding="utf-8").lower()
        for words in ("this session", "last session", "seed 00", "../shared"):
            assert words not in text, f"{page.relative_to(ROOT)} says {words!r}"
