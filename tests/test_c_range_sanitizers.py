"""The range C code (csrc/badugi_range.c, csrc/badugi_play.c), built standalone with gcc:
sanitizer-clean and free of warnings at -Werror.

tests/c/check_range.c is compiled together with every C file of csrc/ (build_ffi.SOURCES) under
AddressSanitizer and UndefinedBehaviorSanitizer; it checks the alias tables, dealing from ranges
with card removal, split-invariant trials, dealt trials played exactly as the draw engine plays
them (bf_play_trial against bf_draw_simulate, tally for tally), exact combinations and every
refusal.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from test_c_sanitizers import CORE_SOURCES, SANITIZE, SANITIZER_ENV, STRICT_WARNINGS

ROOT = Path(__file__).resolve().parents[1]
DRIVER = "tests/c/check_range.c"

pytestmark = pytest.mark.skipif(
    shutil.which("gcc") is None, reason="gcc is not on PATH, so the C core cannot be built"
)


def _run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False
    )


@pytest.mark.slow
def test_range_c_code_is_clean_under_address_and_undefined_behaviour_sanitizers(
    tmp_path: Path,
) -> None:
    driver = os.fspath(tmp_path / "check_range")
    flags = [*STRICT_WARNINGS, "-O1", "-g", "-fno-omit-frame-pointer", *SANITIZE, "-Icsrc"]
    build = _run(["gcc", *flags, DRIVER, *CORE_SOURCES, "-lm", "-o", driver])
    assert build.returncode == 0, build.stderr
    check = _run([driver], env={**os.environ, **SANITIZER_ENV})
    assert check.returncode == 0, check.stdout + check.stderr
    assert "check_range: OK" in check.stdout
