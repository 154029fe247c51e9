"""Fixtures mutated at random (lines dropped, repeated, swapped, edited, bytes garbled): the
importer never raises; each hand comes out replayed and clean, or with its problems."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_fast.notation.histories import read_histories

FIXTURES = Path(__file__).parent / "fixtures"  # read at import: hypothesis draws from them

NAMES = sorted(p.name for p in FIXTURES.iterdir() if p.suffix in (".txt", ".xml"))
TEXTS = {name: (FIXTURES / name).read_bytes() for name in NAMES}


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = TEXTS[draw(st.sampled_from(NAMES))]
    lines = data.split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["drop", "repeat", "swap", "edit", "garble", "digit"]))
        if kind == "drop":
            del lines[i]
        elif kind == "repeat":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "edit":
            at = draw(st.integers(0, len(lines[i])))
            text = draw(st.text(max_size=8)).encode()
            lines[i] = lines[i][:at] + text + lines[i][at + draw(st.integers(0, 3)) :]
        elif kind == "garble":
            lines[i] = draw(st.binary(max_size=40))
        else:
            digits = [k for k, c in enumerate(lines[i]) if 48 <= c <= 57]
            if digits:
                k = draw(st.sampled_from(digits))
                lines[i] = lines[i][:k] + str(draw(st.integers(0, 9))).encode() + lines[i][k + 1 :]
        if not lines:
            lines = [b""]
    return b"\n".join(lines)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_file_gives_only_clean_hands_or_reported_problems(data: bytes) -> None:
    for hand in read_histories(data):
        if hand.game is None:
            assert hand.problems and hand.phh is None
            assert all(p.startswith("<bytes>:line ") for p in hand.problems), hand.problems
        else:
            assert hand.problems == [] and hand.phh is not None and hand.game.done


def test_the_mutations_draw_from_every_format() -> None:
    formats = {"pokerstars_cash.txt", "fulltilt_utf16.txt", "kingsclub.txt", "merge.xml"}
    assert formats <= set(NAMES)
