"""Time every contender without pytest and write the benchmark tables of the docs site.

``python benches/report.py --threads --draws --games --write docs/benchmarks`` writes one
markdown file per table group into docs/benchmarks/ (docs/benchmarks.md includes them), each
headed by the date, the machine and the command of the run; without ``--write`` it only prints.
The tables are never typed by hand: a figure on the site is the output of one run of this script.

Same seeded hands and contenders as test_bench_evaluate.py. Each contender's result is checked
once, then timed as the best of several repeats (time.perf_counter); repeats go round-robin over
the contenders so that background load drifting during the run hits all of them alike.
``--threads`` adds evaluate_many with 1 vs 2 threads by batch size (see test_bench_threads.py).
``--draws`` adds the draw mathematics, ``--games`` whole hands between drawer bots (see
test_bench_simulate.py). ``--note`` adds a line about the machine's state (e.g. other work
sharing its cores).

``--suite FILE...`` instead writes suite.md, the table of the pytest-benchmark suite: it runs
``python -m pytest FILE... --benchmark-only --benchmark-json=<tmp>`` (``--suite-k EXPR`` adds
``-k EXPR``) and writes one row per benchmark: min, median, rounds and what the bench recorded
in ``benchmark.extra_info``. ``--suite-json FILE`` writes the same table from a saved
``--benchmark-json`` file, headed by the date and machine that file records. ``--table NAME``
writes either into NAME.md instead (a group of benches with a table of its own).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # for _baseline (benches/ is no package)

import numpy as np
from _baseline import build_baseline, plain_ranks, random_hands

import badugi_fast
import badugi_fast.hands.reference
from badugi_fast.hands.evaluator import AUTO_THREADS_MIN_ROWS, available_cores

BIG = 1 << 22
SAMPLE = 2_000
HAND_IDS = (3, 5, 10, 12)  # As 2d 3h 4c, rank 1
HAND_TEXT = "As 2d 3h 4c"
MIN_SAMPLE_SECONDS = 0.05  # calls per timing sample grow until one sample takes this long

# name, hands per call, call, check of its result
Contender = tuple[str, int, Callable[[], object], Callable[[object], bool]]


def best_seconds_per_call(contenders: list[Contender], repeats: int) -> list[float]:
    numbers = []
    for name, _, call, check in contenders:
        if not check(call()):
            raise SystemExit(f"{name}: wrong ranks")
        number = 1
        while _time(call, number) < MIN_SAMPLE_SECONDS:
            number *= 2
        numbers.append(number)
    best = [float("inf")] * len(contenders)
    for _ in range(repeats):
        for i, (_, _, call, _) in enumerate(contenders):
            best[i] = min(best[i], _time(call, numbers[i]) / numbers[i])
    return best


def _time(call: Callable[[], object], number: int) -> float:
    start = time.perf_counter()
    for _ in range(number):
        call()
    return time.perf_counter() - start


def run_header(command: str, note: str | None) -> list[str]:
    """When, how and where a run was made: the lines heading every table file it writes."""
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    niceness = os.nice(0) if hasattr(os, "nice") else 0
    how = f"`{command}`" + (f" at nice {niceness}" if niceness else "")
    lines = [f"Measured {when} by {how}.", ""]
    if note:
        lines += [f"- note: {note}"]
    return [*lines, *machine()]


def _load() -> str:
    if not hasattr(os, "getloadavg"):
        return "unknown"
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def machine() -> list[str]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    versions = {"badugi_fast": badugi_fast.__version__, "numpy": np.__version__}
    for dist in ("cffi", "pokerkit"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = "not installed"
    load = f" / load average as the run started {_load()}"  # other work skews every timing
    return [
        f"- platform: {platform.platform()}",
        f"- cpu: {cpu}; {os.cpu_count()} logical cores, {available_cores()} usable{load}",
        f"- python {platform.python_version()} ({platform.python_implementation()}); "
        + ", ".join(f"{k} {v}" for k, v in versions.items()),
        f"- AUTO_THREADS_MIN_ROWS = {AUTO_THREADS_MIN_ROWS}",
    ]


def contenders(baseline) -> list[Contender]:
    hands = random_hands(BIG)
    hands.flags.writeable = False
    ranks = badugi_fast.evaluate_many(hands, threads=1)
    sample_ids = [tuple(row) for row in hands[:SAMPLE].tolist()]
    sample_ranks = ranks[:SAMPLE].tolist()
    # The table-free oracle vouches for the expected ranks on the sample rows.
    assert [badugi_fast.hands.reference.evaluate(ids) for ids in sample_ids] == sample_ranks
    out = np.empty(BIG, dtype=np.uint16)
    evaluate, describe = badugi_fast.evaluate, badugi_fast.describe
    many = badugi_fast.evaluate_many

    def same(result: object) -> bool:
        return np.array_equal(result, ranks)

    texts = [badugi_fast.format_cards(row) for row in hands.tolist()]
    blob = "\n".join(texts)
    parse, deal = badugi_fast.parse_hands, badugi_fast.random_hands

    def same_ids(result: object) -> bool:
        return np.array_equal(result, hands)

    def valid(result: object) -> bool:
        return len(many(result)) == BIG  # evaluate_many raises on any invalid row

    rows: list[Contender] = [
        ("evaluate(ids)", 1, partial(evaluate, HAND_IDS), lambda r: r == 1),
        ("evaluate(text)", 1, partial(evaluate, HAND_TEXT), lambda r: r == 1),
        ("describe(text)", 1, partial(describe, HAND_TEXT), lambda r: r.rank == 1),
        ("plain scalar C loop (baseline)", BIG, partial(plain_ranks, baseline, hands), same),
        *(
            (
                f"evaluate_many(threads=1, kernel={k!r})",
                BIG,
                partial(many, hands, threads=1, kernel=k),
                same,
            )
            for k in badugi_fast.available_kernels()
        ),
        ("evaluate_many(threads=1, out=)", BIG, partial(many, hands, threads=1, out=out), same),
        ("evaluate_many(threads=2)", BIG, partial(many, hands, threads=2), same),
        ("evaluate_many(threads=None)", BIG, partial(many, hands, threads=None), same),
        ("evaluate_many(list of 2**22 text hands)", BIG, partial(many, texts), same),
        ("parse_hands(list of 2**22 text hands)", BIG, partial(parse, texts), same_ids),
        ("parse_hands(2**22 lines in one str)", BIG, partial(parse, blob), same_ids),
        ("random_hands(2**22, threads=1)", BIG, partial(deal, BIG, 7, threads=1), valid),
        ("random_hands(2**22, threads=None)", BIG, partial(deal, BIG, 7), valid),
        (
            "[evaluate(ids) for 2,000 hands]",
            SAMPLE,
            lambda: [evaluate(ids) for ids in sample_ids],
            lambda r: r == sample_ranks,
        ),
        (
            "[reference.evaluate(ids) for 2,000 hands]",
            SAMPLE,
            lambda: [badugi_fast.hands.reference.evaluate(ids) for ids in sample_ids],
            lambda r: r == sample_ranks,
        ),
    ]
    try:
        import pokerkit
    except ImportError:
        return rows
    cards = [tuple(pokerkit.Card.parse(badugi_fast.format_cards(ids))) for ids in sample_ids]
    from_game = pokerkit.BadugiHand.from_game
    rows.append(
        (
            "[pokerkit BadugiHand.from_game for 2,000 hands]",
            SAMPLE,
            lambda: [from_game(c) for c in cards],
            # pokerkit's entry index counts from 0 for the best hand: rank = index + 1.
            lambda r: [hand.entry.index + 1 for hand in r] == sample_ranks,
        )
    )
    return rows


def _rate(per_second: float) -> str:
    for scale, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if per_second >= scale:
            return f"{per_second / scale:.1f} {unit}"
    return f"{per_second:.0f}"


def _ns(ns: float) -> str:
    return f"{ns:,.2f}" if ns < 100 else f"{ns:,.0f}"


def contender_table(rows: list[Contender], seconds: list[float]) -> list[str]:
    ns = {name: s * 1e9 / hands for (name, hands, _, _), s in zip(rows, seconds, strict=True)}
    plain = ns["plain scalar C loop (baseline)"]
    pokerkit = next((v for k, v in ns.items() if "pokerkit" in k), None)
    lines = [
        "| contender | hands per call | ns per hand | hands per second "
        "| speedup vs plain C loop | speedup vs pokerkit |",
        "|---|--:|--:|--:|--:|--:|",
    ]
    for name, hands, _, _ in rows:
        speedup = f"{pokerkit / ns[name]:,.0f}x" if pokerkit else "-"
        lines.append(
            f"| {name} | {hands:,} | {_ns(ns[name])} | {_rate(1e9 / ns[name])} "
            f"| {plain / ns[name]:,.2f}x | {speedup} |"
        )
    return lines


def threads_table(repeats: int) -> list[str]:
    hands = random_hands(BIG)
    ranks = badugi_fast.evaluate_many(hands, threads=1)
    sizes = [1 << k for k in range(10, 23)]
    rows: list[Contender] = [
        (
            f"{n} rows, {t} threads",
            n,
            partial(badugi_fast.evaluate_many, hands[:n], threads=t),
            partial(lambda r, n: np.array_equal(r, ranks[:n]), n=n),
        )
        for n in sizes
        for t in (1, 2)
    ]
    # The default kernel; the threshold where threads=None starts splitting is printed alongside.
    seconds = best_seconds_per_call(rows, repeats)
    lines = [
        f"threads=None splits batches of {AUTO_THREADS_MIN_ROWS:,} rows "
        f"or more; kernel {badugi_fast.hands.kernels.best_kernel()!r}",
        "",
        "| rows | threads=1 ns/hand | threads=2 ns/hand | 2 threads speedup |",
        "|--:|--:|--:|--:|",
    ]
    for i, n in enumerate(sizes):
        one, two = seconds[2 * i] * 1e9 / n, seconds[2 * i + 1] * 1e9 / n
        lines.append(f"| 2**{n.bit_length() - 1} | {one:.2f} | {two:.2f} | {one / two:.2f}x |")
    return lines


def pair_scaling(repeats: int) -> list[str]:
    """1 vs 2 threads on a large batch, timed in interleaved pairs: the median per-pair ratio is
    robust to this kind of machine's drift, which best-of timings are not."""
    hands = badugi_fast.random_hands(1 << 24, seed=1)
    out = np.empty(len(hands), dtype=np.uint16)
    lines = [
        "| kernel (2**24 rows, out=) | 1 thread ns/hand | 2 threads ns/hand "
        "| speedup: median of pairs | min | max |",
        "|---|--:|--:|--:|--:|--:|",
    ]
    for kernel in badugi_fast.available_kernels():
        one, two = [], []
        for _ in range(max(repeats, 15)):
            for threads, times in ((1, one), (2, two)):
                start = time.perf_counter()
                badugi_fast.evaluate_many(hands, threads=threads, out=out, kernel=kernel)
                times.append(time.perf_counter() - start)
        ratios = [a / b for a, b in zip(one, two, strict=True)]
        ns = 1e9 / len(hands)
        lines.append(
            f"| {kernel} | {statistics.median(one) * ns:.2f} | {statistics.median(two) * ns:.2f} "
            f"| {statistics.median(ratios):.2f}x | {min(ratios):.2f}x | {max(ratios):.2f}x |"
        )
    return lines


def draws_table(repeats: int) -> list[str]:
    """Draw mathematics: one-off calls, and heads-up three-draw Monte Carlo per core."""
    lines = [
        "| draw contender | result | ms per call |",
        "|---|--:|--:|",
    ]
    calls = [
        (
            "best_discard('As 2d 3c 3h', draws=1)",
            lambda: badugi_fast.best_discard("As 2d 3c 3h", 1),
        ),
        (
            "equity(['As 2d 3c Kc', '5s 6d 7c 8h'], draws=1) exact",
            lambda: badugi_fast.equity(["As 2d 3c Kc", "5s 6d 7c 8h"], 1),
        ),
        (
            "equity(['As 2d 3c Kc', '5s 6d 7c 8h'], draws=3) exact",
            lambda: badugi_fast.equity(["As 2d 3c Kc", "5s 6d 7c 8h"], 3),
        ),
        (
            "draw_odds('As 2d 3c 3h', draws=3) exact",
            lambda: badugi_fast.draw_odds("As 2d 3c 3h", 3),
        ),
    ]
    for name, call in calls:
        result = call()
        best = min(_time(call, 1) for _ in range(repeats))
        shown = (
            f"{result[0].value:.4f}"
            if isinstance(result, list)
            else str(getattr(result, "badugi_fraction", None) or result.fractions)
        )
        lines.append(f"| {name} | {shown} | {best * 1e3:.2f} |")
    trials = 1 << 20
    lines += [
        "",
        f"Heads-up, three draws, default policy, {trials:,} Monte Carlo trials (median of "
        "interleaved runs):",
        "",
        "| players | 1 thread: trials/s | 2 threads: trials/s | 2 threads speedup |",
        "|---|--:|--:|--:|",
    ]
    cases = {
        "As 2d 3c Kc vs 5s 6d 7c 8h": ["As 2d 3c Kc", "5s 6d 7c 8h"],
        "As 2d 3c Kc vs random": ["As 2d 3c Kc", None],
        "random vs random": [None, None],
    }
    for name, hands in cases.items():
        one, two = [], []
        for _ in range(max(repeats, 5)):
            for threads, times in ((1, one), (2, two)):
                start = time.perf_counter()
                badugi_fast.equity(hands, 3, trials=trials, seed=1, threads=threads, max_exact=0)
                times.append(time.perf_counter() - start)
        a, b = statistics.median(one), statistics.median(two)
        lines.append(f"| {name} | {_rate(trials / a)} | {_rate(trials / b)} | {a / b:.2f}x |")
    return lines


def games_table(repeats: int) -> list[str]:
    """Hands per second between drawer bots: the C hand loop, Game and pokerkit."""
    from _pokerkit_game import play_pokerkit_hands

    from badugi_fast.game.bots import drawer
    from badugi_fast.play import simulate

    lines = [
        "| drawer bots | engine | hands per call | hands/s (best) | vs pokerkit |",
        "|---|---|--:|--:|--:|",
    ]
    for seats in (2, 6):
        contenders = [
            ("pokerkit FixedLimitBadugi", 300, partial(play_pokerkit_hands, 300, seats)),
            ("Game (Python)", 300, partial(simulate, [drawer] * seats, 300, 1, engine="python")),
        ] + [
            (
                f"C hand loop, {threads} thread{'s' * (threads > 1)}",
                200_000,
                partial(simulate, [drawer] * seats, 200_000, 1, engine="c", threads=threads),
            )
            for threads in (1, 2)
        ]
        best = [min(_time(call, 1) for _ in range(max(repeats // 2, 2))) for *_, call in contenders]
        pokerkit_rate = contenders[0][1] / best[0]
        for (name, hands, _), seconds in zip(contenders, best, strict=True):
            rate = hands / seconds
            ratio = f"{rate / pokerkit_rate:,.0f}x"
            lines.append(f"| {seats} seats | {name} | {hands:,} | {_rate(rate)} | {ratio} |")
    return lines


def _seconds(seconds: float) -> str:
    for scale, unit in ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs")):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds * 1e9:.3g} ns"


def _recorded(extra: dict[str, Any]) -> str:
    """A bench's extra_info as one cell: ``x_per_second`` as a rate of x, floats to 3 digits."""
    shown = []
    for key, value in extra.items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            shown.append(f"{key} {value}")
        elif key.endswith("_per_second"):
            shown.append(f"{_rate(value)} {key.removesuffix('_per_second')}/s")
        elif isinstance(value, float):
            shown.append(f"{key} {value:.3g}")
        else:
            shown.append(f"{key} {value:,}")
    return "; ".join(shown) or "-"


def suite_table(run: dict[str, Any]) -> list[str]:
    """One row per benchmark of a pytest-benchmark JSON run, in the order it ran."""
    benchmarks = run.get("benchmarks") if isinstance(run, dict) else None
    if not isinstance(benchmarks, list) or not benchmarks:
        raise ValueError("the pytest-benchmark JSON holds no 'benchmarks' list with any entry")
    lines = [
        "| benchmark | min | median | rounds | recorded (extra_info) |",
        "|---|--:|--:|--:|---|",
    ]
    for bench in benchmarks:
        try:
            name, stats = bench["fullname"], bench["stats"]
            low, middle, rounds = stats["min"], stats["median"], stats["rounds"]
        except (KeyError, TypeError) as error:
            raise ValueError(f"a benchmark entry lacks its field {error}") from None
        for field, value in (("min", low), ("median", middle), ("rounds", rounds)):
            if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                raise ValueError(f"{name}: stats field {field!r} is {value!r}, not a number")
        extra = bench.get("extra_info") or {}
        if not isinstance(extra, dict):
            raise ValueError(f"{name}: 'extra_info' is {extra!r}, not a mapping")
        name = str(name).removeprefix("benches/").replace("|", "\\|")
        lines.append(
            f"| {name} | {_seconds(low)} | {_seconds(middle)} | {rounds:,} | {_recorded(extra)} |"
        )
    return lines


def saved_run_header(command: str, run: dict[str, Any], source: str) -> list[str]:
    """The header of a table read from a saved JSON: the date and machine that JSON records."""
    if not isinstance(run, dict):
        raise ValueError("the pytest-benchmark JSON is no object of 'datetime', 'benchmarks'...")
    try:
        when = datetime.datetime.fromisoformat(run["datetime"]).astimezone(datetime.UTC)
        info = run["machine_info"]
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"the pytest-benchmark JSON lacks a valid field {error}") from None
    cpu = info.get("cpu") if isinstance(info, dict) else None
    if not isinstance(info, dict) or not isinstance(cpu or {}, dict):
        raise ValueError("the pytest-benchmark JSON's 'machine_info' is not a mapping of fields")
    cpu = cpu or {}
    return [
        f"Measured {when:%Y-%m-%d %H:%M} UTC by `{command}` "
        f"from the pytest-benchmark run saved in {source}.",
        "",
        f"- platform: {info.get('system', '?')} {info.get('release', '?')} "
        f"{info.get('machine', '?')}",
        f"- cpu: {cpu.get('brand_raw', 'unknown')}; {cpu.get('count', '?')} logical cores "
        "/ load average not recorded in the JSON",
        f"- python {info.get('python_version', '?')} ({info.get('python_implementation', '?')})",
    ]


def run_suite(files: Sequence[str], keyword: str | None) -> tuple[str, dict[str, Any]]:
    """Run the pytest-benchmark suite on FILES; its command line and its JSON."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "suite.json"
        extra = ["-k", keyword] if keyword else []
        argv = ["-m", "pytest", *files, *extra, "--benchmark-only", f"--benchmark-json={out}"]
        shown = shlex.join(["python", *argv[:-1], "--benchmark-json=<tmp>"])
        done = subprocess.run([sys.executable, *argv], check=False)
        if done.returncode != 0:
            raise SystemExit(f"{shown} failed (exit {done.returncode}): no table written")
        return shown, json.loads(out.read_text(encoding="utf-8"))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="timing samples per contender")
    parser.add_argument("--threads", action="store_true", help="also time 1 vs 2 threads")
    parser.add_argument("--draws", action="store_true", help="also time the draw mathematics")
    parser.add_argument("--games", action="store_true", help="also time whole simulated hands")
    parser.add_argument("--write", type=Path, metavar="DIR", help="write the tables into DIR")
    parser.add_argument("--note", help="a line about the machine's state during the run")
    suite = parser.add_mutually_exclusive_group()
    suite.add_argument("--suite", nargs="+", metavar="FILE", help="run these pytest benches")
    suite.add_argument("--suite-json", type=Path, metavar="FILE", help="a saved benchmark JSON")
    parser.add_argument("--suite-k", metavar="EXPR", help="pytest -k for --suite")
    parser.add_argument(
        "--table", default="suite", metavar="NAME",
        help="the file --suite or --suite-json writes, NAME.md (default suite)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    argv = sys.argv[1:] if argv is None else list(argv)
    command = shlex.join(["python", "benches/report.py", *argv])
    if (args.suite or args.suite_json) and (args.threads or args.draws or args.games):
        parser.error("--suite and --suite-json write only the suite's table")
    if args.suite_k and not args.suite:
        parser.error("--suite-k filters the benches --suite runs")
    if args.suite_json:
        try:
            run = json.loads(args.suite_json.read_text(encoding="utf-8"))
            lines = [*saved_run_header(command, run, args.suite_json.name), *_note(args.note)]
            lines += ["", *suite_table(run)]
        except (OSError, ValueError) as error:
            raise SystemExit(f"{args.suite_json}: {error}") from None
        _write({args.table: lines}, args.write)
        return
    header = run_header(command, args.note)  # the load average as the run starts
    if args.suite:
        shown, run = run_suite(args.suite, args.suite_k)
        header += [f"- load average as it ended: {_load()}", f"- pytest run: `{shown}`"]
        _write({args.table: [*header, "", *suite_table(run)]}, args.write)
        return
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        baseline = build_baseline(tmp)  # stays loaded after its directory is removed
    rows = contenders(baseline)
    seconds = best_seconds_per_call(rows, args.repeat)
    tables = {"evaluate": contender_table(rows, seconds)}
    if args.threads:
        tables["threads"] = [*threads_table(args.repeat), "", *pair_scaling(args.repeat)]
    if args.draws:
        tables["draws"] = draws_table(args.repeat)
    if args.games:
        tables["games"] = games_table(args.repeat)
    header.append(f"- load average as it ended: {_load()}")
    _write({name: [*header, "", *lines] for name, lines in tables.items()}, args.write)


def _note(note: str | None) -> list[str]:
    return [f"- note: {note}"] if note else []


def _write(tables: dict[str, list[str]], directory: Path | None) -> None:
    """Print each table file; with a directory, also write it there as NAME.md."""
    for name, lines in tables.items():
        text = "\n".join(lines) + "\n"
        print(text)
        if directory:
            directory.mkdir(parents=True, exist_ok=True)
            (directory / f"{name}.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
