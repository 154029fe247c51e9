"""What the C tests share: the C core's file lists as csrc/build_ffi.py gives them, and a driver
of this folder built with every C file of csrc/ under AddressSanitizer and UndefinedBehavior-
Sanitizer (or ThreadSanitizer) at the strict warnings, then run."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
NUM_HANDS = 270_725  # C(52, 4)
STRICT_WARNINGS = ("-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror")
SANITIZE = ("-fsanitize=address,undefined", "-fno-sanitize-recover=all")
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=1",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}
THREAD_SANITIZE = ("-fsanitize=thread",)
THREAD_SANITIZER_ENV = {"TSAN_OPTIONS": "halt_on_error=1:abort_on_error=1"}

RunSanitized = Callable[..., str]
Compile = Callable[..., subprocess.CompletedProcess[str]]


def load_build_ffi() -> ModuleType:
    """csrc/build_ffi.py, the one list of the C sources (it is a build script, not a module)."""
    spec = importlib.util.spec_from_file_location("build_ffi", ROOT / "csrc" / "build_ffi.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def build_ffi() -> ModuleType:
    return load_build_ffi()


@pytest.fixture(scope="session")
def core_sources(build_ffi: ModuleType) -> tuple[str, ...]:
    """Every C file of csrc/, as the extension builds them (paths from the project root)."""
    return tuple(build_ffi.SOURCES)


@pytest.fixture(scope="session")
def gcc() -> str:
    path = shutil.which("gcc")
    if path is None:
        pytest.skip("gcc is not on PATH, so the C core cannot be built")
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


@pytest.fixture(scope="session")
def compile_c(gcc: str) -> Compile:
    """gcc at the strict warnings with csrc/ on the include path, from the project root."""

    def run(*args: str | os.PathLike[str]) -> subprocess.CompletedProcess[str]:
        return _run([gcc, *STRICT_WARNINGS, "-Icsrc", *args], timeout=300)

    return run


def _sanitized_runner(
    compile_c: Compile,
    core_sources: tuple[str, ...],
    tmp_path: Path,
    sanitize: Sequence[str],
    env: dict[str, str],
    what: str,
) -> RunSanitized:
    def run(name: str, *args: str | os.PathLike[str]) -> str:
        driver = tmp_path / name
        flags = ("-O1", "-g", "-fno-omit-frame-pointer", *sanitize)
        source = f"tests/c/{name}.c"
        build = compile_c(*flags, source, *core_sources, "-lm", "-pthread", "-o", driver)
        assert build.returncode == 0, _report(f"building the sanitized {name}", build)
        check = _run([driver, *args], env={**os.environ, **env}, timeout=600)
        assert check.returncode == 0, _report(f"{name} under {what}", check)
        assert f"{name}: OK" in check.stdout, _report(f"{name} (no summary line)", check)
        return check.stdout

    return run


@pytest.fixture
def run_sanitized(
    compile_c: Compile, core_sources: tuple[str, ...], tmp_path: Path
) -> RunSanitized:
    """run_sanitized(NAME, *args): build tests/c/NAME.c with every C file of csrc/ under ASan
    and UBSan at the strict warnings, run it with ``args`` and require its "NAME: OK" line; its
    stdout is returned."""
    return _sanitized_runner(
        compile_c, core_sources, tmp_path, SANITIZE, SANITIZER_ENV, "ASan and UBSan"
    )


@pytest.fixture
def run_thread_sanitized(
    compile_c: Compile, core_sources: tuple[str, ...], tmp_path: Path
) -> RunSanitized:
    """As run_sanitized, under ThreadSanitizer: a data race between the C threads fails."""
    return _sanitized_runner(
        compile_c, core_sources, tmp_path, THREAD_SANITIZE, THREAD_SANITIZER_ENV, "TSan"
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
