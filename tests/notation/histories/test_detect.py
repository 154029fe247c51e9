"""A history reads the same from a path, an open file, bytes or text, in UTF-8 with or without
a BOM, UTF-16 with a BOM (either byte order) and with any line ends; the site is told from the
first line of a hand, or given."""

from __future__ import annotations

import codecs
import io
from collections.abc import Iterable
from pathlib import Path

import pytest

from badugi_fast.notation.histories import ImportedHand, read_histories
from badugi_fast.notation.histories.detect import MAX_LINE, lines_of


def _without_file(phh: str | None) -> str | None:
    """The PHH but its ``_source_file`` line (the source's name differs by the kind of source)."""
    if phh is None:
        return None
    return "\n".join(line for line in phh.splitlines() if not line.startswith("_source_file"))


def _summary(hands: Iterable[ImportedHand]) -> list[tuple[str | None, list[str], str | None]]:
    return [(h.hand_id, [p.split(":", 1)[1] for p in h.problems], _without_file(h.phh))
            for h in hands]  # fmt: skip


@pytest.fixture
def text(fixtures: Path) -> str:
    return (fixtures / "pokerstars_features.txt").read_text(encoding="utf-8")


ENCODINGS = {
    "utf-8": lambda t: t.encode(),
    "utf-8 with a BOM": lambda t: codecs.BOM_UTF8 + t.encode(),
    "utf-16 le with a BOM": lambda t: codecs.BOM_UTF16_LE + t.encode("utf-16-le"),
    "utf-16 be with a BOM": lambda t: codecs.BOM_UTF16_BE + t.encode("utf-16-be"),
    "utf-16 le without a BOM": lambda t: t.encode("utf-16-le"),
    "windows line ends": lambda t: t.replace("\n", "\r\n").encode(),
    "old mac line ends": lambda t: t.replace("\n", "\r").encode(),
}


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_encoding_and_line_end_reads_the_same_hands(text: str, encoding: str) -> None:
    data = ENCODINGS[encoding](text)
    assert _summary(read_histories(data)) == _summary(read_histories(text))


def test_a_path_an_open_file_and_the_text_read_alike(fixtures: Path, text: str) -> None:
    path = fixtures / "pokerstars_features.txt"
    expected = [(h.hand_id, _without_file(h.phh)) for h in read_histories(text)]
    with path.open("rb") as binary, path.open(encoding="utf-8") as textual:
        for source in (path, str(path), binary, textual, io.StringIO(text)):
            assert [(h.hand_id, _without_file(h.phh)) for h in read_histories(source)] == expected


def test_the_utf16_full_tilt_export_reads_as_its_utf8_copy(fixtures: Path) -> None:
    utf16 = list(read_histories(fixtures / "fulltilt_utf16.txt"))
    utf8 = list(read_histories(fixtures / "fulltilt.txt"))

    def same(phh: str | None) -> list[str]:  # the UTF-16 file has a blank line after each
        text = phh or ""
        return [
            line
            for line in text.splitlines()
            if not line.startswith(("_source_line", "_source_file"))
        ]

    assert [same(h.phh) for h in utf16] == [same(h.phh) for h in utf8]
    assert [h.source[1] for h in utf16] == [2 * h.source[1] - 1 for h in utf8]
    assert all(h.game is not None for h in utf16[:2])


def test_the_site_is_detected_or_given(fixtures: Path) -> None:
    for name, site in (("pokerstars_cash.txt", "pokerstars"), ("fulltilt.txt", "fulltilt"),
                       ("kingsclub.txt", "kingsclub"), ("merge.xml", "merge")):  # fmt: skip
        assert {h.site for h in read_histories(fixtures / name)} == {site}
        assert {h.site for h in read_histories(fixtures / name, site=site)} == {site}


def test_a_site_that_does_not_match_reports_every_line(fixtures: Path) -> None:
    (hand,) = read_histories(fixtures / "pokerstars_cash.txt", site="fulltilt")
    assert hand.hand_id is None and hand.game is None
    assert "line(s) outside any hand" in hand.problems[0]


def test_an_unknown_site_name_is_refused() -> None:
    with pytest.raises(ValueError, match="site is one of pokerstars, fulltilt"):
        read_histories("", site="partypoker")
    with pytest.raises(TypeError, match="a history is a path, an open file or its text"):
        read_histories(12)  # type: ignore[arg-type]


def test_an_empty_source_has_no_hands() -> None:
    assert list(read_histories("")) == []
    assert list(read_histories(b"")) == []


def test_an_over_long_line_is_cut_and_counted_as_one_line() -> None:
    text = "a" * (MAX_LINE * 3) + "\nsecond\r\nthird\rfourth"
    chunks = [text[i : i + 1000] for i in range(0, len(text), 1000)]
    lines = list(lines_of(chunks))
    assert [n for n, _ in lines] == [1, 2, 3, 4]
    assert lines[0][1] == "a" * MAX_LINE
    assert [t for _, t in lines[1:]] == ["second", "third", "fourth"]


def test_a_crlf_split_across_chunks_is_one_line_end() -> None:
    assert list(lines_of(["one\r", "\ntwo"])) == [(1, "one"), (2, "two")]


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_the_last_line_end_of_a_file_is_a_line_end_of_every_kind(end: str) -> None:
    assert list(lines_of([f"one{end}two{end}"])) == [(1, "one"), (2, "two")]
    assert list(lines_of(["one", end, "two", end])) == [(1, "one"), (2, "two")]
