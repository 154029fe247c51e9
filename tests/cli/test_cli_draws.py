"""The command line of the draw layer: policy-table bots by name in `simulate --bots`, ranges in
their canonical form in the JSON of `discard` and `equity`, and `discard` against a range choosing
Monte Carlo, with a progress bar when it runs long."""

from __future__ import annotations

import json

import pytest
from support.cli import run

import badugi_fast as bf
from badugi_fast.cli import main
from badugi_fast.draws.best import native as best
from badugi_fast.draws.ranges.range import parse_range
from badugi_fast.game import bots
from badugi_fast.play import play_hands


@pytest.mark.parametrize("policy", ["max-equity", "min-rank", "max-badugi", "default"])
def test_simulate_plays_a_threshold_bot_drawing_by_a_named_table(capsys, policy):
    argv = ["simulate", "--bots", f"threshold:9:K:3:{policy},drawer", "--hands", "300",
            "--seed", "5", "--json"]  # fmt: skip
    code, out, _ = run(capsys, argv)
    assert code == 0
    result = json.loads(out)
    assert [seat["bot"] for seat in result["seats"]] == [f"threshold:9:K:3:{policy}", "drawer"]
    won = play_hands([bots.threshold("9", "K", 3, policy=policy), bots.drawer], 0, 300, 5,
                     engine="c")  # fmt: skip
    assert result["seats"][0]["profit_per_100"] == pytest.approx(100 * won[:, 0].mean())


def test_a_table_bot_changes_the_play(capsys):
    table = play_hands([bots.threshold("9", "K", 3, policy="max-equity"), bots.drawer], 0, 400, 5)
    plain = play_hands([bots.drawer, bots.drawer], 0, 400, 5)
    assert (table != plain).any()


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("threshold:9:K:3:best", "POLICY is one of default, max-badugi, min-rank, max-equity"),
        ("threshold:9:K:3:max-equity:5", "at most R:C:N:POLICY"),
        ("table", "threshold:R:C[:N[:POLICY]]"),
        ("threshold:9:K:x:max-equity", "N (badugi cards to stay in on a draw) is 0..5"),
    ],
)
def test_a_bad_table_bot_is_named(capsys, bot, message):
    code, _, err = run(capsys, ["simulate", "--bots", f"drawer,{bot}", "--hands", "10"])
    assert code == 1 and message in err and bot in err


def test_simulate_help_names_the_table_bots(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "threshold:R:C:N:POLICY" in out and "threshold:9:K:3:max-equity" in out


def test_discard_json_names_each_opponent_and_ranges_in_canonical_form(capsys):
    argv = ["discard", "Kc 2d 3h 4s", "--vs", "8-", "random", "5s 6d 7c 8h", "--draws", "1",
            "--seed", "1", "--trials", "2000", "--json"]  # fmt: skip
    code, out, _ = run(capsys, argv)
    result = json.loads(out)
    assert code == 0
    assert result["opponents"] == [
        {"hand": "8-", "range": str(parse_range("8-"))},
        {"hand": "random", "random": True},
        {"hand": "5s 6d 7c 8h"},
    ]
    assert any(row["stderr"] > 0 for row in result["options"] if not row["exact"])
    alone = json.loads(run(capsys, ["discard", "As 2d 3c Kh", "--json"])[1])
    assert alone["opponents"] is None


def test_equity_json_carries_each_range_in_canonical_form(capsys):
    argv = ["equity", "Kc 2d 3h 4s", "8-", "random", "--trials", "2000", "--seed", "1", "--json"]
    players = json.loads(run(capsys, argv)[1])["players"]
    assert players[1]["range"] == str(parse_range("8-")) == "8765-"
    assert "range" not in players[0] and players[2]["random"] is True


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("As 2d 3c", "badugi: a hand has 4 cards, got 3: 'As 2d 3c'\n"),
        ("As 2d 3c Kx", "badugi: unknown card 'Kx'\n"),
    ],
)
@pytest.mark.parametrize("where", ["equity", "discard --vs"])
def test_a_mistyped_hand_is_reported_as_a_hand_wherever_a_player_is_read(
    capsys, text, message, where
):
    argv = (["equity", "5s 6d 7c 8h", text] if where == "equity"
            else ["discard", "5s 6d 7c 8h", "--vs", text, "--draws", "1"])  # fmt: skip
    code, out, err = run(capsys, [*argv, "--json"])
    assert (code, out, err) == (1, "", message)


def test_a_hand_and_a_range_still_read_as_before_beside_the_typo_check(capsys):
    argv = ["equity", "5s 6d 7c 8h", "As 2d 3c Kh", "7-", "--draws", "0", "--json"]
    code, out, _ = run(capsys, argv)
    players = json.loads(out)["players"]
    assert code == 0 and players[1]["hand"] == "As 2d 3c Kh"
    assert "range" not in players[1] and players[2]["range"] == str(parse_range("7-"))


def test_discard_against_a_range_samples_what_cannot_be_exact(capsys):
    """`discard HAND --vs 8- --draws 1` took minutes on the exact path: only standing pat (one
    play per hand of the range) is small enough to enumerate; the rest are sampled."""
    argv = ["discard", "Kc 2d 3h 4s", "--vs", "8-", "--draws", "1", "--seed", "2", "--json"]
    options = json.loads(run(capsys, argv)[1])["options"]
    by_discard = {" ".join(row["discard"]): row for row in options}
    assert by_discard[""]["exact"]  # standing pat: one play per hand of the range
    assert not any(row["exact"] for key, row in by_discard.items() if key)
    assert options[0]["discard"] == ["Kc"]


def test_discard_takes_a_policy_for_our_later_draws(capsys):
    argv = ["discard", "As 2d 7c 7h", "--vs", "4s 5d 6h 6c", "--draws", "2", "--seed", "3",
            "--trials", "3000", "--policy", "default", "--json"]  # fmt: skip
    result = json.loads(run(capsys, argv)[1])
    assert result["policy"] == "default"
    again = bf.best_discard("As 2d 7c 7h", 2, opponents=["4s 5d 6h 6c"], seed=3, trials=3000,
                            policy="default")  # fmt: skip
    assert [row["value"] for row in result["options"]] == [o.value for o in again]


def test_a_long_best_discard_shows_a_progress_bar(monkeypatch, capsys):
    monkeypatch.setattr(best, "PROGRESS_DELAY", 0.0)  # as if the run took over a second
    bf.best_discard("Kc 2d 3h 4s", 3, opponents=["8s 7d 6c 5h"], seed=1, progress=True)
    assert "trial" in capsys.readouterr().err
    bf.best_discard("Kc 2d 3h 4s", 1, opponents=["8-"], seed=1, trials=500, progress=True)
    assert "trial" in capsys.readouterr().err
    full = [None] * 4  # too many cards for common random numbers: option by option
    bf.best_discard("Kc 2d 3h 4s", 3, opponents=full, seed=1, trials=300, progress=True)
    assert "option" in capsys.readouterr().err
    bf.best_discard("Kc 2d 3h 4s", 3, opponents=["8s 7d 6c 5h"], seed=1)
    assert capsys.readouterr().err == ""


def test_odds_and_equity_take_the_solved_tables_by_name(capsys):
    code, out, _ = run(capsys, ["odds", "As 2d 3c 3h", "--policy", "max-badugi", "--json"])
    assert (
        code == 0 and json.loads(out)["badugi_fraction"] == "2215/4324"
    )  # the exact P(badugi) of this draw
    argv = ["equity", "As 2d 3c Kc", "5s 6d 7c 8h", "--policy", "max-equity", "--json"]
    assert json.loads(run(capsys, argv)[1])["policy"] == "max-equity"
    code, _, err = run(capsys, ["odds", "As 2d 3c 3h", "--policy", "best"])
    assert code == 1 and "--policy is one of default, max-badugi, min-rank, max-equity" in err


def test_equity_prints_its_seed_and_repeats_for_it(capsys):
    """As simulate does: a Monte Carlo equity without --seed draws one, prints it, and the same
    figures come back with it (the JSON records it too)."""
    argv = ["equity", "As 2d 3c Kh", "random", "--trials", "20000"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    last = out.splitlines()[-1]
    seed = int(last.split("seed ")[1].split()[0])
    assert last == f"Monte Carlo, 20,000 trials, seed {seed} (repeat with --seed {seed})"
    assert main([*argv, "--seed", str(seed)]) == 0
    assert capsys.readouterr().out == out
    assert main([*argv, "--seed", str(seed), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == seed
