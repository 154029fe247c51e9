"""The package's shape: rooms (top-level packages) in layers that import one way, no import circle
anywhere (deferred and ``TYPE_CHECKING`` imports included), optional extras never loaded by the
core, and the typing stub of the C extension naming exactly what the cdef declares."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from support.graphs import find_circle

import badugi_fast
from badugi_fast._badugi import lib

PACKAGE = Path(badugi_fast.__file__).resolve().parent
# Lower tiers first. A module may import from its own room or from a room of a lower tier; two
# rooms of one tier (notation and play) never import each other.
TIERS = (
    ("base",),
    ("hands",),
    ("draws",),
    ("game",),
    ("notation", "play"),
    ("blueprint",),
    ("solve",),
    ("rl",),
    ("spiel",),
    ("web",),
    ("cli",),
)
LAYERS = tuple(room for tier in TIERS for room in tier)
TIER = {room: i for i, tier in enumerate(TIERS) for room in tier}
OPTIONAL = (
    "gymnasium",
    "pettingzoo",
    "dask",
    "distributed",
    "matplotlib",
    "pyspiel",
    "open_spiel",
    "starlette",
    "jinja2",
    "uvicorn",
)


def _layer(module: str) -> str:
    """The layer of a module given as its dotted path inside badugi_fast ('' is the package)."""
    head = module.split(".")[0]
    return head if head in LAYERS else "base"


def _modules(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root`` by its dotted path inside it ('' the package)."""
    return {
        ".".join(p.relative_to(root).with_suffix("").parts)
        .removesuffix(".__init__")
        .removesuffix("__init__"): p
        for p in root.rglob("*.py")
    }


MODULES = _modules(PACKAGE)


def _imports(path: Path, root: Path = PACKAGE) -> list[str]:
    """Every badugi_fast module a source file imports (at import time, deferred into a function,
    or under ``if TYPE_CHECKING:``: an import for annotations is an arrow too), as dotted paths
    inside the package ('' is the package itself); a name imported from a package counts as that
    submodule when it is one."""
    modules = MODULES if root == PACKAGE else _modules(root)
    parts = path.relative_to(root).with_suffix("").parts
    package = parts[:-1]  # a module's package; for an __init__ the package it opens
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            elif node.module and node.module.startswith("badugi_fast"):
                target = node.module.removeprefix("badugi_fast").lstrip(".")
            else:
                continue
            found.append(target)
            prefix = f"{target}." if target else ""
            found += [prefix + a.name for a in node.names if prefix + a.name in modules]
        elif isinstance(node, ast.Import):
            found += [
                a.name.removeprefix("badugi_fast").lstrip(".")
                for a in node.names
                if a.name.startswith("badugi_fast")
            ]
    return found


def _module_of(path: Path, root: Path = PACKAGE) -> str:
    return (
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix("__init__").rstrip(".")
    )


def _loaded_by(module: str, target: str, modules: dict[str, Path] = MODULES) -> list[str]:
    """What importing ``target`` from ``module`` runs: the target and every package above it
    that ``module`` does not already sit in (those are being imported before it runs)."""
    parts = target.split(".") if target else []
    chain = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    mine = {".".join(module.split(".")[:i]) for i in range(len(module.split(".")) + 1)}
    return [m for m in chain if m in modules and m not in mine and m != module]


def _graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of the package at ``root`` and the modules importing it runs."""
    modules = _modules(root)
    return {
        _module_of(path, root): {
            m for t in _imports(path, root) for m in _loaded_by(_module_of(path, root), t, modules)
        }
        for path in modules.values()
    }


SOURCES = sorted(PACKAGE.rglob("*.py"))


def _allowed(own: str, target: str) -> bool:
    """A room may import itself and the rooms of lower tiers."""
    return own == target or TIER[target] < TIER[own]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_each_module_imports_only_its_own_room_or_lower_tiers(path: Path) -> None:
    own = _layer(".".join(path.relative_to(PACKAGE).with_suffix("").parts))
    if path in (PACKAGE / "__init__.py", PACKAGE / "__main__.py"):
        return  # the public API re-exports every layer; ``python -m badugi_fast`` is the CLI
    for target in _imports(path):
        if target in ("", "__version__"):
            continue
        assert _allowed(own, _layer(target)), (
            f"{path.relative_to(PACKAGE)} ({own}) imports {target} ({_layer(target)})"
        )


def test_every_top_level_package_is_a_room_of_the_tiers() -> None:
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert packages - {"_runtime"} == set(LAYERS) - {"base"}


def test_two_rooms_of_one_tier_may_not_import_each_other() -> None:
    assert _allowed("solve", "blueprint") and _allowed("play", "game")
    assert not _allowed("play", "notation") and not _allowed("notation", "play")
    assert not _allowed("blueprint", "solve") and not _allowed("game", "play")


def test_no_module_imports_itself_around_a_circle() -> None:
    circle = find_circle(_graph())
    assert circle is None, "import circle: " + " -> ".join(m or "badugi_fast" for m in circle)


def test_the_circle_check_finds_a_circle() -> None:
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None


def test_a_planted_circle_through_a_type_checking_import_is_found(tmp_path: Path) -> None:
    """The graph is read from source: an annotation-only import back to the importer counts,
    as does one deferred into a function."""
    game = tmp_path / "pkg" / "game"
    game.mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (game / "__init__.py").write_text("")
    (game / "rules.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .state import Game\n"
    )
    (game / "state.py").write_text("def f():\n    from .rules import RuleSet\n")
    assert find_circle(_graph(tmp_path / "pkg")) == ["game.rules", "game.state", "game.rules"]
    (game / "rules.py").write_text("from .betting import BettingState\n")
    (game / "betting.py").write_text("")
    assert find_circle(_graph(tmp_path / "pkg")) is None


def test_importing_the_package_loads_no_optional_extra() -> None:
    code = (
        "import sys, badugi_fast, badugi_fast.game, badugi_fast.draws, badugi_fast.notation, "
        "badugi_fast.play, badugi_fast.blueprint, badugi_fast.solve, badugi_fast.cli\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {OPTIONAL!r}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="/"
    )
    assert out.stdout.strip() == "[]"


def test_the_typing_stub_names_exactly_what_the_cdef_declares() -> None:
    stub = ast.parse((PACKAGE / "_badugi.pyi").read_text(encoding="utf-8"))
    (lib_class,) = [n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == "_Lib"]
    stubbed = {
        n.target.id if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) else n.name
        for n in lib_class.body
        if isinstance(n, ast.AnnAssign | ast.FunctionDef)
    }
    assert stubbed == set(dir(lib))


def test_the_version_is_the_installed_distributions() -> None:
    from importlib.metadata import version

    assert badugi_fast.__version__ == version("badugi_fast")
