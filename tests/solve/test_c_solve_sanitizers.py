"""The solver's C code (csrc/solve/last_round.c), built standalone with gcc: sanitizer-clean
and free of warnings at -Werror.

tests/c/check_solve.c is compiled with every C file of csrc/ (build_ffi.SOURCES) under
AddressSanitizer and UndefinedBehaviorSanitizer; it checks the showdown sweep against a
pairwise loop, discounted CFR's bits on 1, 2 and 3 threads, best responses, every refusal, and
a fuzz of corrupted fields.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from test_c_sanitizers import CORE_SOURCES, SANITIZE, SANITIZER_ENV, STRICT_WARNINGS

ROOT = Path(__file__).resolve().parents[2]

DRIVER = "tests/c/check_solve.c"

pytestmark = pytest.mark.skipif(
    shutil.which("gcc") is None, reason="gcc is not on PATH, so the C core cannot be built"
)


def _run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900, check=False
    )


@pytest.mark.slow
def test_the_solvers_c_code_is_clean_under_address_and_undefined_behaviour_sanitizers(
    tmp_path: Path,
) -> None:
    driver = os.fspath(tmp_path / "check_solve")
    flags = [*STRICT_WARNINGS, "-O1", "-g", "-fno-omit-frame-pointer", *SANITIZE, "-Icsrc"]
    build = _run(["gcc", *flags, DRIVER, *CORE_SOURCES, "-lm", "-pthread", "-o", driver])
    assert build.returncode == 0, build.stderr
    check = _run([driver], env={**os.environ, **SANITIZER_ENV})
    assert check.returncode == 0, check.stdout + check.stderr
    assert "check_solve: OK" in check.stdout


def test_the_solvers_c_code_compiles_without_warnings_as_strict_c99(tmp_path: Path) -> None:
    source = "csrc/solve/last_round.c"
    build = _run(
        ["gcc", *STRICT_WARNINGS, "-O2", "-Icsrc", "-c", source, "-o", os.fspath(tmp_path / "lr.o")]
    )
    assert build.returncode == 0, build.stderr
