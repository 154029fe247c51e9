"""The solving page's plot: benches/solving_table.py writes it as the same bytes for the same
figures, with no date, and the page shows it beside its tables."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
CURVES = {
    "fixed limit": [(0, 0.35, 0.0), (1, 0.2, 0.1), (4, 0.02, 0.4), (20, 0.0008, 2.0)],
    "Korean": [(0, 0.3, 0.0), (2, 0.05, 0.3), (30, 0.0009, 3.0)],
}


def _generator() -> ModuleType:
    path = ROOT / "benches" / "solving_table.py"
    spec = importlib.util.spec_from_file_location("solving_table", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_curve_svg_is_the_same_bytes_twice_and_carries_no_date(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    write = _generator().write_curve_svg
    write(CURVES, tmp_path / "a.svg")
    write(CURVES, tmp_path / "b.svg")
    first = (tmp_path / "a.svg").read_bytes()
    assert first == (tmp_path / "b.svg").read_bytes()
    assert first.startswith(b"<?xml") and b"<svg" in first
    assert b"<dc:date>" not in first
    assert first.count(b'<g id="line2d_') >= len(CURVES)  # a line a curve, among the axes'


def test_the_page_shows_the_plot_the_generator_writes() -> None:
    page = (ROOT / "docs" / "solving.md").read_text(encoding="utf-8")
    generator = _generator()
    shown = generator.CURVE_SVG.relative_to(ROOT / "docs").as_posix()
    assert f"]({shown})" in page
    assert generator.CURVE_SVG.is_file()
    assert "<!-- table:rules -->" in page and "<!-- table:curve -->" in page
