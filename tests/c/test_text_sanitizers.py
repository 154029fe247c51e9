"""The text readers of csrc/eval/text.c at the longest hand text, and the line formatter of
csrc/eval/format.c, under ASan and UBSan.

tests/c/check_text.c is compiled with every C file of csrc/ (build_ffi.SOURCES) and run: a hand
padded to every length from 10 to 1,024 bytes is read up to 256 bytes (cards.MAX_HAND_TEXT) and
left to the Python reader beyond, by every entry point, and long random strings are never read
past their end. bf_format_lines writes what a plain reference writes for every hand with plain
and random texts (padded or not, lines numbered or not) into buffers of exactly that size, stops
at whole lines in every smaller buffer, and refuses bad rows, bad tables and NULL pointers.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from badugi_fast.cards import MAX_HAND_TEXT

DRIVER = Path(__file__).with_name("check_text.c")


def test_the_driver_checks_the_limit_the_python_reader_enforces() -> None:
    assert f"#define LONGEST {MAX_HAND_TEXT} " in DRIVER.read_text(encoding="utf-8")


@pytest.mark.slow
def test_c_text_readers_and_line_formatter_are_clean_under_sanitizers(
    run_sanitized: Callable[..., str],
) -> None:
    run_sanitized("check_text")
