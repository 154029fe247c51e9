"""The generators of tools/ as modules, loaded once, for tests that call them in-process."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from types import ModuleType

from .paths import REPO


@cache
def load_tool(name: str) -> ModuleType:
    """tools/NAME.py as a module (not a package: tools/ is scripts)."""
    spec = importlib.util.spec_from_file_location(name, REPO / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an import does: a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module
