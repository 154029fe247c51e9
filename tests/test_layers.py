"""The package's shape: layers that import one way, optional extras never loaded by the core, and
the typing stub of the C extension naming exactly what the cdef declares."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import badugi_fast
from badugi_fast._badugi import lib

PACKAGE = Path(badugi_fast.__file__).resolve().parent
# Lower layers first; a module may import only from its own layer or a lower one.
LAYERS = ("base", "hands", "draws", "game", "solve", "rl", "spiel", "cli")
OPTIONAL = ("gymnasium", "pettingzoo", "dask", "distributed", "matplotlib", "pyspiel", "open_spiel")


def _layer(module: str) -> str:
    """The layer of a module given as its dotted path inside badugi_fast ('' is the package)."""
    head = module.split(".")[0]
    return head if head in LAYERS else "base"


def _imports(path: Path) -> list[str]:
    """Every badugi_fast module a source file imports, as dotted paths inside the package."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    package = parts[:-1]  # a module's package; for an __init__ the package it opens
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                target = [*base, *(node.module.split(".") if node.module else [])]
                names = [alias.name for alias in node.names]
                found += [".".join([*target, n]) for n in names] if not node.module else []
                found.append(".".join(target))
            elif node.module and node.module.startswith("badugi_fast"):
                found.append(node.module.removeprefix("badugi_fast").lstrip("."))
        elif isinstance(node, ast.Import):
            found += [
                a.name.removeprefix("badugi_fast").lstrip(".")
                for a in node.names
                if a.name.startswith("badugi_fast")
            ]
    return found


SOURCES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_each_module_imports_only_its_own_layer_or_lower_ones(path: Path) -> None:
    own = _layer(".".join(path.relative_to(PACKAGE).with_suffix("").parts))
    if path == PACKAGE / "__init__.py":
        return  # the public API re-exports every layer
    for target in _imports(path):
        if target in ("", "__version__"):
            continue
        assert LAYERS.index(_layer(target)) <= LAYERS.index(own), (
            f"{path.relative_to(PACKAGE)} ({own}) imports {target} ({_layer(target)})"
        )


def test_importing_the_package_loads_no_optional_extra() -> None:
    code = (
        "import sys, badugi_fast, badugi_fast.game, badugi_fast.draws, badugi_fast.cli\n"
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
