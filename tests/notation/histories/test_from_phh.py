"""PHH files read as imported hands: one hand or a ``.phhs`` file's tables, summarised as the
room's file they were written from; a bad hand reported with its line; any file told apart."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from badugi_fast.notation import phh
from badugi_fast.notation.histories import read_histories, summarize
from badugi_fast.notation.histories.from_phh import is_phh, read_any, read_phh_hands

FIXTURES = Path(__file__).parent / "fixtures"
SAME = ("hands", "voluntary", "raised", "saw_draw", "showdowns", "won_showdowns", "draws",
        "cards", "stood_pat", "snowed")  # fmt: skip


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.iterdir()))
def test_a_phhs_file_summarises_as_the_room_file_it_came_from(name: str) -> None:
    hands = [h for h in read_histories(FIXTURES / name) if h.imported]
    text = "".join(f"[{k + 1}]\n{h.phh}\n" for k, h in enumerate(hands))
    again = list(read_phh_hands(text, "x.phhs"))
    assert [h.problems for h in again] == [[]] * len(hands)
    room, ours = summarize(hands), summarize(again)
    assert room.keys() == ours.keys()
    for player in room:
        for field in SAME:
            assert getattr(ours[player], field) == getattr(room[player], field), (player, field)


def test_one_phh_hand_is_one_hand_named_by_its_players() -> None:
    hand = next(h for h in read_histories(FIXTURES / "merge.xml") if h.imported)
    assert hand.phh is not None
    (again,) = read_phh_hands(hand.phh)
    assert again.site == "phh" and again.players == {0: "Hero", 1: "Song"}
    assert again.hand_id == "40000001-1"


def test_a_bad_phh_hand_is_a_problem_naming_its_line() -> None:
    good = next(h for h in read_histories(FIXTURES / "merge.xml") if h.imported).phh
    text = f"[1]\n{good}\n[2]\nvariant = 'FB'\n"
    first, second = read_phh_hands(text, "bad.phhs")
    assert first.imported and not second.imported
    line = text.splitlines().index("[2]") + 1
    assert second.problems == [
        f"bad.phhs:line {line} (hand [2]): the history lacks the field 'starting_stacks'"
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("# a comment\nvariant = 'FB'\n", True), ("[1]\nvariant = 'FB'\n", True),
     ("PokerStars Hand #1: ...", False), ("<session>", False), ("", False)],
)  # fmt: skip
def test_phh_is_told_by_its_first_line(text: str, expected: bool) -> None:
    assert is_phh(text) is expected


def test_read_any_reads_rooms_and_phh_alike() -> None:
    data = (FIXTURES / "kingsclub.txt").read_bytes()
    rooms = list(read_any(data, "k.txt"))
    direct = list(read_histories(FIXTURES / "kingsclub.txt"))
    assert [h.hand_id for h in rooms] == [h.hand_id for h in direct]
    assert all(h.source[0] == "k.txt" for h in rooms)
    phh_text = "".join(f"[{k + 1}]\n{h.phh}\n" for k, h in enumerate(rooms) if h.imported)
    assert all(h.site == "phh" for h in read_any(phh_text.encode(), "k.phhs"))


def test_steps_replays_as_loads_does() -> None:
    hand = next(h for h in read_histories(FIXTURES / "merge.xml") if h.imported)
    assert hand.phh is not None
    seen = [(line, len(game.history)) for line, game in phh.steps(hand.phh, unknown_cards=True)]
    game = phh.loads(hand.phh, unknown_cards=True)
    assert seen[-1] == ("", len(game.history))
    assert [line for line, _ in seen[:-1]] == tomllib.loads(hand.phh)["actions"]
