"""docs/architecture.md matches the tree: every package (a folder of ``badugi_fast/`` with an
``__init__.py``) and every C folder of ``csrc/`` is named on the page as a path in backticks
(``badugi_fast/play/vector/``, ``csrc/game/``), and every such path the page names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# a folder named in backticks, alone or opening a list of files: `csrc/game/` or `csrc/game/` (...)
NAMED = re.compile(r"`((?:badugi_fast|csrc)(?:/[\w.]+)*/)`")


def folders_of_the_tree(root: Path) -> set[str]:
    """The packages and C folders of a checkout, as the page writes them."""
    packages = {
        f"{p.parent.relative_to(root).as_posix()}/" for p in (root / "badugi_fast").rglob("*.py")
        if p.name == "__init__.py"
    }  # fmt: skip
    c_folders = {
        f"csrc/{p.name}/"
        for p in (root / "csrc").iterdir()
        if p.is_dir() and any(f.suffix in (".c", ".h") for f in p.iterdir())
    }
    return packages | c_folders


def page_problems(page: str, root: Path) -> list[str]:
    """What the page gets wrong about the tree at ``root``: a folder it names that does not
    exist, and a package or C folder it leaves out; one line each."""
    named = set(NAMED.findall(page))
    missing = [f"names {n}, which does not exist" for n in sorted(named) if not (root / n).is_dir()]
    unnamed = [f"leaves out {f}" for f in sorted(folders_of_the_tree(root) - named)]
    return missing + unnamed


def test_the_architecture_page_names_every_package_and_c_folder_and_nothing_else() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert page_problems(page, ROOT) == []


def test_the_check_finds_a_missing_folder_and_an_unnamed_package(tmp_path: Path) -> None:
    (tmp_path / "badugi_fast" / "game").mkdir(parents=True)
    (tmp_path / "badugi_fast" / "__init__.py").write_text("")
    (tmp_path / "badugi_fast" / "game" / "__init__.py").write_text("")
    (tmp_path / "csrc" / "eval").mkdir(parents=True)
    (tmp_path / "csrc" / "eval" / "badugi.h").write_text("")
    page = "`badugi_fast/` and `badugi_fast/game/`, `badugi_fast/solve/`"
    assert page_problems(page, tmp_path) == [
        "names badugi_fast/solve/, which does not exist",
        "leaves out csrc/eval/",
    ]
    assert page_problems(page.replace("solve", "game") + " `csrc/eval/`", tmp_path) == []
