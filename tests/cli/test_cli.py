"""The badugi command: output, --json schema, batch input and exit codes."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from support.cli import run

from badugi_fast.cli import main

JSON_KEYS = {"hand", "rank", "size", "category", "badugi", "name", "name_ko", "aliases"}


def test_eval_prints_hand_rank_name_and_badugi(capsys):
    code, out, err = run(capsys, ["eval", "As 2d 3h 4c", "Kc Kd Kh Ks"])
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "As 2d 3h 4c\t1\t4-3-2-A badugi\t4c 3h 2d As",
        "Kc Kd Kh Ks\t1092\tone-card K\tKc",
    ]


def test_eval_in_korean(capsys):
    code, out, _ = run(capsys, ["eval", "--ko", "♠A ♣4 ♦5 ♦6"])
    assert code == 0
    assert out == "As 4c 5d 6d\t723\tA45 베이스\t5d 4c As\n"


def test_eval_json_follows_the_documented_schema(capsys):
    code, out, _ = run(capsys, ["eval", "--json", "As 2d 3c 3h", "Ks 8c 3d Kc"])
    assert code == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert set(first) == JSON_KEYS
    assert first == {
        "hand": ["As", "2d", "3c", "3h"],
        "rank": 716,
        "size": 3,
        "category": "three-card",
        "badugi": ["3c", "2d", "As"],
        "name": "three-card 3-2-A",
        "name_ko": "엠비씨",
        "aliases": ["A23 베이스", "3베이스", "A, 2, 3 베이스", "123 베이스"],
    }
    assert second["badugi"] == ["Ks", "8c", "3d"] and second["name_ko"] == "38K 베이스"


def test_eval_reads_hands_one_per_line_from_stdin(capsys, monkeypatch):
    stdin = "As 2d 3h 4c\n\n# a comment\n5s 6d 7c 8h\n"
    code, out, _ = run(capsys, ["eval"], stdin=stdin, monkeypatch=monkeypatch)
    assert code == 0
    assert [line.split("\t")[1] for line in out.splitlines()] == ["1", "70"]


def test_eval_reads_a_file(capsys, tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text("As2d3h4c\nKcKdKhKs\n", encoding="utf-8")
    code, out, _ = run(capsys, ["eval", "--file", str(path)])
    assert code == 0 and len(out.splitlines()) == 2


def test_a_bad_line_gets_a_one_line_error_and_exit_1_while_the_rest_are_evaluated(
    capsys, monkeypatch
):
    stdin = "As 2d 3h 4c\nAs 2d 3h Zz\nKc Kd Kh Ks\n"
    code, out, err = run(capsys, ["eval"], stdin=stdin, monkeypatch=monkeypatch)
    assert code == 1
    assert len(out.splitlines()) == 2
    assert err == "badugi: line 2: unknown card 'Zz'\n"


def test_compare_names_the_winner(capsys):
    code, out, _ = run(capsys, ["compare", "5♦ 7♣ K♣ K♥", "2♠ 3♦ K♠ K♦"])
    assert code == 0
    assert out.splitlines()[-1] == "winner: #1"


def test_compare_reports_a_split_pot(capsys):
    code, out, _ = run(capsys, ["compare", "A♠ 2♣ 3♦ 3♠", "A♦ 2♥ 3♣ K♣", "Kc Kd Kh Ks"])
    assert code == 0
    assert out.splitlines()[-1] == "split pot: #1 #2"
    code, out, _ = run(capsys, ["compare", "--ko", "A♠ 2♣ 3♦ 3♠", "A♦ 2♥ 3♣ K♣"])
    assert out.splitlines()[-1] == "무승부 (판돈 분할): #1 #2"


def test_compare_json_gives_hands_and_zero_based_winners(capsys):
    code, out, _ = run(capsys, ["compare", "--json", "2s 4d 6c 9h", "3s 5d 7c 8h"])
    assert code == 0
    result = json.loads(out)
    assert set(result) == {"hands", "winners"}
    assert result["winners"] == [1]
    assert all(set(hand) == JSON_KEYS for hand in result["hands"])


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["compare", "As 2d 3h 4c"], 2, "at least two hands"),
        (["compare", "As 2d 3h 4c", "As As 3h 4c"], 1, "hand 2: duplicate card As"),
        (["eval", "As 2d 3h"], 1, "hand 1: a hand has 4 cards, got 3"),
        (["eval", "--file", "/nonexistent/hands.txt"], 2, "No such file"),
    ],
)
def test_errors_are_one_line_with_a_nonzero_exit(capsys, argv, code, message):
    status, _out, err = run(capsys, argv)
    assert status == code
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        main([])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["eval", "As 2d 3h 4c", "--file", "x"])
    assert info.value.code == 2


def test_the_installed_console_script_runs():
    script = shutil.which("badugi")
    assert script is not None, "the badugi console script is not installed"
    result = subprocess.run(
        [script, "eval", "--ko", "As 2d 3h 5c"], capture_output=True, text=True, check=True
    )
    assert result.stdout == "As 2d 3h 5c\t2\t세컨드\t5c 3h 2d As\n"
    bad = subprocess.run([script, "eval", "As"], capture_output=True, text=True)
    assert bad.returncode == 1 and bad.stderr.startswith("badugi: hand 1:")


def test_odds_prints_the_seed_figure_exactly(capsys):
    code, out, _ = run(capsys, ["odds", "As 2d 3c 3h", "--draws", "3"])
    assert code == 0
    assert "four-card badugi: 51.23% (exact, 2215/4324)" in out
    assert "first discard 3h" in out


def test_odds_json_gives_exact_fractions(capsys):
    code, out, _ = run(capsys, ["odds", "As 2d 3c 3h", "--json", "--draws", "1"])
    result = json.loads(out)
    assert code == 0
    assert result["badugi_fraction"] == "5/24" and result["exact"] is True
    assert result["discard"] == ["3h"] and result["sizes"]["4"] == pytest.approx(10 / 48)


def test_discard_lists_sixteen_options_best_first(capsys):
    code, out, _ = run(
        capsys, ["discard", "As 2d 3c Kh", "--vs", "5s 6d 7c 8h", "--json", "--draws", "1"]
    )
    result = json.loads(out)
    assert code == 0 and len(result["options"]) == 16
    assert result["options"][0]["discard"] == ["Kh"]
    assert result["options"][0]["value"] == pytest.approx(4 / 44)


def test_equity_text_and_json(capsys):
    code, out, _ = run(capsys, ["equity", "As 2d 3c Kc", "5s 6d 7c 8h", "--draws", "1"])
    assert code == 0 and out.splitlines()[-1] == "exact"
    assert out.splitlines()[0] == "1 draw(s), policy default, cutting limits none"
    assert "equity 9.09%" in out.splitlines()[1]
    code, out, _ = run(
        capsys, ["equity", "As 2d 3c Kc", "random", "--draws", "2", "--trials", "5000", "--json"]
    )
    result = json.loads(out)
    assert result["exact"] is False and result["trials"] == 5000
    assert sum(p["equity"] for p in result["players"]) == pytest.approx(1.0)
    assert all("stderr" in p for p in result["players"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["equity", "As 2d 3c Kc", "As 6d 7c 8h"], "As is in hand 1 and in hand 2"),
        (["odds", "As 2d 3c 3h", "--limits", "3-2"], "limits are three whole numbers"),
        (["odds", "As 2d 3c 3h", "--draws", "5"], "draws must be 0 .. 3"),
        (["equity", "As 2d 3c Kc"], "2 to 8 players"),
        (["odds", "As 2d 3c"], "a hand has 4 cards"),
    ],
)
def test_draw_commands_reject_bad_input_in_one_line(capsys, argv, message):
    code, _out, err = run(capsys, argv)
    assert code == 1
    assert message in err and len(err.strip().splitlines()) == 1


def test_simulate_reports_profit_per_seat(capsys):
    code, out, _ = run(
        capsys, ["simulate", "--bots", "drawer,random", "--hands", "300", "--seed", "1", "--json"]
    )
    result = json.loads(out)
    assert code == 0 and result["hands"] == 300 and result["engine"] == "python"
    assert [s["bot"] for s in result["seats"]] == ["drawer", "random"]
    assert sum(s["profit_per_100"] for s in result["seats"]) == pytest.approx(0.0, abs=1e-6)
    code, out, _ = run(
        capsys, ["simulate", "--bots", "drawer,threshold:7:J", "--hands", "50", "--seed", "2"]
    )
    assert (
        code == 0
        and out.splitlines()[0] == "50 hands, casino fixed limit, small bet 2, played in c"
    )
    code, _, err = run(capsys, ["simulate", "--bots", "drawer,genius", "--hands", "5"])
    assert code == 1 and "unknown bot 'genius'" in err


def test_simulate_engine_threads_and_stacks(capsys):
    args = ["simulate", "--hands", "2000", "--seed", "4", "--stacks", "30", "--json"]
    outputs = []
    for extra in (["--engine", "c", "--threads", "2"], ["--engine", "python"]):
        code, out, _ = run(capsys, args + extra)
        assert code == 0
        outputs.append(json.loads(out))
    fast, slow = outputs
    assert (fast["engine"], slow["engine"]) == ("c", "python")
    for a, b in zip(fast["seats"], slow["seats"], strict=True):
        assert a["profit_per_100"] == pytest.approx(b["profit_per_100"])
    code, _, err = run(capsys, ["simulate", "--bots", "drawer,random", "--engine", "c"])
    assert code == 1 and "threshold bots" in err
    code, out, _ = run(capsys, ["simulate", "--korean", "--hands", "500", "--seed", "3"])
    assert code == 0 and out.splitlines()[0] == "500 hands, Korean rules, ante 1, played in c"


def test_break_above_is_a_policy_and_cannot_be_combined_with_another(capsys):
    code, out, _ = run(capsys, ["odds", "As 2d 4c 9h", "--draws", "2", "--break-above", "8"])
    assert code == 0 and "first discard 9h" in out
    code, _, err = run(capsys, ["odds", "As 2d 4c 9h", "--break-above", "8", "--policy", "best"])
    assert code == 1 and "drop --policy" in err


def test_a_file_that_is_not_utf8_is_a_usage_error(capsys, tmp_path):
    path = tmp_path / "hands.bin"
    path.write_bytes(b"As 2d 3h 4c\n\xff\xfe\n")
    code, _, err = run(capsys, ["eval", "--file", str(path)])
    assert code == 2 and "UTF-8" in err


def test_play_is_driven_by_scripted_input(capsys, monkeypatch):
    script = "dance\ncall\ncheck\nswap\npat\n" + "check\ncall\npat\n" * 3 + "call\n" * 6
    code, out, _ = run(
        capsys, ["play", "--bots", "drawer", "--seed", "3"], stdin=script, monkeypatch=monkeypatch
    )
    assert code == 0
    assert "not allowed" in out  # "dance" and "swap" are refused, then asked again
    assert "seat 0 (you) call 1" in out and "seat 0 (you) stands pat" in out
    assert out.splitlines()[-1].startswith("total over 1 hand(s): ")
    assert "-- you won" in out or "-- you lost" in out


def test_play_with_korean_names_and_rules(capsys, monkeypatch):
    script = "다이\n" * 3 + "콜\n" * 20 + "pat\n" * 6
    argv = ["play", "--korean", "--ko", "--bots", "random,random", "--seed", "5"]
    code, out, _ = run(capsys, argv, stdin=script, monkeypatch=monkeypatch)
    assert code == 0 and "합계: " in out


def test_play_stops_cleanly_at_the_end_of_input(capsys, monkeypatch):
    code, out, _ = run(capsys, ["play", "--seed", "1"], stdin="", monkeypatch=monkeypatch)
    assert code == 0 and out.splitlines()[-2:] == [  # the small blind posted is lost
        "-- you left hand 1: the 1 chip(s) you put in are lost",
        "total over 1 hand(s): -1 chips",
    ]


def test_draw_commands_state_the_draws_policy_and_limits_they_assumed(capsys):
    code, out, _ = run(capsys, ["odds", "As 2d 4c 9h", "--break-above", "8", "--json",
                                "--limits", "3-2-1"])  # fmt: skip
    result = json.loads(out)
    assert code == 0 and result["draws"] == 3  # a dealt hand in triple draw by default
    assert (result["policy"], result["limits"]) == ("break-above-8", [3, 2, 1])
    code, out, _ = run(capsys, ["equity", "As 2d 3c Kc", "5s 6d 7c 8h"])
    assert out.splitlines()[0] == "3 draw(s), policy default, cutting limits none"
    code, out, _ = run(capsys, ["discard", "As 2d 3c Kh", "--draws", "1", "--vs", "random",
                                "--trials", "2000", "--seed", "1", "--json"])  # fmt: skip
    result = json.loads(out)
    assert code == 0 and (result["draws"], result["limits"]) == (1, None)
    assert len(result["options"]) == 16
