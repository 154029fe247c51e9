"""Any hand the batched engine plays can be replayed by Game (VectorGame.finished_game) to the
same chips, and written as PHH that reads back to them, on every rule set."""

from __future__ import annotations

import tomllib

import numpy as np
import pytest

from badugi_fast.game import KoreanRules, Rules
from badugi_fast.notation import phh
from badugi_fast.play import VectorGame
from badugi_fast.play.vector.policies import random_policy
from badugi_fast.play.vector.spec import BET, CHECK_CALL

RULE_SETS = {
    "fixed, burn": Rules(burn=True),
    "pot": Rules(structure="pot-limit"),
    "half-pot": Rules(structure="half-pot-limit", small_bet=10),
    "no-limit, antes": Rules(structure="no-limit", small_bet=10, ante=1),
    "korean": KoreanRules(ante=10),
    "korean, in turn, full": KoreanRules(ante=5, cutting_type="in_turn", allow_full=True),
}


@pytest.mark.parametrize("name", RULE_SETS)
@pytest.mark.parametrize("seats", [2, 5])
def test_finished_hands_replay_in_game_and_phh_to_the_same_chips(name: str, seats: int) -> None:
    rules = RULE_SETS[name]
    game = VectorGame(4, seats, rules, seed=seats, stacks=[40 + 30 * s for s in range(seats)])
    obs, policy, replayed = game.reset(), random_policy(seats), 0
    for _ in range(120):
        obs, _, done, info = game.step(*policy(obs))
        for t in np.flatnonzero(done).tolist():
            try:
                hand = game.finished_game(t)
            except ValueError as error:  # a raise war beyond the log
                assert "more actions than are kept" in str(error)
                continue
            won = [end - begun for end, begun in zip(hand.stacks, game.start, strict=True)]
            assert won == info["chips"][t].tolist()
            text = phh.dumps(hand)
            order = tomllib.loads(text)["_seats"]
            again = phh.loads(text)
            assert again.stacks == [hand.stacks[s] for s in order]
            replayed += 1
    assert replayed >= 10


def test_a_table_that_finished_no_hand_has_none_to_replay() -> None:
    game = VectorGame(2, 2, Rules(), seed=1)
    with pytest.raises(ValueError, match="table 1 has finished no hand"):
        game.finished_game(1)
    with pytest.raises(ValueError, match="table"):
        game.finished_game(2)


def test_a_hand_longer_than_the_log_is_refused_not_cut_short() -> None:
    game = VectorGame(1, 2, Rules(), seed=1)  # heads-up fixed limit: no cap on raises
    obs, done = game.reset(), np.zeros(1, dtype=bool)
    while not done[0]:  # raise whenever allowed: a raise war to the stacks
        action = np.where(obs["action_mask"][:, BET] == 1, BET, CHECK_CALL)
        obs, _, done, _ = game.step(np.where(obs["phase"] == 1, 0, action))
    with pytest.raises(ValueError, match="more actions than are kept"):
        game.finished_game(0)


@pytest.mark.parametrize("name", ["fixed, burn", "korean"])
def test_the_hand_in_play_replays_to_what_each_table_shows(name: str) -> None:
    """``current_table``: the hand in play, replayed by the reference from the engine's log,
    is the one the observation shows (the actor's cards, the pot, the legal indices)."""
    rules = RULE_SETS[name]
    game = VectorGame(3, 3, rules, seed=7, stacks=[60, 80, 100])
    obs, policy = game.reset(), random_policy(3)
    for _ in range(40):
        for t in range(game.tables):
            table = game.current_table(t)
            seat = table.game.actor
            assert seat == obs["seat"][t]
            view = table.view(seat)
            assert view[0] == obs["cards"][t].tolist()
            assert table.game.pot == obs["pot"][t]
            assert sorted(table.legal()) == np.flatnonzero(obs["action_mask"][t]).tolist()
        obs, *_ = game.step(*policy(obs))
    with pytest.raises(ValueError, match="table"):
        game.current_table(3)
