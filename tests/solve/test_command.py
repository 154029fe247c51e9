"""`badugi solve`: the value, the exploitability and the first player's root strategy by hand
class, as text (Korean names with --ko) or JSON; bad input is one line and exit code 1."""

from __future__ import annotations

import argparse
import json

import pytest

from badugi_fast.cli.commands import solve
from badugi_fast.cli.common import BadInput


def _run(capsys, *argv: str) -> str:
    parser = argparse.ArgumentParser()
    solve.add_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["solve", *argv, "--no-progress"])
    assert args.run(args) == 0
    return capsys.readouterr().out


def test_the_json_gives_values_that_sum_to_the_pot_and_a_strategy_by_class(capsys) -> None:
    out = json.loads(_run(capsys, "--ranges", "8-", "any", "--pot", "12", "--stacks", "100",
                          "--json"))  # fmt: skip
    assert sum(out["value"]) == pytest.approx(12)
    assert out["exploitability_fraction"] <= 1e-3
    assert out["actions"] == ["check", "bet 4"]
    assert out["root"][0]["group"] == "badugi 4-high"
    assert sum(g["share"] for g in out["root"]) == pytest.approx(1.0)
    for group in out["root"]:
        assert sum(group["strategy"]) == pytest.approx(1.0)


def test_korean_rules_print_korean_names(capsys) -> None:
    text = _run(capsys, "--ranges", "7-", "T-", "--pot", "10", "--stacks", "50", "--korean",
                "--ko")  # fmt: skip
    assert "7메이드" in text and "체크" in text and "착취 가능성" in text  # labels in Korean too


def test_no_limit_sizes_are_read_from_the_list(capsys) -> None:
    out = json.loads(_run(capsys, "--ranges", "8-", "K-", "--pot", "12", "--stacks", "60",
                          "--structure", "no-limit", "--sizes", "0.5,allin", "--json"))  # fmt: skip
    assert out["actions"] == ["check", "bet 6", "bet 60"]


@pytest.mark.parametrize(
    "argv",
    [
        ("--ranges", "8-", "any", "--pot", "-1", "--stacks", "100"),
        ("--ranges", "8-", "any", "--pot", "12", "--stacks", "100", "--sizes", "0.5"),
        (
            "--ranges",
            "8-",
            "any",
            "--pot",
            "12",
            "--stacks",
            "100",
            "--structure",
            "no-limit",
            "--sizes",
            "half",
        ),
        ("--ranges", "8-", "any", "--pot", "12", "--stacks", "100", "--target", "-1"),
        ("--ranges", "8-", "any", "--pot", "12", "--stacks", "1", "2", "3"),
    ],
)
def test_bad_input_is_refused_as_bad_input(capsys, argv) -> None:
    with pytest.raises(BadInput):
        _run(capsys, *argv)
