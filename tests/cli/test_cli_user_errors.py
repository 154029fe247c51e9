"""A user's mistake at the command line is one ``badugi:`` line and exit 1 (a value the command
refuses) or 2 (a file or folder it cannot use), never a traceback; and it is found before the
work, not after it: a bad --plot or --save-hands folder costs nothing."""

from __future__ import annotations

import io
import re

import pytest

from badugi_fast import draws as draws_api
from badugi_fast.cli import main
from badugi_fast.play import simulation

HAND = "As 2d 3c 3h"
PICTURE_FORMAT = "--plot 'x.txt': the file's extension names the picture's format"

USER_ERRORS = [
    # --plot: a format matplotlib does not write, no extension, no name, a missing folder
    (["odds", HAND, "--plot", "x.txt"], 1, PICTURE_FORMAT),
    (["odds", HAND, "--plot", "x"], 1, "got no extension"),
    (["odds", HAND, "--plot", ""], 1, "--plot needs a file name"),
    (["odds", HAND, "--plot", "missing/x.png"], 2, "No such file or directory: missing"),
    (["odds", HAND, "--plot", "a-file/x.png"], 2, "Not a directory: a-file"),
    (["simulate", "--hands", "20", "--plot", "x.txt"], 1, PICTURE_FORMAT),
    (["simulate", "--hands", "20", "--plot", "missing/x.png"], 2, "No such file or directory"),
    (["chart", "--plot", "x.txt"], 1, PICTURE_FORMAT),
    (["chart", "--plot", "a-file/x.png"], 2, "Not a directory: a-file"),
    (["simulate", "--hands", "20", "--save-hands", "2", "a-file/sub"], 2, "Not a directory"),
    # --scheduler and --workers
    (
        ["equity", HAND, "random", "--scheduler", "garbage"],
        1,
        "--scheduler 'garbage': missing port",
    ),
    (["equity", HAND, "random", "--scheduler", "foo://x:1"], 1, "unknown address scheme 'foo'"),
    (["equity", HAND, "random", "--workers", "10" * 9], 1, "--workers must be 1 .. "),
    (["simulate", "--workers", "0"], 1, "--workers must be 1 .. "),
    # the counts: one bound each, the library's
    (["odds", HAND, "--trials", "1"], 1, "--trials must be at least 2, got 1"),
    (["odds", HAND, "--trials", str(2**64)], 1, "--trials must be at most 9,007,199,254,740,992"),
    (["equity", HAND, "random", "--trials", str(10**30)], 1, "--trials must be at most"),
    (["discard", HAND, "--vs", "random", "--trials", str(2**64)], 1, "--trials must be at most"),
    (["simulate", "--hands", str(10**30)], 1, "--hands must be at most 18,014,398,509,481,984"),
    (["play", "--hands", str(2**60)], 1, "--hands must be at most 18,014,398,509,481,984"),
    (["simulate", "--hands", "20", "--threads", str(10**12)], 1, "--threads must be at most"),
    (["odds", HAND, "--threads", str(10**12)], 1, "--threads must be at most"),
    (["play", "--stack", str(10**23)], 1, "--stack: stacks, bets and blinds are at most 2\\*\\*40"),
    # --seed before anything is seeded from it, random bots included
    (["simulate", "--bots", "random,random", "--seed", "-1"], 1, "seed must be in 0 .. 2"),
    (["play", "--bots", "random,random", "--seed", str(2**64)], 1, "seed must be in 0 .. 2"),
    (["odds", HAND, "--seed", str(2**64)], 1, "seed must be in 0 .. 2"),
    # a 30,000-digit range is refused at once
    (["equity", HAND, "8" * 30_000], 1, "at most 256 characters, got 30,000"),
]


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file").write_text("not a folder\n", encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # play meets the end of its input
    return tmp_path


@pytest.mark.parametrize(("argv", "code", "message"), USER_ERRORS, ids=lambda v: str(v)[:40])
def test_a_user_error_is_one_badugi_line_and_exit_1_or_2(in_tmp, capsys, argv, code, message):
    assert main(argv) == code
    err = capsys.readouterr().err
    assert err.startswith("badugi: ") and err.count("\n") == 1, err[:300]
    assert len(err) < 400
    assert re.search(message, err), err


def _no_work(*args, **kwargs):
    raise AssertionError("the work started before its output was checked")


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", HAND, "--plot", "x.txt"],
        ["odds", HAND, "--plot", "missing/x.png"],
        ["simulate", "--plot", "x.txt"],
        ["simulate", "--plot", "missing/x.png"],
        ["simulate", "--save-hands", "2", "a-file/sub"],
    ],
)
def test_a_bad_output_path_is_refused_before_the_work(in_tmp, capsys, monkeypatch, argv):
    monkeypatch.setattr(draws_api, "draw_odds", _no_work)
    monkeypatch.setattr(simulation, "simulate", _no_work)
    assert main(argv) in (1, 2)
    assert capsys.readouterr().err.startswith("badugi: ")


def test_the_largest_seed_seeds_every_random_bot(in_tmp, capsys):
    """Seat i's random bot takes seed + i, modulo 2**64."""
    argv = ["simulate", "--bots", "random,random", "--hands", "20", "--seed", str(2**64 - 1)]
    assert main(argv) == 0
    assert "20 hands" in capsys.readouterr().out


def test_one_hands_standard_error_is_shown_undefined(in_tmp, capsys):
    assert main(["simulate", "--hands", "1", "--seed", "1"]) == 0
    assert "± undefined (one hand)" in capsys.readouterr().out
    assert main(["simulate", "--hands", "1", "--seed", "1", "--json"]) == 0
    assert '"stderr_per_100": null' in capsys.readouterr().out


SOLVE = ["solve", "--ranges", "8-", "9-", "--stacks", "20", "--no-progress"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--pot", "0"], "pot"),
        (["--pot", "12", "--structure", "no-limit", "--sizes", "1e308"], "sizes"),
        (["--pot", "12", "--korean", "--ante", "0"], "ante"),
        (["--pot", "12", "--korean", "--ante", "-1"], "ante"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else v,
)
def test_solve_refuses_a_value_it_cannot_use_in_one_line(
    in_tmp, capsys, monkeypatch, extra, message
):
    monkeypatch.setattr("badugi_fast.solve.api.run", _no_work)  # refused before the work
    assert main([*SOLVE, *extra]) == 1
    err = capsys.readouterr().err
    assert err.startswith("badugi: ") and err.count("\n") == 1, err[:300]
    assert re.search(message, err), err
