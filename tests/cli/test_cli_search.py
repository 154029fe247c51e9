"""The search bot and the beliefs at the command line: ``badugi beliefs LINE`` (English, Korean,
JSON, an observer's cards), ``badugi simulate --bots search,blueprint`` and ``badugi play --vs
search``, and what each refuses."""

from __future__ import annotations

import json

import pytest
from support.cli import run

from badugi_fast.blueprint import load_blueprint
from badugi_fast.solve.belief_states import beliefs


def test_beliefs_prints_each_players_likeliest_classes(capsys):
    code, out, _ = run(capsys, ["beliefs", "rc/21", "--top", "3"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("big blind: plays the line with ")
    assert lines[4].startswith("button: plays the line with ")
    found = beliefs(load_blueprint(), "rc/21")
    want = found.describe(0, 3)
    assert [line.strip() for line in lines[1:4]] == [line.strip() for line in want]


def test_beliefs_in_korean_and_as_json(capsys):
    code, out, _ = run(capsys, ["beliefs", "rc/21", "--top", "2", "--ko"])
    assert code == 0 and out.startswith("빅 블라인드: 이 라인을 칠 확률") and "버튼" in out
    code, out, _ = run(
        capsys, ["beliefs", "rc/11/bc", "--hand", "As 2d 3c 9h", "--seat", "bb", "--json"]
    )
    data = json.loads(out)
    assert code == 0 and data["observer"] == 0 and list(data["players"]) == ["button"]
    assert len(data["players"]["button"]["classes"]) == 10


def test_beliefs_refuses_a_bad_line_naming_it(capsys):
    code, _, err = run(capsys, ["beliefs", "rc/11/xx"])
    assert code == 1 and "line segment 3 ('xx'): 'x' is not a betting action" in err
    code, _, err = run(capsys, ["beliefs", "rc/11", "--hand", "As 2d"])
    assert code == 1 and "a hand has 4 cards" in err


@pytest.mark.parametrize(
    ("simulated", "played", "language", "move"),
    [("search", "search", ["--ko"], "다이"), ("unsafe:0.2", "unsafe", [], "fold")],
)
def test_simulate_and_play_seat_the_search_bots(
    capsys, monkeypatch, simulated, played, language, move
):
    code, out, _ = run(
        capsys, ["simulate", "--bots", f"{simulated},blueprint", "--hands", "4", "--seed", "3",
                 "--no-progress"],
    )  # fmt: skip
    assert code == 0 and "played in python" in out and simulated in out
    code, out, _ = run(
        capsys, ["play", "--vs", played, "--hands", "1", "--seed", "2", *language],
        stdin=f"{move}\nquit\n", monkeypatch=monkeypatch,
    )  # fmt: skip
    assert code == 0 and played in out


def test_an_unknown_bot_names_search_among_the_choices(capsys):
    code, _, err = run(capsys, ["simulate", "--bots", "searcher,drawer", "--hands", "2"])
    assert code == 1 and "blueprint[:T], search[:T] or unsafe[:T]" in err


def test_unsafe_seats_the_search_without_its_gadget(capsys):
    """``unsafe[:T]``: the search bot re-solving from the beliefs alone, on the blueprint
    thresholded at T when given (simulate and play seat it in the test above)."""
    from badugi_fast.cli.commands.game import make_bot

    unsafe = make_bot("unsafe:0.2", None)
    assert unsafe.safe is False and make_bot("search", None).safe is True
    assert unsafe.blueprint == load_blueprint().thresholded(0.2)
    assert make_bot("unsafe", None).blueprint == load_blueprint()
    code, _, err = run(capsys, ["simulate", "--bots", "unsafe:2,drawer", "--hands", "2"])
    assert code == 1 and "bot 'unsafe:2'" in err and "threshold is in (0, 1]" in err
