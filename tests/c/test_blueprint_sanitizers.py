"""The blueprint's C code (csrc/blueprint/: the abstraction, the player and the trainer), built
standalone with gcc: sanitizer-clean.

tests/c/check_blueprint.c is compiled with every C file of csrc/ (build_ffi.SOURCES) under
AddressSanitizer and UndefinedBehaviorSanitizer; it checks every hand's bucket and draw slots,
that every public index is in range and used once, the trainer's tables bit for bit on one
call, two calls and two threads at once (small decks and the full one), every refusal of bad
rules or tables, and a fuzz of the replay with random decks, slots and rules. Then the strategy
as a seat: the lookup's refusals, a fuzz of the public history, blueprint seats in
bf_game_play, bf_blueprint_audit (every decision a distribution over its legal slots),
bf_game_trace and the batched engine, the strategies and seats the checks refuse, and a fuzz of
corrupted rows and other rules, each refused or played, never a fault.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.slow
def test_the_blueprints_c_code_is_clean_under_address_and_undefined_behaviour_sanitizers(
    run_sanitized: Callable[..., str],
) -> None:
    run_sanitized("check_blueprint")
