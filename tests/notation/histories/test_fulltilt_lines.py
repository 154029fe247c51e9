"""Full Tilt lines that real files hold beyond the format notes (issue 32), in a hand written
here in the room's line shapes: a seat sitting out between the blinds (the blinds skip it), and
a UTF-16 file whose odd last byte makes no character (reported as the file's, the hand kept);
and a line kind of the format notes no fixture held: a 3-card hand's label."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from badugi_fast.notation.histories import ImportedHand, read_histories

HAND = """\
Full Tilt Poker Game #20000000101: Table Maple - $0.05/$0.10 - Limit Badugi - 03:02:56 ET - \
2010/11/07
Seat 1: Choi ($3.45)
Seat 5: Hero ($1)
Seat 6: Jung ($2.36)
Seat 7: Song ($4)
Hero posts the small blind of $0.02
Song posts the big blind of $0.05
Jung is sitting out
The button is in seat #1
*** HOLE CARDS ***
Dealt to Hero [Ah Qs 3s Jc]
Choi folds
Hero calls $0.03
Song checks
*** FIRST DRAW *** (Pot: $0.10)
Hero discards 2 cards [Qs Jc]
Song discards 1 card
Song is dealt 1 card
Dealt to Hero [Ah 3s] [Jh 8c]
Hero checks
Song bets $0.05
Hero folds
Uncalled bet of $0.05 returned to Song
Song wins the pot ($0.10)
*** SUMMARY ***
Total pot $0.10 | Rake $0
"""


def _hands(source: object) -> list[ImportedHand]:
    return list(read_histories(source, site="fulltilt"))  # type: ignore[arg-type]


def test_a_seat_sitting_out_between_the_blinds_is_skipped_by_them() -> None:
    (hand,) = _hands(HAND)
    assert hand.problems == [] and hand.imported
    assert hand.players == {1: "Choi", 5: "Hero", 7: "Song"}
    assert hand.winnings == {7: 10}


@pytest.mark.parametrize("line", ["Seat 6: Jung ($2.36), is sitting out",
                                  "Seat 6: Jung ($2.36) is sitting out"])  # fmt: skip
def test_a_seat_line_that_says_sitting_out_is_not_dealt_in(line: str) -> None:
    (hand,) = _hands(
        HAND.replace("Seat 6: Jung ($2.36)", line).replace("Jung is sitting out\n", "")
    )
    assert hand.problems == [] and 6 not in hand.players


def test_a_player_sitting_out_after_acting_stays_dealt_in() -> None:
    text = HAND.replace("Choi folds\n", "Choi folds\nChoi is sitting out\n")
    (hand,) = _hands(text)
    assert hand.problems == [] and 1 in hand.players


@pytest.mark.parametrize("tail", [b"\x00", b"\xd8"])
def test_an_odd_byte_after_the_last_hand_of_a_utf16_file_is_the_files_not_the_hands(
    tail: bytes,
) -> None:
    data = codecs.BOM_UTF16_LE + HAND.encode("utf-16-le") + tail
    hand, stray = _hands(data)
    assert hand.problems == [] and hand.imported
    assert stray.hand_id is None and not stray.imported
    (problem,) = stray.problems
    last = len(HAND.splitlines())
    assert problem.startswith(f"<bytes>:line {last + 1}: 1 line(s) between hands that are not text")


def test_an_odd_byte_after_a_last_line_without_its_line_end_is_a_line_of_its_own() -> None:
    data = codecs.BOM_UTF16_LE + HAND.rstrip("\n").encode("utf-16-le") + b"\x00"
    hand, stray = _hands(data)
    assert hand.problems == [] and stray.problems and stray.hand_id is None


def test_bytes_that_are_not_text_between_two_hands_are_reported_apart() -> None:
    second = HAND.replace("#20000000101", "#20000000102")
    data = HAND.encode() + b"\xff\xfe\xff\n\x00\x01\n\n" + second.encode()
    first, stray, again = _hands(data)
    assert first.problems == [] and again.problems == []
    assert stray.hand_id is None and "2 line(s) between hands" in stray.problems[0]


def test_a_hand_without_a_button_line_takes_the_button_from_the_blinds() -> None:
    (hand,) = _hands(HAND.replace("The button is in seat #1\n", ""))
    assert hand.problems == [] and hand.imported


def test_a_first_line_with_a_control_character_is_refused_naming_it() -> None:
    (hand,) = _hands(HAND.replace("Table Maple", "Table\x1bMaple"))
    assert hand.problems[0].startswith("<text>:line 1: a line holding control characters")


def test_a_three_card_hand_shown_carries_full_tilts_label() -> None:
    """``a 3-Card: K, 7, 5`` (the format notes' shape), checked as the library names the hand;
    the first hand of the fixture, with the loser showing instead of mucking."""
    text = (Path(__file__).parent / "fixtures" / "fulltilt.txt").read_text(encoding="utf-8")
    first = text[: text.index("\n\n") + 1]
    shown = first.replace("Choi mucks", "Choi shows [Kd Ks 7h 5c] a 3-Card: K, 7, 5")
    (hand,) = _hands(shown)
    assert hand.problems == [] and hand.labels[1] == "a 3-Card: K, 7, 5"
    (bad,) = _hands(shown.replace("a 3-Card: K, 7, 5", "a 3-Card: K, 7, 4"))
    assert "Choi's hand Kd Ks 7h 5c is labelled 'a 3-Card: K, 7, 4'" in bad.problems[0]
