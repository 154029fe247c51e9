"""The twin check of the history importers: a source read through the C reader and by the
Python importer (its specification) gives the same ``ImportedHand`` list, and a hand the C
reader imported replays to the same ``Game``, record and summary figures."""

from __future__ import annotations

from badugi_fast.notation.histories import ImportedHand, read_histories, reader
from badugi_fast.notation.histories.summary import seat_figures


def both(source: object) -> tuple[list[ImportedHand], list[ImportedHand]]:
    """The hands of ``source`` through the C reader, then in Python alone."""
    try:
        reader.C_READER = True
        through_c = list(read_histories(source))  # type: ignore[arg-type]
        reader.C_READER = False
        in_python = list(read_histories(source))  # type: ignore[arg-type]
    finally:
        reader.C_READER = True
    return through_c, in_python


def read_in_c(hand: ImportedHand) -> bool:
    return hand._lazy is not None  # imported by the C reader, its game not made yet


def assert_same(through_c: list[ImportedHand], in_python: list[ImportedHand]) -> None:
    """The same fields, and for a hand read in C: the same game, record and summary figures
    (what C computed against summary.seat_figures of the Python replay)."""
    assert through_c == in_python
    for fast, slow in zip(through_c, in_python, strict=True):
        assert slow.figures is None
        if read_in_c(fast):
            assert fast.figures is not None and fast.figures == seat_figures(slow)
            game, again = fast.game, slow.game
            assert game is not None and again is not None
            assert game.history == again.history and game.stacks == again.stacks
            assert fast.record == slow.record
