"""badugi play for a person at a terminal (English and Korean), --save and badugi replay."""

from __future__ import annotations

import os
import pty
import select
import signal
import sys

from support.cli import run
from support.interrupt import ctrl_c_on

from badugi_fast.cli import main
from badugi_fast.notation import phh


def test_korean_play_speaks_korean_throughout(capsys, monkeypatch):
    script = "help\n체크\n" + "패스\n체크\n" * 3 + "quit\n"
    code, out, _ = run(capsys, ["play", "--korean", "--ko", "--seed", "3"], script, monkeypatch)
    assert code == 0
    assert "선은 1번" in out and "참가자: 0번 (나), 1번 (drawer)" in out
    assert "0번 (나) 앤티 1" in out
    assert "아침: 최대 3장까지 바꿀 수 있음" in out and "점심: 최대 2장까지" in out
    assert "내 패 8c 5s 7h 6h (568 베이스)" in out  # the 족보 of my hand at each decision
    assert "하프 1: 지금 1칩을 내고, 이번 라운드 내 베팅은 1" in out  # help explains amounts
    assert "0번 (나) 콜" in out  # 체크 where only 선 may check: a 콜 of nothing
    assert "0번 (나) 패스 (안 바꿈)" in out
    for english in ("seat", "call", "pot", "draw up to", "stands pat", "total"):
        assert english not in out
    assert out.splitlines()[-1].endswith("합계: +0칩") or "판 합계:" in out.splitlines()[-1]


def test_words_a_player_types_raise_and_check_aliases(capsys, monkeypatch):
    script = "레이즈\nquit\n"
    code, out, _ = run(capsys, ["play", "--seed", "3"], script, monkeypatch)
    assert code == 0
    assert "seat 0 (you) raise 3" in out and "seat 1 (drawer) fold" in out
    assert out.splitlines()[-1] == "total over 1 hand(s): +2 chips"


def test_a_word_it_does_not_know_lists_the_legal_moves(capsys, monkeypatch):
    code, out, _ = run(capsys, ["play", "--seed", "3"], "dance\nquit\n", monkeypatch)
    assert code == 0
    assert "not allowed: type one of: fold, call 1, raise 3; or help, quit" in out
    assert "pot 3, to call 1" in out and "stacks: 199 198" in out
    assert "the button is seat 0" in out and "seat 1 (drawer)" in out


def test_save_writes_full_histories_that_replay(capsys, monkeypatch, tmp_path):
    script = "call\n" + ("pat\ncheck\ncall\n" * 8) + "call\n" * 10
    argv = ["play", "--seed", "4", "--hands", "2", "--save", str(tmp_path), "--bots", "drawer"]
    code, _out, _ = run(capsys, argv, script, monkeypatch)
    assert code == 0
    files = sorted(tmp_path.glob("*.phh"))
    assert [f.name for f in files] == ["hand-00001.phh", "hand-00002.phh"]
    text = files[0].read_text(encoding="utf-8")
    assert "??" not in text and 'players = ["drawer", "you"]' in text
    game = phh.loads(text)  # every card is there: it replays
    assert game.done
    # replay: everything, then as seat 1 (the bot) saw it, in Korean
    assert main(["replay", str(files[0])]) == 0
    full = capsys.readouterr().out
    assert main(["replay", "--seat", "1", "--ko", str(files[0])]) == 0
    seen = capsys.readouterr().out
    assert "?? ?? ?? ??" not in full
    assert "0번 (you): ?? ?? ?? ??" in seen  # my cards, hidden from seat 1
    assert "1번 (나): " in seen and "?? ??" not in seen.split("1번 (나): ")[1].splitlines()[0]


def test_replay_refuses_a_bad_history_with_exit_1(capsys, tmp_path):
    path = tmp_path / "bad.phh"
    path.write_text('variant = "NT"\n', encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "the history: only badugi" in capsys.readouterr().err


def _read_until(fd, wanted, seen=b""):
    while wanted not in seen:
        ready, _, _ = select.select([fd], [], [], 30)
        assert ready, f"waited for {wanted!r}, got {seen[-300:]!r}"
        seen += os.read(fd, 4096)
    return seen


def test_play_at_a_real_terminal_and_ctrl_c_ends_with_the_total():
    pid, fd = pty.fork()
    if pid == 0:
        ctrl_c_on()
        os.execv(sys.executable, [sys.executable, "-m", "badugi_fast.cli", "play", "--seed", "3",
                                  "--hands", "3"])  # fmt: skip
    seen = _read_until(fd, b"raise 3\r\n")
    os.write(fd, b"help\n")
    seen = _read_until(fd, b"your bet this round becomes 4", seen)
    os.kill(pid, signal.SIGINT)
    seen = _read_until(fd, b"chips", seen)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"raise 3: puts in 3 now; your bet this round becomes 4" in seen
    assert b"-- you left hand 1: the 1 chip(s) you put in are lost" in seen  # the small blind
    assert b"total over 1 hand(s): -1 chips" in seen
    assert b"Traceback" not in seen


# Seed 1, seat 0: the drawer shows a better hand first and the person, still in, would muck.
BEATEN = "call\n" + "pat\ncheck\n" * 3


def test_a_beaten_person_is_asked_and_yes_shows_the_hand(capsys, monkeypatch):
    code, out, _ = run(capsys, ["play", "--seed", "1"], BEATEN + "y\n", monkeypatch)
    assert code == 0
    lines = out.splitlines()
    asked = lines.index("your hand is beaten by a hand shown: show it anyway? [y/N]")
    assert lines[asked - 1] == "seat 1 (drawer) shows Ah 5s 2d 8d: three-card 5-2-A"
    assert lines[asked + 1].startswith("seat 0 (you) shows ")  # shown after the question
    assert "mucks" not in out
    assert "seat 1 (drawer) wins 4" in out and "-- you lost 2" in out  # showing changes no pot


def test_a_beaten_person_who_says_no_or_nothing_mucks(capsys, monkeypatch):
    for answer in ("n\n", "\n", ""):  # no, blank, the end of input: all mean no
        code, out, _ = run(capsys, ["play", "--seed", "1"], BEATEN + answer, monkeypatch)
        assert code == 0
        assert "show it anyway? [y/N]" in out
        assert "seat 0 (you) mucks (the hand is not shown)" in out
        assert "seat 0 (you) shows" not in out
        assert "seat 1 (drawer) wins 4" in out and out.splitlines()[-1].endswith("-2 chips")


def test_the_question_and_the_muck_in_korean(capsys, monkeypatch):
    code, out, _ = run(capsys, ["play", "--ko", "--seed", "1"], BEATEN + "네\n", monkeypatch)
    assert code == 0 and "이미 공개된 패에 졌습니다. 패를 보여줄까요? [y/N]" in out
    assert "0번 (나) 패 공개 " in out
    code, out, _ = run(capsys, ["play", "--ko", "--seed", "1"], BEATEN + "\n", monkeypatch)
    assert "0번 (나) 패를 보여주지 않고 버림" in out and "0번 (나) 패 공개" not in out


def test_a_bot_s_mucked_hand_never_appears(capsys, monkeypatch, tmp_path):
    # Seed 14, seat 1: the person (left of the button) shows first and wins; the drawer mucks.
    script = "call\ncheck\npat\n" * 10
    argv = ["play", "--seed", "14", "--seat", "1", "--save", str(tmp_path)]
    code, out, _ = run(capsys, argv, script, monkeypatch)
    assert code == 0
    assert "seat 0 (drawer) mucks (the hand is not shown)" in out
    assert "show it anyway" not in out  # the person wins: nothing to ask
    game = phh.loads((tmp_path / "hand-00001.phh").read_text(encoding="utf-8"))
    (muck,) = [e for e in game.history if e.kind == "muck"]  # the full history keeps it
    assert len(muck.cards) == 4  # (PHH numbers the seats from the button's left)
    assert " ".join(str(c) for c in muck.cards) not in out
    assert "seat 0 (drawer) shows" not in out


def test_play_prints_its_seed_and_the_run_repeats_with_it(capsys, monkeypatch):
    """No --seed: one is drawn and printed first; --seed with it deals the same hands, and the
    random bot, seeded from it, plays the same moves."""
    script = "call\n" + "pat\ncheck\ncall\n" * 4 + "call\n" * 6
    code, out, _ = run(capsys, ["play", "--hands", "2", "--bots", "random"], script, monkeypatch)
    first = out.splitlines()[0]
    seed = int(first.split()[1])
    assert code == 0 and first == f"seed {seed} (repeat with --seed {seed})"
    argv = ["play", "--hands", "2", "--bots", "random", "--seed", str(seed)]
    assert run(capsys, argv, script, monkeypatch)[1] == out
    korean = run(capsys, [*argv, "--ko"], "quit\n", monkeypatch)[1]
    assert korean.splitlines()[0] == f"시드 {seed} (같은 판 다시: --seed {seed})"


def test_saved_hands_carry_the_runs_seed_and_their_number(capsys, monkeypatch, tmp_path):
    script = "call\n" + ("pat\ncheck\ncall\n" * 8) + "call\n" * 10
    argv = ["play", "--seed", "4", "--hands", "2", "--save", str(tmp_path)]
    assert run(capsys, argv, script, monkeypatch)[0] == 0
    for number, path in enumerate(sorted(tmp_path.glob("*.phh")), start=1):
        text = path.read_text(encoding="utf-8")
        assert text.endswith(f"_seed = 4\n_hand = {number}\n")
        assert phh.loads(text).done  # still a history that replays
    assert number == 2


def test_a_size_typed_in_fixed_limit_is_answered_not_silently_replaced(capsys, monkeypatch):
    code, out, _ = run(capsys, ["play", "--seed", "3"], "raise 100\nquit\n", monkeypatch)
    lines = out.splitlines()
    noted = lines.index("  raise 3 puts in 3 here, not 100: the limit sets the size")
    assert code == 0 and lines[noted + 1] == "seat 0 (you) raise 3"
    out = run(capsys, ["play", "--seed", "3"], "raise 3\nquit\n", monkeypatch)[1]
    assert "the limit sets the size" not in out  # the size it is: nothing to say


def test_throwing_a_card_not_in_hand_is_said_to_the_person_not_to_seat_0(capsys, monkeypatch):
    code, out, _ = run(capsys, ["play", "--seed", "3"], "call\ndraw Kh\nquit\n", monkeypatch)
    assert code == 0
    assert "  not allowed: you can throw only cards of your hand (Kh not in it)" in out
    assert "seat 0 can only throw" not in out
    out = run(capsys, ["play", "--seed", "3", "--ko"], "call\nKh\nquit\n", monkeypatch)[1]
    assert "  할 수 없음: 내 패에 있는 카드만 바꿀 수 있음 (Kh 없음)" in out


def test_quitting_part_way_through_a_hand_loses_the_chips_put_in(capsys, monkeypatch):
    """The small blind and a call are 2 chips in: leaving is a fold, not +0."""
    code, out, _ = run(capsys, ["play", "--seed", "3"], "call\nquit\n", monkeypatch)
    assert code == 0
    assert out.splitlines()[-2:] == [
        "-- you left hand 1: the 2 chip(s) you put in are lost",
        "total over 1 hand(s): -2 chips",
    ]


def test_a_card_of_the_hand_is_thrown_and_an_unknown_card_named(capsys, monkeypatch):
    out = run(capsys, ["play", "--seed", "3"], "call\ndraw 8c\nquit\n", monkeypatch)[1]
    assert "seat 0 (you) draws 1 (got 9c)" in out
    out = run(capsys, ["play", "--seed", "3"], "call\ndraw Zz\nquit\n", monkeypatch)[1]
    assert "  not allowed: unknown card 'Zz'" in out
