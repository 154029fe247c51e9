"""Every command has a description and examples, every option help with its default, and the
command line page of the docs site shows every command's ``--help`` as the parser prints it
(docs/hooks/cli_help.py puts it there when the site is built)."""

from __future__ import annotations

import argparse
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLI_PAGE = ROOT / "docs" / "cli.md"
HELP_BLOCK = re.compile(r"```text\n\$ (badugi[^\n]*--help)\n(.*?)```", re.DOTALL)


def _load_hook():
    spec = importlib.util.spec_from_file_location("cli_help", ROOT / "docs/hooks/cli_help.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hook = _load_hook()


def _commands() -> dict[str, argparse.ArgumentParser]:
    from badugi_fast.cli.main import build_parser

    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_command_has_a_description_and_an_example(name):
    command = _commands()[name]
    assert command.description and len(command.description) > 20
    assert command.epilog and command.epilog.startswith("examples:\n  badugi ")
    assert f"badugi {name}" in command.epilog


@pytest.mark.parametrize("name", sorted(_commands()))
def test_every_option_has_help_and_every_value_its_default(name):
    """A required option has no default to state."""
    for action in _commands()[name]._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help, f"{name} {action.dest} has no help"
        takes_value = action.nargs != 0 and action.option_strings and not action.required
        if takes_value and action.dest not in ("save", "plot", "save_hands", "vs", "discard"):
            assert "default" in action.help, f"{name} {action.option_strings} says no default"


def test_the_list_at_the_top_of_the_cli_page_shows_every_command():
    first_block = CLI_PAGE.read_text(encoding="utf-8").split("```sh\n", 1)[1].split("```")[0]
    listed = set(re.findall(r"^badugi (\w+)", first_block, re.MULTILINE))
    assert listed == set(_commands())


def test_the_defaults_users_asked_for_are_stated():
    assert "(default 10,000)" in hook.help_text(["simulate", "--help"])
    assert "(default drawer,drawer)" in hook.help_text(["simulate", "--help"])
    assert "threshold:R:C[:N]" in hook.help_text(["simulate", "--help"])
    assert "(default drawer)" in hook.help_text(["play", "--help"])
    assert "(default 1,000,000)" in hook.help_text(["equity", "--help"])
    assert "(default 3: a dealt hand in triple draw)" in hook.help_text(["odds", "--help"])


def test_the_cli_page_asks_for_the_generated_help_once():
    assert CLI_PAGE.read_text(encoding="utf-8").count(hook.MARKER) == 1


def test_the_generated_section_is_every_commands_help_as_the_badugi_command_prints_it():
    page = hook.on_page_markdown(CLI_PAGE.read_text(encoding="utf-8"), page=None)
    assert hook.MARKER not in page
    blocks = HELP_BLOCK.findall(page)
    shown = [tuple(command.split()[1:-1]) for command, _ in blocks]
    assert shown == [(), *((name,) for name in _commands())], "a command's help is missing"
    badugi = shutil.which("badugi") or pytest.skip("the badugi command is not installed")
    for command, text in blocks:
        printed = subprocess.run(
            [badugi, *command.split()[1:]], capture_output=True, text=True, check=True
        ).stdout
        assert text == printed, f"the page's `{command}` differs from the command's"


@pytest.mark.slow
def test_the_site_builds_strictly_with_the_help_in_it(tmp_path: Path):
    pytest.importorskip("mkdocs")
    site = tmp_path / "site"
    # -P: the hook imports the installed badugi_fast, not the source folder the build runs in.
    built = subprocess.run(
        [sys.executable, "-P", "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    html = (site / "cli" / "index.html").read_text(encoding="utf-8")
    assert "$ badugi simulate --help" in html
