"""Hostile files: truncated at any line, binary noise, a big file (read a hand at a time, in
bounded memory), and XML with a DTD, entities or deep nesting. Each imports what it can and
reports the rest; nothing crashes, nothing is expanded."""

from __future__ import annotations

import random
import tracemalloc
from pathlib import Path

import pytest

from badugi_fast.notation.histories import read_histories


def test_a_hand_cut_at_any_line_before_its_total_is_reported_never_raised(
    fixtures: Path,
) -> None:
    lines = (fixtures / "pokerstars_tournament.txt").read_text(encoding="utf-8").splitlines()
    total = next(i for i, line in enumerate(lines) if line.startswith("Total pot"))
    for cut in range(1, total + 1):
        hands = list(read_histories("\n".join(lines[:cut])))
        assert len(hands) == 1
        assert hands[0].game is None and hands[0].problems, cut


def test_binary_noise_between_hands_is_reported_and_the_hands_import(fixtures: Path) -> None:
    hand = (fixtures / "pokerstars_cash.txt").read_bytes()
    noise = random.Random(25).randbytes(5_000)
    hands = list(read_histories(noise + b"\n" + hand + noise + b"\n" + hand))
    imported = [h for h in hands if h.game is not None]
    assert len(imported) == 1  # the second: the noise after the first is a line of its hand
    assert all(h.problems for h in hands if h.game is None)
    assert hands[0].hand_id is None and "outside any hand" in hands[0].problems[0]


def test_a_big_file_is_read_a_hand_at_a_time_in_bounded_memory(
    fixtures: Path, tmp_path: Path
) -> None:
    """10 MB: real hands among hands of a game the library does not play (cheap to skip, so
    the test is quick) and a megabyte of noise without a line end."""
    real = (fixtures / "pokerstars_cash.txt").read_text(encoding="utf-8")
    other = "\n".join((fixtures / "pokerstars_features.txt").read_text(encoding="utf-8")
                      .split("\n\n")[-1].splitlines()) + "\n\n"  # fmt: skip
    path = tmp_path / "big.txt"
    with path.open("w", encoding="utf-8") as file:
        written = 0
        while written < 10_000_000:
            block = real + other * 250
            file.write(block)
            written += len(block)
        file.write("x" * 1_000_000 + "\n" + real)
    tracemalloc.start()
    try:
        counts = {"imported": 0, "skipped": 0}
        for hand in read_histories(path):
            counts["imported" if hand.game is not None else "skipped"] += 1
            del hand
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert counts["imported"] > 20 and counts["skipped"] > 10_000
    assert peak < 3_000_000, f"peak {peak:,} bytes while reading {path.stat().st_size:,}"


MERGE_GAME = """<game id="1-1" starttime="20110412150057" numholecards="4" realmoney="true">
<players dealer="0"><player seat="0" nickname="A" balance="$1.00" dealtin="true"/>
<player seat="1" nickname="B" balance="$1.00" dealtin="true"/></players>
<round id="BLINDS" sequence="1"><event type="SMALL_BLIND" player="0" amount="0.05"/>
<event type="BIG_BLIND" player="1" amount="0.10"/></round>
<round id="PRE_FIRST_DRAW" sequence="2"><event type="FOLD" player="0"/></round>
<round id="END_OF_FOLDED_GAME"><winner amount="0.05" uncalled="true" player="1"/>
<winner amount="0.10" uncalled="false" player="1"/></round>
</game>
"""
DESCRIPTION = '<description type="Badugi" stakes="Limit ($0.10/$0.20)"/>\n'


def test_a_merge_game_reads_from_text() -> None:
    (hand,) = read_histories("<session>" + DESCRIPTION + MERGE_GAME + "</session>")
    assert hand.problems == [] and hand.winnings == {1: 10}


@pytest.mark.parametrize(
    ("xml", "reason"),
    [
        ('<!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
         "<s>&b;</s>", "not well-formed"),
        ('<session><!DOCTYPE s [<!ENTITY x SYSTEM "file:///etc/passwd">]>&x;</session>',
         "not well-formed"),
        ("<session>&undefined;</session>", "undefined entity"),
        ("<a>" * 50 + "</a>" * 50, "nested more than 8 deep"),
        ("<session><game id='1'", "not well-formed"),
    ],
)  # fmt: skip
def test_hostile_xml_is_refused_with_a_problem(xml: str, reason: str) -> None:
    hands = list(read_histories(xml, site="merge"))
    assert hands[-1].game is None
    assert reason in hands[-1].problems[-1], hands[-1].problems


def test_an_xml_error_keeps_the_games_before_it() -> None:
    text = "<session>" + DESCRIPTION + MERGE_GAME + "<game id='2' <broken" + MERGE_GAME
    hands = list(read_histories(text))
    assert hands[0].game is not None
    assert "XML the importer cannot read" in hands[-1].problems[0]
    assert hands[-1].source[1] == 11  # the line of the broken tag


def test_a_dtd_is_never_read_even_at_the_start_of_the_file() -> None:
    xml = '<?xml version="1.0"?>\n<!DOCTYPE s [<!ENTITY a "x">]>\n<s>&a;</s>'
    (hand,) = read_histories(xml, site="merge")
    assert hand.game is None and "cannot read" in hand.problems[0]
