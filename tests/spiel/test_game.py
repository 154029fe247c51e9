"""The OpenSpiel game "badugi": registered on import, played by the library's rules, consistent
under OpenSpiel's own checks, and solved by OpenSpiel's CFR on small decks."""

from __future__ import annotations

import copy
from math import comb

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402
from open_spiel.python.algorithms.get_all_states import get_all_states  # noqa: E402

import badugi_fast.spiel  # noqa: E402, F401  (registers the game)
from badugi_fast.game import Action, ActionKind, Game, Phase, Rules  # noqa: E402
from badugi_fast.spiel import BadugiGame, fork  # noqa: E402

K = ActionKind
TINY = {"ranks": 3, "suits": 3, "draws": 0, "stack": 6}  # 9 cards, one betting round


def _load(**params: object) -> object:
    return pyspiel.load_game("badugi", params)


def _play(state: object, *actions: int) -> object:
    for action in actions:
        state.apply_action(action)  # type: ignore[attr-defined]
    return state


def _deal(state: object, *hands: str) -> object:
    """Apply the chance outcomes that deal these hands (text), player 0 first."""
    for hand in hands:
        wanted = sorted(hand.split())
        (action,) = [
            a
            for a, _ in state.chance_outcomes()  # type: ignore[attr-defined]
            if sorted(state.action_to_string(a).split()[1:]) == wanted  # type: ignore[attr-defined]
        ]
        state.apply_action(action)  # type: ignore[attr-defined]
    return state


def _steps(state: object, *steps: str | int) -> object:
    """Apply actions in turn: text names the legal action it begins, an int is the action."""
    for step in steps:
        state.apply_action(step if isinstance(step, int) else _action(state, step))  # type: ignore[attr-defined]
    return state


def _action(state: object, text: str) -> int:
    (found,) = [
        a
        for a in state.legal_actions()  # type: ignore[attr-defined]
        if state.action_to_string(a).startswith(text)  # type: ignore[attr-defined]
    ]
    return int(found)


def test_loading_badugi_gives_the_parameters_and_sizes_asked_for() -> None:
    game = _load(ranks=3, suits=3, draws=1, stack=20, small_bet=4)
    assert game.get_parameters() == {
        "ranks": 3, "suits": 3, "draws": 1, "small_bet": 4, "stack": 20,
        "cap_heads_up": True, "korean": False,
    }  # fmt: skip
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 26
    assert game.max_chance_outcomes() == comb(9, 4)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-20, 20, 0)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    full = _load()
    assert full.max_chance_outcomes() == comb(52, 4)
    assert full.get_parameters()["draws"] == 3


@pytest.mark.parametrize(
    ("params", "error", "words"),
    [
        ({"ranks": 0}, ValueError, "ranks is 1 .. 13"),
        ({"ranks": 14}, ValueError, "ranks is 1 .. 13"),
        ({"suits": 5}, ValueError, "suits is 1 .. 4"),
        ({"draws": 4}, ValueError, "draws is 0 .. 3"),
        ({"stack": 0}, ValueError, "stack is at least 1"),
        ({"small_bet": 0}, ValueError, "small_bet is at least 1"),
        ({"ranks": 1, "suits": 4}, ValueError, "at least 8 cards"),
        ({"ranks": 2.0}, TypeError, "ranks is a whole number"),
        ({"korean": 1}, TypeError, "korean is true or false"),
        ({"blinds": 3}, ValueError, "no parameter 'blinds'"),
    ],
)
def test_bad_parameters_are_refused_naming_the_field(
    params: dict[str, object], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        BadugiGame(params)


def test_load_game_refuses_a_bad_parameter_with_the_games_message() -> None:
    with pytest.raises(ValueError, match=r"ranks is 1 \.\. 13"):
        _load(ranks=20)


@pytest.mark.parametrize(
    "params",
    [
        TINY,
        {"ranks": 3, "suits": 4, "draws": 2, "stack": 12},
        {"ranks": 3, "suits": 3, "draws": 1, "stack": 10, "korean": True, "small_bet": 1},
        {"ranks": 4, "suits": 4, "draws": 3, "cap_heads_up": False, "stack": 30},
    ],
    ids=["tiny", "12-cards-2-draws", "korean-9-cards", "uncapped-16-cards"],
)
def test_openspiel_random_simulation_checks_pass(params: dict[str, object]) -> None:
    game = _load(**params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("params", [{}, {"korean": True}], ids=["casino", "korean"])
def test_openspiel_random_simulation_checks_pass_on_the_full_deck(
    params: dict[str, object],
) -> None:
    """OpenSpiel's checks name every chance outcome: 270,725 for the first hand alone."""
    pyspiel.random_sim_test(_load(**params), num_sims=1, serialize=True, verbose=False)


@pytest.fixture(scope="module")
def tiny_states() -> dict[str, object]:
    return get_all_states(_load(**TINY), depth_limit=-1, include_terminals=True,
                          include_chance_states=True)  # fmt: skip


def test_every_state_of_a_small_game_is_well_formed(tiny_states: dict[str, object]) -> None:
    """Chance outcomes are distributions, every decision has legal actions, every hand ends
    zero-sum, and states a player cannot tell apart offer that player the same actions."""
    offered: dict[str, list[int]] = {}
    terminals = 0
    for state in tiny_states.values():
        if state.is_terminal():
            terminals += 1
            assert sum(state.returns()) == 0
            assert max(abs(r) for r in state.returns()) <= TINY["stack"]
        elif state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-12
        else:
            player = state.current_player()
            legal = state.legal_actions()
            assert legal
            key = state.information_state_string(player)
            assert offered.setdefault(key, legal) == legal
            tensor = np.asarray(state.information_state_tensor(player))
            assert tensor.sum() > 0
    assert terminals > 1000
    assert len(offered) > 100


def test_information_states_hide_the_other_hand(tiny_states: dict[str, object]) -> None:
    """Two deals that give player 1 the same cards look alike to player 1 before anyone acts,
    and differ to player 0."""
    state = _deal(_load(**TINY).new_initial_state(), "Ac 2c 3c Ad", "2d 3d Ah 2h")
    other = _deal(_load(**TINY).new_initial_state(), "Ac 2c 3c 3h", "2d 3d Ah 2h")
    assert state.information_state_string(1) == other.information_state_string(1)
    assert state.information_state_tensor(1) == other.information_state_tensor(1)
    assert state.information_state_string(0) != other.information_state_string(0)
    assert state.observation_string(1) == other.observation_string(1)


def test_the_game_is_played_by_the_librarys_rules() -> None:
    """Blinds 1 and 2, the button (player 1) first before the draw, fixed-limit raises of the
    small bet, capped at four bets heads-up when cap_heads_up."""
    state = _deal(_load(ranks=4, suits=4, stack=100).new_initial_state(),
                  "Ac 2d 3h 4s", "Ad 2c 3c 4h")  # fmt: skip
    assert state.current_player() == 1
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert texts == ["fold", "call 1", "raise 3"]
    for step in ("raise 3", "raise 4", "raise 4"):  # the blind and three raises: the cap
        state.apply_action(_action(state, step))
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["fold", "call 2"]
    uncapped = _deal(_load(ranks=4, suits=4, stack=100, cap_heads_up=False).new_initial_state(),
                     "Ac 2d 3h 4s", "Ad 2c 3c 4h")  # fmt: skip
    for step in ("raise 3", "raise 4", "raise 4"):
        uncapped.apply_action(_action(uncapped, step))
    assert "raise 4" in [uncapped.action_to_string(a) for a in uncapped.legal_actions()]


def test_a_draw_throws_the_masked_cards_lowest_card_first() -> None:
    state = _deal(_load(ranks=4, suits=4, draws=1, stack=100).new_initial_state(),
                  "Ac 2d 3h 4s", "Ad 2c 3c 4c")  # fmt: skip
    _steps(state, "call", "check")
    assert state.current_player() == 0  # left of the button draws first
    assert state.legal_actions() == list(range(16))
    assert state.action_to_string(0b0101) == "throw Ac 3h"
    assert state.action_to_string(0) == "stand pat"


def test_a_nine_card_deck_lets_a_player_throw_at_most_one_card() -> None:
    state = _deal(_load(ranks=3, suits=3, draws=1, stack=10).new_initial_state(),
                  "Ac 2c 3c Ad", "2d 3d Ah 2h")  # fmt: skip
    _steps(state, "call", "check")
    assert state.legal_actions() == [0, 1, 2, 4, 8]


def test_a_draw_past_the_stub_deals_from_the_reshuffled_discards() -> None:
    """12 cards: 4 left in the stub. Player 0 throws four and takes the whole stub; player 1
    throws two, dealt from player 0's four discards, reshuffled: C(4, 2) outcomes, alike."""
    state = _deal(_load(ranks=3, suits=4, draws=1, stack=10).new_initial_state(),
                  "Ac Ad 2c 2d", "Ah As 2h 2s")  # fmt: skip
    _steps(state, "call", "check", 0b1111)
    (only,) = state.chance_outcomes()
    assert state.action_to_string(only[0]) == "receive 3c 3d 3h 3s" and only[1] == 1
    _play(state, only[0], 0b0011)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 and all(p == pytest.approx(1 / 6) for _, p in outcomes)
    assert {state.action_to_string(a) for a, _ in outcomes} == {
        f"receive {a} {b}" for a, b in
        [("Ac", "Ad"), ("Ac", "2c"), ("Ac", "2d"), ("Ad", "2c"), ("Ad", "2d"), ("2c", "2d")]
    }  # fmt: skip
    _play(state, outcomes[0][0])
    game = state.node.game
    assert K.RESHUFFLE in [e.kind for e in game.history]
    cards = [c for hand in game.hands for c in hand] + game.stub + game.discards
    assert sorted(cards) == sorted(state.node.tree.deck)
    assert "reshuffle 4" in state.information_state_string(0)


def test_korean_draws_are_chosen_unseen_then_dealt() -> None:
    """Under the Korean rules (동시에) player 1 chooses without seeing player 0's choice, and
    the cards come after both have chosen."""
    game = _load(ranks=4, suits=4, draws=1, stack=20, korean=True, small_bet=1)
    state = _deal(game.new_initial_state(), "Ac 2d 3h 4s", "Ad 2c 3c 4c")
    assert state.current_player() == 0  # 선 opens
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    assert texts == ["die", "check", "bbing 1", "half 1"]  # 쿼터 of a pot of 2 is nothing
    _steps(state, "check", "call")
    assert state.current_player() == 0 and 0b1111 not in state.legal_actions()
    assert max(a.bit_count() for a in state.legal_actions()) == 3  # 아침: at most three
    before = state.information_state_string(1)
    throws_one, stands = state.child(0b1000), state.child(0)
    assert throws_one.current_player() == stands.current_player() == 1
    assert throws_one.information_state_string(1) == stands.information_state_string(1) == before
    assert "chose 4s" in throws_one.information_state_string(0)
    after = throws_one.child(0b0001)
    assert after.is_chance_node()  # player 0's cards first, then player 1's
    _play(after, after.chance_outcomes()[0][0])
    assert after.is_chance_node()
    _play(after, after.chance_outcomes()[0][0])
    assert after.current_player() == 0 and "p1 draw 1" in after.information_state_string(0)


def test_fewer_draws_end_at_the_showdown_the_full_game_would_reach_by_checking() -> None:
    """draws=0: the first betting round, then the library's showdown, as a Game played on by
    standing pat and checking gives."""
    state = _deal(_load(ranks=4, suits=4, draws=0, stack=50).new_initial_state(),
                  "Ac 2d 3h 4s", "Ad 2c 3c 4h")  # fmt: skip
    _steps(state, "raise", "call")
    assert state.is_terminal() and state.returns() == [4.0, -4.0]
    game = Game([50, 50], Rules(small_bet=2, cap_heads_up=True), button=1,
                deck=["Ac", "Ad", "2d", "2c", "3h", "3c", "4s", "4h"])  # fmt: skip
    game.act(Action(K.RAISE))
    game.act(Action(K.CALL))
    while not game.done:
        if game.phase is Phase.DRAW:
            game.act(Action.draw())
        else:
            game.act(Action(K.CHECK))
    assert [game.stacks[p] - 50 for p in (0, 1)] == state.returns()


def test_a_forked_game_plays_on_without_touching_its_source() -> None:
    game = Game([100, 100], Rules(small_bet=2), seed=5)
    game.act(Action(K.CALL))
    snapshot = copy.deepcopy(game)
    twin = fork(game)
    twin.act(Action(K.RAISE))
    twin.act(Action(K.CALL))
    twin.act(Action.draw(twin.hands[twin.actor][:2]))
    assert vars(game).keys() == vars(snapshot).keys()
    for name in ("stacks", "hands", "stub", "history", "round_bets", "committed", "phase"):
        assert getattr(game, name) == getattr(snapshot, name), name
    assert game.legal_actions() == snapshot.legal_actions()
    game.act(Action(K.CHECK))
    snapshot.act(Action(K.CHECK))
    assert game.history == snapshot.history and game.phase is Phase.DRAW


def test_openspiel_cfr_solves_a_small_deck_exactly() -> None:
    """OpenSpiel's CFR+ on the cached tree of a 9-card game: the exploitability (OpenSpiel's
    Python and C++ measures agree) falls towards 0."""
    game = pyspiel.convert_to_cached_tree(_load(**TINY))
    solver = pyspiel.CFRPlusSolver(game)
    measured = []
    for iterations in (10, 100, 300):
        while len(measured) < iterations:
            solver.evaluate_and_update_policy()
            measured.append(None)
        measured[-1] = exploitability.exploitability(game, solver.average_policy())
    first, middle, last = (measured[i - 1] for i in (10, 100, 300))
    assert first > middle > last
    assert last < 5e-4  # chips per hand, with blinds of 1 and 2
    assert pyspiel.exploitability(game, solver.average_policy()) == pytest.approx(last, rel=1e-9)


def test_openspiel_python_cfr_runs_on_the_game_itself() -> None:
    """OpenSpiel's Python CFR+ on the Python game (no cached tree), an 8-card deck: from 0.84
    chips per hand (uniform play) to under 0.005 in 30 iterations, falling all the way."""
    game = _load(ranks=2, suits=4, draws=0, stack=4)
    solver = cfr.CFRPlusSolver(game)
    measured = {}
    for iterations in range(1, 31):
        solver.evaluate_and_update_policy()
        if iterations in (5, 10, 30):
            measured[iterations] = exploitability.exploitability(game, solver.average_policy())
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    assert uniform > measured[5] > measured[10] > measured[30]
    assert measured[30] < 0.005


@pytest.mark.slow
def test_openspiel_cfr_solves_a_small_deck_with_a_draw() -> None:
    """9 cards, one draw (a card at most each, dealt from the stub's one card or from the
    reshuffled discards), stacks of 2 (all in with the blinds): CFR+ on the cached tree."""
    game = pyspiel.convert_to_cached_tree(_load(ranks=3, suits=3, draws=1, stack=2))
    solver = pyspiel.CFRPlusSolver(game)
    measured = {}
    for iterations in range(1, 101):
        solver.evaluate_and_update_policy()
        if iterations in (10, 100):
            measured[iterations] = pyspiel.exploitability(game, solver.average_policy())
    assert measured[10] > measured[100]
    assert measured[100] < 1e-3


@pytest.mark.parametrize("recall", [True, False], ids=["perfect-recall", "now"])
def test_the_observer_shows_own_cards_all_cards_or_none_as_asked(recall: bool) -> None:
    from open_spiel.python.observation import make_observation

    game = _load(ranks=3, suits=4, draws=1, stack=10)
    state = _deal(game.new_initial_state(), "Ac Ad Ah As", "2c 2d 2h 2s")
    cards = "hands" if recall else "hand"
    shapes = {}
    texts = {}
    for private in ("NONE", "SINGLE_PLAYER", "ALL_PLAYERS"):
        kind = pyspiel.IIGObservationType(
            perfect_recall=recall, private_info=getattr(pyspiel.PrivateInfoType, private)
        )
        observation = make_observation(game, kind)
        observation.set_from(state, 0)
        shapes[private] = {k: v.shape for k, v in observation.dict.items()}
        texts[private] = observation.string_from(state, 0)
        if cards in observation.dict:
            held = observation.dict[cards]
            assert held.sum() == (4 if private == "SINGLE_PLAYER" else 8)
    assert cards not in shapes["NONE"] and "Ac" not in texts["NONE"]
    assert shapes["SINGLE_PLAYER"][cards] == ((2, 12) if recall else (12,))
    assert shapes["ALL_PLAYERS"][cards] == ((2, 2, 12) if recall else (2, 12))
    assert "Ac" in texts["SINGLE_PLAYER"] and "2c" not in texts["SINGLE_PLAYER"]
    assert "Ac" in texts["ALL_PLAYERS"] and "2c" in texts["ALL_PLAYERS"]
