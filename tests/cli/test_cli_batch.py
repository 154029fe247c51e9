"""eval and compare read files through the batch path: the same bytes as one hand at a time."""

from __future__ import annotations

import json
from itertools import combinations

import numpy as np
import pytest
from support.interrupt import ctrl_c_on

from badugi_fast import describe, evaluate_many, random_hands
from badugi_fast.cli import main
from badugi_fast.cli.commands import hands as hand_commands
from badugi_fast.cli.commands.hands import hand_json, hand_line
from badugi_fast.cli.io import batch


def _one_at_a_time(cards, korean=False, as_json=False):
    lines = []
    for row in cards:
        hand = describe(tuple(int(c) for c in row))
        text = (
            json.dumps(hand_json(hand), ensure_ascii=False) if as_json else hand_line(hand, korean)
        )
        lines.append(text + "\n")
    return "".join(lines).encode()


def _one_hand_of_every_rank():
    every = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    ranks = evaluate_many(every)
    _, first = np.unique(ranks, return_index=True)
    return every[first]


@pytest.mark.parametrize(("korean", "as_json"), [(False, False), (True, False), (False, True)])
def test_batch_lines_equal_the_per_hand_lines_for_every_rank_and_random_hands(korean, as_json):
    cards = np.concatenate([_one_hand_of_every_rank(), random_hands(3000, seed=7)])
    rng = np.random.default_rng(1)
    cards = rng.permuted(cards, axis=1)  # any order of the cards within a hand
    texts = hand_commands.line_texts(korean and not as_json, as_json)
    got = b"".join(bytes(block) for block in batch.format_lines(cards, texts, block_rows=999))
    assert got == _one_at_a_time(cards, korean, as_json)


def _file_with_everything(tmp_path):
    """Good hands, a blank line, comments, a bad card, a three-card line, Korean symbols."""
    hands = [" ".join(str(c) for c in describe(tuple(int(x) for x in row)).dealt)
             for row in random_hands(2500, seed=3)]  # fmt: skip
    lines = [*hands[:1000], "", "# a comment", "As 2d 3h Zz", "  ♠A ♣4 ♦5 ♦6  "]
    lines += [*hands[1000:2000], "As 2d 3h", "   # indented comment", *hands[2000:]]
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, lines


def _expected(lines, korean=False, as_json=False):
    out, err = [], []
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            hand = describe(text)
        except ValueError as error:
            err.append(f"badugi: line {number}: {error}\n")
            continue
        out.append((json.dumps(hand_json(hand), ensure_ascii=False) if as_json
                    else hand_line(hand, korean)) + "\n")  # fmt: skip
    return "".join(out), "".join(err)


@pytest.mark.parametrize("options", [[], ["--ko"], ["--json"]])
def test_eval_file_output_equals_one_hand_at_a_time_with_bad_lines_reported(
    capsys, tmp_path, monkeypatch, options
):
    path, lines = _file_with_everything(tmp_path)
    monkeypatch.setattr(hand_commands, "ROWS_PER_WRITE", 700)
    code = main(["eval", "--file", str(path), *options])
    captured = capsys.readouterr()
    out, err = _expected(lines, "--ko" in options, "--json" in options)
    assert code == 1
    assert captured.out == out
    assert captured.err == err
    assert err.count("\n") == 2 and "line 1003: unknown card 'Zz'" in err


def test_eval_writes_the_same_text_to_a_stdout_without_a_byte_buffer(tmp_path, monkeypatch):
    import io

    path, lines = _file_with_everything(tmp_path)
    sink = io.StringIO()  # no .buffer: the lines are decoded and written as text
    monkeypatch.setattr("sys.stdout", sink)
    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert main(["eval", "--ko", "--file", str(path)]) == 1
    assert sink.getvalue() == _expected(lines, korean=True)[0]


def test_eval_reads_stdin_in_blocks_with_the_same_output(capsys, tmp_path, monkeypatch):
    import io

    from badugi_fast.cli.io import sources

    path, lines = _file_with_everything(tmp_path)
    monkeypatch.setattr(sources, "BLOCK_CHARS", 4096)  # many blocks, lines split across them
    monkeypatch.setattr("sys.stdin", io.StringIO(path.read_text(encoding="utf-8")))
    code = main(["eval"])
    captured = capsys.readouterr()
    assert code == 1 and (captured.out, captured.err) == _expected(lines)


def test_compare_file_numbers_every_hand_and_names_the_winner(capsys, tmp_path):
    path = tmp_path / "hands.txt"
    rows = random_hands(1500, seed=11)
    texts = [" ".join(str(c) for c in describe(tuple(int(x) for x in r)).dealt) for r in rows]
    path.write_text("\n".join(texts) + "\n", encoding="utf-8")
    assert main(["compare", "--file", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1501
    assert out[41] == f"#42\t{hand_line(describe(texts[41]), False)}"
    ranks = evaluate_many(rows)
    best = [i + 1 for i in np.flatnonzero(ranks == ranks.min())]
    expected = " ".join(f"#{i}" for i in best)
    assert out[-1] == ("winner: " if len(best) == 1 else "split pot: ") + expected
    assert main(["compare", "--json", "--file", str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["winners"] == [i - 1 for i in best]
    assert result["hands"][41] == hand_json(describe(texts[41]))


@pytest.mark.slow
def test_ctrl_c_while_eval_writes_a_big_file_exits_130_between_blocks(tmp_path):
    """The output stops mid-file: the reader of the pipe waits, the command blocks writing a
    block, SIGINT arrives, and the command ends with 130 and no traceback."""
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "big.txt"
    row = "As 2d 3h 4c\nKc Kd Kh Ks\n"
    path.write_text(row * 300_000, encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "badugi_fast.cli", "eval", "--json", "--file", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=ctrl_c_on,
    )  # fmt: skip
    assert process.stdout is not None
    first = process.stdout.read(4096)  # it has started writing; the pipe then fills up
    time.sleep(0.5)
    assert process.poll() is None, "the command finished before the pipe filled"
    process.send_signal(signal.SIGINT)
    rest, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert b"Traceback" not in err
    assert first.startswith(b'{"hand": ["As", "2d", "3h", "4c"], "rank": 1,')
    assert len(first + rest) < 600_000 * 200  # stopped before the end
