"""Odd input at the command line: each gets its documented exit code and a message in the user's
terms (0 done, 1 bad input, 2 usage error or unreadable input); a bug stays a traceback."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys

import pytest

from badugi_fast.cli import main

BADUGI = [sys.executable, "-m", "badugi_fast.cli"]


def badugi(*args, stdin=b"", **options):
    return subprocess.run([*BADUGI, *args], input=stdin, capture_output=True, **options)


def test_non_utf8_bytes_exit_2_from_stdin_and_from_a_file_alike(tmp_path):
    data = b"As 2d 3h 4c\n\xff\xfe 2d\nKc Kd Kh Ks\n"
    path = tmp_path / "hands.bin"
    path.write_bytes(data)
    from_stdin = badugi("eval", stdin=data)
    from_file = badugi("eval", "--file", str(path))
    for run in (from_stdin, from_file):
        assert run.returncode == 2
        assert run.stderr.decode().count("\n") == 1
        assert "cannot read the input as UTF-8 text" in run.stderr.decode()


def test_a_utf8_byte_order_mark_is_skipped_in_files_and_stdin(tmp_path):
    data = "\ufeffAs 2d 3h 4c\nKc Kd Kh Ks\n".encode()
    path = tmp_path / "bom.txt"
    path.write_bytes(data)
    for run in (badugi("eval", stdin=data), badugi("eval", "--file", str(path))):
        assert run.returncode == 0, run.stderr
        assert run.stdout.decode().splitlines()[0].split("\t")[:2] == ["As 2d 3h 4c", "1"]


def test_a_closed_stdin_is_named_and_exits_2():
    run = subprocess.run([*BADUGI, "eval"], stdin=subprocess.DEVNULL, capture_output=True)
    assert run.returncode == 0  # an empty stdin is no hands, not an error
    closed = subprocess.run(
        [*BADUGI, "eval"], capture_output=True, text=True, pass_fds=(), stdin=None,
        preexec_fn=lambda: os.close(0),
    )  # fmt: skip
    assert closed.returncode == 2
    assert closed.stderr == (
        "badugi: standard input is closed: give hands as arguments or with --file FILE\n"
    )


@pytest.mark.parametrize("trials", ["-5", "0", "1"])
def test_trials_below_two_are_refused_even_when_the_answer_is_exact(trials):
    for command in (["odds", "As 2d 3c 3h"], ["equity", "As 2d 3c Kc", "5s 6d 7c 8h"]):
        run = badugi(*command, "--draws", "1", "--trials", trials, text=True, stdin="")
        assert run.returncode == 1
        assert run.stderr == f"badugi: --trials must be at least 2, got {trials}\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--korean", "--small-bet", "-5"], "--small-bet must be at least 1, got -5"),
        (["simulate", "--korean", "--small-bet", "10"], "--small-bet is a casino option"),
        (["simulate", "--korean", "--ante", "0"], "--ante must be at least 1, got 0"),
        (["simulate", "--hands", "0"], "--hands must be at least 1, got 0"),
        (["simulate", "--stacks", "-1"], "--stacks must be at least 1, got -1"),
        (
            ["simulate", "--bots", "drawer,threshold:7:J:x"],
            "N (badugi cards to stay in on a draw) is 0..5",
        ),
        (["play", "--seat", "5"], "--seat must be 0..1 with 1 bot(s)"),
        (["lookup", "no such hand"], "unknown hand name 'no such hand'"),
    ],
)
def test_game_options_are_checked_in_the_users_terms(capsys, argv, message):
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "ante is at least" not in err


def test_unquoted_cards_are_read_four_at_a_time(capsys):
    assert main(["eval", "As", "2d", "3h", "4c", "Kc", "Kd", "Kh", "Ks"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[1] for line in out] == ["1", "1092"]
    assert main(["eval", "As", "2d", "3h", "4c", "Kc", "Kd"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("badugi: 6 single cards make no whole number of hands")
    assert "Kc Kd left over" in err


def test_bare_eval_on_a_terminal_says_it_reads_stdin():
    pid, fd = pty.fork()
    if pid == 0:  # the child: stdin, stdout and stderr are the terminal
        os.execv(sys.executable, [*BADUGI, "eval"])
    seen = b""
    while b"Ctrl-D" not in seen:
        ready, _, _ = select.select([fd], [], [], 30)
        assert ready, f"no prompt on the terminal, got {seen!r}"
        seen += os.read(fd, 1024)
    os.write(fd, b"As 2d 3h 4c\n\x04")
    while True:
        ready, _, _ = select.select([fd], [], [], 30)
        try:
            chunk = os.read(fd, 1024) if ready else b""
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"reading hands from standard input" in seen
    assert b"4-3-2-A badugi" in seen


def test_a_programming_error_is_a_traceback_not_exit_1(monkeypatch):
    from badugi_fast.cli.commands import hands as hand_commands

    def broken(*args, **kwargs):
        raise ValueError("a bug, not bad input")

    monkeypatch.setattr(hand_commands, "hand_line", broken)
    with pytest.raises(ValueError, match="a bug"):
        main(["eval", "As 2d 3h 4c"])


def test_exit_codes_through_a_real_process(tmp_path):
    assert badugi("eval", "As 2d 3h 4c").returncode == 0
    assert badugi("eval", "As 2d 3h Zz").returncode == 1
    assert badugi("eval", "--file", str(tmp_path / "missing.txt")).returncode == 2
    assert badugi("frobnicate").returncode == 2
    bug = badugi("odds", "As 2d 3c 3h", "--draws", "x")
    assert bug.returncode == 2 and b"invalid int value" in bug.stderr
