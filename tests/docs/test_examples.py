"""Every Python example of the README and of the docs site runs as written (each block in a fresh
namespace, in a temporary folder, so a block that writes a file leaves nothing behind), and
imports the library only by its public paths."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```python\n(.*?)^```", re.M | re.S)
# The paths an example may import from: the ones the API reference documents.
PUBLIC = {
    "badugi_fast",
    "badugi_fast.hands",
    "badugi_fast.hands.reference",
    "badugi_fast.draws",
    "badugi_fast.game",
    "badugi_fast.blueprint",
    "badugi_fast.notation",
    "badugi_fast.notation.histories",
    "badugi_fast.notation.phh",
    "badugi_fast.play",
    "badugi_fast.play.vector",
    "badugi_fast.play.vector.policies",
    "badugi_fast.play.vector.spec",
    "badugi_fast.rl",
    "badugi_fast.solve",
    "badugi_fast.solve.comparison",
    "badugi_fast.solve.bots",
    "badugi_fast.solve.belief_states",
    "badugi_fast.solve.resolving",
    "badugi_fast.spiel",
    "badugi_fast.web",
}


def _blocks() -> list[tuple[Path, int, str]]:
    found = []
    for page in PAGES:
        for number, code in enumerate(FENCE.findall(page.read_text(encoding="utf-8"))):
            found.append((page, number, code))
    return found


BLOCKS = _blocks()
IDS = [f"{page.relative_to(ROOT)}:{number}" for page, number, _ in BLOCKS]


def _imported(code: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names if node.level == 0}
        elif isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
    return {name for name in names if name.split(".")[0] == "badugi_fast"}


def test_the_readme_and_the_guide_have_python_examples() -> None:
    pages = {page.name for page, _, _ in BLOCKS}
    assert "README.md" in pages
    assert {"hands.md", "draws.md", "ranges.md", "game.md", "phh.md"} <= pages
    assert {"simulation.md", "rl.md", "getting-started.md"} <= pages


@pytest.mark.parametrize(("page", "number", "code"), BLOCKS, ids=IDS)
def test_each_example_imports_only_public_paths(page: Path, number: int, code: str) -> None:
    for name in _imported(code):
        module = name.rpartition(".")[0]
        assert name in PUBLIC or module in PUBLIC, f"{page.name} block {number}: {name}"
        assert not any(part.startswith("_") for part in name.split(".")), name


def test_the_public_path_check_refuses_a_deep_module() -> None:
    assert _imported("from badugi_fast.draws.engine.native import Spec") == {
        "badugi_fast.draws.engine.native",
        "badugi_fast.draws.engine.native.Spec",
    }
    assert "badugi_fast.draws.engine" not in PUBLIC


PAGES_WITH_CODE = sorted({page for page, _, _ in BLOCKS})


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES_WITH_CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_pages_examples_run_in_order(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page's blocks run one after another in one namespace, as a reader follows them: a
    later block may use what an earlier one made."""
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "docs_example"}
    for found, number, code in BLOCKS:
        if found == page:
            exec(compile(code, f"{page}:block{number}", "exec"), namespace)
