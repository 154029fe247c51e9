"""Seats playing the last round by a round strategy, and the decision bits they draw from, built
standalone with gcc: sanitizer-clean in the C hand loop and the batched engine.

tests/c/check_round_seats.c is compiled together with every C file of csrc/ (build_ffi.SOURCES)
under AddressSanitizer and UndefinedBehaviorSanitizer, with the strict warnings. It checks
bf_decision_bits against known answers, the tables bf_round_strategy_valid must refuse, a table
bot's hands in bf_game_play and bf_game_trace with and without an ``otherwise`` bot (refused
then, naming the hand and seat), and the round seat played by the batched engine with the
refusals bf_vector_refused reports."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.slow
def test_the_round_seats_are_clean_under_address_and_undefined_behaviour_sanitizers(
    run_sanitized: Callable[..., str],
) -> None:
    run_sanitized("check_round_seats")
