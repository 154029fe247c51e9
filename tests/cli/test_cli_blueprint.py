"""The blueprint at the command line: ``badugi simulate --bots blueprint,drawer`` and ``badugi
play --vs blueprint`` (English and Korean), from a strategy file named by --blueprint, under the
rules it was trained for; without a shipped file, the error ``blueprint_bot()`` gives."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from support.cli import run

from badugi_fast.blueprint import Blueprint, blueprint_bot, strategy
from badugi_fast.blueprint.abstraction import INFOSETS, SLOTS
from badugi_fast.blueprint.strategy import ONE
from badugi_fast.cli.commands.game import make_bot
from badugi_fast.game import Rules, bots
from badugi_fast.play import play_hands

RULES = Rules(small_bet=2, cap_heads_up=True)


@pytest.fixture(scope="module")
def strategy_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A strategy of random rows (no training needed), saved as tools/train_blueprint.py does."""
    rng = np.random.default_rng(2)
    weights = rng.random((INFOSETS, SLOTS))
    table = np.floor(weights / weights.sum(axis=1, keepdims=True) * ONE).astype(np.int64)
    table[:, 0] += ONE - table.sum(axis=1)
    path = tmp_path_factory.mktemp("blueprint") / "bp.bin"
    Blueprint(13, 4, 3, 2, 0, 2, table.astype(np.uint16)).save(path)
    return path


def test_simulate_plays_the_blueprint_in_c_under_its_rules(capsys, strategy_file: Path) -> None:
    argv = ["simulate", "--bots", "blueprint,drawer", "--blueprint", str(strategy_file),
            "--hands", "2000", "--seed", "4", "--json"]  # fmt: skip
    code, out, _ = run(capsys, argv)
    result = json.loads(out)
    assert code == 0 and result["engine"] == "c"
    assert result["rules"]["cap_heads_up"] is True  # the rules it was trained for, by default
    won = play_hands([blueprint_bot(strategy_file), bots.drawer], 0, 2000, 4, RULES)
    assert result["seats"][0]["profit_per_100"] == pytest.approx(won[:, 0].mean() * 100)


def test_the_shipped_strategy_plays_when_no_file_is_named(capsys) -> None:
    argv = ["simulate", "--bots", "blueprint,drawer", "--hands", "400", "--seed", "2", "--json"]
    code, out, _ = run(capsys, argv)
    result = json.loads(out)
    assert code == 0 and result["engine"] == "c"
    won = play_hands([blueprint_bot(), bots.drawer], 0, 400, 2, RULES)
    assert result["seats"][0]["profit_per_100"] == pytest.approx(won[:, 0].mean() * 100)


def test_a_shipped_strategy_plays_by_name_and_an_unknown_name_is_named(capsys) -> None:
    argv = ["simulate", "--bots", "blueprint,drawer", "--hands", "400", "--seed", "2", "--json"]
    _, default, _ = run(capsys, argv)
    code, named, _ = run(capsys, [*argv, "--blueprint", strategy.DEFAULT_STRATEGY])
    assert code == 0 and json.loads(named)["seats"] == json.loads(default)["seats"]
    code, _, err = run(capsys, [*argv, "--blueprint", "v0"])
    assert code == 2 and "v0" in err and "shipped strategy" in err


def test_without_a_shipped_strategy_simulate_says_how_to_get_one(
    capsys, monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    monkeypatch.setattr(strategy, "SHIPPED", tmp_path / "missing.bin")
    code, _, err = run(capsys, ["simulate", "--bots", "blueprint,drawer", "--hands", "10"])
    assert code == 1
    assert "ships no trained blueprint" in err and "tools/train_blueprint.py" in err
    assert "--blueprint FILE" in err


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["--no-cap-heads-up"], 1, "trained for Rules(small_bet=2, cap_heads_up=True)"),
        (["--small-bet", "4"], 1, "trained for"),
        (["--stacks", "40"], 1, "at least 48 chips"),
        (["--bots", "blueprint,drawer,drawer"], 1, "heads-up"),
        (["--korean"], 1, "trained for"),
    ],
)
def test_simulate_refuses_a_game_the_blueprint_was_not_trained_for(
    capsys, strategy_file: Path, argv: list[str], status: int, message: str
) -> None:
    base = ["simulate", "--bots", "blueprint,drawer", "--blueprint", str(strategy_file),
            "--hands", "10"]  # fmt: skip
    code, _, err = run(capsys, base + argv)
    assert code == status and message in err


def test_a_missing_or_damaged_strategy_file_is_named(capsys, tmp_path: Path) -> None:
    missing = tmp_path / "none.bin"
    code, _, err = run(capsys, ["simulate", "--bots", "blueprint,drawer", "--blueprint",
                                str(missing), "--hands", "10"])  # fmt: skip
    assert code == 2 and str(missing) in err
    damaged = tmp_path / "damaged.bin"
    damaged.write_bytes(b"BFBLUEPR" + bytes(100))
    code, _, err = run(capsys, ["simulate", "--bots", "blueprint,drawer", "--blueprint",
                                str(damaged), "--hands", "10"])  # fmt: skip
    assert code == 1 and "bot 'blueprint'" in err and "version" in err


def test_play_against_the_blueprint_in_english(capsys, monkeypatch, strategy_file: Path) -> None:
    argv = ["play", "--vs", "blueprint", "--blueprint", str(strategy_file), "--seed", "3",
            "--hands", "2"]  # fmt: skip
    code, out, _ = run(capsys, argv, "call\n" + "pat\ncall\n" * 12 + "quit\n", monkeypatch)
    assert code == 0
    assert "seat 1 (blueprint)" in out and "total over" in out.splitlines()[-1]


def test_play_against_the_blueprint_in_korean(capsys, monkeypatch, strategy_file: Path) -> None:
    argv = ["play", "--vs", "blueprint", "--blueprint", str(strategy_file), "--seed", "3",
            "--ko"]  # fmt: skip
    code, out, _ = run(capsys, argv, "콜\n" + "패스\n콜\n" * 12 + "quit\n", monkeypatch)
    assert code == 0
    assert "1번 (blueprint)" in out and "합계" in out.splitlines()[-1]
    for english in ("seat", "call", "stands pat", "total"):
        assert english not in out


def test_play_refuses_what_the_blueprint_cannot_play(capsys, monkeypatch, strategy_file) -> None:
    base = ["play", "--blueprint", str(strategy_file)]
    code, _, err = run(capsys, [*base, "--vs", "blueprint", "--korean"], "quit\n", monkeypatch)
    assert code == 1 and "trained for" in err
    code, _, err = run(capsys, [*base, "--vs", "blueprint", "--bots", "drawer"], "", monkeypatch)
    assert code == 1 and "give one of them" in err
    code, _, err = run(capsys, [*base, "--vs", "blueprint,drawer"], "", monkeypatch)
    assert code == 1 and "one opponent" in err
    code, _, err = run(capsys, [*base, "--bots", "blueprint,drawer"], "quit\n", monkeypatch)
    assert code == 1 and "heads-up" in err


def test_blueprint_and_search_take_a_threshold(capsys, strategy_file: Path) -> None:
    argv = ["simulate", "--bots", "blueprint:0.3,drawer", "--blueprint", str(strategy_file),
            "--hands", "1000", "--seed", "4", "--json"]  # fmt: skip
    code, out, _ = run(capsys, argv)
    result = json.loads(out)
    assert code == 0 and result["engine"] == "c" and result["rules"]["cap_heads_up"] is True
    thresholded = blueprint_bot(strategy_file, threshold=0.3)
    assert thresholded != blueprint_bot(strategy_file)
    won = play_hands([thresholded, bots.drawer], 0, 1000, 4, RULES)
    assert result["seats"][0]["profit_per_100"] == pytest.approx(won[:, 0].mean() * 100)
    plain = play_hands([blueprint_bot(strategy_file), bots.drawer], 0, 1000, 4, RULES)
    assert result["seats"][0]["profit_per_100"] != pytest.approx(plain[:, 0].mean() * 100)
    argv = ["simulate", "--bots", "search:0.3,drawer", "--blueprint", str(strategy_file),
            "--hands", "2", "--seed", "4", "--json"]  # fmt: skip
    code, out, _ = run(capsys, argv)
    assert code == 0 and json.loads(out)["engine"] == "python"
    searcher = make_bot("search:0.3", None, str(strategy_file))
    assert searcher.blueprint == thresholded.blueprint


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("blueprint:x", "T (the threshold) is a number in (0, 1]"),
        ("blueprint:", "T (the threshold) is a number in (0, 1]"),
        ("blueprint:1.5", "threshold is in (0, 1]"),
        ("search:0", "threshold is in (0, 1]"),
        ("search:nan", "threshold is in (0, 1]"),
    ],
)
def test_a_bad_threshold_is_named(capsys, strategy_file: Path, bot: str, message: str) -> None:
    argv = ["simulate", "--bots", f"{bot},drawer", "--blueprint", str(strategy_file),
            "--hands", "10"]  # fmt: skip
    code, _, err = run(capsys, argv)
    assert code == 1 and f"bot {bot!r}" in err and message in err
