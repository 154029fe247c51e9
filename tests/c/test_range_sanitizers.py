"""The range C code (csrc/draws/range.c, csrc/draws/trial.c), built standalone with gcc:
sanitizer-clean and free of warnings at -Werror.

tests/c/check_range.c is compiled together with every C file of csrc/ (build_ffi.SOURCES) under
AddressSanitizer and UndefinedBehaviorSanitizer; it checks the alias tables, dealing from ranges
with card removal, split-invariant trials, dealt trials played exactly as the draw engine plays
them (bf_trial_run against bf_draw_simulate, tally for tally), exact combinations and every
refusal.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.slow
def test_range_c_code_is_clean_under_address_and_undefined_behaviour_sanitizers(
    run_sanitized: Callable[..., str],
) -> None:
    run_sanitized("check_range")
