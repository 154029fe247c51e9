"""MkDocs hook: the command line page's help text, taken from the live parser at build time.

``docs/cli.md`` holds the marker ``<!-- cli-help -->``; every build replaces it with
``badugi --help`` and each command's ``--help``, as the parser prints them, so the page cannot
fall behind the code. ``python docs/hooks/cli_help.py`` prints the same section.
tests/docs/test_cli_page.py checks the page carries the marker and the section is every
command's help.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from typing import Any

MARKER = "<!-- cli-help -->"


def _parser() -> argparse.ArgumentParser:
    from badugi_fast.cli.main import build_parser

    return build_parser()


def commands() -> list[str]:
    """The names of the ``badugi`` commands, in the parser's order."""
    # argparse has no public way to list a parser's subcommands.
    actions = _parser()._actions  # noqa: SLF001
    found = next(a for a in actions if isinstance(a, argparse._SubParsersAction))  # noqa: SLF001
    return list(found.choices)


def help_text(argv: list[str]) -> str:
    """What ``badugi *argv`` prints (argv ends with ``--help``)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            _parser().parse_args(argv)
        except SystemExit as done:
            if done.code != 0:
                raise
    return out.getvalue()


def help_section() -> str:
    """``badugi --help`` and every command's ``--help``, each a fenced text block under its own
    heading."""
    parts = []
    for argv in [[], *([name] for name in commands())]:
        shown = " ".join(["badugi", *argv, "--help"])
        title = f"`badugi {argv[0]}`" if argv else "`badugi`"
        parts.append(f"### {title}\n\n```text\n$ {shown}\n{help_text([*argv, '--help'])}```\n")
    return "\n".join(parts)


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    if MARKER in markdown:
        return markdown.replace(MARKER, help_section())
    return markdown


if __name__ == "__main__":
    print(help_section(), end="")
