"""`badugi import` writes the imported hands as PHH, reports what it read and skipped (each
problem with its file and line) and each player's summary; `badugi replay` plays an imported
hand with ?? for the cards nobody saw."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.paths import REPO

from badugi_fast.cli.main import main
from badugi_fast.notation import phh


@pytest.fixture(scope="module")
def fixtures() -> Path:
    """The hand-history fixtures (made-up hands in each room's line shapes)."""
    return REPO / "tests" / "notation" / "histories" / "fixtures"


def test_import_reports_the_hands_and_the_summary(
    fixtures: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["import", "--no-progress", str(fixtures / "pokerstars_cash.txt")])
    out = capsys.readouterr().out
    assert status == 0
    assert out.splitlines()[0] == (
        "1 hands read: 1 imported, 0 skipped (0 of a game the library does not play, 0 with "
        "problems)"
    )
    assert out.splitlines()[1].split()[:4] == ["player", "hands", "net", "bb/100"]
    assert any(line.startswith("Park ") and "2.40 USD" in line for line in out.splitlines())


def test_a_game_the_library_does_not_play_is_skipped_with_exit_0(
    fixtures: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", "--no-progress", str(fixtures / "kingsclub.txt")]) == 0
    captured = capsys.readouterr()
    assert "3 hands read: 2 imported, 1 skipped (1 of a game" in captured.out
    assert "kingsclub.txt:line 78: skipped: the game 'Limit Badacey'" in captured.err


def test_a_hand_with_a_problem_is_reported_on_stderr_with_exit_1(
    fixtures: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (fixtures / "pokerstars_cash.txt").read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("Lee: mucks hand", "Lee: sulks"), encoding="utf-8")
    assert main(["import", "--no-progress", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"badugi: {bad}:line 40: a line the importer does not know: 'Lee: sulks'" in err


def test_out_writes_one_phhs_file_or_a_file_per_hand(
    fixtures: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = str(fixtures / "pokerstars_features.txt")
    phhs = tmp_path / "hands.phhs"
    assert main(["import", "--no-progress", "--out", str(phhs), source]) == 0
    text = phhs.read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if line.startswith("[")] == [
        "[1]", "[2]", "[3]", "[4]"
    ]  # fmt: skip
    folder = tmp_path / "hands"
    assert main(["import", "--no-progress", "--out", str(folder), source]) == 0
    files = sorted(p.name for p in folder.iterdir())
    assert files == [f"pokerstars-1000000000{k}.phh" for k in (3, 4, 5, 6)]
    for path in folder.iterdir():
        assert phh.loads(path.read_text(encoding="utf-8"), unknown_cards=True).done
    capsys.readouterr()
    assert main(["import", "--no-progress", "--out", "-", source]) == 0
    captured = capsys.readouterr()
    assert captured.out == text and "5 hands read: 4 imported" in captured.err


def test_json_and_player_give_one_players_figures(
    fixtures: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["import", "--json", "--player", "Hero", str(fixtures / "pokerstars_features.txt")]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["read"], report["imported"], report["skipped"]) == (5, 4, 1)
    assert list(report["players"]) == ["Hero"]
    assert report["players"]["Hero"]["hands"] == 4


def test_a_missing_file_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "no/such/file.txt"]) == 2
    assert "no/such/file.txt" in capsys.readouterr().err


def test_replay_plays_an_imported_hand_with_unknown_cards(
    fixtures: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "hands"
    main(["import", "--no-progress", "--out", str(folder), str(fixtures / "pokerstars_cash.txt")])
    capsys.readouterr()
    assert main(["replay", str(folder / "pokerstars-10000000001.phh")]) == 0
    out = capsys.readouterr().out
    assert "?? ?? ?? ??" in out and "As 3h 8h 6s" in out


def test_the_same_hand_twice_is_reported_and_counted_once(
    fixtures: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = str(fixtures / "pokerstars_cash.txt")
    assert main(["import", "--no-progress", "--json", source, source]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert (report["read"], report["imported"], report["repeated"]) == (2, 1, 1)
    assert report["players"]["Park"]["hands"] == 1
    assert (
        f"badugi: {source}:line 1: pokerstars hand #10000000001 repeats the hand at "
        f"{source}:line 1: counted once"
    ) in captured.err
    assert main(["import", "--no-progress", source, source]) == 0
    assert (
        "1 imported, 0 skipped (0 of a game the library does not play, 0 with problems), "
        "1 repeated (counted once)" in capsys.readouterr().out
    )


def test_a_folder_is_refused_as_a_folder_and_a_device_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", "--no-progress", str(tmp_path)]) == 2
    assert f"badugi: A folder, not a history file: {tmp_path}" in capsys.readouterr().err
    assert main(["import", "--no-progress", str(tmp_path / "none.txt")]) == 2
    assert "No such file" in capsys.readouterr().err
    assert main(["import", "--no-progress", "/dev/null"]) == 0
    assert capsys.readouterr().out.startswith("0 hands read: 0 imported")
