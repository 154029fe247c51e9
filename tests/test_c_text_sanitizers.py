"""The text readers of csrc/badugi_text.c at the longest hand text, and the line formatter of
csrc/badugi_format.c, under ASan and UBSan.

tests/c/check_text.c is compiled with every C file of csrc/ (build_ffi.SOURCES) and run: a hand
padded to every length from 10 to 1,024 bytes is read up to 256 bytes (cards.MAX_HAND_TEXT) and
left to the Python reader beyond, by every entry point, and long random strings are never read
past their end. bf_format_lines writes what a plain reference writes for every hand with plain
and random texts (padded or not, lines numbered or not) into buffers of exactly that size, stops
at whole lines in every smaller buffer, and refuses bad rows, bad tables and NULL pointers.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from badugi_fast.cards import MAX_HAND_TEXT

ROOT = Path(__file__).resolve().parents[1]
DRIVER = "tests/c/check_text.c"
STRICT_WARNINGS = ("-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror")
SANITIZE = ("-fsanitize=address,undefined", "-fno-sanitize-recover=all")
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=1",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}


def _core_sources() -> tuple[str, ...]:
    """build_ffi.SOURCES: every C file of csrc/, as the extension builds them."""
    spec = importlib.util.spec_from_file_location("build_ffi", ROOT / "csrc" / "build_ffi.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(module.SOURCES)


def _run(args: list[str], *, timeout: float, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert result.returncode == 0, (
        f"{' '.join(args)} exited with {result.returncode}\n"
        f"--- stdout ---\n{result.stdout}\n--- stderr ---\n{result.stderr}"
    )
    return result.stdout


pytestmark = pytest.mark.skipif(
    shutil.which("gcc") is None, reason="gcc is not on PATH, so the C core cannot be built"
)


def test_the_driver_checks_the_limit_the_python_reader_enforces() -> None:
    source = ROOT / DRIVER
    assert f"#define LONGEST {MAX_HAND_TEXT} " in source.read_text(encoding="utf-8")


@pytest.mark.slow
def test_c_text_readers_and_line_formatter_are_clean_under_sanitizers(
    tmp_path: Path,
) -> None:
    driver = str(tmp_path / "check_text")
    flags = ["-O1", "-g", "-fno-omit-frame-pointer", *SANITIZE, "-Icsrc"]
    _run(["gcc", *STRICT_WARNINGS, *flags, DRIVER, *_core_sources(), "-o", driver], timeout=300)
    output = _run([driver], env={**os.environ, **SANITIZER_ENV}, timeout=300)
    assert "check_text: OK" in output
