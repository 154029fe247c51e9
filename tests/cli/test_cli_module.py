"""``python -m badugi_fast`` is the ``badugi`` command, and the README's first command reads the
hands file the repository ships (``examples/hands.txt``) into the lines the README shows."""

from __future__ import annotations

import re
import subprocess
import sys

from support.paths import REPO


def _readme_output() -> list[str]:
    """The text block the README shows after its two install commands."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```text\n(.*?)```", readme, re.S)
    assert block is not None
    return block.group(1).splitlines()


def test_python_dash_m_badugi_fast_reads_the_shipped_hands_as_the_readme_shows() -> None:
    hands = (REPO / "examples" / "hands.txt").read_text(encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "badugi_fast", "eval", "--ko"],
        input=hands,
        capture_output=True,
        text=True,
        check=True,
        cwd="/",
    )
    assert out.stdout.splitlines() == _readme_output()


def test_python_dash_m_badugi_fast_names_a_bad_command() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "badugi_fast", "no-such-command"],
        capture_output=True,
        text=True,
        cwd="/",
    )
    assert out.returncode == 2 and "no-such-command" in out.stderr
