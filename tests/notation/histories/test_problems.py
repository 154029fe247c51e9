"""Whatever a history holds that the importer does not understand, or that does not add up, is
reported with the file, the line and its text, and only that hand is left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_fast.notation.histories import read_histories


@pytest.fixture
def cash(fixtures: Path) -> str:
    return (fixtures / "pokerstars_cash.txt").read_text(encoding="utf-8")


@pytest.fixture
def features(fixtures: Path) -> str:
    return (fixtures / "pokerstars_features.txt").read_text(encoding="utf-8")


def _changed(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def _problems(text: str) -> list[str]:
    hands = list(read_histories(text))
    assert len(hands) == 1 and hands[0].game is None and hands[0].phh is None
    return hands[0].problems


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Lee: calls $0.25\nPark", "Lee: calls $0.30\nPark", "line 11: Lee may not call"),
        ("Park: raises $0.25 to $0.50\nKim", "Park: raises $0.25 to $0.75\nKim",
         "line 12: Park may not raise"),
        ("Kim: folds", "Kimm: folds", "line 13: Kimm acts but is not dealt in"),
        ("Hero: checks", "Lee: checks", "line 21: Lee acts out of turn: the rules have seat 1"),
        ("Park collected $4.40", "Park collected $4.50", "leave 10, but the file's rake is 20"),
        ("Rake $0.20", "Rake $0.10", "the file's rake is 10"),
        ("Total pot $4.60", "Total pot $4.70", "the total pot is 470"),
        ("(Badugi: 8,4,3,A)", "(Badugi: 8,4,2,A)", "labelled 'Badugi: 8,4,2,A'"),
        ("[5d Kc]", "[5d 3h]", "the stacked deck repeats a card"),
        ("[5d Kc]", "[5d Kc 2c]", "line 18: the hero drew 2 cards, not 3"),
        ("Park: shows [8s 3d Ac 4h]", "Park: shows [8s 3d Ac 10h]", "'10h' is not a card"),
        ("*** SECOND DRAW ***", "*** THIRD DRAW ***", "line 26: the third draw comes out of order"),
        ("Lee: mucks hand", "Lee: mutters", "line 40: a line the importer does not know"),
        ("Seat 4: Lee ($3.40 in chips)", "Seat 4: Lee ($3.4x in chips)",
         "line 5: a seat line the importer does not know: 'Seat 4: Lee ($3.4x in chips)'"),
        ("Kim: posts small blind $0.10", "Kim: posts small blind $0.15", "leave 25, but"),
    ],
)  # fmt: skip
def test_a_hand_with_one_line_changed_is_reported_with_the_line(
    cash: str, old: str, new: str, reason: str
) -> None:
    problems = _problems(_changed(cash, old, new))
    assert any(reason in problem for problem in problems), problems
    assert all(problem.startswith("<text>:line ") for problem in problems)


def test_every_unknown_line_of_a_hand_is_reported(cash: str) -> None:
    text = _changed(cash, "Kim: folds\n", "Kim: folds\nKim: whistles\nKim: hums\n")
    problems = _problems(text)
    assert problems == [
        "<text>:line 14: a line the importer does not know: 'Kim: whistles'",
        "<text>:line 15: a line the importer does not know: 'Kim: hums'",
    ]


def test_a_truncated_hand_is_reported_and_the_next_hand_imports(features: str) -> None:
    lines = features.splitlines()
    newer = lines.index("PokerStars Hand #10000000006:  8-Game (Badugi Limit) ($0.25/$0.50 USD)"
                        " - 2010/09/05 10:45:00 ET")  # fmt: skip
    cut = lines.index("*** SECOND DRAW ***", newer)
    start = lines.index("PokerStars Hand #10000000007:  8-Game (Triple Draw 2-7 Lowball Limit)"
                        " ($0.25/$0.50 USD) - 2010/09/05 10:47:00 ET")  # fmt: skip
    text = "\n".join(lines[:cut] + lines[start:])
    hands = {h.hand_id: h for h in read_histories(text)}
    assert hands["10000000005"].game is not None
    truncated = hands["10000000006"]
    assert truncated.game is None
    assert any("the hand ends before its summary" in p for p in truncated.problems)
    assert "skipped" in hands["10000000007"].problems[0]  # still read


def test_a_hand_that_stops_early_is_reported(cash: str) -> None:
    lines = cash.splitlines()
    summary = lines.index("*** SUMMARY ***")
    text = "\n".join(lines[: lines.index("*** THIRD DRAW ***")] + lines[summary:])
    problems = _problems(text)
    assert any("the hand stops before it is over" in p for p in problems), problems


def test_the_hero_s_unnamed_discards_are_reported_not_guessed(cash: str) -> None:
    text = _changed(cash, "Hero: discards 2 cards [8h 6s]\nDealt to Hero [As 3h] [5d Kc]",
                    "Hero: discards 2\nDealt to Hero [5d Kc]")  # fmt: skip
    problems = _problems(text)
    assert any("Hero's discards are not named" in p for p in problems), problems


def test_a_big_blind_posted_out_of_turn_is_live_so_calling_it_again_is_refused(cash: str) -> None:
    text = _changed(cash, "Hero: posts big blind $0.25\n",
                    "Hero: posts big blind $0.25\nLee: posts big blind $0.25\n")  # fmt: skip
    assert any("line 12: Lee may not call here" in p for p in _problems(text))


def test_lines_outside_any_hand_are_one_problem_and_the_hands_still_import(cash: str) -> None:
    hands = list(read_histories("garbage one\ngarbage two\n" + cash))
    assert [h.hand_id for h in hands] == [None, "10000000001"]
    assert "2 line(s) outside any hand" in hands[0].problems[0]
    assert "'garbage one'" in hands[0].problems[0]
    assert hands[1].game is not None


def test_a_kingsclub_seat_off_the_table_is_refused(fixtures: Path) -> None:
    text = (fixtures / "kingsclub.txt").read_text(encoding="utf-8")
    text = text.replace("Seat 5: Hero (600)", "Seat 11: Hero (600)", 1)
    first = next(iter(read_histories(text)))
    assert ":line 6: seat 11 is not a seat of the table (1 to 10)" in first.problems[0]
