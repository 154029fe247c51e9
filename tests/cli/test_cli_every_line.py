"""`eval` and `compare` on files holding every kind of line the reader meets, against the
per-line path: each line read alone (``describe`` of the stripped line, ``hand_line`` or
``hand_json`` of the hand, ``badugi: line N: <error>`` for a line it refuses).

The kinds: good hands in every accepted spelling (symbols, run together, commas, tabs, "10"),
blank lines and lines of separators only, comments (indented too), a comment after a hand, bad
tokens, too few and too many cards, a duplicate card, a line longer than any hand text, a byte-
order mark at the start and one inside, CRLF and lone CR line ends, no newline at the end,
non-breaking spaces and other Unicode whitespace, and bytes that are not UTF-8. Files are read as
text with universal newlines (CR, LF, CRLF) after a UTF-8 BOM is skipped, so the per-line path
reads them the same way; the output must be the same bytes, the errors the same lines, the
exit code the same.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.cli import run

from badugi_fast import describe, random_hands
from badugi_fast.cards import format_cards
from badugi_fast.cli.commands import hands as hand_commands
from badugi_fast.cli.commands.hands import hand_json, hand_line
from badugi_fast.cli.io import sources
from badugi_fast.errors import InvalidHandError

GOOD = [format_cards(row) for row in random_hands(400, seed=15).tolist()]
ODD_LINES = [
    "", "   ", ",,,", " , \t", "# comment", "   # indented comment", "#",
    "As 2d 3h 4c # a comment after a hand", "As 2d 3h Zz", "As 2d 3h", "As 2d 3h 4c 5s",
    "As As 3h 4c", "As2d3h4c", "as 2D 3H 4C", "A♠ 2♣ 3♦ 4♥", "♠A ♣4 ♦5 ♦6", "10s 2d 3h 4c",
    "Ts,2d,3h,4c", "A♤ 2♧ 3◇ 4♡", "A♠️ 2♣️ 3♦️ 4♥️", "As\t2d\t3h\t4c", "  Kc Kd Kh Ks  ",
    "As 2d 3h 4c" + " " * 300, "As " + "x" * 5000, "\u00a0", "As\u00a02d 3h 4c",
    "\ufeffAs 2d 3h 4c", "1s 2d 3h 4c", "ÅS 2d 3h 4c", "한글 패", "As 2d 3h 4c\x0b", "\x0c",
    "As\u20032d 3h 4c", "A s 2 d 3h 4c", "As, 2d, 3h, 4c,",
]  # fmt: skip
OPTIONS = [["eval"], ["eval", "--ko"], ["eval", "--json"], ["eval", "--json", "--ko"],
           ["compare"], ["compare", "--ko"], ["compare", "--json"]]  # fmt: skip


def _render(hand, korean: bool, as_json: bool) -> str:
    return json.dumps(hand_json(hand), ensure_ascii=False) if as_json else hand_line(hand, korean)


def _lines(data: bytes) -> list[str] | str:
    """The file's lines as the reader sees them, or the message of its decoding error."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        return f"badugi: cannot read the input as UTF-8 text ({error.reason})\n"
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _hands(lines: list[str]):
    """(line number, hand or the error it raised) for every line that is not blank or a comment."""
    for number, line in enumerate(lines, start=1):
        if not line.replace(",", " ").strip() or line.lstrip().startswith("#"):
            continue
        try:
            yield number, describe(line.strip())
        except InvalidHandError as error:
            yield number, error


def per_line(data: bytes, argv: list[str]) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of the per-line path (a file read in one block)."""
    korean, as_json = "--ko" in argv, "--json" in argv
    lines = _lines(data)
    if isinstance(lines, str):
        return 2, "", lines
    read = list(_hands(lines))
    errors = [f"badugi: line {n}: {hand}\n" for n, hand in read if isinstance(hand, Exception)]
    if argv[0] == "eval":
        out = [_render(h, korean, as_json) + "\n" for _, h in read if not isinstance(h, Exception)]
        return (1 if errors else 0), "".join(out), "".join(errors)
    if errors:
        return 1, "", errors[0]
    hands = [hand for _, hand in read]
    if len(hands) < 2:
        return 2, "", "badugi: compare needs at least two hands\n"
    best = min(hand.rank for hand in hands)
    winners = [i for i, hand in enumerate(hands) if hand.rank == best]
    if as_json:
        objects = ", ".join(_render(hand, False, True) for hand in hands)
        return 0, f'{{"hands": [{objects}], "winners": {json.dumps(winners)}}}\n', ""
    out = [f"#{i}\t{_render(hand, korean, False)}\n" for i, hand in enumerate(hands, start=1)]
    numbers = " ".join(f"#{i + 1}" for i in winners)
    if len(winners) == 1:
        out.append(f"{'승' if korean else 'winner'}: {numbers}\n")
    else:
        out.append(f"{'무승부 (판돈 분할)' if korean else 'split pot'}: {numbers}\n")
    return 0, "".join(out), ""


def _every_kind(good_between: int = 7) -> list[str]:
    lines: list[str] = []
    for i, odd in enumerate(ODD_LINES):
        lines += [*GOOD[i * good_between : (i + 1) * good_between], odd]
    return lines


FILES = {
    "every kind, BOM, LF": "\ufeff" + "\n".join(_every_kind()) + "\n",
    "every kind, CRLF, no newline at the end": "\r\n".join(_every_kind()),
    "lone CR line ends": "\r".join(GOOD[:50]) + "\r",
    "good hands only": "\n".join(GOOD) + "\n",
    "comments and blanks only": "# a\n\n   # b\n ,\n",
    "empty": "",
    "one hand": "As 2d 3h 4c",
}


def _run(capsys, path, argv) -> tuple[int, str, str]:
    return run(capsys, [*argv, "--file", str(path)])


@pytest.mark.parametrize("argv", OPTIONS, ids=" ".join)
@pytest.mark.parametrize("name", list(FILES))
def test_every_kind_of_line_gives_the_per_line_output_errors_and_exit_code(
    capsys, tmp_path, monkeypatch, name, argv
):
    path = tmp_path / "hands.txt"
    data = FILES[name].encode()
    path.write_bytes(data)
    monkeypatch.setattr(hand_commands, "ROWS_PER_WRITE", 5)  # many blocks of output
    assert _run(capsys, path, argv) == per_line(data, argv)


@pytest.mark.parametrize("argv", OPTIONS, ids=" ".join)
def test_bytes_that_are_not_utf8_exit_2_with_the_decoder_s_reason(capsys, tmp_path, argv):
    data = "\n".join(GOOD[:20]).encode() + b"\nAs 2d \xff3h 4c\n" + "\n".join(GOOD[20:40]).encode()
    path = tmp_path / "hands.bin"
    path.write_bytes(data)
    expected = (2, "", "badugi: cannot read the input as UTF-8 text (invalid start byte)\n")
    assert per_line(data, argv) == expected
    assert _run(capsys, path, argv) == expected


def test_the_real_command_writes_the_same_bytes_from_stdin_and_a_file(tmp_path):
    data = FILES["every kind, BOM, LF"].encode()
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    for argv in (["eval", "--json"], ["eval", "--ko"]):
        code, out, err = per_line(data, argv)
        for extra, stdin in ((["--file", str(path)], b""), ([], data)):
            run = subprocess.run(
                [sys.executable, "-m", "badugi_fast.cli", *argv, *extra],
                input=stdin, capture_output=True, check=False,
            )  # fmt: skip
            assert (run.returncode, run.stdout, run.stderr) == (code, out.encode(), err.encode())


line_kinds = st.one_of(
    st.sampled_from(GOOD),
    st.sampled_from(ODD_LINES),
    st.text(alphabet="As2d3h4cKT10♠♦ ,#\t", max_size=14),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    lines=st.lists(line_kinds, max_size=40),
    newline=st.sampled_from(["\n", "\r\n", "\r"]),
    bom=st.booleans(),
    argv=st.sampled_from(OPTIONS),
    block_chars=st.integers(8, 200),
)
def test_any_mix_of_lines_read_in_any_blocks_gives_the_per_line_output(
    capsys, tmp_path, monkeypatch, lines, newline, bom, argv, block_chars
):
    data = (("\ufeff" if bom else "") + newline.join(lines)).encode()
    path = tmp_path / "mix.txt"
    path.write_bytes(data)
    monkeypatch.setattr(sources, "BLOCK_CHARS", block_chars)  # lines split across blocks
    monkeypatch.setattr(hand_commands, "ROWS_PER_WRITE", 3)
    assert _run(capsys, path, argv) == per_line(data, argv)


@pytest.mark.parametrize("block_chars", [8, 4096])
def test_a_second_byte_order_mark_is_text_in_any_block_size(
    capsys, tmp_path, monkeypatch, block_chars
):
    """utf-8-sig drops the first BOM; the block reader must not drop the next one too."""
    data = "\ufeff\ufeffAs 2d 3h 4c\n5s 6d 7c 8h\n".encode()
    path = tmp_path / "two_boms.txt"
    path.write_bytes(data)
    monkeypatch.setattr(sources, "BLOCK_CHARS", block_chars)
    code, out, err = _run(capsys, path, ["eval"])
    assert (code, out, err) == per_line(data, ["eval"])
    assert code == 1 and "line 1" in err and out.count("\n") == 1
