"""What every command shares: exit codes, the one kind of error that means "bad input", output.

Exit status: 0 on success; 1 for bad input (a hand or card that cannot be read, an illegal
action, draws, trials or limits out of range, ...); 2 for a usage error or an input that cannot
be read (a missing file, bytes that are not UTF-8 text, a closed stdin); 130 after Ctrl-C.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from .._runtime.validate import check_seed


class Commands(Protocol):
    """What ``add_subparsers`` returns: each command family adds its commands to it."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser: ...


EXIT_OK, EXIT_BAD_INPUT, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


class BadInput(ValueError):
    """A value the user gave that the library or the command refused: exit code 1, one line."""


class UnreadableInput(OSError):
    """Input that cannot be read at all (closed stdin, bytes that are not UTF-8): exit code 2."""


@contextmanager
def user_values(what: str | None = None) -> Iterator[None]:
    """Around a library call that takes the user's values: the library raises ValueError or
    TypeError only for bad arguments, so here (and only here) they mean bad input. A
    ValueError or TypeError anywhere else is a bug and stays a traceback."""
    try:
        yield
    except (ValueError, TypeError) as error:
        raise BadInput(f"{what}: {error}" if what else str(error)) from error


def dump(obj: Any) -> str:
    """One JSON value on one line, UTF-8 text kept as it is (Korean names stay readable)."""
    return json.dumps(obj, ensure_ascii=False)


def error(where: str, problem: Exception | str) -> None:
    print(f"badugi: {where}: {problem}", file=sys.stderr)


def progress_wanted(args: argparse.Namespace) -> bool:
    """A progress bar only for a person watching: not with --json, --no-progress or no TTY."""
    return not args.json and not args.no_progress and sys.stderr.isatty()


def percent(p: float) -> str:
    return f"{100 * p:.2f}%"


def positive(name: str, value: int | None, most: int | None = None, least: int = 1) -> int | None:
    """A count the user gave (trials, hands, threads): ``least`` .. ``most`` whenever given,
    even if unused; ``most`` is the library's own bound for the quantity, so the command and
    the function it calls draw the line at the same place."""
    if value is not None and value < least:
        raise BadInput(f"{name} must be at least {least}, got {value}")
    if value is not None and most is not None and value > most:
        raise BadInput(f"{name} must be at most {most:,}, got {value:,}")
    return value


def checked_seed(seed: int | None) -> int | None:
    """--seed checked before anything is seeded from it (bots too): 0 .. 2**64-1."""
    with user_values("--seed"):
        check_seed(seed)
    return seed


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Epilogs keep their example lines; every option's default is in its help text already."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30, width=100)
