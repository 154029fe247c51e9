"""The C reader of PokerStars histories (csrc/notation/) under ASan and UBSan.

tests/c/check_history.c is compiled with every C file of csrc/ (build_ffi.SOURCES) and run on a
corpus of the PokerStars fixtures and 300 hands of random play: scanned whole and fed in pieces
(the same hands and PHH text either way), every row in bounds, 4000 mutations of the corpus
(bytes, tokens, ranges, cuts) scanned whole and in pieces, and the arguments it must refuse."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from support.pokerstars import played_file
from support.pokerstars_lines import HANDS

FIXTURES = Path(__file__).resolve().parents[1] / "notation" / "histories" / "fixtures"


@pytest.mark.slow
def test_the_c_history_reader_is_clean_under_address_and_undefined_behaviour_sanitizers(
    run_sanitized: Callable[..., str], tmp_path: Path
) -> None:
    texts = [played_file(3, 300), *HANDS]  # and the lines of issue 32
    for name in ("pokerstars_cash.txt", "pokerstars_tournament.txt", "pokerstars_features.txt"):
        text = (FIXTURES / name).read_text(encoding="utf-8")
        texts.append(text[text.index("PokerStars") :])  # from its first hand
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("\n\n".join(texts), encoding="utf-8", newline="")
    out = run_sanitized("check_history", corpus)
    assert "imported" in out
