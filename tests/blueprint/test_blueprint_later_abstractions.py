"""Abstractions 2 (each decision after the first draw also sees the player's own last draw)
and 3 (the betting of rounds 2 and 3 also sees the opponent's draw before its last) end to end:
their strategy files, their training (the same bits on any thread count, checkpoints that keep
it), their play in Game, the C hand loop and the local best response's reader alike, and a
file of one abstraction never read as another."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import TINY, history_classes, random_blueprint

from badugi_fast.blueprint import Blueprint, BlueprintBot, Deck, StrategyFileError, Trainer
from badugi_fast.blueprint.abstraction import infosets, public_count
from badugi_fast.blueprint.strategy import HEADER
from badugi_fast.cards import DECK
from badugi_fast.game import Action, ActionKind, Game, Rules
from badugi_fast.game.actions import View
from badugi_fast.game.bots import drawer
from badugi_fast.play.simulation.api import play_hands
from badugi_fast.play.simulation.local import audit_in_c
from badugi_fast.solve.lbr.blueprint import BlueprintStrategy

RULES = Rules(small_bet=2, cap_heads_up=True)


@pytest.fixture(scope="module", params=[2, 3])
def blueprint_2(request: pytest.FixtureRequest) -> Blueprint:
    return random_blueprint(5, abstraction=request.param)


def test_its_file_reads_back_and_says_its_abstraction(
    blueprint_2: Blueprint, tmp_path: Path
) -> None:
    n = blueprint_2.abstraction
    digest = blueprint_2.save(tmp_path / "two.bin")
    again = Blueprint.load(tmp_path / "two.bin", sha256=digest)
    assert again == blueprint_2 and again.abstraction == n
    assert again.table.shape == (infosets(n), 3) == (212 * public_count(n), 3)
    fields = HEADER.unpack_from((tmp_path / "two.bin").read_bytes())
    assert (fields[2], fields[3], fields[4]) == (n, 212, public_count(n))


def test_a_header_naming_the_other_abstraction_is_refused(blueprint_2: Blueprint) -> None:
    data = blueprint_2.to_bytes()
    fields = list(HEADER.unpack_from(data))
    fields[2] = 1  # abstraction 1 with another's public count
    count = public_count(blueprint_2.abstraction)
    with pytest.raises(StrategyFileError, match=f"abstraction 1 of 212 buckets, {count} public"):
        Blueprint.from_bytes(HEADER.pack(*fields) + data[HEADER.size :])
    fields[2] = 4
    unknown = r"abstraction 4; this reads abstractions \(1, 2, 3\)"
    with pytest.raises(StrategyFileError, match=unknown):
        Blueprint.from_bytes(HEADER.pack(*fields) + data[HEADER.size :])


def test_a_table_of_the_wrong_size_or_abstraction_is_refused(blueprint_2: Blueprint) -> None:
    with pytest.raises(StrategyFileError, match="table of abstraction 1 is uint16"):
        Blueprint(13, 4, 3, 2, 0, 0, blueprint_2.table)  # abstraction 1 by default
    with pytest.raises(StrategyFileError, match="abstraction is one of"):
        Blueprint(13, 4, 3, 2, 0, 0, blueprint_2.table, 4)
    assert blueprint_2 != Blueprint(13, 4, 3, 2, 123, 5, blueprint_2.table[: infosets(1)])


@pytest.mark.parametrize("bots", ["both seats", "against the drawer"])
def test_the_c_loop_plays_it_to_games_chips_hand_for_hand(
    blueprint_2: Blueprint, bots: str
) -> None:
    bot = BlueprintBot(blueprint_2)
    seats = [bot, bot] if bots == "both seats" else [drawer, bot]
    in_c = play_hands(seats, 0, 1500, 9, RULES, engine="c")
    assert (in_c == play_hands(seats, 0, 1500, 9, RULES, engine="python")).all()


def test_every_c_decision_is_its_python_row(blueprint_2: Blueprint) -> None:
    audit = audit_in_c([BlueprintBot(blueprint_2)] * 2, 0, 20_000, 4, RULES, keep=20_000)
    assert audit.bad == 0 and len(audit.infoset) == 20_000
    n = blueprint_2.abstraction
    seen = [history_classes(n)[int(i) % public_count(n)] for i in audit.infoset]
    assert max(classes[n - 2] for classes in seen) > 0  # what the abstraction before lacks
    for i in range(0, 20_000, 7):
        slots = [s for s in range(3) if audit.legal[i] >> s & 1]
        assert audit.probs[i][slots].tolist() == blueprint_2.row(int(audit.infoset[i]), slots)


def _public_read_alike(blueprint: Blueprint, view: View) -> int:
    """The public index of ``view``'s decision, after checking that the local best response's
    reader gives Blueprint.probabilities' numbers there."""
    probs = [p for _, p in blueprint.probabilities(view)]
    hands = np.array([sorted(int(c) for c in view.hand)], dtype=np.uint8)
    row = BlueprintStrategy(blueprint).betting(view, hands, np.zeros(1, dtype=np.uint64))
    assert row[0].tolist() == pytest.approx(probs, abs=1e-12)
    return int(blueprint.read(view).public)


def test_the_lbr_reader_gives_its_probabilities(blueprint_2: Blueprint) -> None:
    """After the big blind's first draw of 0, 1 or 2 cards, the same later decision reads
    another public index (its own draw is in it), and the local best response's reader gives
    Blueprint.probabilities' numbers there."""
    seen = []
    for count in (0, 1, 2):
        game = Game([200, 200], RULES, button=1, deck=list(DECK))
        game.act(Action(ActionKind.CALL, 1))  # the button limps
        game.act(Action(ActionKind.CHECK))  # the big blind checks: the draw
        game.act(Action.draw(tuple(game.hands[0][:count])))
        game.act(Action.draw())
        seen.append(_public_read_alike(blueprint_2, game.view(0)))  # the big blind acts first
    assert len(set(seen)) == 3


def test_the_opponents_earlier_draw_is_seen_in_abstraction_3_alone(
    blueprint_2: Blueprint,
) -> None:
    """The big blind's first decision after the second draw, the button having thrown 0, 1 or
    2 cards at the first draw and one at the second: three public indices in abstraction 3,
    one in abstraction 2; the local best response's reader agrees with the blueprint's."""
    seen = []
    for count in (0, 1, 2):
        game = Game([200, 200], RULES, button=1, deck=list(DECK))
        game.act(Action(ActionKind.CALL, 1))  # the button limps
        game.act(Action(ActionKind.CHECK))  # the big blind checks: the first draw
        game.act(Action.draw(tuple(game.hands[0][:1])))
        game.act(Action.draw(tuple(game.hands[1][:count])))
        game.act(Action(ActionKind.CHECK))
        game.act(Action(ActionKind.CHECK))  # the second draw
        game.act(Action.draw(tuple(game.hands[0][:1])))
        game.act(Action.draw(tuple(game.hands[1][:1])))
        seen.append(_public_read_alike(blueprint_2, game.view(0)))
    assert len(set(seen)) == (3 if blueprint_2.abstraction == 3 else 1)


@pytest.mark.parametrize("abstraction", [2, 3])
def test_training_it_gives_the_same_bits_on_any_thread_count(
    tmp_path: Path, abstraction: int
) -> None:
    deck = Deck(ranks=3, suits=3, draws=2)  # draws: the indices the two abstractions add
    one = Trainer(deck, seed=2, batch=200, abstraction=abstraction)
    one.run(1000, threads=1)
    two = Trainer(deck, seed=2, batch=200, abstraction=abstraction)
    two.run(600, threads=2)
    two.save(tmp_path / "run.npz")
    del two  # a table of abstraction 3 is 622 MB
    resumed = Trainer.load(tmp_path / "run.npz")
    assert resumed.abstraction == abstraction
    resumed.run(400, threads=2)
    assert np.array_equal(one.table, resumed.table)
    assert one.blueprint().abstraction == abstraction
    assert one.table.shape == (infosets(abstraction), 3, 3)


def test_a_checkpoint_of_version_1_reads_as_abstraction_1(tmp_path: Path) -> None:
    trainer = Trainer(TINY, seed=4, batch=100)
    trainer.run(200, threads=1)
    d = trainer.deck
    meta = np.array([1, d.ranks, d.suits, d.draws, d.small_bet, 4, 100, 200], dtype=np.uint64)
    np.savez(tmp_path / "old.npz", meta=meta, table=trainer.table)
    old = Trainer.load(tmp_path / "old.npz")
    assert old.abstraction == 1 and old.iterations == 200
    assert np.array_equal(old.table, trainer.table)
