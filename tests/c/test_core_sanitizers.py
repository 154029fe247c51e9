"""The evaluation core, the random hands and the draw engine, built standalone with gcc:
sanitizer-clean on every hand.

tests/c/check_core.c is compiled together with every C file of csrc/ (build_ffi.SOURCES) under
AddressSanitizer and UndefinedBehaviorSanitizer. It is run against the ranks of all 270,725
hands computed by the pure-Python oracle, so it checks every hand in every order and the batch
tails, and any out-of-bounds read or write, or any undefined behaviour, stops it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.mark.slow
def test_c_core_is_clean_under_address_and_undefined_behaviour_sanitizers(
    expected_ranks_file: Path, run_sanitized: Callable[..., str]
) -> None:
    run_sanitized("check_core", expected_ranks_file)
