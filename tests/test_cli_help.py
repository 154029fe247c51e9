"""Every command has a description and examples, every option help with its default, and the
README's command section is the `--help` text itself.

``python tests/test_cli_help.py`` prints the README's command section from the parser.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
from pathlib import Path

import pytest

from badugi_fast.cli.main import build_parser

README = Path(__file__).resolve().parent.parent / "README.md"
HELP_BLOCK = re.compile(r"```text\n\$ (badugi[^\n]*--help)\n(.*?)```", re.DOTALL)


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def help_text(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), _exits():
        build_parser().parse_args(argv)
    return out.getvalue()


@contextlib.contextmanager
def _exits():
    try:
        yield
    except SystemExit as done:
        assert done.code == 0


def readme_section() -> str:
    """The README's command section: `badugi --help` and each command's, as fenced blocks."""
    parts = [
        "### Command line\n",
        "Every command's `--help`, checked against the parser by tests/test_cli_help.py "
        "(`python tests/test_cli_help.py` prints this section).\n",
    ]
    for argv in [[]] + [[name] for name in _commands()]:
        shown = " ".join(["badugi", *argv, "--help"])
        parts.append(f"```text\n$ {shown}\n{help_text([*argv, '--help'])}```\n")
    return "\n".join(parts)


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_command_has_a_description_and_an_example(name):
    command = _commands()[name]
    assert command.description and len(command.description) > 20
    assert command.epilog and command.epilog.startswith("examples:\n  badugi ")
    assert f"badugi {name}" in command.epilog


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_option_has_help_and_every_value_its_default(name):
    for action in _commands()[name]._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help, f"{name} {action.dest} has no help"
        takes_value = action.nargs != 0 and action.option_strings
        if takes_value and action.dest not in ("save", "plot", "save_hands", "vs", "discard"):
            assert "default" in action.help, f"{name} {action.option_strings} says no default"


def test_the_defaults_users_asked_for_are_stated():
    assert "(default 10,000)" in help_text(["simulate", "--help"])
    assert "(default drawer,drawer)" in help_text(["simulate", "--help"])
    assert "threshold:R:C[:N]" in help_text(["simulate", "--help"])
    assert "(default drawer)" in help_text(["play", "--help"])
    assert "(default 1,000,000)" in help_text(["equity", "--help"])
    assert "(default 3: a dealt hand in triple draw)" in help_text(["odds", "--help"])


def test_readme_help_blocks_equal_the_help_output():
    blocks = HELP_BLOCK.findall(README.read_text(encoding="utf-8"))
    assert len(blocks) == len(_commands()) + 1, "the README holds every command's help"
    for command, text in blocks:
        argv = command.split()[1:]
        assert text == help_text(argv), f"README block `{command}` differs from the parser"
    shown = {tuple(command.split()[1:-1]) for command, _ in blocks}
    assert shown == {()} | {(name,) for name in _commands()}, "a command's help is missing"


if __name__ == "__main__":
    print(readme_section(), end="")
