"""The C hand loop and the batched engine built standalone with gcc: sanitizer-clean under every
rule set they play.

tests/c/check_game.c is compiled together with every C file of csrc/ (build_ffi.SOURCES) under
AddressSanitizer and UndefinedBehaviorSanitizer, with the strict warnings. It plays and traces
hands of fixed, pot, half-pot and no limit, antes with and without blinds, the heads-up cap,
burn cards and the Korean rules into exactly-sized buffers, and checks the specifications
bf_game_play and bf_game_trace must refuse; then steps batches of tables (csrc/play/vector.h)
under every rule set with random legal, illegal, out-of-range and badly sized actions, into an
observation buffer of exactly the size bf_vector_layout gives, and checks the batches it must
refuse."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.slow
def test_the_hand_loop_is_clean_under_address_and_undefined_behaviour_sanitizers(
    run_sanitized: Callable[..., str],
) -> None:
    run_sanitized("check_game")
