"""The C batched engine (vector.VectorGame) against its Python specification
(vector_reference.VectorGame), step for step: every observation array, the rewards, the done
flags and the info of every step, on every rule set, 2 to 8 seats, under random legal actions
(discards and exact amounts among them), with illegal actions refused or replaced alike."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from badugi_fast.game import IllegalActionError, KoreanRules, Rules, RuleSet
from badugi_fast.play import VectorGame
from badugi_fast.play.vector.policies import random_policy
from badugi_fast.play.vector.reference import VectorGame as ReferenceGame
from badugi_fast.play.vector.spec import BET, CHECK_CALL, EXACT, FOLD, N_ACTIONS

RULE_SETS = {
    "fixed": Rules(),
    "fixed, burn, capped heads-up": Rules(burn=True, cap_heads_up=True, max_raises=1),
    "pot": Rules(structure="pot-limit"),
    "half-pot": Rules(structure="half-pot-limit", small_bet=10),
    "no-limit": Rules(structure="no-limit", small_bet=10),
    "no-limit, antes, no blinds": Rules(structure="no-limit", ante=2, small_blind=0, big_blind=0),
    "antes and blinds": Rules(ante=1),
    "korean": KoreanRules(ante=10),
    "korean, in turn, full, capped": KoreanRules(
        ante=5, chip=5, cutting=(3, 3, 3), cutting_type="in_turn", allow_full=True, max_raises=2
    ),
}


def assert_same_step(c: Any, ref: Any, where: str) -> None:
    obs_c, rewards_c, done_c, info_c = c
    obs_r, rewards_r, done_r, info_r = ref
    assert obs_c.keys() == obs_r.keys()
    for key in obs_r:
        assert obs_c[key].dtype == obs_r[key].dtype, (where, key)
        assert np.array_equal(obs_c[key], obs_r[key]), (where, key, obs_c[key], obs_r[key])
    assert np.array_equal(rewards_c, rewards_r) and np.array_equal(done_c, done_r), where
    for key in ("chips", "hand", "illegal"):
        assert np.array_equal(info_c[key], info_r[key]), (where, key)


def assert_same_obs(obs_c: dict[str, Any], obs_r: dict[str, Any], where: str) -> None:
    for key in obs_r:
        assert np.array_equal(obs_c[key], obs_r[key]), (where, key, obs_c[key], obs_r[key])


@pytest.mark.parametrize("name", RULE_SETS)
@pytest.mark.parametrize("seats", [2, 3, 6, 8])
def test_the_c_engine_steps_as_the_reference_under_random_legal_actions(
    name: str, seats: int
) -> None:
    stacks = [30 + 25 * s for s in range(seats)]  # unequal: all-ins and side pots
    step_both(RULE_SETS[name], seats, stacks, name)


@pytest.mark.parametrize("name", ["fixed", "no-limit", "antes and blinds", "korean"])
@pytest.mark.parametrize("seats", [2, 3, 5])
def test_the_c_engine_steps_as_the_reference_when_blinds_and_raises_find_short_stacks(
    name: str, seats: int
) -> None:
    """Stacks of 1 to 3 big blinds beside deep ones: short big blinds, all-in calls that
    leave two players with chips (the cap's count), raises only all-in players could face."""
    unit = RULE_SETS[name].unit
    stacks = [unit * (1 + s) // 2 if s < 3 else 40 * unit for s in range(seats)]
    step_both(RULE_SETS[name], seats, stacks, name)


def step_both(rules: RuleSet, seats: int, stacks: list[int], name: str) -> None:
    """160 steps of random legal actions in the C engine and the reference, compared."""
    tables = 5
    c = VectorGame(tables, seats, rules, seed=seats, stacks=stacks)
    ref = ReferenceGame(tables, seats, rules, seed=seats, stacks=stacks)
    assert_same_obs(c.reset(), ref.reset(), "reset")
    policy = random_policy(seats)
    obs = ref.observe()
    ended = 0
    for step in range(160):
        actions, amounts = policy(obs)
        if step % 7 == 3:  # some tables wait a step
            actions[step % tables] = -1
        c_step = c.step(actions, amounts)
        ref_step = ref.step(actions, amounts)
        assert_same_step(c_step, ref_step, f"{name}, step {step}")
        obs = ref_step[0]
        ended += int(ref_step[2].sum())
        if step % 40 == 39:  # what each seat sees, and each table's last hand
            for seat in range(seats):
                assert_same_obs(c.observe([seat] * tables), ref.observe([seat] * tables), "seat")
                assert_same_obs(
                    c.final_observation([seat] * tables),
                    ref.final_observation([seat] * tables),
                    "final",
                )
    assert ended > 0
    assert np.array_equal(c.last_hand, ref.last_hand)
    assert np.array_equal(c.last_chips, ref.last_chips)
    assert_same_obs(c.next_hands(), ref.next_hands(), "next hands")


# The cardroom rules' examples, seats turned so that the button is seat 0 (table 0's first hand):
# (stacks, rules, the actions, then the seat to act, its to_call and whether it may raise).
CARDROOM_EXAMPLES = {
    "a capped round stays capped after a fold": (
        [1000] * 3, Rules(), [BET, BET, BET, FOLD], (1, 2, False)
    ),
    "the cap binds three or more players with chips": (
        [1000, 1000, 3], Rules(), [BET, BET, CHECK_CALL, BET], (1, 2, True)
    ),
    "a raise nobody could answer is not offered": (
        [200, 12, 4, 4, 200], Rules(), [BET, FOLD, FOLD], (1, 3, False)
    ),
    "a short big blind does not lower the bring-in": (
        [100, 100, 1, 100], Rules(), [], (3, 2, True)
    ),
}  # fmt: skip


@pytest.mark.parametrize("example", CARDROOM_EXAMPLES)
@pytest.mark.parametrize("engine", [VectorGame, ReferenceGame])
def test_both_engines_play_the_cardroom_rules_examples(example: str, engine: type) -> None:
    stacks, rules, actions, (seat, to_call, may_raise) = CARDROOM_EXAMPLES[example]
    game = engine(1, len(stacks), rules, seed=1, stacks=stacks)
    obs = game.reset()
    for action in actions:
        obs, *_ = game.step(np.array([action]))
    assert (obs["seat"][0], obs["to_call"][0], obs["action_mask"][0, BET]) == (
        seat, to_call, may_raise
    )  # fmt: skip


@pytest.mark.parametrize("name", ["fixed", "no-limit", "korean"])
def test_fallbacks_replace_the_same_illegal_actions(name: str) -> None:
    rules, tables = RULE_SETS[name], 6
    c = VectorGame(tables, 3, rules, seed=4, illegal="fallback")
    ref = ReferenceGame(tables, 3, rules, seed=4, illegal="fallback")
    rng = np.random.default_rng(3)
    obs = ref.reset()
    c.reset()
    for step in range(80):
        actions = rng.integers(0, N_ACTIONS, tables)  # mostly illegal
        amounts = np.where(actions == EXACT, obs["raise_min"] + rng.integers(-2, 3, tables), 0)
        amounts = np.maximum(amounts, 0)
        ref_step = ref.step(actions, amounts)
        assert_same_step(c.step(actions, amounts), ref_step, f"{name}, step {step}")
        obs = ref_step[0]
    assert c.illegal_count == ref.illegal_count > 0


@pytest.mark.parametrize(
    ("rules", "actions", "amounts"),
    [
        (Rules(), [17, 3], None),  # a discard while betting
        (Rules(), [22, 17], None),  # ttadang under casino rules
        (Rules(structure="no-limit", small_bet=10), [24, 17], [10**6, 0]),  # beyond the stack
        (Rules(structure="no-limit", small_bet=10), [17, 24], [0, 1]),  # below the least
        (KoreanRules(), [21, 17], None),  # 풀 not allowed
    ],
)
def test_illegal_actions_are_refused_with_the_same_words_and_nothing_moves(
    rules: RuleSet, actions: list[int], amounts: list[int] | None
) -> None:
    c, ref = VectorGame(2, 2, rules, seed=8), ReferenceGame(2, 2, rules, seed=8)
    before = c.observe()
    with pytest.raises(IllegalActionError) as c_error:
        c.step(np.array(actions), None if amounts is None else np.array(amounts))
    with pytest.raises(IllegalActionError) as ref_error:
        ref.step(np.array(actions), None if amounts is None else np.array(amounts))
    assert str(c_error.value) == str(ref_error.value)
    assert_same_obs(c.observe(), before, "after a refusal")


def test_results_do_not_depend_on_the_thread_count() -> None:
    rules = Rules(structure="pot-limit")
    games = [VectorGame(300, 3, rules, seed=2, threads=t) for t in (1, 2)]
    policy = random_policy(5)
    obs = games[0].reset()
    games[1].reset()
    for _ in range(50):
        actions, amounts = policy(obs)
        one, two = (game.step(actions, amounts) for game in games)
        assert_same_step(one, two, "threads")
        obs = one[0]


def test_observations_a_caller_keeps_are_never_overwritten() -> None:
    """The engine writes into buffers it reuses only once nothing outside refers to them."""
    game = VectorGame(4, 2, Rules(), seed=1)
    first = game.reset()
    kept = {key: value.copy() for key, value in first.items()}
    sliced = first["cards"][1:]  # a slice refers to the buffer, not to the array
    del first
    obs = game.observe()
    for _ in range(12):
        obs, *_ = game.step(np.where(obs["phase"] == 1, 15, 17))
    assert np.array_equal(sliced, kept["cards"][1:])
    assert len(game._buffers.pool) <= game._buffers.POOL  # and the others were reused


@pytest.mark.parametrize("bad", [-1, 2, [0, 5]])
def test_observing_a_seat_outside_the_table_is_refused(bad: object) -> None:
    game = VectorGame(2, 2, Rules(), seed=1)
    with pytest.raises(ValueError, match=r"seats are 0\.\.1"):
        game.observe(bad)  # type: ignore[arg-type]


def test_the_c_engine_numbers_actions_as_vector_spec_does() -> None:
    from badugi_fast._badugi import lib
    from badugi_fast.play.vector import spec as vector_spec

    for name in ("FOLD", "CHECK_CALL", "BET", "QUARTER", "HALF", "POT", "TTADANG", "ALL_IN"):
        assert getattr(lib, f"BF_VEC_{name}") == getattr(vector_spec, name), name
    assert lib.BF_VEC_EXACT == EXACT and lib.BF_VEC_ACTIONS == N_ACTIONS
    assert lib.BF_VEC_DISCARDS == vector_spec.DISCARDS
    assert lib.BF_VEC_NO_ACTION == vector_spec.NO_ACTION
