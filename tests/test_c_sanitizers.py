"""The C core, built standalone with gcc: sanitizer-clean, and free of warnings at -Werror.

tests/c/check_core.c is compiled together with every C file of csrc/ (build_ffi.SOURCES) under
AddressSanitizer and UndefinedBehaviorSanitizer. It is run against the ranks of all 270,725
hands computed by the pure-Python oracle, so it checks every hand in every order and the batch
tails, and any out-of-bounds read or write, or any undefined behaviour, stops it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _build_ffi() -> ModuleType:
    """csrc/build_ffi.py, the one list of the C sources (it is a build script, not a module)."""
    spec = importlib.util.spec_from_file_location("build_ffi", ROOT / "csrc" / "build_ffi.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CORE_SOURCES = _build_ffi().SOURCES  # every C file of csrc/, as the extension builds them
NUM_HANDS = 270_725  # C(52, 4)
STRICT_WARNINGS = ("-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror")
SANITIZE = ("-fsanitize=address,undefined", "-fno-sanitize-recover=all")
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=1",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}

pytestmark = pytest.mark.skipif(
    shutil.which("gcc") is None, reason="gcc is not on PATH, so the C core cannot be built"
)


@pytest.fixture(scope="module")
def expected_ranks_file(
    reference_ranks: np.ndarray, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The reference ranks of all hands, as little-endian uint16 in colex order."""
    assert reference_ranks.shape == (NUM_HANDS,)
    path = tmp_path_factory.mktemp("c_sanitizers") / "expected_ranks.u16le"
    path.write_bytes(reference_ranks.astype("<u2").tobytes())
    return path


def _run(
    args: Sequence[str | os.PathLike[str]], *, env: dict[str, str] | None = None, timeout: float
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [os.fspath(arg) for arg in args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def _report(what: str, result: subprocess.CompletedProcess[str]) -> str:
    return (
        f"{what} exited with {result.returncode}\n"
        f"command: {' '.join(map(str, result.args))}\n"
        f"--- stdout ---\n{result.stdout}\n--- stderr ---\n{result.stderr}"
    )


def run_sanitized(name: str, tmp_path: Path, *args: str | os.PathLike[str]) -> str:
    """Build tests/c/NAME.c with every C file of csrc/ under ASan and UBSan at the strict
    warnings, run it with ``args`` and require its "NAME: OK" line; its stdout is returned."""
    driver = tmp_path / name
    flags = ("-O1", "-g", "-fno-omit-frame-pointer", *SANITIZE, "-Icsrc")
    source = f"tests/c/{name}.c"
    build = _run(
        ["gcc", *STRICT_WARNINGS, *flags, source, *CORE_SOURCES, "-o", driver], timeout=300
    )
    assert build.returncode == 0, _report(f"building the sanitized {name}", build)
    check = _run([driver, *args], env={**os.environ, **SANITIZER_ENV}, timeout=600)
    assert check.returncode == 0, _report(f"{name} under ASan and UBSan", check)
    assert f"{name}: OK" in check.stdout, _report(f"{name} (no summary line)", check)
    return check.stdout


@pytest.mark.slow
def test_c_core_is_clean_under_address_and_undefined_behaviour_sanitizers(
    expected_ranks_file: Path, tmp_path: Path
) -> None:
    run_sanitized("check_core", tmp_path, expected_ranks_file)


@pytest.mark.slow
def test_c_core_compiles_without_warnings_as_strict_c99(tmp_path: Path) -> None:
    for source in CORE_SOURCES:
        obj = tmp_path / (Path(source).stem + ".o")
        build = _run(
            ["gcc", *STRICT_WARNINGS, "-O2", "-Icsrc", "-c", source, "-o", obj], timeout=300
        )
        assert build.returncode == 0, _report(f"compiling {source} with -Werror", build)


@pytest.mark.slow
def test_the_draw_layers_c_entry_points_are_clean_under_sanitizers(tmp_path: Path) -> None:
    """tests/c/check_draws.c: the draw engine, best_discard's pass, policy tables and the solver."""
    run_sanitized("check_draws", tmp_path)
