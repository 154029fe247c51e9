"""Training the blueprint and playing it: MCCFR iterations a second on the full deck (one and
two threads, abstraction 2 on two threads, and a two-worker Dask LocalCluster), the Python
bot's decisions a second, and the blueprint in the C hand loop on one thread (blueprint against
blueprint, blueprint against the drawer, and the drawer against itself as the comparison row of
the same run): hands a second, and the blueprint's decisions a second (counted once, outside
the clock, by the C audit of the same hands), in extra_info.

Each training row runs 4,096 iterations (one batch, with its merge) from a table already
trained a batch, so the strategies are no longer uniform; the rate is iterations / mean time.

    pytest benches/test_bench_blueprint.py --benchmark-only
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _rates import record_rate

from badugi_fast.blueprint import BlueprintBot, Deck, Trainer
from badugi_fast.game import Game, Rules
from badugi_fast.game.bots import drawer
from badugi_fast.play.simulation import simulate
from badugi_fast.play.simulation.local import audit_in_c

BATCH = 4096
HEADS_UP = Rules(small_bet=2, cap_heads_up=True)
C_HANDS = 200_000


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A LocalCluster of two worker processes, one thread each, on the loopback only."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                 host="127.0.0.1", dashboard_address="127.0.0.1:0") as cluster,
        distributed.Client(cluster) as connected,
    ):  # fmt: skip
        yield connected


@pytest.fixture(scope="module")
def trainer() -> Trainer:
    trainer = Trainer(Deck(), seed=0, batch=BATCH)
    trainer.run(BATCH, threads=2)
    return trainer


@pytest.mark.benchmark(group="blueprint: MCCFR iterations, full deck (4,096 a round)")
@pytest.mark.parametrize("threads", [1, 2])
def test_training_iterations(benchmark, trainer: Trainer, threads: int) -> None:
    before, rounds = trainer.iterations, []

    def one_batch() -> None:  # counted: --benchmark-disable runs it once, not `rounds` times
        rounds.append(1)
        trainer.run(BATCH, threads=threads)

    benchmark.pedantic(one_batch, rounds=3, warmup_rounds=0)
    assert trainer.iterations == before + len(rounds) * BATCH
    benchmark.extra_info["iterations_per_round"] = BATCH


@pytest.mark.benchmark(group="blueprint: MCCFR iterations, full deck (4,096 a round)")
def test_training_iterations_in_abstraction_2(benchmark) -> None:
    """Abstraction 2's three times larger table (292 MB) on two threads: the same walk, more
    cache misses."""
    trainer = Trainer(Deck(), seed=0, batch=BATCH, abstraction=2)
    trainer.run(BATCH, threads=2)
    before, rounds = trainer.iterations, []

    def one_batch() -> None:
        rounds.append(1)
        trainer.run(BATCH, threads=2)

    benchmark.pedantic(one_batch, rounds=3, warmup_rounds=0)
    assert trainer.iterations == before + len(rounds) * BATCH
    benchmark.extra_info["iterations_per_round"] = BATCH


@pytest.mark.benchmark(group="blueprint: MCCFR iterations, full deck (4,096 a round)")
def test_training_iterations_on_a_two_worker_cluster(benchmark, trainer: Trainer, client) -> None:
    before, rounds = trainer.iterations, []

    def one_batch() -> None:
        rounds.append(1)
        trainer.run(BATCH, threads=1, executor=client, workers=2)

    benchmark.pedantic(one_batch, rounds=2, warmup_rounds=0)
    assert trainer.iterations == before + len(rounds) * BATCH


@pytest.mark.benchmark(group="blueprint: the Python bot")
def test_bot_decisions(benchmark, trainer: Trainer) -> None:
    bot = BlueprintBot(trainer.blueprint())
    rules = Rules(small_bet=2, cap_heads_up=True)
    views = []
    for hand in range(40):
        game = Game([200, 200], rules, button=hand % 2, seed=hand)
        while not game.done:
            view = game.view(game.actor)  # type: ignore[arg-type]
            views.append(view)
            game.act(bot(view))

    def decide_all() -> int:
        return sum(1 for view in views if bot(view) is not None)

    assert benchmark(decide_all) == len(views)
    benchmark.extra_info["decisions"] = len(views)


@pytest.mark.benchmark(group="blueprint: the C hand loop, one thread")
@pytest.mark.parametrize("who", ["blueprint vs blueprint", "blueprint vs drawer", "drawers"])
def test_c_loop(benchmark, trainer: Trainer, who: str) -> None:
    bot = BlueprintBot(trainer.blueprint())
    bots = {"blueprint vs blueprint": [bot, bot], "blueprint vs drawer": [bot, drawer],
            "drawers": [drawer, drawer]}[who]  # fmt: skip
    result = benchmark.pedantic(
        simulate, (bots, C_HANDS, 1, HEADS_UP), {"engine": "c", "threads": 1},
        rounds=5, warmup_rounds=1,
    )  # fmt: skip
    assert result.engine == "c" and sum(result.profit_per_100) == pytest.approx(0, abs=1e-6)
    record_rate(benchmark, C_HANDS, "hands")
    if who != "drawers":
        audit = audit_in_c(bots, 0, C_HANDS, 1, HEADS_UP)
        assert audit.bad == 0
        record_rate(benchmark, audit.decisions, "blueprint_decisions")
