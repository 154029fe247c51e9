"""The blueprint page's generated parts: the training curve (benches/blueprint_curve.py) reads
the trainer's logs over resumes and writes the same SVG bytes for the same logs, and the page
shows the plot and the head-to-head table the generators write."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benches" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _log(path: Path, lines: list[dict[str, float]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_a_resumed_run_adds_its_clock_to_the_time_before(tmp_path: Path) -> None:
    log = _log(
        tmp_path / "run.jsonl",
        [
            {"iterations": 100, "seconds": 10.0, "regret_bound": 3.0},
            {"iterations": 200, "seconds": 25.0, "regret_bound": 2.0},
            {"iterations": 300, "seconds": 8.0, "train_seconds": 5.0, "regret_bound": 1.5},
            {"iterations": 400, "seconds": 20.0, "train_seconds": 11.0, "regret_bound": 1.0},
        ],
    )
    points = _load("blueprint_curve").read_log(log)
    assert [p["time"] for p in points] == [10.0, 25.0, 30.0, 36.0]
    assert [p["iterations"] for p in points] == [100, 200, 300, 400]


def test_a_line_that_is_not_a_log_line_is_named(tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text('{"iterations": 1, "seconds": 1, "regret_bound": 1}\n{"seconds": 2}\n')
    with pytest.raises(ValueError, match="line 2"):
        _load("blueprint_curve").read_log(log)


def test_the_curve_svg_is_the_same_bytes_twice_and_carries_no_date(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    curve = _load("blueprint_curve")
    small = curve.read_log(curve.SMALL_LOG)
    full = curve.read_log(curve.FULL_LOG)
    curve.write_curve_svg(small, full, tmp_path / "a.svg")
    curve.write_curve_svg(small, full, tmp_path / "b.svg")
    first = (tmp_path / "a.svg").read_bytes()
    assert first == (tmp_path / "b.svg").read_bytes()
    assert first.startswith(b"<?xml") and b"<dc:date>" not in first


def test_the_page_shows_the_plot_the_generator_writes() -> None:
    page = (ROOT / "docs" / "blueprint.md").read_text(encoding="utf-8")
    curve = _load("blueprint_curve")
    shown = curve.CURVE_SVG.relative_to(ROOT / "docs").as_posix()
    assert f"]({shown})" in page and curve.CURVE_SVG.is_file()


def test_the_page_has_a_measured_row_for_every_opponent_of_the_match_table() -> None:
    page = (ROOT / "docs" / "blueprint.md").read_text(encoding="utf-8")
    start, end = page.index("<!-- table:matches -->"), page.index("<!-- end:matches -->")
    table = page[start:end]
    names = [name for name, _ in _load("blueprint_match").opponents()]
    assert names and all(f"| {name} |" in table for name in names)
    assert "the greedy tabular learner" in table and "10,000,000 | c |" in table
