"""The C core's units stand apart: no unit (a ``.c`` with its ``.h``, and its ``_inline.h`` of
``static inline`` bodies where it keeps one) reaches itself through its includes, and no file
includes another after its first function or struct body has closed (a header of bodies pulled
in halfway down a ``.c`` is how the old hand state hid its bots). Headers of ``static inline``
bodies are allowed, on purpose, when included at the top."""

from __future__ import annotations

import re
from pathlib import Path

from support.graphs import find_circle

CSRC = Path(__file__).resolve().parents[2] / "csrc"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def _unit(path: str) -> str:
    """A file's unit: its path from csrc/ without the suffix, ``_inline`` included
    ("game/hand_state" for hand_state.c, hand_state.h and hand_state_inline.h)."""
    return path.rsplit(".", 1)[0].removesuffix("_inline")


def unit_graph(csrc: Path) -> dict[str, set[str]]:
    """Each unit and the other units its files include."""
    graph: dict[str, set[str]] = {}
    for path in sorted(csrc.rglob("*")):
        if path.suffix not in (".c", ".h"):
            continue
        unit = _unit(path.relative_to(csrc).as_posix())
        for line in path.read_text(encoding="utf-8").splitlines():
            if match := INCLUDE.match(line):
                target = _unit(match.group(1))
                if target != unit:
                    graph.setdefault(unit, set()).add(target)
        graph.setdefault(unit, set())
    return graph


def late_includes(csrc: Path) -> list[str]:
    """Every include that follows a closed body (a line starting with ``}``), one line each."""
    found = []
    for path in sorted(csrc.rglob("*")):
        if path.suffix not in (".c", ".h"):
            continue
        closed = False
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("}"):
                closed = True
            elif closed and INCLUDE.match(line):
                found.append(f"{path.relative_to(csrc).as_posix()}:{number}: {line.strip()}")
    return found


def test_no_c_unit_reaches_itself_through_its_includes() -> None:
    assert find_circle(unit_graph(CSRC)) is None


def test_no_file_includes_another_below_a_body() -> None:
    assert late_includes(CSRC) == []


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_a_planted_circle_of_units_is_found(tmp_path: Path) -> None:
    """The old hand state's circle: hand_state.c includes the bots, whose header includes the
    blueprint's player, whose .c includes the hand state (a unit is a .c with its .h)."""
    root = _write(
        tmp_path,
        {
            "game/hand_state.h": "",
            "game/hand_state.c": '#include "game/hand_state.h"\n#include "game/bots.h"\n',
            "game/bots.h": '#include "blueprint/player.h"\n',
            "blueprint/player.h": "",
            "blueprint/player.c": '#include "blueprint/player.h"\n',
        },
    )
    assert find_circle(unit_graph(root)) is None
    (root / "blueprint" / "player.c").write_text(
        '#include "blueprint/player.h"\n#include "game/hand_state.h"\n'
    )
    assert find_circle(unit_graph(root)) == [
        "blueprint/player",
        "game/hand_state",
        "game/bots",
        "blueprint/player",
    ]


def test_a_planted_include_below_a_body_is_found(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "game/hand_state.c": '#include "game/hand_state.h"\n\nstatic int f(void)\n{\n'
            '    return 0;\n}\n\n#include "game/bots.h"\n'
        },
    )
    assert late_includes(root) == ['game/hand_state.c:8: #include "game/bots.h"']
