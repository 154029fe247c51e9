"""The beliefs' draw pass (csrc/solve/beliefs.c), built standalone with gcc: sanitizer-clean.

tests/c/check_beliefs.c is compiled with every C file of csrc/ under AddressSanitizer and
UndefinedBehaviorSanitizer; it checks the pass against a direct sum over every set of new cards
(rows sharing cards, blocked cards, every count), every refusal, and a fuzz of corrupted rows,
weights, probabilities, counts and blocked masks.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.slow
def test_the_beliefs_c_code_is_clean_under_address_and_undefined_behaviour_sanitizers(
    run_sanitized: Callable[..., str],
) -> None:
    run_sanitized("check_beliefs")
