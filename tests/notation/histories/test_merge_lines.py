"""Merge Network files as the room wrote them beyond the format notes (issue 32), in a game
written here in the room's XML: a rake the amounts imply is bounded (Merge writes none, so a
lost winner's line or uncalled bet would otherwise pass as rake), and a file of many games on
one line is read whole."""

from __future__ import annotations

import pytest

from badugi_fast.notation.histories import ImportedHand, read_histories
from badugi_fast.notation.histories.detect import MAX_LINE, lines_of

HEAD = '<description type="Badugi" stakes="Limit ($0.10/$0.20)"/>\n'
# heads-up: Song limps, Hero checks, Hero bets after the first draw and Song folds; the bet
# comes back, Hero wins the 0.20 pot less a cent of rake
GAME = """\
<game id="40000009-{k}" starttime="20110412150057" numholecards="4" gametype="71" \
realmoney="true" data="">
  <players dealer="3">
    <player seat="0" nickname="Hero" balance="$5.00" dealtin="true" />
    <player seat="3" nickname="Song" balance="$4.10" dealtin="true" />
  </players>
  <round id="BLINDS" sequence="1">
    <event sequence="1" type="SMALL_BLIND" player="3" amount="0.05"/>
    <event sequence="2" type="BIG_BLIND" player="0" amount="0.10"/>
  </round>
  <round id="PRE_FIRST_DRAW" sequence="2">
    <cards type="HOLE" cards="Ks,3s,Jh,3c" player="0" hand="Three Cards, K-J-3"/>
    <event sequence="3" type="CALL" player="3" amount="0.05"/>
    <event sequence="4" type="CHECK" player="0"/>
  </round>
  <round id="FIRST_DRAW" sequence="3">
    <event sequence="5" type="DRAW" player="0" text="1"/>
    <event sequence="6" type="DRAW" player="3" text="2"/>
    <cards type="DRAW_DRAWN_CARDS" cards="Ks,3s,Jh,2d" player="0" hand="Badugi, K-J-3-2"/>
  </round>
  <round id="POST_FIRST_DRAW" sequence="4">
    <event sequence="7" type="BET" player="0" amount="0.10"/>
    <event sequence="8" type="FOLD" player="3"/>
  </round>
  <round id="END_OF_FOLDED_GAME" sequence="5">
    <winner amount="0.10" uncalled="true" potnumber="1" player="0" pottype="n"/>
    <winner amount="0.19" uncalled="false" potnumber="1" player="0" pottype="n"/>
  </round>
</game>
"""


def _hands(text: str) -> list[ImportedHand]:
    return list(read_histories(text, site="merge"))


def test_the_game_imports_with_the_rake_its_amounts_leave() -> None:
    (hand,) = _hands(HEAD + GAME.format(k=1))
    assert hand.problems == [] and hand.rake == 1 and hand.winnings == {0: 19}


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ('    <winner amount="0.10" uncalled="true" potnumber="1" player="0" pottype="n"/>\n', "",
         "a rake of 11 is more than a tenth of the pot of 30"),
        ('<winner amount="0.19"', '<winner amount="0.05"',
         "a rake of 15 is more than a tenth of the pot of 20"),
    ],
)  # fmt: skip
def test_a_rake_no_room_takes_is_refused(old: str, new: str, reason: str) -> None:
    """A dropped uncalled-bet line, or a winner collecting a quarter of the pot."""
    (hand,) = _hands(HEAD + GAME.format(k=1).replace(old, new))
    assert not hand.imported and reason in hand.problems[0]


def test_a_file_of_many_games_on_one_line_is_read_whole() -> None:
    games = "".join(GAME.format(k=k).replace("\n", "") for k in range(160))
    text = HEAD.rstrip("\n") + games
    assert len(text) > 2 * MAX_LINE
    hands = _hands(text)
    assert len(hands) == 160 and all(h.problems == [] for h in hands)
    assert [h.hand_id for h in hands[:2]] == ["40000009-0", "40000009-1"]


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_pieces_of_long_lines_keep_their_line_numbers(ending: str) -> None:
    text = ending.join(["a" * (2 * MAX_LINE), "b", "c" * (MAX_LINE + 5), ""])
    chunks = [text[i : i + 999] for i in range(0, len(text), 999)]
    pieces = list(lines_of(chunks, pieces=True))
    assert [(n, len(t)) for n, t in pieces] == [
        (1, MAX_LINE), (1, MAX_LINE), (1, 0), (2, 1), (3, MAX_LINE), (3, 5),
    ]  # fmt: skip
    assert [n for n, _ in lines_of(chunks)] == [1, 2, 3]  # without: cut, the rest dropped


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ('seat="3" nickname="Song"', 'seat="10" nickname="Song"',
         "seat 10 is not a seat of the table (0 to 9)"),
        ('nickname="Song"', 'nickname="So\ufffdng"', "a line holding control characters"),
    ],
)  # fmt: skip
def test_a_player_off_the_table_or_with_a_corrupt_name_is_refused(
    old: str, new: str, reason: str
) -> None:
    text = HEAD + GAME.format(k=1).replace(old, new)
    (hand,) = _hands(text)
    line = next(k for k, t in enumerate(text.splitlines(), 1) if 'nickname="So' in t)
    assert not hand.imported and f":line {line}: {reason}" in hand.problems[0]
