"""Every C file of the core compiles as strict C99 without a warning at -Wall -Wextra -Wpedantic
-Werror, each on its own, as CI requires."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.mark.slow
def test_c_core_compiles_without_warnings_as_strict_c99(
    compile_c: Callable[..., subprocess.CompletedProcess[str]],
    core_sources: tuple[str, ...],
    tmp_path: Path,
) -> None:
    for source in core_sources:
        obj = tmp_path / (source.replace("/", "_") + ".o")
        build = compile_c("-O2", "-c", source, "-o", obj)
        assert build.returncode == 0, f"compiling {source} with -Werror:\n{build.stderr}"
