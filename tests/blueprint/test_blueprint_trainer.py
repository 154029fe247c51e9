"""The blueprint's trainer: the same tables for a seed on any thread count, executor and
resumption; its average strategy converges (the exact exploitability in the real small-deck game
falls); its inputs are checked."""

from __future__ import annotations

import concurrent.futures as cf
import pickle
import re
import threading
from copy import deepcopy
from pathlib import Path

import numpy as np
import pytest
from support.tools import load_tool

from badugi_fast.blueprint import Deck, Trainer
from badugi_fast.blueprint.trainer import iterate_into, new_table

TINY = Deck(ranks=3, suits=3, draws=0)  # as conftest.py trains on


def test_two_threads_give_the_tables_of_one(tiny_trainer: Trainer) -> None:
    other = Trainer(TINY, seed=3, batch=250)
    other.run(4000, threads=2)
    assert np.array_equal(other.table, tiny_trainer.table)
    assert other.iterations == 4000


def test_an_executor_of_several_workers_gives_the_tables_of_one_thread(
    tiny_trainer: Trainer,
) -> None:
    other = Trainer(TINY, seed=3, batch=250)
    with cf.ThreadPoolExecutor(3) as pool:
        other.run(4000, threads=1, executor=pool, workers=3)
    assert np.array_equal(other.table, tiny_trainer.table)


def test_a_run_resumed_from_a_checkpoint_ends_as_an_unbroken_one(
    tiny_trainer: Trainer, tmp_path: Path
) -> None:
    first = Trainer(TINY, seed=3, batch=250)
    first.run(1610, threads=1)  # stops inside a batch: the schedule resumes there
    first.save(tmp_path / "run.npz")
    resumed = Trainer.load(tmp_path / "run.npz")
    assert (resumed.iterations, resumed.batch, resumed.seed) == (1610, 250, 3)
    resumed.run(2390, threads=1)
    assert np.array_equal(resumed.table, tiny_trainer.table)


def test_another_seed_trains_other_tables(tiny_trainer: Trainer) -> None:
    other = Trainer(TINY, seed=4, batch=1000)
    other.run(1000, threads=1)
    assert not np.array_equal(other.regret, tiny_trainer.regret)


def test_the_average_strategy_is_a_distribution_where_training_reached(
    tiny_trainer: Trainer,
) -> None:
    average = tiny_trainer.average().astype(np.int64)
    sums = average.sum(axis=1)
    assert set(np.unique(sums)) == {0, 65535}
    reached = tiny_trainer.strategy.sum(axis=1) > 0
    assert np.array_equal(sums > 0, reached)
    assert np.all(average[tiny_trainer.strategy == 0] == 0)  # never on a slot never played


def test_the_exact_exploitability_falls_as_training_goes_on(tiny_trainer: Trainer) -> None:
    pytest.importorskip("pyspiel")
    tool = load_tool("train_blueprint")
    early = Trainer(TINY, seed=3, batch=250)
    early.run(1000, threads=1)
    games = tool.spiel_games(early.blueprint())
    before = tool.exact_exploitability(early.blueprint(), games)
    after = tool.exact_exploitability(tiny_trainer.blueprint(), games)
    uniform = tool.exact_exploitability(Trainer(TINY).blueprint(), games)
    assert after < before < uniform
    assert after < 0.6 * uniform


def test_the_spiel_policy_is_a_distribution_over_each_decisions_legal_actions(
    tiny_trainer: Trainer,
) -> None:
    pytest.importorskip("pyspiel")
    tool = load_tool("train_blueprint")
    game, _ = tool.spiel_games(tiny_trainer.blueprint())
    blueprint = tiny_trainer.blueprint()
    state, checked = game.new_initial_state(), 0
    rng = np.random.default_rng(0)
    for _ in range(300):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            row = tool.spiel_probabilities(blueprint, state)
            assert set(row) <= set(state.legal_actions())
            assert sum(row.values()) == pytest.approx(1.0)
            assert min(row.values()) >= 0
            checked += 1
            state.apply_action(int(rng.choice(list(row))))
    assert checked > 300


def test_the_regret_bound_is_infinite_before_training_and_falls() -> None:
    trainer = Trainer(TINY, seed=1, batch=500)
    assert trainer.regret_bound() == float("inf")
    trainer.run(500, threads=1)
    early = trainer.regret_bound()
    trainer.run(4500, threads=1)
    assert 0 < trainer.regret_bound() < early


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"ranks": 14}, ValueError, "ranks"),
        ({"suits": 0}, ValueError, "suits"),
        ({"draws": 4}, ValueError, "draws"),
        ({"small_bet": 3}, ValueError, "small_bet is even"),
        ({"small_bet": 0}, ValueError, "small_bet"),
        ({"ranks": 1, "suits": 4}, ValueError, "at least 8 cards"),
        ({"ranks": 2.0}, TypeError, "ranks"),
    ],
)
def test_a_bad_deck_is_refused_with_its_field(
    fields: dict[str, object], error: type, message: str
) -> None:
    with pytest.raises(error, match=message):
        Deck(**fields)  # type: ignore[arg-type]


def test_bad_run_arguments_and_tables_are_refused() -> None:
    with pytest.raises(TypeError, match="deck is a Deck or None, not int"):
        Trainer(0)  # type: ignore[arg-type]
    trainer = Trainer(TINY)
    with pytest.raises(TypeError, match="progress is"):
        trainer.run(10, progress="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="iterations"):
        trainer.run(-1)
    with pytest.raises(ValueError, match="workers"):
        trainer.run(10, workers=0)
    with pytest.raises(ValueError, match="batch"):
        Trainer(TINY, batch=0)
    with pytest.raises(ValueError, match="is a contiguous int64"):
        iterate_into(TINY, 0, np.zeros(10, dtype=np.int64), 0, 1, 1)
    with pytest.raises(ValueError, match="is a contiguous int64"):
        iterate_into(TINY, 0, new_table()[:, :, :2], 0, 1, 1)


def test_a_damaged_checkpoint_is_refused(tmp_path: Path) -> None:
    np.savez(tmp_path / "bad.npz", meta=np.zeros(8, dtype=np.uint64))
    with pytest.raises(ValueError, match=r"bad\.npz: not a blueprint checkpoint"):
        Trainer.load(tmp_path / "bad.npz")
    np.savez(tmp_path / "old.npz", meta=np.full(8, 7, dtype=np.uint64), table=np.zeros(1))
    with pytest.raises(ValueError, match=r"old\.npz: checkpoint version"):
        Trainer.load(tmp_path / "old.npz")
    (tmp_path / "cut.npz").write_bytes(b"PK\x03\x04 not a whole zip")
    with pytest.raises(ValueError, match=r"cut\.npz: "):
        Trainer.load(tmp_path / "cut.npz")
    np.save(tmp_path / "array.npy", np.zeros(3))  # np.load would give the array itself
    (tmp_path / "notes.txt").write_text("not numbers")  # np.load would say "pickled data"
    for name in ("array.npy", "notes.txt"):
        with pytest.raises(ValueError, match=rf"{name}: not a blueprint checkpoint .* starts"):
            Trainer.load(tmp_path / name)
    with pytest.raises(FileNotFoundError):
        Trainer.load(tmp_path / "missing.npz")
    with pytest.raises(TypeError, match="is a str or a Path"):
        Trainer.load(3)  # type: ignore[arg-type]


def _damaged(tmp_path: Path, meta: dict[int, object], dtype: type, **cells: int) -> Path:
    """A sound checkpoint of 200 iterations with meta fields replaced and stored as ``dtype``,
    and table cells set (``c{column}=value``: that column's first slot of row 0)."""
    trainer = Trainer(TINY, seed=4, batch=100)
    trainer.run(200, threads=1)
    trainer.save(tmp_path / "good.npz")
    with np.load(tmp_path / "good.npz") as data:
        fields, table = data["meta"], np.array(data["table"])
    fields = np.array([meta.get(k, v) for k, v in enumerate(fields.tolist())], dtype=dtype)
    for name, value in cells.items():
        table[0, int(name[1:]), 0] = value
    np.savez(tmp_path / "damaged.npz", meta=fields, table=table)
    return tmp_path / "damaged.npz"


@pytest.mark.parametrize(
    ("meta", "dtype", "cells", "message"),
    [
        ({7: -1}, np.int64, {}, "meta is a uint64 vector, not int64"),
        ({7: 200.0}, np.float64, {}, "meta is a uint64 vector, not float64"),
        ({}, np.uint64, {"c2": -5}, "a negative strategy sum"),
        ({}, np.uint64, {"c0": 1 << 62}, "a sum of 4,611,686,018,427,387,904 or more in size"),
        ({}, np.uint64, {"c0": -(1 << 63)}, "or more in size"),
        ({}, np.uint64, {"c1": 7}, "a batch's regret delta at iteration 200"),
        ({6: 0}, np.uint64, {}, "batch must be at least 1"),
    ],
)
def test_a_checkpoint_of_unsound_fields_or_sums_is_refused_naming_the_file(
    tmp_path: Path, meta: dict[int, object], dtype: type, cells: dict[str, int], message: str
) -> None:
    path = _damaged(tmp_path, meta, dtype, **cells)
    with pytest.raises(ValueError, match=rf"damaged\.npz: .*{message}"):
        Trainer.load(path)


def test_a_checkpoint_into_a_directory_is_refused_and_leaves_nothing(tmp_path: Path) -> None:
    trainer = Trainer(TINY, batch=100)
    with pytest.raises(IsADirectoryError, match="is a directory"):
        trainer.save(tmp_path)
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "taken").mkdir()
    with pytest.raises(OSError):  # the move onto a directory fails: the temporary goes too
        Trainer.save.__wrapped__(trainer, tmp_path / "taken")  # type: ignore[attr-defined]
    assert [p.name for p in tmp_path.iterdir()] == ["taken"]


def test_a_trainer_refuses_a_second_thread_while_it_runs() -> None:
    trainer = Trainer(TINY, seed=2, batch=100)
    started, release = threading.Event(), threading.Event()

    def slow(_: int) -> None:
        started.set()
        release.wait(10)

    with cf.ThreadPoolExecutor(1) as pool:
        first = pool.submit(trainer.run, 200, threads=1, progress=slow)
        assert started.wait(10)
        for call in (lambda: trainer.run(100, threads=1), trainer.average, trainer.blueprint,
                     trainer.regret_bound, lambda: trainer.save("never.npz"),
                     lambda: pickle.dumps(trainer), lambda: deepcopy(trainer)):  # fmt: skip
            with pytest.raises(RuntimeError, match="Trainer is being run by another thread"):
                call()
        release.set()
        first.result()
    assert trainer.iterations == 200  # the refused calls changed nothing
    alone = Trainer(TINY, seed=2, batch=100)
    alone.run(200, threads=1)
    assert np.array_equal(trainer.table, alone.table)


def test_a_copy_of_a_trainer_is_a_trainer_of_its_own() -> None:
    """Pickled or deep-copied, a trainer carries its tables and settings, and a lock of its
    own: the copy runs on as the original does."""
    trainer = Trainer(TINY, seed=3, batch=100)
    trainer.run(100, threads=1)
    for copy in (pickle.loads(pickle.dumps(trainer)), deepcopy(trainer)):
        assert copy._guard is not trainer._guard and not copy._guard.lock.locked()
        copy.run(100, threads=1)
        assert copy.iterations == 200
    trainer.run(100, threads=1)
    assert np.array_equal(copy.table, trainer.table)


def test_a_progress_callable_is_called_whatever_its_truth() -> None:
    class Counter:  # falsy until called: ``progress or None`` would have dropped it
        def __init__(self) -> None:
            self.done = 0

        def __bool__(self) -> bool:
            return self.done > 0

        def __call__(self, n: int) -> None:
            self.done += n

    counter = Counter()
    Trainer(TINY, batch=100).run(200, threads=1, progress=counter)
    assert counter.done == 200


def test_a_callback_that_calls_back_into_its_trainer_is_refused() -> None:
    trainer = Trainer(TINY, batch=100)
    with pytest.raises(RuntimeError, match="by this same thread"):
        trainer.run(100, threads=1, progress=lambda _: trainer.average())


def test_the_tool_trains_logs_and_writes_a_strategy_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = load_tool("train_blueprint")
    out, log = tmp_path / "bp.bin", tmp_path / "log.jsonl"
    argv = ["--ranks", "3", "--suits", "3", "--draws", "0", "--iterations", "2000", "--every",
            "1000", "--threads", "1", "--quiet", "--checkpoint", str(tmp_path / "c.npz"),
            "--log", str(log), "--out", str(out)]  # fmt: skip
    assert tool.main(argv) == 0
    lines = log.read_text().splitlines()
    assert len(lines) == 2 and '"iterations": 2000' in lines[1]
    resumed = ["--resume", str(tmp_path / "c.npz"), "--iterations", "1000", "--quiet",
               "--threads", "1", "--every", "1000"]  # fmt: skip
    assert tool.main(resumed) == 0
    assert Trainer.load(tmp_path / "c.npz").iterations == 3000
    again = [*resumed, "--ranks", "3", "--seed", "0"]  # the checkpoint's own: accepted
    assert tool.main(again) == 0
    for flag, value in [("--seed", "1"), ("--batch", "100"), ("--discount-every", "1000"),
                        ("--draws", "1"), ("--abstraction", "2")]:  # fmt: skip
        with pytest.raises(SystemExit):
            tool.main([*resumed, flag, value])
        assert f"{flag} {value} differs from the checkpoint's" in capsys.readouterr().err
    assert Trainer.load(tmp_path / "c.npz").iterations == 4000  # the refused runs ran nothing
    assert out.stat().st_size > 1000
    linear = ["--ranks", "3", "--suits", "3", "--draws", "0", "--iterations", "1000", "--every",
              "1000", "--threads", "1", "--quiet", "--batch", "250", "--discount-every", "500",
              "--checkpoint", str(tmp_path / "d.npz")]  # fmt: skip
    assert tool.main(linear) == 0
    assert Trainer.load(tmp_path / "d.npz").discount_every == 500


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--every", "0"], "argument --every: at least 1, not 0"),  # it looped forever
        (["--every", "-1"], "argument --every: at least 1, not -1"),
        (["--iterations", "-5"], "argument --iterations: at least 0, not -5"),
        (["--resume", "missing.npz"], "--resume: .*No such file"),
        (["--resume", "bad.npz"], r"--resume: .*bad\.npz: not a blueprint checkpoint"),
        (["--out", "."], r"--out \. is a directory"),
        (["--checkpoint", "."], r"--checkpoint \. is a directory"),
        (["--ranks", "1"], "ranks x suits is at least 8 cards"),
        (["--discount-every", "2000", "--discount-until", "1000"], "is below discount_every"),
    ],
)
def test_the_tool_refuses_bad_flags_and_files_before_training(
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    np.savez(tmp_path / "bad.npz", meta=np.zeros(8, dtype=np.uint64))
    tool = load_tool("train_blueprint")
    base = ["--ranks", "3", "--suits", "3", "--draws", "0", "--iterations", "1000", "--quiet"]
    if argv[0] == "--resume":
        base = ["--iterations", "1000", "--quiet"]
    with pytest.raises(SystemExit) as exit_:
        tool.main([*base, *argv])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert re.search(message, err), err
    assert "Traceback" not in err and sorted(p.name for p in tmp_path.iterdir()) == ["bad.npz"]


def test_a_dask_cluster_of_two_workers_gives_the_tables_of_one_thread(client: object) -> None:
    here = Trainer(TINY, seed=5, batch=250)
    here.run(500, threads=1)
    there = Trainer(TINY, seed=5, batch=250)
    there.run(500, threads=1, executor=client, workers=2)
    assert np.array_equal(there.table, here.table)


def test_run_shows_a_progress_bar_when_asked(capsys) -> None:
    trainer = Trainer(TINY, seed=3, batch=250)
    trainer.run(500, threads=1, progress=True)
    assert "iteration" in capsys.readouterr().err and trainer.iterations == 500
    heard: list[int] = []
    trainer.run(300, threads=1, progress=heard.append)
    assert sum(heard) == 300
    trainer.run(10, threads=1, progress=False)
    assert trainer.iterations == 810
    with pytest.raises(TypeError, match="progress is True, False, None or a callable"):
        trainer.run(10, progress="yes")  # type: ignore[arg-type]


def test_linear_cfr_discounts_both_tables_by_t_over_t_plus_1_between_intervals() -> None:
    """Discounting every two batches until iteration 1,500: the same integers as a plain run
    stepped by hand and floored by 1/2, 2/3 and 3/4 after 500, 1,000 and 1,500 iterations (the
    last discount), then 700 iterations more undiscounted."""
    discounted = Trainer(TINY, seed=6, batch=250, discount_every=500, discount_until=1500)
    discounted.run(2200, threads=1)
    by_hand = Trainer(TINY, seed=6, batch=250)
    for t in (1, 2, 3):
        by_hand.run(500, threads=1)
        for k in (0, 2):
            rows = by_hand.table[:, k, :]
            by_hand.table[:, k, :] = (rows * t) // (t + 1)  # small tables: no overflow here
    by_hand.run(700, threads=1)
    assert np.array_equal(discounted.table, by_hand.table)
    plain = Trainer(TINY, seed=6, batch=250)
    plain.run(2200, threads=1)
    assert not np.array_equal(discounted.strategy, plain.strategy)
    # 500 -> 250, +500 -> 500, +500 -> 750, then 700 more undiscounted
    assert discounted.discounted_iterations() == pytest.approx(1450.0)
    assert plain.discounted_iterations() == 2200.0


def test_a_discounted_run_resumed_from_a_checkpoint_ends_as_an_unbroken_one(
    tmp_path: Path,
) -> None:
    unbroken = Trainer(TINY, seed=7, batch=100, discount_every=300)
    unbroken.run(1000, threads=1)
    first = Trainer(TINY, seed=7, batch=100, discount_every=300)
    first.run(450, threads=1)
    first.save(tmp_path / "run.npz")
    resumed = Trainer.load(tmp_path / "run.npz")
    assert (resumed.discount_every, resumed.discount_until) == (300, 0)
    resumed.run(550, threads=2)
    assert np.array_equal(resumed.table, unbroken.table)
    assert resumed.regret_bound() == unbroken.regret_bound()


def test_the_floored_discount_of_large_sums_does_not_overflow() -> None:
    from badugi_fast.blueprint.trainer import _times

    big = np.array([2**62 + 12345, -(2**62) - 7, 5, -5, 0], dtype=np.int64)
    expected = [(int(v) * 999) // 1000 for v in big]
    assert _times(big, 999, 1000).tolist() == expected


def test_the_discount_by_slices_of_rows_floors_both_sums_and_leaves_the_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from badugi_fast.blueprint import trainer as module

    monkeypatch.setattr(module, "DISCOUNT_ROWS", 3)  # 10 rows: slices of 3, 3, 3 and 1
    table = np.random.default_rng(5).integers(-(2**40), 2**40, size=(10, 3, 4), dtype=np.int64)
    before = table.copy()
    module._discount(table, 2, 3)
    for k in (0, 2):
        assert table[:, k, :].tolist() == [[(int(v) * 2) // 3 for v in row] for row in before[:, k]]
    assert np.array_equal(table[:, 1, :], before[:, 1, :])  # the batch's regrets: not yet counted


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"discount_every": 300}, ValueError, "whole number of batches of 250"),
        ({"discount_every": -250}, ValueError, "discount_every"),
        ({"discount_until": -1}, ValueError, "discount_until"),
        ({"discount_until": 500}, ValueError, "discount_until .500. needs discount_every"),
        ({"discount_every": 2.5}, TypeError, "discount_every"),
        ({"discount_every": 500, "discount_until": 250}, ValueError, "is below discount_every"),
    ],
)
def test_bad_discounting_is_refused(fields: dict[str, object], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        Trainer(TINY, batch=250, **fields)  # type: ignore[arg-type]


def test_a_checkpoint_of_version_2_reads_as_undiscounted(tmp_path: Path) -> None:
    trainer = Trainer(TINY, seed=4, batch=100)
    trainer.run(200, threads=1)
    d = trainer.deck
    meta = np.array([2, d.ranks, d.suits, d.draws, d.small_bet, 4, 100, 200, 1], dtype=np.uint64)
    np.savez(tmp_path / "old.npz", meta=meta, table=trainer.table)
    old = Trainer.load(tmp_path / "old.npz")
    assert (old.discount_every, old.iterations) == (0, 200)
    assert np.array_equal(old.table, trainer.table)
