"""The Python examples of docs/histories-import.md run, in order, as one script."""

from __future__ import annotations

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[3] / "docs" / "histories-import.md"


def test_the_docs_page_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), namespace)


def test_the_docs_page_defines_every_figure_of_the_summary() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for figure in ("hands", "net", "bb/100", "VPIP", "PFR", "WTSD", "W$SD", "drawn", "pat",
                   "snowed"):  # fmt: skip
        assert f"\n| {figure} |" in text, figure
