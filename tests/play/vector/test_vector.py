"""The batched environment: the encoding, the stream, the bots as vector policies against
simulate, and bad input, on the C engine (vector.VectorGame); what needs each table's ``Game``
is read from the Python reference (vector_reference.VectorGame), which
tests/test_vector_engine.py holds step for step to the C engine."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from badugi_fast.game import IllegalActionError, KoreanRules, Rules
from badugi_fast.game.bots import drawer, threshold
from badugi_fast.play import VectorGame, play_hands, simulate
from badugi_fast.play.vector.policies import by_seat, play, random_policy, threshold_policy
from badugi_fast.play.vector.reference import VectorGame as ReferenceGame
from badugi_fast.play.vector.spec import (
    ACTION_NAMES,
    ALL_IN,
    BET,
    CHECK_CALL,
    EXACT,
    FOLD,
    HALF,
    N_ACTIONS,
    NO_ACTION,
    POT,
    QUARTER,
    TTADANG,
    field_specs,
)

RULE_SETS = {
    "fixed": Rules(),
    "pot": Rules(structure="pot-limit"),
    "no-limit": Rules(structure="no-limit", small_bet=10),
    "half-pot": Rules(structure="half-pot-limit", small_bet=10),
    "antes, no blinds": Rules(ante=1, small_blind=0, big_blind=0),
    "capped heads-up": Rules(cap_heads_up=True, ante=1),
    "korean": KoreanRules(ante=10),
    "korean-333": KoreanRules(ante=5, chip=5, cutting=(3, 3, 3), cutting_type="in_turn"),
}


@pytest.mark.parametrize("name", RULE_SETS)
def test_threshold_policies_win_the_same_chips_as_simulate_hand_for_hand(name: str) -> None:
    rules = RULE_SETS[name]
    bots = [drawer, threshold("7", "Q", 3), threshold("K", "K", 2)]
    game = VectorGame(3, 3, rules, seed=11)
    won = play(game, by_seat([threshold_policy(b, rules) for b in bots]), 12)
    for t in range(3):  # table t plays hands t * 2**32 + h
        assert (won[t] == play_hands(bots, t << 32, 12, 11, rules)).all()


@pytest.mark.parametrize("name", ["fixed", "pot", "no-limit", "korean"])
@pytest.mark.parametrize("max_bets", [0, 2, 4])
def test_threshold_policies_stop_raising_where_the_bots_do(name: str, max_bets: int) -> None:
    """Heads-up on deep stacks two loose bots would re-raise to the last chip: the policies stop
    at their max_bets, reading obs["bets"], hand for hand as simulate's bots."""
    rules = RULE_SETS[name]
    bots = [threshold("K", "K", 1, max_bets=max_bets), threshold("9", "K", 3, max_bets=max_bets)]
    game = VectorGame(3, 2, rules, seed=5, stacks=10**7)
    won = play(game, by_seat([threshold_policy(b, rules) for b in bots]), 20)
    for t in range(3):
        assert (won[t] == play_hands(bots, t << 32, 20, 5, rules, stacks=10**7)).all()


def test_the_bets_observation_counts_the_rounds_bets() -> None:
    game = ReferenceGame(2, 2, Rules(), seed=3)
    obs = game.reset()
    seen = set()
    for _ in range(30):
        for t, table in enumerate(game.games):
            assert obs["bets"][t] == table.bets == table.view(0).bets
            seen.add(int(obs["bets"][t]))
        obs, *_ = game.step(np.where(obs["action_mask"][:, BET] == 1, BET, CHECK_CALL))
    assert {1, 2, 3} <= seen


def test_eight_handed_tables_match_simulate() -> None:
    rules, bots = Rules(), [threshold("4", "K", 0), drawer] * 4
    policy = by_seat([threshold_policy(b, rules) for b in bots])
    won = play(VectorGame(2, 8, rules, seed=21), policy, 6)
    for t in range(2):
        assert (won[t] == play_hands(bots, t << 32, 6, 21, rules)).all()


def test_when_the_stub_runs_out_the_discards_come_back_and_no_card_is_dealt_twice() -> None:
    game = ReferenceGame(2, 8, Rules(), seed=4)
    obs = game.reset()
    for _ in range(20):  # call everything, throw four cards at every draw
        obs, *_ = game.step(np.where(obs["phase"] == 1, 15, CHECK_CALL))
    for hand in game.games:
        assert any(e.kind == "reshuffle" for e in hand.history)
        cards = [c for h in hand.hands for c in h] + hand.stub + hand.discards + hand.muck
        assert len(cards) == len(set(cards))


def test_heads_up_fixed_limit_matches_simulate_over_many_hands() -> None:
    bots = [drawer, threshold("8", "J", 3)]
    won = play(VectorGame(1, 2, Rules(), seed=3), by_seat([threshold_policy(b) for b in bots]), 200)
    assert (won[0] == play_hands(bots, 0, 200, 3, Rules())).all()
    result = simulate(bots, 200, seed=3, rules=Rules())
    assert result.profit_per_100 == pytest.approx(list(won[0].mean(axis=0) * 100))


@pytest.mark.parametrize("name", RULE_SETS)
def test_a_table_plays_the_same_hands_whatever_the_number_of_tables(name: str) -> None:
    rules = RULE_SETS[name]
    policy = by_seat([threshold_policy(drawer, rules), threshold_policy(threshold("J"), rules)])
    small = play(VectorGame(2, 2, rules, seed=9), policy, 8)
    large = play(VectorGame(5, 2, rules, seed=9), policy, 8)
    assert (small == large[:2]).all()
    assert (small[0] != small[1]).any()  # and different tables play different hands


@pytest.mark.parametrize("name", RULE_SETS)
def test_random_play_keeps_every_observation_in_its_declared_range(name: str) -> None:
    rules = RULE_SETS[name]
    game = ReferenceGame(6, 3, rules, seed=2)
    obs, policy = game.reset(), random_policy(1)
    specs = field_specs(3)
    for _ in range(150):
        for key, (shape, dtype, low, high) in specs.items():
            assert obs[key].shape == (6, *shape) and obs[key].dtype == dtype, key
            assert low <= obs[key].min() and obs[key].max() <= high, key
        assert obs["action_mask"].any(axis=1).all()  # every table has a player to act
        for t, hand in enumerate(game.games):  # what the encoding shows is what Game shows
            view = hand.view(int(obs["seat"][t]))
            assert sorted(view.hand) == obs["cards"][t].tolist()
            assert view.to_call == obs["to_call"][t] and view.pot == obs["pot"][t]
            assert view.draws_left == obs["draws_left"][t]
        actions, amounts = policy(obs)
        obs, rewards, done, info = game.step(actions, amounts)
        assert np.allclose(rewards.sum(axis=1), 0.0)
        assert (rewards == info["chips"] / rules.unit).all()
        assert (info["hand"] >= 0).tolist() == done.tolist()


def test_the_mask_offers_each_rule_sets_kinds_at_their_indices() -> None:
    fixed = VectorGame(1, 3, Rules(), seed=1).reset()["action_mask"][0]
    assert fixed[[FOLD, CHECK_CALL, BET]].all() and not fixed[QUARTER:].any()
    assert not fixed[:16].any()  # betting, not drawing
    pot = VectorGame(1, 3, Rules(structure="pot-limit", small_bet=10), seed=1).reset()
    # Blinds 5/10, first to act: raise from 20 (the least) to 35 (the pot after calling).
    assert pot["raise_min"][0] == 20 and pot["raise_max"][0] == 35
    # To call 10, the pot after calling 25: half pot puts in 22, pot 35, a quarter 16 (< 20).
    assert pot["action_mask"][0][[BET, HALF, POT, EXACT]].all()
    assert not pot["action_mask"][0][[QUARTER, ALL_IN, TTADANG]].any()  # all-in 1000 > 35
    korean = VectorGame(1, 3, KoreanRules(ante=10), seed=1).reset()["action_mask"][0]
    # 선 opens: 다이, 삥, 체크, 쿼터, 하프 (no bet yet to double; 풀 not allowed).
    assert np.flatnonzero(korean).tolist() == [FOLD, CHECK_CALL, BET, QUARTER, HALF]


def test_discard_masks_throw_cards_by_their_sorted_position() -> None:
    game = ReferenceGame(1, 2, Rules(), seed=5)
    obs = game.reset()
    while obs["phase"][0] != 1:  # call or check to the first draw
        obs, *_ = game.step(np.array([CHECK_CALL]))
    seat, cards = int(obs["seat"][0]), obs["cards"][0].tolist()
    assert obs["action_mask"][0][:16].all()  # casino: 0 to 4 cards
    game.step(np.array([0b0101]))  # throw cards[0] and cards[2]
    (draw,) = [e for e in game.games[0].history if e.kind == "draw" and e.seat == seat]
    assert sorted(int(c) for c in draw.cards) == [cards[0], cards[2]]
    assert ACTION_NAMES[0b0101] == "discard_1010"


def test_korean_cutting_limits_the_discard_masks() -> None:
    game = VectorGame(1, 2, KoreanRules(cutting=(3, 2, 1)), seed=5)
    obs = game.reset()
    while obs["phase"][0] != 1:
        obs, *_ = game.step(np.array([CHECK_CALL]))
    allowed = [m for m in range(16) if obs["action_mask"][0][m]]
    assert obs["cutting"][0] == 3 and allowed == [m for m in range(16) if m != 15]


def _state(game: ReferenceGame) -> list[object]:
    return [copy.deepcopy((g.history, g.stacks, g.hands)) for g in game.games]


def test_an_illegal_action_names_its_table_and_moves_no_table() -> None:
    game = ReferenceGame(3, 2, Rules(), seed=1)
    obs = game.reset()
    before = _state(game)
    actions = np.full(3, CHECK_CALL)
    actions[2] = 3  # a discard while betting
    with pytest.raises(IllegalActionError, match="table 2: action 3 is not legal"):
        game.step(actions)
    assert _state(game) == before
    assert (game.observe()["cards"] == obs["cards"]).all()


def test_the_fallback_option_plays_check_or_fold_and_counts_it() -> None:
    game = VectorGame(2, 2, Rules(), seed=1, illegal="fallback")
    game.reset()
    _, _, done, info = game.step(np.array([TTADANG, CHECK_CALL]))
    assert info["illegal"].tolist() == [True, False] and game.illegal_count == 1
    # The first to act heads-up faces the big blind: the fallback folds, ending the hand.
    assert done.tolist() == [True, False] and info["chips"][0].tolist() in ([-1, 1], [1, -1])


@pytest.mark.parametrize(
    ("actions", "amounts", "error", "match"),
    [
        (np.array([1.0, 2.0]), None, TypeError, "actions is an integer array"),
        (np.array([True, False]), None, TypeError, "actions is an integer array"),
        (np.array([17]), None, ValueError, r"shape \(2,\)"),
        (np.array([17, 25]), None, ValueError, "table 1: action 25 is outside"),
        (np.array([-2, 17]), None, ValueError, "table 0: action -2"),
        (np.array([17, 17]), np.array([0, -1]), ValueError, "table 1: amounts are chips"),
        (np.array([17, 17]), np.array([0.5, 1]), TypeError, "amounts is an integer array"),
    ],
)
def test_bad_batches_are_refused_naming_the_field_or_table(
    actions: object, amounts: object, error: type[Exception], match: str
) -> None:
    game = VectorGame(2, 2, Rules(), seed=1)
    with pytest.raises(error, match=match):
        game.step(actions, amounts)  # type: ignore[arg-type]


def test_an_exact_amount_outside_the_range_is_illegal() -> None:
    game = ReferenceGame(1, 2, Rules(structure="no-limit", small_bet=10), seed=1)
    obs = game.reset()
    most = int(obs["raise_max"][0])
    with pytest.raises(IllegalActionError, match=f"table 0: the exact amount is .* to {most}"):
        game.step(np.array([EXACT]), np.array([most + 1]))
    obs, *_ = game.step(np.array([EXACT]), np.array([most - 1]))
    assert game.games[0].history[-1].amount == most - 1


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"tables": 0}, ValueError, "tables"),
        ({"seats": 9}, ValueError, "seats"),
        ({"rules": "fixed"}, TypeError, r"rules is Rules\(\.\.\.\) or KoreanRules"),
        ({"stacks": [100]}, ValueError, "one per seat"),
        ({"stacks": 1.5}, TypeError, "whole numbers"),
        ({"stacks": 2**41}, ValueError, "at most 2..40"),
        ({"illegal": "ignore"}, ValueError, "illegal is"),
        ({"seed": -1}, ValueError, "seed"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, object], error: type, match: str) -> None:
    settings: dict[str, object] = {"tables": 2, "seats": 2, "rules": Rules(), "seed": 1}
    with pytest.raises(error, match=match):
        VectorGame(**(settings | kwargs))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", RULE_SETS)
def test_the_reward_unit_is_simulates_big_blind(name: str) -> None:
    rules = RULE_SETS[name]
    game = VectorGame(1, 2, rules, seed=1)
    assert game.unit == simulate([drawer, drawer], 1, seed=1, rules=rules).big_blind
    assert game.start == [100 * rules.unit] * 2  # 100 units each by default, as simulate


def test_stacks_may_differ_by_seat_and_every_chip_stays_on_the_table() -> None:
    game = VectorGame(4, 3, Rules(), seed=1, stacks=[10, 20, 30])
    obs, policy = game.reset(), random_policy(2)
    for _ in range(40):
        assert (obs["stacks"].sum(axis=1) + obs["pot"] == 60).all()
        obs, *_ = game.step(*policy(obs))
    assert game.start == [10, 20, 30]


def test_the_random_policy_is_reproducible_and_legal() -> None:
    obs = VectorGame(64, 4, Rules(structure="no-limit"), seed=1).reset()
    a1, m1 = random_policy(7)(obs)
    a2, m2 = random_policy(7)(obs)
    assert (a1 == a2).all() and (m1 == m2).all()
    assert obs["action_mask"][np.arange(64), a1].all()
    assert len(ACTION_NAMES) == N_ACTIONS


def test_the_random_policy_takes_the_kth_legal_index_for_a_uniform_k() -> None:
    """On any masks (none legal included): the k-th legal index, k = floor(u * count) for the
    seed's stream of uniforms u, one a table; every legal index of a row is taken."""
    rng = np.random.default_rng(3)
    masks = (rng.random((3000, N_ACTIONS)) < rng.random((3000, 1))).astype(np.int8)
    masks[:4] = 0
    masks[4:1000] = masks[4]  # one mask over many tables: each of its legal indices comes up
    obs = {"action_mask": masks, "raise_min": np.zeros(3000, np.int64)}
    obs["raise_max"] = obs["raise_min"] + 5
    actions, _ = random_policy(11)(obs)
    counts = masks.sum(axis=1)
    k = (np.random.default_rng(11).random(3000) * counts).astype(np.int64)
    legal = [np.flatnonzero(row) for row in masks]
    expected = [row[i] if row.size else NO_ACTION for row, i in zip(legal, k, strict=True)]
    assert actions.tolist() == expected
    assert set(actions[4:1000].tolist()) == set(legal[4].tolist())


def test_threshold_policy_takes_threshold_bots_only() -> None:
    with pytest.raises(TypeError, match="takes a ThresholdBot"):
        threshold_policy(random_policy(1))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["fixed", "korean"])
def test_table_bots_as_vector_policies_win_simulates_chips_hand_for_hand(name: str) -> None:
    """A threshold bot drawing by a solved table plays in the batched engine as in the C loop."""
    rules = RULE_SETS[name]
    bots = [threshold("9", "K", 3, policy="max-equity"), drawer, threshold("J", "K", 2)]
    won = play(
        VectorGame(3, 3, rules, seed=13), by_seat([threshold_policy(b, rules) for b in bots]), 10
    )
    for t in range(3):
        assert (won[t] == play_hands(bots, t << 32, 10, 13, rules)).all()
