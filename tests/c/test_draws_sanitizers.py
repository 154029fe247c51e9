"""The draw layer's C entry points, built standalone with gcc: sanitizer-clean.

tests/c/check_draws.c is compiled together with every C file of csrc/ (build_ffi.SOURCES) under
AddressSanitizer and UndefinedBehaviorSanitizer: the draw engine, best discard's one pass,
policy tables and the optimal-policy solver, with the specifications each must refuse.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.slow
def test_the_draw_layers_c_entry_points_are_clean_under_sanitizers(
    run_sanitized: Callable[..., str],
) -> None:
    run_sanitized("check_draws")
