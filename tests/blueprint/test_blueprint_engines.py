"""The blueprint in the C engines: ``simulate`` plays it in the C hand loop and ``VectorGame``
as a seat of its own, with the same actions and chips as ``Game`` hand for hand (the same
information set, probabilities and random bits at every decision), every decision a
distribution over the legal slots (checked in C over millions of decisions, and against the
Python reading of the strategy), and every game it was not trained for refused."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from badugi_fast._badugi import ffi, lib
from badugi_fast.blueprint import Blueprint, BlueprintBot
from badugi_fast.game import Rules
from badugi_fast.game.bots import drawer, threshold
from badugi_fast.game.stream import play_out, stream_game
from badugi_fast.play import VectorGame
from badugi_fast.play.simulation.api import play_hands, simulate
from badugi_fast.play.simulation.local import _c_spec, audit_in_c, trace_in_c, traced
from badugi_fast.play.vector.policies import threshold_policy

RULES = Rules(small_bet=2, cap_heads_up=True)
STACKS = [200, 200]


@pytest.fixture(scope="module")
def bot(blueprint: Blueprint) -> BlueprintBot:
    return BlueprintBot(blueprint)


def pairings(bot: BlueprintBot) -> dict[str, list[object]]:
    return {
        "blueprint first": [bot, drawer],
        "blueprint second": [drawer, bot],
        "both seats": [bot, bot],
        "against a table policy": [threshold("8", "Q", 3, policy="max-equity"), bot],
    }


@pytest.mark.parametrize("pairing", ["blueprint first", "blueprint second", "both seats",
                                     "against a table policy"])  # fmt: skip
def test_the_c_loop_plays_the_blueprint_to_games_chips_hand_for_hand(
    bot: BlueprintBot, pairing: str
) -> None:
    bots = pairings(bot)[pairing]
    in_c = play_hands(bots, 0, 1500, 21, RULES, engine="c")
    in_python = play_hands(bots, 0, 1500, 21, RULES, engine="python")
    assert (in_c == in_python).all()
    assert simulate(bots, 20, seed=1, rules=RULES).engine == "c"  # auto picks the C loop


def test_at_the_shallowest_stacks_the_blueprint_plays_alike_all_in_at_the_last_cap(
    bot: BlueprintBot,
) -> None:
    """48 chips: four capped rounds put every chip in, the last call all-in (a strategy that
    always raises caps every round)."""
    table = np.zeros((lib.BF_BP_INFOSETS, 3), dtype=np.uint16)
    table[:, 2] = lib.BF_BP_ONE
    raiser = BlueprintBot(Blueprint(13, 4, 3, 2, 0, 0, table))
    for bots in ([raiser, raiser], [bot, bot]):
        in_c = play_hands(bots, 0, 400, 6, RULES, stacks=48, engine="c")
        assert (in_c == play_hands(bots, 0, 400, 6, RULES, stacks=48, engine="python")).all()
    assert np.abs(play_hands([raiser, raiser], 0, 50, 6, RULES, stacks=48)).max() == 48


def test_the_c_loop_takes_games_actions_at_every_decision(bot: BlueprintBot) -> None:
    for number in range(150):
        actions, won = trace_in_c([bot, bot], number, 4, RULES, stacks=STACKS)
        game = stream_game(STACKS, RULES, 4, number)
        play_out(game, [bot, bot], number)
        assert actions == traced(game.history), number
        assert won == [chips - 200 for chips in game.stacks]


@pytest.mark.parametrize("seat", [0, 1])
def test_the_batched_engine_plays_the_blueprint_seat_as_the_c_loop(
    bot: BlueprintBot, seat: int
) -> None:
    """The caller's seat plays the drawer's vector policy, the engine the blueprint's."""
    in_c = [drawer, drawer]
    in_c[seat] = bot
    batched: list[object] = [threshold_policy(drawer, RULES)] * 2
    batched[seat] = bot
    expected = play_hands(in_c, 0, 6000, 8, RULES, engine="c")
    assert (play_hands(batched, 0, 6000, 8, RULES, engine="vector") == expected).all()


def test_vector_game_refuses_the_blueprint_in_a_game_it_was_not_trained_for(
    bot: BlueprintBot,
) -> None:
    with pytest.raises(ValueError, match=r"bots\[0\]: the blueprint was trained for"):
        VectorGame(4, 2, Rules(small_bet=2), seed=1, bots=[bot, None])
    with pytest.raises(ValueError, match="at least 48 chips"):
        VectorGame(4, 2, RULES, seed=1, stacks=40, bots=[bot, None])


def test_every_c_decision_is_a_distribution_over_the_legal_slots(
    bot: BlueprintBot, blueprint: Blueprint
) -> None:
    """Over two million decisions, checked in C; the first thousands against Blueprint.row."""
    audit = audit_in_c([bot, bot], 0, 400_000, 3, RULES, keep=20_000)
    assert audit.decisions > 2_000_000 and audit.bad == 0
    assert len(audit.infoset) == 20_000
    for i in range(len(audit.infoset)):
        slots = [s for s in range(3) if audit.legal[i] >> s & 1]
        row = blueprint.row(int(audit.infoset[i]), slots)
        assert audit.probs[i][slots].tolist() == row  # the very same doubles
        assert audit.slot[i] in slots
    assert set(audit.legal.tolist()) == {6, 7, 3, 5}  # check or call, raise, fold; draw slots
    chosen = np.bincount(audit.slot, minlength=3)
    assert chosen.min() > 1000  # every slot is played


def test_the_audit_counts_a_decision_that_is_not_a_distribution_as_bad() -> None:
    """A row that sums to one over the slots but has every weight on an illegal one is played
    uniformly, as Blueprint.row plays it, and is a distribution; only the C check of the sum
    could fail, and for that a corrupted table is refused before it is played."""
    table = np.zeros((lib.BF_BP_INFOSETS, 3), dtype=np.uint16)
    table[:, 2] = lib.BF_BP_ONE  # always raise; where raising is not legal, uniform
    audit = audit_in_c([BlueprintBot(Blueprint(13, 4, 3, 2, 0, 0, table))] * 2, 0, 500, 1, RULES)
    assert audit.decisions > 0 and audit.bad == 0


def test_a_corrupted_row_is_refused_by_c_naming_the_hand_and_seat(blueprint: Blueprint) -> None:
    table = blueprint.table.copy()
    corrupted = Blueprint(13, 4, 3, 2, 0, 0, table)
    table[:] = (1, 2, 3)  # changed after the file's check: every row sums to 6, not 65535
    with pytest.raises(ValueError, match=r"hand 0, seat \d, the blueprint does not cover .*row"):
        simulate([BlueprintBot(corrupted), drawer], 10, seed=1, rules=RULES, engine="c")


def test_the_c_loop_refuses_other_rules_on_its_own(bot: BlueprintBot) -> None:
    """Past the Python check (simulate's), C reads the legal actions and refuses a mismatch."""
    refusal = ffi.new("bf_game_refusal *")
    out = ffi.new("int64_t[]", 2 * 2000)
    # other stakes refuse the first decision; no cap heads-up, the first raise past the cap's
    for rules in (Rules(small_bet=4, cap_heads_up=True), Rules(small_bet=2)):
        spec = _c_spec([bot, bot], rules, [200, 200])
        assert lib.bf_game_play(spec, 1, 0, 2000, out, ffi.NULL, refusal) == lib.BF_GAME_REFUSED
        assert refusal.reason == lib.BF_REFUSE_OTHER_RULES


@pytest.mark.parametrize(
    ("rules", "stacks", "seats", "message"),
    [
        (Rules(small_bet=2), 200, 2, r"seat 0: the blueprint was trained for Rules"),
        (Rules(small_bet=2, cap_heads_up=True, burn=True), 200, 2, "trained for"),
        (RULES, 40, 2, "at least 48 chips"),
        (RULES, 200, 3, "heads-up, not 3 seats"),
    ],
)
def test_simulate_refuses_a_game_the_blueprint_was_not_trained_for(
    bot: BlueprintBot, rules: Rules, stacks: int, seats: int, message: str
) -> None:
    for engine in ("c", "python"):
        with pytest.raises(ValueError, match=message):
            simulate([bot] + [drawer] * (seats - 1), 5, seed=1, rules=rules, stacks=stacks,
                     engine=engine)  # fmt: skip


def test_a_small_deck_blueprint_has_no_c_form_and_simulate_refuses_it(
    blueprint: Blueprint,
) -> None:
    small = BlueprintBot(Blueprint(3, 3, 3, 2, 0, 0, blueprint.table))
    assert small.c_seat_form() is None
    with pytest.raises(ValueError, match="trained on 3 ranks, 3 suits"):
        simulate([small, drawer], 5, seed=1, rules=RULES)


def test_the_blueprint_bot_pickles_after_it_has_played_in_c(bot: BlueprintBot) -> None:
    first = play_hands([bot, drawer], 0, 200, 2, RULES, engine="c")
    again = pickle.loads(pickle.dumps(bot))
    assert (play_hands([again, drawer], 0, 200, 2, RULES, engine="c") == first).all()


def test_damaged_strategy_files_are_refused_or_read_and_played_in_c(blueprint: Blueprint) -> None:
    """Bytes flipped anywhere in a file: either the reading refuses it (StrategyFileError, a
    ValueError), or what it reads is a blueprint the C loop plays without a fault."""
    data = bytearray(blueprint.to_bytes())
    rng = np.random.default_rng(7)
    read = 0
    for _ in range(120):
        damaged = bytearray(data)
        for at in rng.integers(0, len(data) if rng.random() < 0.5 else 92, size=3):
            damaged[at] ^= 1 << int(rng.integers(8))
        try:
            again = Blueprint.from_bytes(bytes(damaged))
        except ValueError:
            continue
        read += 1  # only the iterations and seed fields are free
        won = play_hands([BlueprintBot(again), drawer], 0, 50, 1, RULES, engine="c")
        assert (won.sum(axis=1) == 0).all()
    assert read < 120
