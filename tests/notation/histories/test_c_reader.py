"""The C reader of PokerStars histories (histories/fast.py over csrc/notation/) against the
Python importer, its specification: every fixture, hands of random play written as PokerStars
writes them, and both mutated at random, import to the same ``ImportedHand`` either way (every
field, the problems, the PHH text) and, when asked for, the same replayed ``Game``; the C
reader imports the clean PokerStars hands itself and gives every other hand back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.histories import assert_same, both, read_in_c
from support.pokerstars import played_file

from badugi_fast.notation import phh
from badugi_fast.notation.histories import read_histories

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.iterdir()))
def test_every_fixture_imports_the_same_through_the_c_reader_and_in_python(name: str) -> None:
    assert_same(*both(FIXTURES / name))


def test_the_c_reader_imports_every_clean_pokerstars_badugi_fixture_hand_itself() -> None:
    hands = []
    for name in ("pokerstars_cash.txt", "pokerstars_tournament.txt", "pokerstars_features.txt"):
        hands += list(read_histories(FIXTURES / name))
    fast = [h.hand_id for h in hands if read_in_c(h)]
    given_back = [h.hand_id for h in hands if not read_in_c(h)]
    assert len(fast) == 6 and given_back == ["10000000007"]  # the 2-7 triple draw hand


def test_a_handread_in_c_replays_its_game_only_when_asked() -> None:
    (hand,) = read_histories(FIXTURES / "pokerstars_cash.txt")
    assert hand.imported and read_in_c(hand)
    assert hand.game is not None and hand.game.done and not read_in_c(hand)
    assert hand.record is not None and hand.record.hand_id == hand.hand_id


def test_hands_of_random_play_import_the_same_and_mostly_in_c() -> None:
    through_c, in_python = both(played_file(1, 300))
    in_c = sum(map(read_in_c, through_c))
    assert_same(through_c, in_python)
    imported = [h for h in in_python if h.imported]
    assert len(imported) > 250
    assert in_c >= 0.9 * len(imported)


# Three-handed, the short stack all-in: the other two bet on, one folds, and the one left
# mucks to the short stack's shown hand at the showdown. It loses the main pot and collects
# the side pot, which nobody still in contested.
SIDE_POT = """\
PokerStars Hand #1002: Tournament #77, $2.00+$0.20 USD Badugi Limit - Level IV (2/4) - \
2010/09/05 10:32:15 ET
Table 'Alpha 3' 9-max Seat #6 is the button
Seat 3: Kim (5 in chips)
Seat 6: Lee (60 in chips)
Seat 9: Park (60 in chips)
Park: posts small blind 1
Kim: posts big blind 2
*** DEALING HANDS ***
Dealt to Park [Kd 6h 5s 2d]
Lee: raises 2 to 4
Park: calls 3
Kim: calls 2
*** FIRST DRAW ***
Park: stands pat
Kim: stands pat
Lee: stands pat
Park: bets 2
Kim: calls 1 and is all-in
Lee: raises 2 to 4
Park: calls 2
*** SECOND DRAW ***
Park: stands pat
Kim: stands pat
Lee: stands pat
Park: checks
Lee: bets 4
Park: folds
*** THIRD DRAW ***
Kim: stands pat
Lee: stands pat
*** SHOW DOWN ***
Kim: shows [3d Ah 3s 8d] (3-card: 8,3,A)
Lee: mucks hand
Kim collected 15 from main pot
Lee collected 10 from side pot
*** SUMMARY ***
Total pot 25 | Rake 0
"""


@pytest.mark.parametrize("line", ["Lee: mucks hand", "Lee: doesn't show hand"])
def test_a_player_who_loses_the_main_pot_collects_the_side_pot_nobody_contested(
    line: str,
) -> None:
    """The hand never shown is beaten by the shown one and wins only the uncontested side pot,
    whether it mucked or declined to show (a winner that does not show is first taken to beat
    every shown hand, and the file's amounts then say otherwise)."""
    text = SIDE_POT.replace("Lee: mucks hand", line)
    through_c, in_python = both(text)
    assert_same(through_c, in_python)
    (hand,) = in_python
    assert hand.problems == [] and hand.game is not None and hand.phh is not None
    assert hand.winnings == {3: 15, 6: 10}
    assert hand.game.stacks == [15, 58, 52]
    # the PHH seats run from the button's left: Park, Kim, Lee
    assert phh.loads(hand.phh, unknown_cards=True).stacks == [52, 15, 58]


# -- mutations --------------------------------------------------------------------------------


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


TOKENS = [
    b"$0.25", b"$0", b"1,285", b"As", b"Kd", b"??", b"Hero", b"Kim", b": ", b" [", b"]",
    b"folds", b"calls", b"raises $0.25 to", b"*** ", b"PokerStars Game #", b"\r", b"\t",
    b"\xc3\xa9", b"and is all-in", b" (Badugi: 8,4,3,A)", b"Seat 1: ", b"collected",
]  # fmt: skip


@st.composite
def mutated_pokerstars(draw: st.DrawFn) -> bytes:
    """PokerStars text (the fixtures or random play) with lines dropped, repeated, swapped or
    edited, tokens swapped in, digits changed, line ends changed."""
    if draw(st.booleans()):
        data = played_file(draw(st.integers(0, 10_000)), draw(st.integers(1, 4))).encode()
    else:
        name = draw(st.sampled_from(["pokerstars_cash.txt", "pokerstars_features.txt",
                                     "pokerstars_tournament.txt"]))  # fmt: skip
        data = (FIXTURES / name).read_bytes()
    lines = _lines(data)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["drop", "repeat", "swap", "token", "digit", "cut", "text"]))
        line = lines[i]
        if kind == "drop":
            del lines[i]
        elif kind == "repeat":
            lines.insert(i, line)
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "token":
            at = draw(st.integers(0, len(line)))
            cut = draw(st.integers(0, 6))
            lines[i] = line[:at] + draw(st.sampled_from(TOKENS)) + line[at + cut :]
        elif kind == "digit":
            digits = [k for k, c in enumerate(line) if 48 <= c <= 57]
            if digits:
                k = draw(st.sampled_from(digits))
                lines[i] = line[:k] + str(draw(st.integers(0, 9))).encode() + line[k + 1 :]
        elif kind == "cut":
            lines[i] = line[: draw(st.integers(0, len(line)))]
        else:
            at = draw(st.integers(0, len(line)))
            lines[i] = line[:at] + draw(st.text(max_size=6)).encode() + line[at:]
        if not lines:
            lines = [b""]
    end = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    return end.join(lines)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_pokerstars(), st.sampled_from(["bytes", "text"]))
def test_a_mutated_pokerstars_file_imports_the_same_through_the_c_reader(
    data: bytes, form: str
) -> None:
    source: object = data if form == "bytes" else data.decode("utf-8", "replace")
    if isinstance(source, str) and "\n" not in source and "\r" not in source:
        source = source + "\n"  # a str without a line end would be a path
    assert_same(*both(source))


def _chunks(text: str, size: int) -> Iterator[str]:
    for start in range(0, len(text), size):
        yield text[start : start + size]


class _Chunked:
    """A text file read a few characters at a time (every hand boundary falls somewhere)."""

    def __init__(self, text: str, size: int) -> None:
        self.parts = _chunks(text, size)
        self.name = "chunked.txt"

    def read(self, size: int = -1) -> str:
        return next(self.parts, "") if size else ""


@pytest.mark.parametrize("size", [1, 7, 17, 64, 1000])
def test_the_c_reader_reads_a_file_given_a_few_characters_at_a_time(size: int) -> None:
    text = played_file(7, 20).replace("\n", "\r\n")
    whole = list(read_histories(text))
    parts = list(read_histories(_Chunked(text, size)))  # type: ignore[arg-type]
    assert [h.phh and h.phh.replace("chunked.txt", "<text>") for h in parts] == [
        h.phh for h in whole
    ]
    assert [[p.replace("chunked.txt", "<text>") for p in h.problems] for h in parts] == [
        h.problems for h in whole
    ]
    assert sum(map(read_in_c, parts)) == sum(map(read_in_c, whole)) > 0
