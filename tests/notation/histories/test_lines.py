"""The text parsers' pattern tables: a rule's literals (the text a line it matches must hold)
only spare the patterns a line cannot match, so each line goes to the handler the whole table
would give it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_fast.notation.histories.detect import open_lines
from badugi_fast.notation.histories.fulltilt import FullTilt
from badugi_fast.notation.histories.kingsclub import KingsClub
from badugi_fast.notation.histories.lines import Rule, TextParser
from badugi_fast.notation.histories.model import amount
from badugi_fast.notation.histories.pokerstars import PokerStars

PARSERS = [PokerStars, FullTilt, KingsClub]
FIXTURES = Path(__file__).parent / "fixtures"
TEXTS = ["fulltilt.txt", "fulltilt_utf16.txt", "kingsclub.txt", "pokerstars_cash.txt",
         "pokerstars_features.txt", "pokerstars_tournament.txt"]  # fmt: skip


def rules_of(parser: type[TextParser]) -> list[Rule]:
    """The parser's rules (a parser is made from a hand's lines; the table needs none)."""
    return parser([(1, "")]).patterns()


def literal_rules() -> list[tuple[str, int, re.Pattern[str], tuple[str, ...]]]:
    found = []
    for parser in PARSERS:
        for index, rule in enumerate(rules_of(parser)):
            if len(rule) == 3:
                found.append((parser.__name__, index, rule[0], rule[2]))
    return found


def first_rule(rules: list[Rule], text: str, *, filtered: bool) -> int | None:
    for index, rule in enumerate(rules):
        if filtered and len(rule) == 3 and not any(literal in text for literal in rule[2]):
            continue
        if rule[0].fullmatch(text):
            return index
    return None


def test_the_pokerstars_table_names_literals_for_every_pattern() -> None:
    assert all(len(rule) == 3 for rule in rules_of(PokerStars))


@pytest.mark.parametrize("name", TEXTS)
@pytest.mark.parametrize("parser", PARSERS, ids=lambda p: p.__name__)
def test_every_fixture_line_goes_to_the_pattern_the_whole_table_gives(
    parser: type[TextParser], name: str
) -> None:
    rules = rules_of(parser)
    _, lines = open_lines(FIXTURES / name)
    for _, text in lines:
        assert first_rule(rules, text, filtered=True) == first_rule(rules, text, filtered=False)


@pytest.mark.parametrize("rule", literal_rules(), ids=lambda r: f"{r[0]}-{r[1]}")
def test_every_line_a_pattern_matches_holds_one_of_its_literals(
    rule: tuple[str, int, re.Pattern[str], tuple[str, ...]],
) -> None:
    _, _, pattern, literals = rule

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.from_regex(pattern, fullmatch=True))
    def holds(text: str) -> None:
        assert any(literal in text for literal in literals), text

    holds()


@pytest.mark.parametrize(
    ("text", "scale", "value"),
    [
        ("$2,666.24", 100, 266624),
        ("$0.25", 100, 25),
        ("12.5", 100, 1250),
        ("12.05", 100, 1205),
        ("7", 100, 700),
        (" 1,285 ", 1, 1285),
        ("1,000,000", 1, 1_000_000),
        ("40.00", 1, 40),
        ("123456789012", 1, 123456789012),
    ],
)
def test_an_amount_is_read_in_the_files_smallest_unit(text: str, scale: int, value: int) -> None:
    assert amount(text, scale) == value


@pytest.mark.parametrize(
    ("text", "scale", "message"),
    [
        ("1,00", 100, "not an amount"),
        ("1.234", 100, "not an amount"),
        ("1234567890123", 1, "not an amount"),
        ("$", 100, "not an amount"),
        ("", 1, "not an amount"),
        ("٣", 1, "not an amount"),  # a digit, but not one a room writes
        ("12.5", 1, "whole chips"),
    ],
)
def test_anything_else_is_no_amount(text: str, scale: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        amount(text, scale)
