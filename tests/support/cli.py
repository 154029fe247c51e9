"""The CLI run in this process, as the CLI tests run it."""

from __future__ import annotations

import io
from typing import Any

from badugi_fast.cli import main


def run(
    capsys: Any, argv: list[str], stdin: str | None = None, monkeypatch: Any = None
) -> tuple[int, str, str]:
    """``badugi ARGV``'s exit code, standard output and standard error; ``stdin`` (set through
    ``monkeypatch``) is what it reads."""
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err
