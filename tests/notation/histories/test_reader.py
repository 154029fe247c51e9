"""Every fixture hand imports, replays to the amounts its file records, and is reported when
the library does not play its game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from badugi_fast.game.actions import ActionKind
from badugi_fast.game.rules import Rules
from badugi_fast.notation.histories import ImportedHand, read_histories

# file, hand id, what each seat collected, rake (the file's smallest unit); None: skipped
EXPECTED = [
    ("pokerstars_cash.txt", "10000000001", {6: 440}, 20),
    ("pokerstars_tournament.txt", "10000000002", {3: 460, 5: 310}, 0),
    ("pokerstars_features.txt", "10000000003", {1: 20}, 0),  # a walk
    ("pokerstars_features.txt", "10000000004", {4: 60}, 0),  # folded before the draw
    ("pokerstars_features.txt", "10000000005", {2: 95, 4: 95}, 10),  # a split pot
    ("pokerstars_features.txt", "10000000006", {1: 240}, 10),  # newer lines, 8-Game
    ("pokerstars_features.txt", "10000000007", None, None),  # 2-7 triple draw
    ("fulltilt.txt", "20000000001", {6: 63}, 2),
    ("fulltilt.txt", "20000000002", {2: 88, 4: 40}, 2),  # all-in, side pot
    ("fulltilt.txt", "20000000003", None, None),
    ("kingsclub.txt", "30000001", {2: 41850}, 150),
    ("kingsclub.txt", "30000002", {5: 12450}, 150),  # antes, the hero's draw
    ("kingsclub.txt", "30000003", None, None),  # Badacey
    ("merge.xml", "40000001-1", {0: 134}, 6),  # amounts as increments
    ("merge.xml", "40000001-2", {0: 134}, 6),  # amounts as totals
    ("merge.xml", "40000002-1", {3: 135}, 0),  # antes, half-pot limit, uncalled
    ("merge.xml", "40000003-1", None, None),  # five cards
]


def _hands(fixtures: Path, name: str) -> list[ImportedHand]:
    return list(read_histories(fixtures / name))


def _won(hand: ImportedHand) -> list[int]:
    assert hand.game is not None
    won = [0] * hand.game.seats
    for event in hand.game.history:
        if event.kind == ActionKind.WIN and event.seat is not None:
            won[event.seat] += event.amount
    return won


def test_each_file_yields_its_hands_in_order(fixtures: Path) -> None:
    for name in sorted({row[0] for row in EXPECTED}):
        ids = [hand.hand_id for hand in _hands(fixtures, name)]
        assert ids == [row[1] for row in EXPECTED if row[0] == name]


@pytest.mark.parametrize(("name", "hand_id", "winnings", "rake"), EXPECTED)
def test_each_fixture_hand_replays_to_what_its_file_collected(
    fixtures: Path, name: str, hand_id: str, winnings: dict[int, int] | None, rake: int | None
) -> None:
    (hand,) = [h for h in _hands(fixtures, name) if h.hand_id == hand_id]
    if winnings is None:
        assert hand.game is None and hand.phh is None
        assert len(hand.problems) == 1 and "skipped" in hand.problems[0]
        assert f"{name}:line {hand.source[1]}:" in hand.problems[0]
        return
    assert hand.problems == []
    assert hand.game is not None and hand.game.done
    assert hand.winnings == winnings
    assert hand.rake == rake
    # The replay's pots are what was collected, plus the rake (and uncalled bets returned).
    record = hand.record
    assert record is not None
    returned = sum(record.returned.values())
    assert sum(_won(hand)) == sum(winnings.values()) + rake + returned


@pytest.mark.parametrize(("name", "hand_id", "winnings", "rake"), [r for r in EXPECTED if r[2]])
def test_finishing_stacks_are_the_starting_stacks_plus_winnings_less_contributions(
    fixtures: Path, name: str, hand_id: str, winnings: dict[int, int], rake: int
) -> None:
    (hand,) = [h for h in _hands(fixtures, name) if h.hand_id == hand_id]
    game, record = hand.game, hand.record
    assert game is not None and record is not None
    won = _won(hand)
    for seat, site in enumerate(record.seats):
        put_in = game.starting_stacks[seat] - game.stacks[seat] + won[seat]
        final = site.stack - put_in + winnings.get(site.number, 0)
        final += record.returned.get(site.name, 0)
        if record.finishing is not None:  # KingsClub writes them
            assert record.finishing[site.name] == final
        assert hand.phh is not None
    assert sum(game.stacks) == sum(game.starting_stacks)  # the replay keeps every chip


def test_a_pokerstars_cash_hand_carries_the_files_fields(fixtures: Path) -> None:
    (hand,) = _hands(fixtures, "pokerstars_cash.txt")
    assert hand.site == "pokerstars" and hand.unit == "cent" and hand.currency == "USD"
    assert hand.players == {1: "Kim", 2: "Hero", 4: "Lee", 6: "Park"}
    assert hand.stacks == {1: 680, 2: 500, 4: 340, 6: 825}
    assert hand.labels == {6: "Badugi: 8,4,3,A"}
    assert hand.source == (str(fixtures / "pokerstars_cash.txt"), 1)
    assert hand.big_blind == 25
    phh = hand.phh
    assert phh is not None
    for line in (
        'venue = "PokerStars"',
        'table = "Alpha III"',
        "hand = 10000000001",
        'time = "10:32:15"',
        'time_zone = "America/New_York"',
        'currency = "USD"',
        'players = ["Kim", "Hero", "Lee", "Park"]',
        "seats = [1, 2, 4, 6]",
        "seat_count = 8",
        "blinds_or_straddles = [10, 25, 0, 0]",
        "small_bet = 25",
        "big_bet = 50",
        "starting_stacks = [680, 500, 340, 825]",
        "finishing_stacks = [670, 450, 140, 1065]",
        "winnings = [0, 0, 0, 440]",
        "_rake = 20",
        '_labels = ["", "", "", "Badugi: 8,4,3,A"]',
        "_source_line = 1",
        f"_source_file = {json.dumps(str(fixtures / 'pokerstars_cash.txt'))}",
        '  "d dh p2 As3h8h6s",',  # the hero's cards; everyone else's unknown
        '  "d dh p1 ????????",',
        '  "p2 sd 8h6s",',  # the hero's discards and draw
        '  "d dh p2 5dKc",',
        '  "p3 sd ??",',  # another player's: one card, unknown
        '  "p4 sm 8s3dAc4h",',  # the shown hand, and the mucked one
        '  "p3 sm",',
    ):
        assert line in phh.splitlines(), line


def test_a_tournament_hand_counts_chips_and_antes(fixtures: Path) -> None:
    (hand,) = _hands(fixtures, "pokerstars_tournament.txt")
    assert hand.unit == "chip" and hand.currency is None
    assert hand.phh is not None
    assert "antes = [5, 5, 5, 5]" in hand.phh
    assert '_tournament = "500000001"' in hand.phh


def test_kingsclub_counts_hundredths_of_its_chip(fixtures: Path) -> None:
    first = _hands(fixtures, "kingsclub.txt")[0]
    assert first.unit == "hundredth"
    assert first.stacks == {1: 128500, 2: 63000, 5: 60000}


def test_both_readings_of_merge_amounts_give_the_same_hand(fixtures: Path) -> None:
    increments, totals = _hands(fixtures, "merge.xml")[:2]
    assert increments.game is not None and totals.game is not None
    assert increments.game.history == totals.game.history


def test_hands_of_one_stake_share_their_rules_and_other_stakes_get_their_own(
    fixtures: Path,
) -> None:
    text = "\n\n".join(
        (fixtures / name).read_text(encoding="utf-8")
        for name in ("pokerstars_cash.txt", "pokerstars_tournament.txt") * 2
    )
    games = [h.game for h in read_histories(text) if h.game is not None]
    by_stake: dict[tuple[int, int], set[int]] = {}
    for game in games:
        rules = game.rules
        assert isinstance(rules, Rules)
        by_stake.setdefault(rules.blinds, set()).add(id(rules))
    assert len(games) > len(by_stake) > 1  # hands of more than one stake, some the same
    assert all(len(ids) == 1 for ids in by_stake.values())
