"""The package's shape: layers that import one way, no import circle inside any package (deferred
imports included), optional extras never loaded by the core, and the typing stub of the C
extension naming exactly what the cdef declares."""

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


MODULES = {
    ".".join(p.relative_to(PACKAGE).with_suffix("").parts)
    .removesuffix(".__init__")
    .removesuffix("__init__"): p
    for p in PACKAGE.rglob("*.py")
}


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:`` (imports for annotations only)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(inner) for stmt in node.body for inner in ast.walk(stmt)}
    return [node for node in ast.walk(tree) if id(node) not in skipped]


def _imports(path: Path) -> list[str]:
    """Every badugi_fast module a source file imports when it runs (at import time or deferred
    into a function), as dotted paths inside the package ('' is the package itself); a name
    imported from a package counts as that submodule when it is one."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    package = parts[:-1]  # a module's package; for an __init__ the package it opens
    found = []
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
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
            found += [prefix + a.name for a in node.names if prefix + a.name in MODULES]
        elif isinstance(node, ast.Import):
            found += [
                a.name.removeprefix("badugi_fast").lstrip(".")
                for a in node.names
                if a.name.startswith("badugi_fast")
            ]
    return found


def _module_of(path: Path) -> str:
    return (
        ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        .removesuffix("__init__")
        .rstrip(".")
    )


def _loaded_by(module: str, target: str) -> list[str]:
    """What importing ``target`` from ``module`` runs: the target and every package above it
    that ``module`` does not already sit in (those are being imported before it runs)."""
    parts = target.split(".") if target else []
    chain = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    mine = {".".join(module.split(".")[:i]) for i in range(len(module.split(".")) + 1)}
    return [m for m in chain if m in MODULES and m not in mine and m != module]


def _graph() -> dict[str, set[str]]:
    return {
        _module_of(path): {m for t in _imports(path) for m in _loaded_by(_module_of(path), t)}
        for path in MODULES.values()
    }


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of the graph, as the modules around it, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


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


def test_no_package_holds_an_import_circle_deferred_imports_included() -> None:
    circle = _cycle(_graph())
    assert circle is None, "import circle: " + " -> ".join(m or "badugi_fast" for m in circle)


def test_the_circle_check_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


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
