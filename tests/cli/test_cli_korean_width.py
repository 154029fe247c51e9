"""--ko tables line up on a terminal, where a Hangul syllable takes two columns, and speak Korean
in their headers and labels too (issue 33 item 11)."""

from __future__ import annotations

import pytest

from badugi_fast.cli import main
from badugi_fast.cli.words import display_width, pad

SOLVE = ["solve", "--ranges", "7-", "T-", "--pot", "10", "--stacks", "50", "--korean",
         "--iterations", "20", "--no-progress"]  # fmt: skip


def _right_edges(line: str) -> list[int]:
    edges, column = [], 0
    for i, char in enumerate(line):
        column += display_width(char)
        if char != " " and (i + 1 == len(line) or line[i + 1] == " "):
            edges.append(column)
    return edges


@pytest.mark.parametrize("korean", [True, False])
def test_the_solve_table_lines_up_by_display_columns(capsys, korean):
    assert main([*SOLVE, "--ko"] if korean else SOLVE) == 0
    lines = capsys.readouterr().out.splitlines()
    table = lines[3:]
    header, rows = table[0], table[1:]
    assert rows and all(display_width(row) == display_width(header) for row in rows)
    # every number ends where its column's header ends (the class names are left-aligned)
    numbers = [edges[-7:] for edges in map(_right_edges, rows)]
    assert all(len(set(column)) == 1 for column in zip(*numbers, strict=True))
    assert set(numbers[0]) <= set(_right_edges(header)), (header, rows[0])
    if korean:
        assert header.split()[:3] == ["족보", "패", "수"]
        assert lines[0].startswith("가치: 1번 ") and lines[1].startswith("착취 가능성: ")
        assert lines[2].startswith("1번의 첫 결정")
        assert not any(word in "\n".join(lines) for word in ("class", "value", "player"))
    else:
        assert header.split()[:3] == ["class", "hands", "share"]


def test_display_width_counts_a_hangul_syllable_as_two_columns():
    assert display_width("7메이드") == 7 and display_width("class") == 5
    assert pad("7메이드", 10) == "7메이드   " and pad("하프 5", 9, right=True) == "   하프 5"
    assert pad("too long for it", 4) == "too long for it"
