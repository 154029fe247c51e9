"""simulate states its seed, rules, stacks and units, saves hands and draws pictures; lookup
turns a name into its hands; odds draws its picture."""

from __future__ import annotations

import json
import tomllib
from itertools import combinations

import numpy as np
import pytest
from support.cli import run

from badugi_fast import describe, evaluate_many, lookup_name
from badugi_fast.cli import main
from badugi_fast.game import bots
from badugi_fast.notation import phh
from badugi_fast.play import play_hands


def test_simulate_prints_the_seed_it_drew_and_the_run_repeats_with_it(capsys):
    code, out, _ = run(capsys, ["simulate", "--hands", "300", "--no-progress"])
    assert code == 0
    seed = int(out.splitlines()[1].split()[1])
    assert f"(repeat with --seed {seed}); stacks 200 chips each" in out
    again = run(capsys, ["simulate", "--hands", "300", "--seed", str(seed)])[1]
    assert again.splitlines()[2:] == out.splitlines()[2:]
    assert "big blinds/100 hands" in out.splitlines()[2]


def test_simulate_json_records_seed_rules_stacks_and_unit(capsys):
    argv = ["simulate", "--korean", "--ante", "2", "--hands", "200", "--seed", "9", "--json"]
    code, out, _ = run(capsys, argv)
    result = json.loads(out)
    assert code == 0 and result["seed"] == 9
    assert result["rules"]["name"] == "korean" and result["rules"]["ante"] == 2
    assert result["rules"]["cutting"] == [3, 2, 1]
    assert result["stacks"] == 200 and result["unit"] == "ante" and result["unit_chips"] == 2
    casino = json.loads(run(capsys, ["simulate", "--hands", "50", "--seed", "1", "--json"])[1])
    assert casino["rules"]["name"] == "casino" and casino["rules"]["small_bet"] == 2
    assert casino["unit"] == "big blind" and casino["stacks"] == 200
    text = run(capsys, ["simulate", "--korean", "--ante", "2", "--hands", "200", "--seed", "9"])[1]
    assert "Korean rules, ante 2" in text and "antes/100 hands" in text


def test_save_hands_writes_the_first_hands_as_phh_that_replay(capsys, tmp_path):
    argv = ["simulate", "--bots", "drawer,threshold:7:J,random", "--hands", "40", "--seed", "5",
            "--save-hands", "3", str(tmp_path), "--engine", "python"]  # fmt: skip
    code, _, _ = run(capsys, argv)
    assert code == 0
    files = sorted(tmp_path.glob("*.phh"))
    assert [f.name for f in files] == ["hand-00001.phh", "hand-00002.phh", "hand-00003.phh"]
    for path in files:
        game = phh.loads(path.read_text(encoding="utf-8"))
        assert game.done and sum(game.stacks) == sum(game.starting_stacks)
    # the saved hands are the simulation's own: the C loop's hands 0..2 of the seed, chip for chip
    folder = tmp_path / "c"
    argv = ["simulate", "--bots", "drawer,threshold:7:J", "--hands", "40", "--seed", "5",
            "--save-hands", "3", str(folder), "--engine", "c"]  # fmt: skip
    assert run(capsys, argv)[0] == 0
    won = play_hands([bots.drawer, bots.threshold("7", "J")], 0, 3, 5, engine="c")
    for number, path in enumerate(sorted(folder.glob("*.phh"))):
        text = path.read_text(encoding="utf-8")
        game = phh.loads(text)
        seats = tomllib.loads(text)["_seats"]
        result = {seats[p]: game.stacks[p] - game.starting_stacks[p] for p in range(game.seats)}
        assert [result[s] for s in range(2)] == won[number].tolist()
    code, _, err = run(capsys, ["simulate", "--save-hands", "x", str(tmp_path)])
    assert code == 1 and "N is a positive number of hands" in err


def _png(path):
    matplotlib = pytest.importorskip("matplotlib")
    del matplotlib
    import matplotlib.image

    pixels = matplotlib.image.imread(path)
    return pixels


def test_odds_plot_draws_a_picture_that_is_not_blank(capsys, tmp_path):
    path = tmp_path / "odds.png"
    code, out, _ = run(capsys, ["odds", "As 2d 3c Kh", "--plot", str(path)])
    assert code == 0 and "four-card badugi" in out
    pixels = _png(path)
    assert pixels.shape[:2] == (450, 1100)
    assert np.unique(pixels.reshape(-1, pixels.shape[2]), axis=0).shape[0] > 20  # not one colour


def test_the_odds_plots_rank_panel_shows_its_largest_bar(monkeypatch):
    """As 2d 3c 3h ends at rank 716 (the kept A-2-3) 48.8 % of the time: that line is drawn to
    its height in its colour, not lost among 1,092 ranks under a pixel each."""
    pytest.importorskip("matplotlib")
    from matplotlib.colors import to_rgb

    from badugi_fast import draw_odds
    from badugi_fast.cli.io import plots

    drawn = []
    monkeypatch.setattr(plots, "save", lambda figure, path: drawn.append(figure))
    odds = [draw_odds("As 2d 3c 3h", d) for d in range(4)]
    plots.odds_picture("unused.png", "As 2d 3c 3h", odds)
    (figure,) = drawn
    figure.canvas.draw()
    pixels = np.asarray(figure.canvas.buffer_rgba())[:, :, :3] / 255.0
    ranks_axis = figure.axes[1]
    top = int(np.argmax(odds[-1].ranks))
    assert top == 716 and odds[-1].ranks[top] == pytest.approx(0.488, abs=0.001)
    for height in (0.05, 0.25, 0.45):  # up the line, to just below its top
        x, y = ranks_axis.transData.transform((top, height))
        row = pixels.shape[0] - 1 - round(y)
        column = pixels[row, round(x) - 2 : round(x) + 3]
        distance = np.abs(column - np.array(to_rgb(plots.SIZE_COLOURS[3]))).sum(axis=1)
        assert distance.min() < 0.05, (height, column)
    assert any("rank 716: 48.8 %" in text.get_text() for text in ranks_axis.texts)


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "As 2d 3c Kh"],
        ["odds", "As 2d 3c Kh", "--json"],
        ["simulate", "--hands", "200", "--seed", "1", "--no-progress"],
        ["chart"],
    ],
)
def test_every_plot_says_which_file_it_wrote(capsys, tmp_path, argv):
    pytest.importorskip("matplotlib")
    path = tmp_path / "picture.png"
    code, out, err = run(capsys, [*argv, "--plot", str(path)])
    assert code == 0 and path.stat().st_size > 0
    assert err.splitlines()[-1] == f"wrote the picture to {path}"
    if "--json" in argv:
        json.loads(out)  # stdout stays the answer alone


def test_simulate_plot_draws_each_seats_running_result(capsys, tmp_path):
    path = tmp_path / "sim.png"
    argv = ["simulate", "--hands", "2000", "--seed", "1", "--plot", str(path)]
    assert run(capsys, argv)[0] == 0
    pixels = _png(path)
    assert pixels.shape[:2] == (450, 900)
    assert np.unique(pixels.reshape(-1, pixels.shape[2]), axis=0).shape[0] > 20


def test_importing_the_cli_loads_no_matplotlib():
    import subprocess
    import sys

    code = "import sys, badugi_fast.cli; print('matplotlib' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "False"


def test_lookup_names_classes_counts_and_examples(capsys):
    code, out, _ = run(capsys, ["lookup", "골프"])
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith("골프: 1 class(es), 24 hands")
    rank, name, _, hands, example = lines[2].split("\t")
    assert (rank, name, hands) == ("1", "4-3-2-A badugi", "24")
    assert describe(example).rank == 1
    result = json.loads(run(capsys, ["lookup", "--json", "무탑"])[1])
    assert [c["rank"] for c in result["classes"]] == list(lookup_name("무탑"))
    every = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    assert result["hands"] == int((evaluate_many(every) >= 1080).sum())
    for row in result["classes"]:
        assert describe(" ".join(row["example"])).rank == row["rank"]
    korean = run(capsys, ["lookup", "--ko", "7탑"])[1].splitlines()
    assert korean[0].startswith("7탑: 20개 족보") and korean[1].startswith("순위\t이름")


@pytest.mark.slow
def test_simulate_and_equity_on_local_dask_workers_print_what_the_threads_print(capsys):
    for argv in (
        ["simulate", "--hands", "3000", "--seed", "5", "--json"],
        ["equity", "As 2d 3c Kc", "random", "--trials", "20000", "--seed", "5", "--json"],
    ):
        assert main(argv) == 0
        here = json.loads(capsys.readouterr().out)
        assert main([*argv, "--workers", "1"]) == 0
        on_dask = json.loads(capsys.readouterr().out)
        assert on_dask == here
