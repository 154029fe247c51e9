"""The player summary over imported hands, worked out by hand for the fixtures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from badugi_fast.notation.histories import read_histories
from badugi_fast.notation.histories.summary import PlayerSummary, summarize, table

Figures = dict[str, PlayerSummary]


@pytest.fixture
def cash(fixtures: Path) -> Figures:
    return summarize(read_histories(fixtures / "pokerstars_cash.txt"))


def test_each_players_net_is_what_they_ended_with_less_what_they_started_with(
    cash: Figures,
) -> None:
    assert {name: s.net for name, s in cash.items()} == {
        "Kim": {"USD cent": -10},
        "Hero": {"USD cent": -50},
        "Lee": {"USD cent": -200},
        "Park": {"USD cent": 240},  # the pot of 460 less the rake of 20, less 200 put in
    }
    assert cash["Park"].bb_per_100 == pytest.approx(100 * 240 / 25)


def test_vpip_and_preflop_raise_count_choices_not_blinds(cash: Figures) -> None:
    assert {n: (s.voluntary, s.raised) for n, s in cash.items()} == {
        "Kim": (0, 0),  # posted the small blind and folded
        "Hero": (1, 0),  # called the raise from the big blind
        "Lee": (1, 0),
        "Park": (1, 1),
    }


def test_showdowns_count_the_players_in_at_the_end(cash: Figures) -> None:
    assert {n: (s.saw_draw, s.showdowns, s.won_showdowns) for n, s in cash.items()} == {
        "Kim": (0, 0, 0),
        "Hero": (1, 0, 0),
        "Lee": (1, 1, 0),
        "Park": (1, 1, 1),
    }
    assert cash["Lee"].wtsd == 1.0 and cash["Lee"].wsd == 0.0


def test_draws_are_averaged_at_each_draw(cash: Figures) -> None:
    assert cash["Hero"].drawn == [2.0, None, None]
    assert cash["Lee"].drawn == [1.0, 1.0, 0.0]
    assert (cash["Lee"].stood_pat, cash["Park"].stood_pat) == (1, 3)
    assert cash["Park"].snowed == 0  # stood pat on a badugi


def test_standing_pat_at_the_last_draw_and_showing_less_than_a_badugi_is_a_snow(
    fixtures: Path,
) -> None:
    figures = summarize(read_histories(fixtures / "kingsclub.txt"))
    assert figures["Baek"].snowed == 1  # stood pat, showed 9s 3s 5c 2h (a three-card hand)
    assert figures["Ahn"].snowed == 0  # drew at the last draw
    assert figures["Hero"].hands == 2  # the Badacey hand is not imported


def test_player_restricts_the_summary_to_one_name(fixtures: Path) -> None:
    hands = list(read_histories(fixtures / "pokerstars_features.txt"))
    assert list(summarize(hands, player="Hero")) == ["Hero"]
    assert summarize(hands, player="Hero")["Hero"].hands == 4


def test_the_table_and_the_json_carry_every_figure(cash: Figures) -> None:
    text = table(cash)
    header, *rows = text.splitlines()
    assert header.split()[:3] == ["player", "hands", "net"]
    assert rows[0].startswith("Hero") and "-0.50 USD" in rows[0]
    assert any(row.startswith("Park") and "+960.0" in row for row in rows)
    data = json.loads(json.dumps(cash["Park"].as_dict()))
    assert data["vpip"] == 1.0 and data["net"] == {"USD cent": 240} and data["stood_pat"] == 3


def test_a_hand_read_twice_counts_once(fixtures: Path) -> None:
    hands = list(read_histories(fixtures / "pokerstars_cash.txt"))
    once, twice = summarize(hands), summarize(hands + hands)
    assert twice == once and twice["Park"].hands == 1
