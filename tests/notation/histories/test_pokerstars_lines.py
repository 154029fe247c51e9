"""PokerStars lines that real files hold beyond the format notes (issue 32), each in a hand
written in the room's line shapes (support/pokerstars_lines.py): a tournament player sitting out
is dealt in and folded by the room, ``Betting is capped``, ``stands pat on [..]``, a short
all-in completed to the next level, a fold where checking was free, blinds posted out of turn,
a hand without a small blind (its seat emptied), a tournament's rebuys and add-ons and its other
notices (bounties, entries won, a break skipped, finishes, timeouts), bytes after the last hand;
and what must be
refused, naming its line: amounts with the wrong sign for the game, a rake no room takes,
corrupt names, a header at odds with its table. Every hand imports the same through the C
reader and in Python (its specification); the C reader imports the ordinary ones itself and
gives the rest to Python."""

from __future__ import annotations

import pytest
from support.histories import assert_same, both, read_in_c
from support.pokerstars_lines import (
    CAPPED,
    CHECKED_AROUND,
    FOLDED_FREE,
    NO_SMALL_BLIND,
    NO_SMALL_BLIND_HEADS_UP,
    NO_SMALL_BLIND_TOURNAMENT,
    NO_SMALL_BLIND_TOURNAMENT_HEADS_UP,
    NOTICES,
    OUT_OF_TURN,
    PAT_ON,
    REBUYS,
    SHORT_ALL_IN,
    SIDE_POTS,
    SIDE_POTS_SHOWN,
    SITTING_OUT,
    TOURNAMENT,
)

from badugi_fast.notation import phh
from badugi_fast.notation.histories import ImportedHand, read_histories, summarize


def _one(text: str) -> ImportedHand:
    """The hand, imported the same either way, and by the C reader itself."""
    through_c, in_python = both(text)
    (hand,) = through_c
    assert read_in_c(hand)  # before assert_same, which makes its game
    assert_same(through_c, in_python)
    assert hand.problems == [] and hand.imported
    return hand


def test_the_tournament_hand_imports_as_written() -> None:
    hand = _one(TOURNAMENT)
    assert hand.winnings == {5: 675} and hand.players[3] == "Choi"


def test_a_tournament_player_sitting_out_is_dealt_in_and_posts_and_folds() -> None:
    """The room posts the absent player's blind and folds the hand: the seat is dealt in."""
    hand = _one(TOURNAMENT.replace(*SITTING_OUT))
    assert hand.players == {1: "Ahn", 2: "Baek", 3: "Choi", 5: "Hero"}
    assert hand.stacks[3] == 1140 and hand.winnings == {5: 675}
    assert hand.phh is not None and "seats = [3, 5, 1, 2]" in hand.phh


def test_a_seat_sitting_out_that_never_takes_part_is_not_dealt_in() -> None:
    """A cash game's absent seat (no post, no action): not dealt, the blinds on either side."""
    text = TOURNAMENT.replace(*SITTING_OUT).replace(
        "Seat 2: Baek (1500 in chips)\n",
        "Seat 2: Baek (1500 in chips)\nSeat 4: Dae (700 in chips) is sitting out\n",
    )
    hand = _one(text)
    assert 4 not in hand.players


@pytest.mark.parametrize("notice", ["Baek: sits out", "Baek is sitting out"])
def test_a_seat_a_notice_marks_sitting_out_is_dealt_in_when_it_acts(notice: str) -> None:
    hand = _one(TOURNAMENT.replace("*** DEALING HANDS ***\n", f"*** DEALING HANDS ***\n{notice}\n"))
    assert 2 in hand.players


def test_a_seat_a_notice_marks_sitting_out_is_dropped_when_it_never_acts() -> None:
    """Dae is listed without a mark, and a notice says it sits out: not dealt in (the C reader
    gives such a hand to Python, which drops the seat)."""
    text = TOURNAMENT.replace(
        "Seat 2: Baek (1500 in chips)\n",
        "Seat 2: Baek (1500 in chips)\nSeat 4: Dae (700 in chips)\n",
    ).replace("*** DEALING HANDS ***\n", "Dae: is sitting out\n*** DEALING HANDS ***\n")
    through_c, in_python = both(text)
    (hand,) = through_c
    assert not read_in_c(hand)
    assert_same(through_c, in_python)
    assert hand.problems == [] and 4 not in hand.players


def test_betting_is_capped_is_read_as_a_notice() -> None:
    hand = _one(TOURNAMENT.replace(*CAPPED))
    assert hand.winnings == {5: 675}


def test_the_hero_standing_pat_on_named_cards_keeps_them() -> None:
    hand = _one(TOURNAMENT.replace(*PAT_ON))
    assert hand.phh is not None
    assert phh.loads(hand.phh, unknown_cards=True).stacks[1] == 1800 - 240 + 675


def test_every_real_line_of_the_classes_together() -> None:
    text = TOURNAMENT
    for old, new in (SITTING_OUT, CAPPED, PAT_ON):
        text = text.replace(old, new)
    assert _one(text).winnings == {5: 675}


@pytest.mark.parametrize(
    ("pat", "reason"),
    [
        ("Hero: stands pat on [4h 3s 8c 2d]", "Hero keeps cards it does not hold"),
        ("Hero: stands pat on [4h 3s 8c]", "a pat hand is four cards, not 3"),
        ("Hero: stands pat on [4h 3s 8c 8c]", "a card appears twice"),
        ("Ahn: stands pat on [4h 3s 8c 9d]", "Ahn keeps cards it does not hold"),
    ],
)
def test_a_pat_on_cards_the_player_does_not_hold_is_refused_naming_its_line(
    pat: str, reason: str
) -> None:
    text = TOURNAMENT.replace("Hero: stands pat\nAhn: stands pat\n", f"{pat}\nAhn: stands pat\n")
    if pat.startswith("Ahn"):
        text = TOURNAMENT.replace("Ahn: stands pat\n", f"{pat}\n")
    through_c, in_python = both(text)
    assert_same(through_c, in_python)
    (hand,) = in_python
    assert not hand.imported and len(hand.problems) == 1
    assert reason in hand.problems[0]
    line = text.splitlines().index(pat) + 1
    assert f":line {line}:" in hand.problems[0]


@pytest.mark.parametrize("tail", [b"\xff", b"\xef\xbf", b"\x00\x00\n\x1b\x07"])
def test_bytes_after_the_last_hand_are_reported_as_the_files_and_the_hand_kept(
    tail: bytes,
) -> None:
    through_c, in_python = both(TOURNAMENT.encode() + tail)
    assert_same(through_c, in_python)
    hand, stray = in_python
    assert hand.problems == [] and hand.imported
    assert stray.hand_id is None and not stray.imported
    assert stray.problems[0].startswith(f"<bytes>:line {len(TOURNAMENT.splitlines()) + 1}: ")


def test_a_raise_after_a_short_all_in_completes_to_the_next_level_as_pokerstars_deals_it() -> None:
    """The room's rule (Rules.short_all_in="complete"); the C reader gives such a hand to
    Python, whose replay plays that rule, and both import it the same."""
    through_c, in_python = both(SHORT_ALL_IN)
    (hand,) = through_c
    assert not read_in_c(hand)
    assert_same(through_c, in_python)
    assert hand.problems == [] and hand.winnings == {4: 260, 5: 960}
    assert hand.phh is not None and '_short_all_in = "complete"' in hand.phh.splitlines()
    again = phh.loads(hand.phh, unknown_cards=True)
    assert sorted(again.stacks) == [960, 2600, 2860, 2900, 2950]


def test_a_full_raise_over_a_short_all_in_is_refused_for_pokerstars() -> None:
    text = SHORT_ALL_IN.replace("Ahn: raises 30 to 300", "Ahn: raises 100 to 370")
    through_c, in_python = both(text)
    assert_same(through_c, in_python)
    (hand,) = in_python
    line = text.splitlines().index("Ahn: raises 100 to 370") + 1
    assert not hand.imported and f":line {line}: Ahn may not raise here" in hand.problems[0]


def test_a_fold_where_checking_is_free_imports_as_the_room_dealt_it() -> None:
    through_c, in_python = both(FOLDED_FREE)
    (hand,) = through_c
    assert read_in_c(hand)  # the C replay plays the importer's rules, free_fold among them
    assert_same(through_c, in_python)
    assert hand.problems == [] and hand.winnings == {2: 30}
    assert hand.phh is not None and "_free_fold = true" in hand.phh.splitlines()
    assert phh.loads(hand.phh, unknown_cards=True).folded.count(True) == 2


def test_the_checked_hand_is_read_in_c() -> None:
    assert _one(CHECKED_AROUND).winnings == {2: 30}


def test_blinds_posted_out_of_turn_are_live_and_dead_as_the_room_deals_them() -> None:
    through_c, in_python = both(OUT_OF_TURN)
    (hand,) = through_c
    assert not read_in_c(hand)  # the C reader gives such a hand to Python
    assert_same(through_c, in_python)
    assert hand.problems == [] and hand.winnings == {4: 250} and hand.rake == 10
    assert hand.phh is not None
    lines = hand.phh.splitlines()
    assert "_live_blinds = [0, 0, 25, 25, 0]" in lines  # p1 Baek .. p5 Ahn
    assert "_dead_blinds = [0, 0, 0, 10, 0]" in lines
    again = phh.loads(hand.phh, unknown_cards=True)
    assert again.extra_blinds == {2: (25, 0), 3: (25, 10)}
    assert sorted(again.stacks) == [940, 950, 950, 950, 1210]  # the rake still in


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Dae: calls $0.25", "Dae: calls $0.35", "Dae may not call here"),
        ("Hero: posts big blind $0.25", "Hero: posts big blind $0.50", "at most the big blind"),
        ("Choi: posts big blind $0.25\n", "", "the big blind does not sit next to the small"),
    ],
)
def test_blinds_out_of_turn_that_do_not_add_up_are_refused(old: str, new: str, reason: str) -> None:
    through_c, in_python = both(OUT_OF_TURN.replace(old, new))
    assert_same(through_c, in_python)
    (hand,) = in_python
    assert not hand.imported and reason in hand.problems[0]


# -- a hand without a small blind: its seat emptied, the big blind posts alone ---------------


@pytest.mark.parametrize(
    ("text", "winnings", "blinds", "first"),
    [
        (NO_SMALL_BLIND, {4: 190}, "[25, 0, 0, 0]", "p2 cbr 50"),
        (NO_SMALL_BLIND_TOURNAMENT, {2: 340}, "[20, 0, 0]", "p2 cc"),
        (NO_SMALL_BLIND_HEADS_UP, {5: 38}, "[0, 10]", "p2 cbr 20"),
        (NO_SMALL_BLIND_TOURNAMENT_HEADS_UP, {3: 300}, "[0, 50]", "p2 cc"),
    ],
    ids=["cash", "tournament", "cash-heads-up", "tournament-heads-up"],
)
def test_a_hand_without_a_small_blind_imports_as_the_room_dealt_it(
    text: str, winnings: dict[int, int], blinds: str, first: str
) -> None:
    """The big blind posts alone, left of the button (heads-up, the button posts nothing): the
    first round opens after it, the later ones at it. The C reader gives such a hand to Python,
    which replays it with ``Game(no_small_blind=True)``; the PHH replays to the same stacks."""
    through_c, in_python = both(text)
    (hand,) = through_c
    assert not read_in_c(hand)
    assert_same(through_c, in_python)
    assert hand.problems == [] and hand.imported and hand.winnings == winnings
    assert hand.game is not None and hand.game.no_small_blind
    assert hand.phh is not None
    lines = hand.phh.splitlines()
    assert f"blinds_or_straddles = {blinds}" in lines
    actions = [line.strip(' ",') for line in lines if line.startswith('  "p')]
    assert actions[0] == first  # the seat after the big blind (p1) opens
    again = phh.loads(hand.phh, unknown_cards=True)
    order = [(hand.game.button + k) % hand.game.seats for k in range(1, hand.game.seats + 1)]
    assert again.stacks == [hand.game.stacks[s] for s in order]


def test_a_cash_seat_sitting_out_where_the_small_blind_would_post_is_skipped() -> None:
    """A seat sitting out in the small blind's place posts nothing and is not dealt in."""
    text = NO_SMALL_BLIND.replace(
        "Seat 3: Choi", "Seat 2: Baek ($10 in chips) is sitting out\nSeat 3: Choi"
    )
    hand = _one_in_python(text)
    assert 2 not in hand.players and hand.winnings == {4: 190}


def _one_in_python(text: str) -> ImportedHand:
    through_c, in_python = both(text)
    (hand,) = through_c
    assert not read_in_c(hand)
    assert_same(through_c, in_python)
    assert hand.problems == [] and hand.imported
    return hand


@pytest.mark.parametrize(
    ("text", "old", "new", "reason"),
    [
        (NO_SMALL_BLIND, "Seat #1 is the button", "Seat #3 is the button",
         "the button (seat 3) is not where the blinds say: the big blind (seat 3), posted "
         "without a small blind, is not the first seat dealt in after it"),
        (NO_SMALL_BLIND, "Seat #1 is the button", "Seat #4 is the button",
         "the big blind (seat 3), posted without a small blind, is not the first seat"),
        (NO_SMALL_BLIND, "Seat 3: Choi", "Seat 2: Baek ($10 in chips)\nSeat 3: Choi",
         "the big blind (seat 3), posted without a small blind, is not the first seat"),
        (NO_SMALL_BLIND_HEADS_UP, "Seat #5 is the button", "Seat #2 is the button",
         "the big blind (seat 2), posted without a small blind, is not the first seat"),
        (NO_SMALL_BLIND, "Choi: posts big blind $0.25", "Choi: posts small blind $0.10",
         "blinds without a big blind: only the small blind may be missing (its seat empty)"),
        (NO_SMALL_BLIND, "Choi: posts big blind $0.25", "Choi: posts small & big blinds $0.35",
         "blinds without a big blind"),
    ],
)  # fmt: skip
def test_a_big_blind_alone_at_odds_with_the_button_is_refused(
    text: str, old: str, new: str, reason: str
) -> None:
    """The big blind posted without a small blind must be the first seat dealt in after the
    button: a seat between them dealt in (its small blind lost), the button elsewhere, or
    heads-up the big blind on the button is a header the room did not write."""
    changed = text.replace(old, new)
    through_c, in_python = both(changed)
    assert_same(through_c, in_python)
    (hand,) = in_python
    assert not hand.imported and len(hand.problems) == 1
    assert hand.problems[0].startswith("<text>:line 1: ") and reason in hand.problems[0]


# -- rebuys and add-ons: notices of chips for later hands ------------------------------------


def test_rebuys_and_add_ons_are_notices_the_c_reader_reads_too() -> None:
    """After the pots and after the summary: the hand is what it was without them."""
    hand = _one(REBUYS)
    assert hand.winnings == {3: 130} and hand.stacks == {1: 1500, 2: 1500, 3: 1500, 4: 60}
    bare = "\n".join(line for line in REBUYS.splitlines() if " receives " not in line) + "\n"
    assert hand.phh == _one(bare).phh


@pytest.mark.parametrize(
    "notice",
    [
        "Dae re-buys and receives 1500 chips for $1.00",
        "Dae re-buys and receives 1500 chips for $1",
        "Dae re-buys and receives 1500 chips for 100 StarsCoin",
        "Hero takes the add-on and receives 3000 chips for $2.00",
        "Hero takes the add-on and receives 3000 chips for 200 StarsCoin",
        "Ahn Jr. re-buys and receives 1500 chips for $1.00",  # a name with spaces
        "Hero takes the add-on and receives 10,000 chips for $5.00",
    ],
)
@pytest.mark.parametrize("where", ["Seat 1: Ahn", "*** DEALING HANDS ***", "*** SUMMARY ***"])
def test_a_rebuy_or_an_add_on_is_a_notice_wherever_it_is_written(notice: str, where: str) -> None:
    """Before the seats (written between hands), in the play, before the summary."""
    assert _one(REBUYS.replace(where, f"{notice}\n{where}", 1)).winnings == {3: 130}


@pytest.mark.parametrize(
    "line",
    [
        "Dae re-buys and receives chips for $1.00",
        "Dae re-buys and receives 1500 chips for 1.00",
        "Dae re-buys and receives 1500 chips",
        "Dae re-buys and receives 1500 chips for $1.00 and 5 StarsCoin",
        "Dae takes the add-on and receives 1500 chips for StarsCoin",
        "Dae takes the add-on and receives ,500 chips for $1.00",
        " re-buys and receives 1500 chips for $1.00",
    ],
)
def test_a_rebuy_line_of_another_shape_is_refused_naming_it(line: str) -> None:
    """Only the shapes known are notices: anything else is a line the importer does not know."""
    text = REBUYS.replace("*** SUMMARY ***", f"{line}\n*** SUMMARY ***", 1)
    through_c, in_python = both(text)
    assert_same(through_c, in_python)
    (hand,) = in_python
    number = text.splitlines().index(line) + 1
    assert hand.problems == [f"<text>:line {number}: a line the importer does not know: {line!r}"]


# -- the format notes' line kinds no other hand holds --------------------------------------


@pytest.mark.parametrize("text", [SIDE_POTS, SIDE_POTS_SHOWN], ids=["mucked", "shown"])
def test_two_side_pots_and_the_smaller_hands_labels_import_as_written(text: str) -> None:
    """``collected .. from side pot-1`` and ``-2``, ``Side pot-2`` in the total, the ``2-card``
    and ``1-card`` labels, all-in calls: the pots go where the file says, each label checked."""
    through_c, in_python = both(text)
    assert_same(through_c, in_python)
    (hand,) = in_python
    assert hand.problems == [] and hand.imported
    assert hand.winnings == {2: 60, 3: 20, 4: 105}
    assert hand.labels[3] == "2-card: 9,3"
    assert (hand.labels.get(1) == "1-card: K") == (text is SIDE_POTS_SHOWN)
    wrong = text.replace("(2-card: 9,3)", "(2-card: 9,4)")
    (bad,) = read_histories(wrong)
    assert "Hero's hand 9h 3c 3h 9c is labelled '2-card: 9,4'" in bad.problems[0]


# -- silent wrong data (issue 32): refused, naming the line ---------------------------------


@pytest.mark.parametrize(
    ("old", "new", "line", "reason"),
    [
        ("Seat 1: Ahn (2000 in chips)", "Seat 1: Ahn ($2000 in chips)", 3,
         "amounts in chips (a tournament, play money) carry no dollar sign, not '$2000'"),
    ],
)  # fmt: skip
def test_amounts_with_the_wrong_sign_for_the_game_are_refused(
    old: str, new: str, line: int, reason: str
) -> None:
    """A garbled tournament header read as cash would take 1500 chips for $1,500 (150000
    cents): a cash game's amounts carry the dollar sign, a tournament's never."""
    through_c, in_python = both(TOURNAMENT.replace(old, new))
    assert_same(through_c, in_python)
    (hand,) = in_python
    assert not hand.imported and f":line {line}: {reason}" in hand.problems[0]


def test_a_garbled_tournament_header_reads_its_amounts_as_chips_not_cents() -> None:
    """Without ``Tournament #`` the header reads as a game of other stakes; amounts without a
    currency are chips (play money), never cents: 2000 chips stay 2000, not $2,000."""
    hand = _one(TOURNAMENT.replace("Tournament #900001,", "Tournamnet #900001,"))
    assert hand.unit == "chip" and hand.currency is None and hand.phh is not None
    assert "currency" not in hand.phh and "_tournament" not in hand.phh
    assert hand.stacks[1] == 2000 and hand.winnings == {5: 675}


def test_a_dollar_sign_in_a_game_of_chips_is_refused() -> None:
    text = TOURNAMENT.replace("Tournament #900001,", "Tournamnet #900001,")
    text = text.replace("Hero collected 675 from pot", "Hero collected $675 from pot")
    through_c, in_python = both(text)
    assert_same(through_c, in_python)
    (hand,) = in_python
    line = text.splitlines().index("Hero collected $675 from pot") + 1
    reason = "amounts in chips (a tournament, play money) carry no dollar sign, not '$675'"
    assert f":line {line}: {reason}" in hand.problems[0]


def test_a_cash_hand_with_bare_amounts_is_refused() -> None:
    text = CHECKED_AROUND.replace("Seat 2: Baek ($4 in chips)", "Seat 2: Baek (400 in chips)")
    through_c, in_python = both(text)
    assert_same(through_c, in_python)
    (hand,) = in_python
    assert ":line 4: a cash game's amounts are dollars, not '400'" in hand.problems[0]


def test_a_tournament_hand_with_rake_is_refused() -> None:
    text = TOURNAMENT.replace("Hero collected 675", "Hero collected 670").replace(
        "Total pot 675 | Rake 0", "Total pot 675 | Rake 5"
    )
    through_c, in_python = both(text)
    assert_same(through_c, in_python)
    (hand,) = in_python
    assert "a tournament hand takes no rake, but 5 is left" in hand.problems[0]


def test_a_rake_above_a_tenth_of_the_pot_is_refused() -> None:
    text = CHECKED_AROUND.replace("Baek collected $0.30", "Baek collected $0.26").replace(
        "| Rake $0\n", "| Rake $0.04\n"
    )
    through_c, in_python = both(text)
    assert_same(through_c, in_python)
    (hand,) = in_python
    assert "a rake of 4 is more than a tenth of the pot of 30" in hand.problems[0]
    fine = CHECKED_AROUND.replace("Baek collected $0.30", "Baek collected $0.27").replace(
        "| Rake $0\n", "| Rake $0.03\n"
    )
    assert _one(fine).rake == 3  # a tenth, rounded up to the cent, is taken


@pytest.mark.parametrize("name", [b"K\xff", b"K\xfe", b"\x1b[31mK", b"K\x07"])
def test_a_name_with_bytes_that_are_not_text_or_control_characters_is_refused(
    name: bytes,
) -> None:
    data = CHECKED_AROUND.encode().replace(b"Ahn", name)
    through_c, in_python = both(data)
    assert_same(through_c, in_python)
    (hand,) = in_python
    assert not hand.imported
    assert hand.problems[0].startswith("<bytes>:line 3: a line holding control characters")


def test_two_names_that_differ_in_bytes_that_are_not_text_never_merge_in_the_summary() -> None:
    first = CHECKED_AROUND.encode().replace(b"Ahn", b"K\xff")
    second = CHECKED_AROUND.replace("#200000021", "#200000022").encode().replace(b"Ahn", b"K\xfe")
    hands = list(read_histories(first + b"\n" + second))
    assert [h.imported for h in hands] == [False, False]
    assert summarize(hands) == {}


@pytest.mark.parametrize(
    ("old", "new", "line", "reason"),
    [
        ("Seat #2 is the button", "Seat #1 is the button", 1,
         "the button (seat 1) is not where the blinds say"),
        ("Seat #2 is the button", "Seat #3 is the button", 1,
         "the button (seat 3) is not where the blinds say"),
        ("Seat 5: Hero", "Seat 9: Hero", 6, "seat 9 is not a seat of the table (1 to 8)"),
        ("Seat 1: Ahn", "Seat 0: Ahn", 3, "seat 0 is not a seat of the table (1 to 8)"),
        ("8-max Seat #2", "2-max Seat #2", 5, "seat 3 is not a seat of the table (1 to 2)"),
    ],
)  # fmt: skip
def test_a_header_at_odds_with_its_table_is_refused(
    old: str, new: str, line: int, reason: str
) -> None:
    through_c, in_python = both(TOURNAMENT.replace(old, new))
    assert_same(through_c, in_python)
    (hand,) = in_python
    assert not hand.imported and f":line {line}: {reason}" in hand.problems[0]


def test_a_button_on_an_empty_seat_before_the_small_blind_is_a_dead_button() -> None:
    """Seat 3 empty and the button on it: the small blind (seat 4) is the first seat dealt in
    after it, and Baek (seat 2) acts last."""
    text = TOURNAMENT.replace("Seat 3: Choi", "Seat 4: Choi")
    text = text.replace("Seat #2 is the button", "Seat #3 is the button")
    assert _one(text).players == {1: "Ahn", 2: "Baek", 4: "Choi", 5: "Hero"}


def test_the_kept_cards_of_a_draw_are_the_heros() -> None:
    """``Dealt to Hero [kept] [new]``: the kept cards are among those the hero holds."""
    text = SHORT_ALL_IN.replace("Dealt to Hero [2c 5d 9h] [7s]", "Dealt to Hero [2c 5d 8h] [7s]")
    through_c, in_python = both(text)
    assert_same(through_c, in_python)
    (hand,) = in_python
    line = text.splitlines().index("Hero: discards 1 card [Kc]") + 1
    assert f":line {line}: Hero keeps cards it does not hold" in hand.problems[0]


# -- more tournament notices: bounties, entries won, breaks, finishes, timeouts -------------

_NOTICES = [
    "Hero wins the $5 bounty for eliminating Dae",
    "Hero wins the $2.50 bounty for eliminating Dae Jr.",  # a name with spaces
    "Hero wins the 1,000 bounty for eliminating Dae",
    "Hero wins $1.25 for eliminating Dae and their own bounty increases by $1.25 to $3.75",
    "Hero Kim wins $1 for eliminating Dae and Co and their own bounty increases by $1 to $2",
    "All players have agreed to skip the break. Game resuming.",
    "Hero wins an entry to tournament #900006",
    "Dae finished the tournament",
    "Dae finished the tournament in 4th place and received 12 FPP.",
    "Dae has timed out while being disconnected",
    'Ahn [observer] said, "gl all"',
    "Dae was removed from the table for failing to post",
]


@pytest.mark.parametrize("notice", _NOTICES)
@pytest.mark.parametrize("where", ["Seat 1: Ahn", "*** DEALING HANDS ***", "*** SUMMARY ***"])
def test_a_tournament_notice_is_skipped_wherever_it_is_written(notice: str, where: str) -> None:
    """Before the seats, in the play, before the summary: the hand is what it was without it."""
    hand = _one(REBUYS.replace(where, f"{notice}\n{where}", 1))
    assert hand.winnings == {3: 130} and hand.phh == _one(REBUYS).phh


@pytest.mark.parametrize(
    "line",
    [
        "Hero wins the bounty for eliminating Dae",
        "Hero wins the $5 bounty for eliminating",
        "Hero wins the $5 bounty for eliminating ",
        "Hero wins $5 for eliminating Dae",
        "Hero wins $5 for eliminating Dae and their own bounty increases by $5",
        "Hero wins $5 for eliminating Dae and their own bounty increases by $5 to five",
        "Hero wins $5 for eliminating  and their own bounty increases by $5 to $10",
        "All players have agreed to skip the break. Game resuming",
        "All players have agreed to skip the break.",
        "Hero wins an entry to tournament #",
        "Hero wins an entry to tournament #12a",
        " finished the tournament",
        "Dae finished the tournament in 4th place and received FPP.",
        "Dae finished the tournament in 4th place and received 12 FPP",
        "Dae finished the tournament in fourth place",
        "Dae has timed out while being disconnected again",
        "Dae was removed from the table",
        " was removed from the table for failing to post",
    ],
)
def test_a_near_miss_of_a_tournament_notice_is_refused_naming_it(line: str) -> None:
    """Only the shapes known are notices: anything else is a line the importer does not know."""
    text = REBUYS.replace("*** SUMMARY ***", f"{line}\n*** SUMMARY ***", 1)
    through_c, in_python = both(text)
    assert_same(through_c, in_python)
    (hand,) = in_python
    number = text.splitlines().index(line) + 1
    assert hand.problems == [f"<text>:line {number}: a line the importer does not know: {line!r}"]


def test_a_hand_with_every_tournament_notice_is_the_hand_without_them() -> None:
    """The C reader reads the whole hand itself; the sanitizer run reads it too (HANDS)."""
    assert _one(NOTICES).phh == _one(REBUYS).phh
