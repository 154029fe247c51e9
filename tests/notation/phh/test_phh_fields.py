"""Hostile PHH input: every field ``phh.loads`` reads is checked for its TOML type and named
in the error; deep nesting and oversize text are refused with a ValueError; ``dumps``'s
``hide`` takes True, False or seats."""

from __future__ import annotations

import re
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.games import ALICE, BOB, CAROL, TED, random_game, sample_hand

from badugi_fast.game import Action, Game, KoreanRules, Rules
from badugi_fast.notation import phh


def casino_text() -> str:
    return phh.dumps(sample_hand())


def korean_text() -> str:
    return phh.dumps(random_game(1, 3, KoreanRules()))


def ante_text() -> str:
    """Casino antes without blinds, half-pot limit and the raise cap heads-up."""
    rules = Rules(small_bet=2, ante=1, small_blind=0, big_blind=0, structure="half-pot-limit",
                  cap_heads_up=True)  # fmt: skip
    return phh.dumps(random_game(2, 3, rules))


def burn_text() -> str:
    return phh.dumps(random_game(3, 4, Rules(small_bet=2, burn=True)))


def with_field(text: str, name: str, value: str | None) -> str:
    """``text`` with the line ``name = value`` in place of the field's own (None: removed),
    or added before ``starting_stacks`` when the text has no such field."""
    line = re.compile(rf"^{name} = .*$", re.MULTILINE)
    if name == "actions":
        line = re.compile(r"^actions = \[\n(?:  .*\n)*\]$", re.MULTILINE)
    if line.search(text):
        return line.sub("" if value is None else f"{name} = {value}", text, count=1)
    assert value is not None
    return text.replace("starting_stacks", f"{name} = {value}\nstarting_stacks", 1)


BAD_FIELDS = [
    # (history, field, TOML value, what the error says)
    (casino_text, "variant", "5", "variant must be a TOML string, not 5"),
    (casino_text, "variant", None, "lacks the field 'variant'"),
    (casino_text, "starting_stacks", "[9, 9.5, 9, 9]", "starting_stacks must be a TOML array of i"),
    (casino_text, "starting_stacks", '"100"', "starting_stacks must be a TOML array"),
    (casino_text, "starting_stacks", "[100]", "starting_stacks names 2 to 8 players"),
    (casino_text, "starting_stacks", "[9" + ", 9" * 9 + "]", "names 2 to 8 players"),
    (casino_text, "actions", "[1, 2]", "actions must be a TOML array of strings"),
    (casino_text, "actions", '"p1 f"', "actions must be a TOML array of strings"),
    (casino_text, "actions", None, "lacks the field 'actions'"),
    (casino_text, "antes", "[true, false, false, false]", "antes must be a TOML array of integers"),
    (casino_text, "antes", "[0, 0]", "antes has 2 entries for 4 players"),
    (casino_text, "blinds_or_straddles", "[1, 2]", "blinds_or_straddles has 2 entries for 4"),
    (casino_text, "blinds_or_straddles", "[1, 2, 4, 0]", "blinds_or_straddles: straddles"),
    (casino_text, "blinds_or_straddles", "[1.0, 2, 0, 0]", "blinds_or_straddles must be"),
    (casino_text, "small_bet", '"2"', "small_bet must be a TOML integer, not '2'"),
    (casino_text, "small_bet", None, "lacks the field 'small_bet'"),
    (casino_text, "big_bet", "4.0", "big_bet must be a TOML integer, not 4.0"),
    (casino_text, "_max_raises", "true", "_max_raises must be a TOML integer, not True"),
    (casino_text, "_max_raises", "3.5", "_max_raises must be a TOML integer, not 3.5"),
    (casino_text, "_structure", "1", "_structure must be a TOML string, not 1"),
    (casino_text, "_burn", "1", "_burn must be a TOML boolean, not 1"),
    (casino_text, "_burn", '"yes"', "_burn must be a TOML boolean, not 'yes'"),
    (casino_text, "_burns", "5", "_burns must be a TOML array of strings, not 5"),
    (casino_text, "_burns", "[5]", "_burns must be a TOML array of strings"),
    (burn_text, "_burns", "5", "_burns must be a TOML array of strings, not 5"),
    (burn_text, "_burns", '["??"]', "hidden burn cards \\(_burns\\)"),
    (casino_text, "_rules", "1", "_rules must be a TOML string, not 1"),
    (casino_text, "finishing_stacks", "[96, 120, 100, 85]", r"are \[96, 120, 100, 85\], but"),
    (casino_text, "players", '["Ann", "Bob"]', "players has 2 names for 4 players"),
    (casino_text, "players", "[1, 2, 3, 4]", "players must be a TOML array of strings"),
    (casino_text, "_seats", "[1, 2, 3, 3]", "_seats numbers the 4 seats 0..3 once each"),
    (casino_text, "_seats", '"1230"', "_seats must be a TOML array of integers"),
    (casino_text, "finishing_stacks", '"done"', "finishing_stacks must be a TOML array"),
    (ante_text, "antes", "[1, 2, 1]", r"the casino rules have one ante for all, not \[1, 2\]"),
    (ante_text, "antes", "[1.0, 1.0, 1.0]", "antes must be a TOML array of integers"),
    (ante_text, "antes", "[-1, -1, -1]", r"antes are chips \(0 or more\), not \[-1"),
    (ante_text, "antes", "[0, 0, 0]", "finishing_stacks are"),
    (ante_text, "antes", None, "finishing_stacks are"),
    (ante_text, "blinds_or_straddles", "[2, 1, 0]", r"small_blind is at most big_blind \(1\)"),
    (ante_text, "blinds_or_straddles", "[0, -2, 0]", "blinds_or_straddles are chips"),
    (ante_text, "_structure", '"half-pot"', "structure is fixed-limit, pot-limit, half-pot-limi"),
    (ante_text, "_structure", "0.5", "_structure must be a TOML string, not 0.5"),
    (ante_text, "_cap_heads_up", '"yes"', "_cap_heads_up must be a TOML boolean, not 'yes'"),
    (ante_text, "_cap_heads_up", "1", "_cap_heads_up must be a TOML boolean, not 1"),
    (ante_text, "_cap_heads_up", "[true]", r"_cap_heads_up must be a TOML boolean, not \[True\]"),
    (casino_text, "_cap_heads_up", "0", "_cap_heads_up must be a TOML boolean, not 0"),
    (korean_text, "_allow_full", '"no"', "_allow_full must be a TOML boolean, not 'no'"),
    (korean_text, "_allow_full", "0", "_allow_full must be a TOML boolean, not 0"),
    (korean_text, "_first", "1.7", "_first must be a TOML integer, not 1.7"),
    (korean_text, "_first", '"2"', "_first must be a TOML integer"),
    (korean_text, "_first", "0", "_first names player 0 of 3"),
    (korean_text, "_chip", '"1"', "_chip must be a TOML integer"),
    (korean_text, "_cutting", "[3, 2]", "_cutting is three limits"),
    (korean_text, "_cutting", "[3.5, 2, 1]", "_cutting must be a TOML array of integers"),
    (korean_text, "_cutting", '"3-2-1"', "_cutting must be a TOML array of integers"),
    (korean_text, "_cutting_type", "2", "_cutting_type must be a TOML string, not 2"),
    (korean_text, "_max_raises", "2.0", "_max_raises must be a TOML integer"),
    (korean_text, "antes", '["1", "1", "1"]', "antes must be a TOML array of integers"),
]  # fmt: skip


@pytest.mark.parametrize(("history", "name", "value", "message"), BAD_FIELDS)
def test_every_bad_field_is_named(history, name, value, message):
    text = history()
    assert phh.loads(text).done  # the untouched history reads
    with pytest.raises(ValueError, match=message):
        phh.loads(with_field(text, name, value))


def test_a_history_whose_hand_is_unfinished_has_no_finishing_stacks_to_check():
    text = with_field(casino_text(), "actions", '["d dh p1 4s5sQdQc"]')
    with pytest.raises(ValueError, match="every player must be dealt four cards"):
        phh.loads(text)
    game = Game([100, 100], Rules(small_bet=2), seed=1)
    partial = phh.dumps(game)
    assert "finishing_stacks" not in partial and not phh.loads(partial).done
    forged = partial.replace("_seats", "finishing_stacks = [100, 100]\n_seats")
    with pytest.raises(ValueError, match="finishing_stacks, but its actions do not end the hand"):
        phh.loads(forged)


def all_in_text() -> str:
    game = Game([1, 1], Rules(small_bet=2, burn=True), seed=0)
    while not game.done:
        game.act(Action.draw(game.hands[0][:1]) if game.actor == 0 else Action.draw())
    return phh.dumps(game)


@pytest.mark.parametrize(
    ("history", "old", "new", "message"),
    [
        (casino_text, '  "p3 f",', '  "d dh p1 Jh",\n  "p3 f",', "deals a second hand before any"),
        (
            casino_text,
            '  "p2 sm',
            '  "d dh p4 2h",\n  "p2 sm',
            "deals 2h to p4, the replay nothing",
        ),
        (casino_text, '"p2 sm 3s5d7c8h"', '"p2 sm 3s5d7c9h"', "not the hand it holds"),
        (casino_text, "_seats", '_burns = ["Ah"]\n_seats', "_burns lists 1 more cards than"),
        (all_in_text, '"p1 sd"', '"p1 cbr 2"', "p1 may not bet or raise here"),
        (all_in_text, '"p1 sd"', '"p2 sd"', "p2 acts out of turn"),
    ],
)
def test_forged_actions_are_named(history, old, new, message):
    text = history()
    assert old in text
    with pytest.raises(ValueError, match=message):
        phh.loads(text.replace(old, new, 1))


def test_dumps_writes_a_game():
    with pytest.raises(TypeError, match="dumps writes a Game, not str"):
        phh.dumps(casino_text())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "nested",
    ["[" * 10_000 + "]" * 10_000, "{a = " * 10_000 + "1" + "}" * 10_000, "[" * 900 + "]" * 900],
)
def test_deep_nesting_is_a_value_error_not_a_recursion_error(nested):
    with pytest.raises(ValueError, match="nested too deeply"):
        phh.loads(casino_text() + f"_deep = {nested}\n")


def test_oversize_text_and_non_text_are_refused():
    with pytest.raises(ValueError, match="a PHH hand is at most 1,000,000 characters"):
        phh.loads(casino_text() + "#" * 1_000_000)
    for wrong in (casino_text().encode(), None, 5):
        with pytest.raises(TypeError, match="loads reads PHH text"):
            phh.loads(wrong)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("old", "new"),
    [('"p4 cbr 8"', '"p4 cbr ٨"'), ('"p4 cbr 8"', '"p4 cbr 8.5"'), ('"p3 f"', '"p³ f"')],
)
def test_numbers_in_actions_are_ascii_whole_numbers(old, new):
    text = casino_text()
    assert old in text
    with pytest.raises(ValueError, match=r"unknown PHH action|a player's action is"):
        phh.loads(text.replace(old, new, 1))


def test_hide_true_writes_only_what_an_observer_saw():
    """Carol (p2) and Alice (p4) show; Bob and Ted fold. An observer knows the shown hands'
    cards, not the cards they threw nor the folded hands."""
    game = sample_hand()
    assert {e.seat for e in game.history if e.kind == "show"} == {ALICE, CAROL}
    text = phh.dumps(game, hide=True)
    carol = ["d dh p2 3s5d????", "p2 sd ????", "d dh p2 7c??", "p2 sd", "p2 sd ??", "d dh p2 8h"]
    alice = ["d dh p4 2s4d6c??", "p4 sd ??", "d dh p4 ??", "p4 sd ??", "d dh p4 9h", "p4 sd"]
    lines = [line.strip(' ",') for line in text.splitlines()]
    assert [line for line in lines if line.startswith(("d dh p2", "p2 sd"))] == carol
    assert [line for line in lines if line.startswith(("d dh p4", "p4 sd"))] == alice
    assert "d dh p1 ????????" in lines and "d dh p3 ????????" in lines
    assert "p2 sm 3s5d7c8h" in lines and "p4 sm 2s4d6c9h" in lines
    assert text == phh.dumps(game, hide=[0, 1, 2, 3])
    assert phh.dumps(game, hide=False) == phh.dumps(game) == phh.dumps(game, hide=[])
    with pytest.raises(ValueError, match="hidden cards"):
        phh.loads(text)
    # Each player's own view of the hand: only that seat's cards are known in full.
    own = phh.dumps(game, hide=[BOB, CAROL, TED])
    assert "d dh p4 2s4d6cKc" in own and "d dh p2 3s5d????" in own and "d dh p1 ????????" in own


@pytest.mark.parametrize(
    ("hide", "error", "message"),
    [
        ("0 1", TypeError, "hide is True, False or a sequence of seats, not str"),
        (1, TypeError, "hide is True, False or a sequence of seats, not int"),
        (None, TypeError, "not NoneType"),
        ([TED, 4], ValueError, "a seat in hide must be 0 .. 3, got 4"),
        ([BOB, True], TypeError, "a seat in hide must be a whole number, not bool"),
        ([1.0], TypeError, "a seat in hide must be a whole number, not float"),
    ],
)
def test_a_bad_hide_is_refused(hide, error, message):
    with pytest.raises(error, match=message):
        phh.dumps(sample_hand(), hide=hide)


def test_player_names_are_written_in_phh_order_and_read_back():
    text = phh.dumps(sample_hand(), players=["Alice", "Bob", "Carol", 'Ted "T" \\ Ray'])
    assert 'players = ["Bob", "Carol", "Ted \\"T\\" \\\\ Ray", "Alice"]' in text
    assert phh.loads(text).done
    awkward = ["a\nb", "tab\there", "nul\x00", "del\x7f", "바둑이 🂡"]
    text = phh.dumps(Game([9] * 5, seed=1), players=awkward)
    assert tomllib.loads(text)["players"] == awkward[1:] + awkward[:1]
    for players, error in [("ABCD", TypeError), ([1, 2, 3, 4], TypeError), (["A"], ValueError)]:
        with pytest.raises(error, match="players"):
            phh.dumps(sample_hand(), players=players)  # type: ignore[arg-type]


TOKENS = ["[", "]", "{", "}", '"', "1.5", "true", "-1", "0", "9" * 20, "p9", "p0", "??", "sd",
          "cbr", "f", "cc", "sm", "d dh", "#", "\n", ",", "As", "=", "_burns = 5\n",
          "\x00"]  # fmt: skip
HISTORIES = [
    phh.dumps(random_game(seed, 2 + seed % 7, rules))
    for seed, rules in enumerate([Rules(small_bet=2, burn=True), Rules(structure="no-limit"),
                                  KoreanRules(), KoreanRules(cutting_type="in_turn"),
                                  Rules(ante=1, small_blind=0, big_blind=0, cap_heads_up=True),
                                  Rules(ante=2, structure="half-pot-limit")] * 3)
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(HISTORIES),
    st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 4), st.sampled_from(TOKENS)),
        min_size=1,
        max_size=4,
    ),
)
def test_a_mangled_history_reads_or_raises_value_error(text, edits):
    """Bytes cut out of a history or tokens written into it: loads replays the result or
    refuses it with a ValueError, never another exception."""
    for where, cut, token in edits:
        at = int(where * len(text))
        text = text[:at] + token + text[at + cut :]
    try:
        game = phh.loads(text)
    except ValueError:
        return
    assert isinstance(game, Game)
