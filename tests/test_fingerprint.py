"""The library's results, fingerprinted: ranks, draw odds, equity, the C hand loop, the batched
engine, PHH bytes, an imported history, the blueprint's decisions and its trainer, and the
last-round solver's iteration counts. A move of code from one room to another must leave every
line of this file's pins as it is; a deliberate change of a result updates its pin here and says
why in the CHANGELOG."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast.blueprint import BlueprintBot, Deck, Trainer, load_blueprint
from badugi_fast.game import Game, Rules, bots
from badugi_fast.game.stream import play_out
from badugi_fast.hands.universe import all_hands
from badugi_fast.notation import phh
from badugi_fast.notation.histories import read_histories
from badugi_fast.play import VectorGame, head_to_head, simulate
from badugi_fast.play.vector import policies
from badugi_fast.solve import solve_last_round

FIXTURES = Path(__file__).resolve().parent / "notation" / "histories" / "fixtures"


def _canonical(value: object) -> object:
    """A value as plain text-able parts: arrays by dtype, shape and bytes' digest, dataclasses
    by their fields (a repr would cut a long array short)."""
    if isinstance(value, np.ndarray):
        contiguous = np.ascontiguousarray(value)
        return (
            str(contiguous.dtype),
            contiguous.shape,
            hashlib.sha256(contiguous.tobytes()).hexdigest(),
        )
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            [
                (f.name, _canonical(getattr(value, f.name)))
                for f in dataclasses.fields(value)
                if f.repr
            ],
        )
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if isinstance(value, dict):
        return sorted((repr(k), _canonical(v)) for k, v in value.items())
    return repr(value)


def _digest(*parts: object) -> str:
    """The first 16 hex digits of the sha256 of the parts' canonical text."""
    return hashlib.sha256(repr(_canonical(parts)).encode()).hexdigest()[:16]


def test_every_hands_rank() -> None:
    ranks = bf.evaluate_many(all_hands())
    assert _digest(np.ascontiguousarray(ranks, dtype=np.uint16)) == "eded0702d16a483a"


def test_exact_draw_odds_and_seeded_equity() -> None:
    odds = [bf.draw_odds(h, draws=d) for h, d in (("As 2d 3c 3h", 3), ("Kc 2d 3h 4s", 1))]
    figures = [(o.badugi_fraction, o.sizes, o.ranks, o.discard, o.paths) for o in odds]
    equity = bf.equity(["As 2d 3c Kh", "8-"], seed=1)
    assert _digest(figures, equity) == "eedeb40b45e71c74"


def test_the_c_hand_loop_and_head_to_head() -> None:
    result = simulate([bots.drawer, bots.threshold("7", "J")], hands=20_000, seed=2, rules=Rules())
    h2h = head_to_head([bots.threshold("9", "Q"), bots.random_bot(4)], hands=2_000, seed=3)
    assert _digest(result, h2h) == "ced4ab34bb813da8"


def test_the_batched_engine() -> None:
    game = VectorGame(tables=16, seats=3, rules=Rules(), seed=7)
    obs = game.reset()
    policy = policies.random_policy(seed=1)
    rewards = []
    for _ in range(200):
        obs, reward, _done, _info = game.step(*policy(obs))
        rewards.append(reward)
    assert _digest(np.stack(rewards), obs["action_mask"]) == "bc1a48df50764370"


def test_phh_bytes_of_played_hands() -> None:
    texts = []
    for number, rules in enumerate((Rules(), Rules(small_bet=2, cap_heads_up=True))):
        game = Game([200, 200, 200], rules=rules, seed=11 + number)
        players: list[bots.Bot] = [bots.threshold("9", "Q"), bots.drawer, bots.random_bot(3)]
        play_out(game, players, number)
        texts.append(phh.dumps(game))
    assert _digest(texts) == "057ce29b92250a78"


def test_an_imported_history() -> None:
    hands = read_histories(FIXTURES / "pokerstars_cash.txt")
    # the PHH names its source file: the digest is of the text with the folder left out
    texts = [(h.problems, h.phh.replace(str(FIXTURES), "FIXTURES")) for h in hands]
    assert _digest(texts) == "f116813fef8d6d60"  # issue 32: _short_all_in, _free_fold


@pytest.mark.parametrize(
    ("name", "pin"),
    [("v1", "9a0e5b7992c26b38"), ("v2", "ac38866f4f676632"), ("v3", "3d8c1c3dba572339")],
)  # each shipped strategy by its name: the default moved from v1 to v2 (CHANGELOG)
def test_the_blueprints_decisions_in_python_and_in_c(name: str, pin: str) -> None:
    bot = BlueprintBot(load_blueprint(name))
    rules = Rules(small_bet=2, cap_heads_up=True)
    in_c = simulate([bot, bots.drawer], hands=4_000, seed=5, rules=rules, stacks=200)
    in_python = simulate(
        [bot, bots.drawer], hands=40, seed=5, rules=rules, stacks=200, engine="python"
    )
    assert _digest(in_c, in_python) == pin


def test_the_blueprint_trainer_on_a_small_deck() -> None:
    trainer = Trainer(Deck(ranks=4, suits=4, draws=1), seed=9, batch=64)
    trainer.run(256, threads=1)
    assert _digest(trainer.table) == "e417834d5aacc329"


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (Rules(small_bet=2, cap_heads_up=True), "622fdf0a9be01bdc"),
        (Rules(small_bet=2, structure="pot-limit"), "0ff30bbeb771831a"),
    ],
)
def test_the_last_round_solvers_iterations(rules: Rules, expected: str) -> None:
    solution = solve_last_round(
        ["8-", "top 30%"], pot=12, stacks=40, rules=rules, target=1e-3, threads=1
    )
    figures = (solution.iterations, round(solution.exploitability_fraction, 12), solution.value)
    assert _digest(figures) == expected
