"""The solver's C code (csrc/solve/, its threads common/pool.c), built standalone with gcc:
sanitizer-clean.

tests/c/check_solve.c is compiled with every C file of csrc/ (build_ffi.SOURCES) under
AddressSanitizer and UndefinedBehaviorSanitizer; it checks the showdown sweep against a
pairwise loop on random ranges (ties and shared cards), discounted CFR's bits on 1, 2 and 3
threads and its falling exploitability, best responses and the opponent mass, every refusal,
and a fuzz of single corrupted fields. The same driver runs under ThreadSanitizer: the
solver's threads hand out their tasks through atomics, and a race between them fails.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.slow
def test_the_solvers_c_code_is_clean_under_address_and_undefined_behaviour_sanitizers(
    run_sanitized: Callable[..., str],
) -> None:
    run_sanitized("check_solve")


@pytest.mark.slow
def test_the_solvers_threads_are_race_free_under_thread_sanitizer(
    run_thread_sanitized: Callable[..., str],
) -> None:
    run_thread_sanitized("check_solve")
