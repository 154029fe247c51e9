"""The game (``Game``): the sample hand of Wikipedia's Badugi article, blind and action order,
caps, pots, the reshuffle, illegal actions, and random play keeping chips and cards whole."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.games import ALICE, BOB, CAROL, TED, random_game, stacked

from badugi_fast import Card, parse_cards
from badugi_fast.game import Action, Game, IllegalActionError, Phase, Rules
from badugi_fast.game.actions import Event


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def state(game: Game) -> tuple:
    """Everything an action may change."""
    return (
        list(game.stacks), [list(h) for h in game.hands], list(game.stub), list(game.discards),
        list(game.muck), list(game.folded), list(game.committed), list(game.round_bets),
        list(game.history), game.phase, game.round_index, game.actor, game.legal_actions(),
        game._random and game._random.getstate(),
    )  # fmt: skip


def partition_holds(game: Game) -> bool:
    everything = [c for h in game.hands for c in h] + game.stub + game.discards + game.muck
    return sorted(everything) == list(range(52))


def test_the_seed_sample_hand_replays_action_by_action():
    # Deal order from the button's left: Bob, Carol, Ted, Alice. Replacements in draw order.
    deck = stacked(
        "4s 5s Qd Qc",  # Bob
        "3s 5d Jd Js",  # Carol
        "Ac Ad Ah As",  # Ted
        "2s 4d 6c Kc",  # Alice
        draws="Jh Th 7c Kh Jc" + " 9d 9h" + " 8h",
    )
    # Blinds $1/$2, so a $2 small bet and a $4 big bet.
    game = Game([100, 100, 100, 100], Rules(small_bet=2), button=ALICE, deck=deck)
    assert [(e.kind, e.seat, e.amount) for e in game.history[:2]] == [
        ("post", BOB, 1),
        ("post", CAROL, 2),
    ]

    def play(seat, kind, amount=0, throw=""):
        assert game.actor == seat, (game.actor, seat, kind)
        game.act(Action.draw(cards(throw)) if kind == "draw" else Action(kind, amount))

    play(TED, "fold")
    play(ALICE, "call", 2)
    play(BOB, "call", 1)  # Bob completes the small blind
    play(CAROL, "check")  # the live big blind's option
    assert game.pot == 6 and game.phase is Phase.DRAW
    play(BOB, "draw", throw="Qd Qc")
    play(CAROL, "draw", throw="Jd Js")
    play(ALICE, "draw", throw="Kc")
    play(BOB, "check")
    play(CAROL, "bet", 2)
    play(ALICE, "call", 2)
    play(BOB, "call", 2)
    assert game.pot == 12
    play(BOB, "draw", throw="5s")
    play(CAROL, "draw")  # stands pat
    play(ALICE, "draw", throw="Jc")
    play(BOB, "check")
    play(CAROL, "bet", 4)
    play(ALICE, "raise", 8)  # to $8
    play(BOB, "fold")
    play(CAROL, "call", 4)
    assert game.pot == 28
    play(CAROL, "draw", throw="Kh")
    play(ALICE, "draw")
    play(CAROL, "check")
    play(ALICE, "bet", 4)
    play(CAROL, "call", 4)
    assert game.done
    shown = {e.seat: sorted(str(c) for c in e.cards) for e in game.history if e.kind == "show"}
    assert shown == {CAROL: sorted("3s 5d 7c 8h".split()), ALICE: sorted("2s 4d 6c 9h".split())}
    assert [(e.seat, e.amount) for e in game.history if e.kind == "win"] == [(CAROL, 36)]
    assert game.stacks == [84, 96, 120, 100]
    assert partition_holds(game)


def test_heads_up_the_button_posts_the_small_blind_acts_first_then_last():
    game = Game([50, 50], Rules(small_bet=2), button=1, seed=3)
    assert [(e.seat, e.amount) for e in game.history if e.kind == "post"] == [(1, 1), (0, 2)]
    assert game.actor == 1  # the button, before the first draw
    game.act(Action("call"))
    game.act(Action("check"))  # the big blind's option
    assert game.actor == 0  # draws start left of the button
    game.act(Action.draw())
    game.act(Action.draw())
    assert game.actor == 0  # after the draw the big blind acts first, the button last


def test_a_live_big_blind_may_raise_an_unraised_pot():
    game = Game([50, 50, 50], Rules(small_bet=2), button=0, seed=1)
    game.act(Action("call"))  # button
    game.act(Action("call"))  # small blind completes
    assert [a.kind for a in game.legal_actions()] == ["check", "raise"]
    game.act(Action("raise"))
    assert game.round_bets[2] == 4 and game.actor == 0


def test_a_bet_and_three_raises_cap_a_round_unless_heads_up():
    game = Game([100, 100, 100], Rules(small_bet=2), button=0, seed=1)
    game.act(Action("raise"))  # 2nd bet (the big blind is the first)
    game.act(Action("raise"))  # 3rd
    game.act(Action("raise"))  # 4th: the cap
    assert "raise" not in [a.kind for a in game.legal_actions()]
    heads_up = Game([100, 100], Rules(small_bet=2), button=0, seed=1)
    for _ in range(6):
        heads_up.act(Action("raise"))
    assert "raise" in [a.kind for a in heads_up.legal_actions()]


def test_a_tie_splits_the_pot_with_the_odd_chip_left_of_the_button():
    deck = stacked("Kc Kd Kh Ks", "As 2d 3c 4h", "Ac 2h 3d 4s")  # seats 1, 2, 0
    game = Game([50, 50, 50], Rules(small_bet=2), button=0, deck=deck)
    game.act(Action("call"))  # button
    game.act(Action("fold"))  # small blind: its chip stays in the pot
    game.act(Action("check"))
    for _ in range(3):
        game.act(Action.draw())
        game.act(Action.draw())
        game.act(Action("check"))
        game.act(Action("check"))
    assert [(e.seat, e.amount) for e in game.history if e.kind == "win"] == [(2, 3), (0, 2)]
    assert sum(game.stacks) == 150


def test_an_all_in_player_wins_only_the_pot_it_covered():
    # Button 1: seat 2 posts the small blind, seat 0 the big blind (2 of its 3 chips).
    deck = stacked("Kc Kd Kh Ks", "As 2d 3c 4h", "Qc Qd Qh Qs")  # dealt to seats 2, 0, 1
    game = Game([3, 100, 100], Rules(small_bet=2), button=1, deck=deck)
    assert game.actor == 1
    game.act(Action("raise"))  # to 4
    game.act(Action("call"))  # small blind
    game.act(Action("call", 1))  # the big blind is all-in for 3
    while not game.done:
        kinds = [a.kind for a in game.legal_actions()]
        game.act(Action.draw() if kinds == ["draw"] else Action(kinds[0]))  # check, or fold
    wins = {e.seat: e.amount for e in game.history if e.kind == "win"}
    assert wins == {0: 9, 1: 2}  # seat 0's A-2-3-4 takes the 9-chip main pot; Q beats K for 2
    assert game.stacks == [9, 98, 96] and partition_holds(game)


def test_eight_players_drawing_four_three_times_reshuffle_the_discards():
    game = Game([100] * 8, Rules(small_bet=2), button=0, seed=5)
    while not game.done:
        kinds = [a.kind for a in game.legal_actions()]
        if kinds == ["draw"]:
            game.act(Action.draw(game.hands[game.actor]))
        else:
            game.act(Action("check" if "check" in kinds else "call"))
        assert partition_holds(game)
    reshuffles = [e for e in game.history if e.kind == "reshuffle"]
    assert reshuffles and sum(game.stacks) == 800
    # Whoever drew when the stub ran out did not get their own discards back in that draw.
    for event in game.history:
        if event.kind == "draw":
            assert not set(event.cards) & set(event.received)


@pytest.mark.parametrize(
    "action",
    [Action("raise", 3), Action("bet"), Action("check"), Action.draw(), Action("shove")],
)
def test_an_illegal_betting_action_raises_and_changes_nothing(action):
    game = Game([100, 100, 100], Rules(small_bet=2), button=0, seed=2)
    before = state(game)
    with pytest.raises(IllegalActionError):
        game.act(action)
    assert state(game) == before


def test_an_illegal_draw_raises_and_changes_nothing():
    game = Game([100, 100], Rules(small_bet=2), button=0, seed=2)
    game.act(Action("call"))
    game.act(Action("check"))
    before = state(game)
    other = next(c for c in range(52) if c not in game.hands[game.actor])
    mine = game.hands[game.actor][0]
    for bad in (Action.draw([other]), Action.draw([mine, mine]), Action("check")):
        with pytest.raises(IllegalActionError):
            game.act(bad)
        assert state(game) == before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stacks": [100]}, "2 to 8 seats"),
        ({"stacks": [100] * 9}, "2 to 8 seats"),
        ({"stacks": [100, 0]}, "positive"),
        ({"stacks": [100, 100], "button": 2}, "button"),
        ({"stacks": [100, 100], "deck": ["As", "As"]}, "repeats"),
    ],
)
def test_bad_game_setups_are_rejected(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Game(**kwargs)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 8),
    st.integers(0, 2**32 - 1),
    st.lists(st.integers(5, 60), min_size=8, max_size=8),
)
def test_random_legal_and_illegal_play_conserves_chips_and_cards(seats, seed, stacks):
    rng = random.Random(seed)
    game = Game(stacks[:seats], Rules(small_bet=2), button=seed % seats, seed=seed)
    total = sum(stacks[:seats])
    while not game.done:
        assert sum(game.stacks) + game.pot == total and partition_holds(game)
        if rng.random() < 0.2:  # an illegal action changes nothing
            before = state(game)
            with pytest.raises(IllegalActionError):
                game.act(Action("raise", 10**6) if rng.random() < 0.5 else Action("dance"))
            assert state(game) == before
        legal = game.legal_actions()
        choice = rng.choice(legal)
        if choice.kind == "draw":
            hand = game.hands[game.actor]
            choice = Action.draw(rng.sample(hand, rng.randint(0, 4)))
        game.act(choice)
    assert sum(game.stacks) == total and partition_holds(game)
    assert game.actor is None and game.legal_actions() == []


def test_a_view_hides_the_other_players_cards():
    game = Game([100, 100, 100], Rules(small_bet=2), button=0, seed=4)
    game.act(Action("call"))
    game.act(Action("call"))
    game.act(Action("check"))
    game.act(Action.draw(game.hands[1][:2]))  # seat 1 draws two
    view = game.view(2)
    assert view.hand == tuple(game.hands[2]) and view.legal == tuple(game.legal_actions())
    for event in view.history:
        if event.kind in ("deal", "draw") and event.seat != 2:
            assert event.cards == () and event.received == ()
    assert [e.amount for e in view.history if e.kind == "draw"] == [2]
    assert game.view(0).legal == () and game.view(1).dead == frozenset(game.history[-1].cards)


def test_bots_play_legal_actions_and_the_drawer_beats_the_random_bot():
    from badugi_fast.game.bots import drawer, random_bot, threshold
    from badugi_fast.play import simulate

    result = simulate([drawer, random_bot(seed=1)], hands=1500, seed=3)
    assert result.hands == 1500
    assert sum(result.profit_per_100) == pytest.approx(0.0, abs=1e-6)  # no rake: zero-sum
    assert result.profit_per_100[0] > 4 * result.stderr_per_100[0]
    again = simulate([drawer, random_bot(seed=1)], hands=1500, seed=3)
    assert again == result
    tight = simulate([threshold("6", "8"), drawer, random_bot(seed=2)], hands=300, seed=4)
    assert sum(tight.profit_per_100) == pytest.approx(0.0, abs=1e-6)


def test_a_bot_playing_an_illegal_action_is_named():
    from badugi_fast.play import simulate

    def reckless(view):
        return Action("raise", 10**6)

    with pytest.raises(IllegalActionError, match="hand 0, bot"):
        simulate([reckless, reckless], hands=1, seed=1)


def test_the_drawer_keeps_its_badugi_cards():
    from badugi_fast.game.bots import drawer

    game = Game(
        [100, 100], Rules(small_bet=2), button=0, deck=stacked("As 2d 3c 3h", "Kc Kd Kh Ks")
    )
    game.act(Action("call"))
    game.act(Action("check"))
    action = drawer(game.view(game.actor))
    assert game.actor == 1 and [str(c) for c in action.cards] == ["3h"]


# -- The Korean room rules -----------------------------------------------------

from badugi_fast.game import KoreanRules  # noqa: E402


def korean(stacks=(1000, 1000, 1000, 1000), **rules):
    return Game(list(stacks), KoreanRules(**rules), button=0, seed=9)


def amounts(game):
    return {a.kind: a.amount for a in game.legal_actions()}


def test_korean_antes_and_the_sun_opens_with_bbing_or_check():
    game = korean(ante=10)
    assert [(e.kind, e.amount) for e in game.history if e.kind == "ante"] == [("ante", 10)] * 4
    assert game.pot == 40 and game.actor == 1  # 선: left of the button
    assert amounts(game) == {"die": 0, "bbing": 10, "check": 0, "quarter": 10, "half": 20}


def test_korean_amounts_on_a_worked_example():
    """Ante 10 at four seats: pot 40. 선 삥 10 (pot 50). Next, C = 10 and P = 60:
    콜 10, 따당 10 + 10 = 20, 쿼터 10 + 15 = 25, 하프 10 + 30 = 40, 풀 10 + 60 = 70."""
    game = korean(ante=10, allow_full=True)
    game.act(Action("삥"))
    assert amounts(game) == {
        "die": 0, "call": 10, "ttadang": 20, "quarter": 25, "half": 40, "full": 70,
    }  # fmt: skip
    game.act(Action("따당"))  # seat 2 puts in 20: pot 70
    # Seat 3: C = 20, P = 90: 따당 20 + 20, 쿼터 20 + 22, 하프 20 + 45.
    assert amounts(game) == {
        "die": 0,
        "call": 20,
        "ttadang": 40,
        "quarter": 42,
        "half": 65,
        "full": 110,
    }


def test_korean_amounts_round_down_to_the_chip():
    game = korean(stacks=(500, 500, 500), ante=7, chip=5)  # pot 21
    game.act(Action("bbing"))  # 7: pot 28; next C = 7, P = 35
    assert amounts(game)["quarter"] == 15  # 7 + 8 = 15
    assert amounts(game)["half"] == 20  # 7 + 17 = 24, down to 20


def test_only_the_sun_may_check_and_a_check_can_be_called_for_nothing():
    game = korean()
    game.act(Action("check"))  # 선
    assert "check" not in amounts(game) and "bbing" not in amounts(game)
    assert amounts(game)["call"] == 0
    with pytest.raises(IllegalActionError):
        game.act(Action("bbing"))


def test_a_raise_cap_per_round():
    game = korean(ante=10, max_raises=1)
    game.act(Action("half"))  # the opening bet
    game.act(Action("ttadang"))  # the one raise after it
    assert set(amounts(game)) == {"die", "call"}


def test_korean_cutting_limits_three_two_one():
    game = korean(stacks=(1000, 1000), ante=5)
    game.act(Action("check"))
    game.act(Action("call"))
    assert game.phase is Phase.DRAW and game.actor == 1  # 선 draws first
    assert game.legal_actions() == [Action("draw", 3)]  # 아침: at most three cards
    before = state(game)
    with pytest.raises(IllegalActionError, match="allows 3 cards"):
        game.act(Action.draw(game.hands[1]))
    assert state(game) == before
    for cap in (3, 2, 1):
        for _ in range(2):
            game.act(Action.draw(game.hands[game.actor][:cap]))
        if not game.done:
            game.act(Action("check"))
            game.act(Action("call"))
    assert game.done and partition_holds(game)


def test_simultaneous_cutting_deals_after_everyone_chose_and_in_turn_deals_at_once():
    together = korean(stacks=(100, 100, 100))
    together.act(Action("check"))
    together.act(Action("call"))
    together.act(Action("call"))
    together.act(Action.draw(together.hands[1][:2]))
    assert not [e for e in together.history if e.kind == "draw"]  # not dealt yet, not shown
    together.act(Action.draw(together.hands[2][:1]))
    together.act(Action.draw())
    assert [(e.seat, e.amount) for e in together.history if e.kind == "draw"] == [
        (1, 2),
        (2, 1),
        (0, 0),
    ]
    in_turn = Game([100, 100, 100], KoreanRules(cutting_type="in_turn"), button=0, seed=9)
    in_turn.act(Action("check"))
    in_turn.act(Action("call"))
    in_turn.act(Action("call"))
    in_turn.act(Action.draw(in_turn.hands[1][:2]))
    assert [(e.seat, e.amount) for e in in_turn.history if e.kind == "draw"] == [(1, 2)]


@pytest.mark.parametrize(
    "rules",
    [{"cutting_type": "sometimes"}, {"cutting": (3, 2)}, {"cutting": (5, 2, 1)}, {"ante": 0}],
)
def test_bad_korean_rules_are_rejected(rules):
    with pytest.raises(ValueError):
        KoreanRules(**rules)


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 8), st.integers(0, 2**32 - 1), st.sampled_from(["simultaneous", "in_turn"]))
def test_random_korean_play_conserves_chips_and_cards(seats, seed, cutting_type):
    rng = random.Random(seed)
    rules = KoreanRules(ante=rng.choice([1, 5]), cutting=rng.choice([(3, 2, 1), (3, 3, 3)]),
                        cutting_type=cutting_type, allow_full=True)  # fmt: skip
    game = Game([rng.randint(20, 300) for _ in range(seats)], rules, button=seed % seats, seed=seed)
    total = sum(game.stacks) + game.pot
    while not game.done:
        assert sum(game.stacks) + game.pot == total and partition_holds(game)
        legal = game.legal_actions()
        choice = rng.choice(legal)
        if choice.kind == "draw":
            cap = rules.cutting[game.round_index]
            choice = Action.draw(rng.sample(game.hands[game.actor], rng.randint(0, cap)))
        game.act(choice)
    assert sum(game.stacks) == total and partition_holds(game)


def test_bots_play_under_korean_rules_too():
    from badugi_fast.game.bots import drawer, random_bot
    from badugi_fast.play import simulate

    rules = KoreanRules(ante=5, cutting=(3, 3, 3), allow_full=True)
    result = simulate([drawer, random_bot(seed=3), drawer], hands=300, seed=6, rules=rules)
    assert sum(result.profit_per_100) == pytest.approx(0.0, abs=1e-6)


# -- Pot limit and no limit ------------------------------------------------------------------


def test_pot_limit_raises_range_from_a_min_raise_to_the_pot():
    """Blinds 1/2 at three seats: the button faces 2 with 3 in the pot. A pot-sized raise calls
    2 (pot 5) and raises 5: 7 chips; the least raise doubles the big blind: 4 chips."""
    game = Game([100, 100, 100], Rules(small_bet=2, structure="pot-limit"), button=0, seed=1)
    assert game.legal_actions()[-1] == Action("raise", 4, max_amount=7)
    game.act(Action("raise", 7))  # raises by 5
    # The small blind (1 in) calls 6 into a pot of 10: pot 16; the least raise is by 5 more.
    assert game.legal_actions()[-1] == Action("raise", 11, max_amount=22)


def test_no_limit_raises_up_to_the_stack_and_an_all_in_may_be_short():
    game = Game([100, 100, 9], Rules(small_bet=2, structure="no-limit"), button=0, seed=1)
    assert game.legal_actions()[-1] == Action("raise", 4, max_amount=100)
    game.act(Action("raise", 60))
    game.act(Action("fold"))
    assert game.legal_actions() == [Action("fold"), Action("call", 7)]  # seat 2 has 7 more


@pytest.mark.parametrize("amount", [3, 8, 1000])
def test_a_bet_outside_the_range_is_refused_and_changes_nothing(amount):
    game = Game([100, 100, 100], Rules(small_bet=2, structure="pot-limit"), button=0, seed=1)
    before = state(game)
    with pytest.raises(IllegalActionError, match="4 to 7 chips"):
        game.act(Action("raise", amount))
    assert state(game) == before


def test_a_bad_structure_is_rejected():
    with pytest.raises(ValueError, match="structure"):
        Rules(structure="spread-limit")


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 8), st.integers(0, 2**32 - 1), st.sampled_from(["pot-limit", "no-limit"]))
def test_random_pot_and_no_limit_play_conserves_chips_and_cards(seats, seed, structure):
    rng = random.Random(seed)
    rules = Rules(small_bet=2, structure=structure)
    game = Game([rng.randint(5, 200) for _ in range(seats)], rules, button=seed % seats, seed=seed)
    total = sum(game.stacks) + game.pot
    while not game.done:
        assert sum(game.stacks) + game.pot == total and partition_holds(game)
        choice = rng.choice(game.legal_actions())
        if choice.kind == "draw":
            choice = Action.draw(rng.sample(game.hands[game.actor], rng.randint(0, 4)))
        elif choice.max_amount:
            choice = Action(choice.kind, rng.randint(choice.amount, choice.max_amount))
        game.act(choice)
    assert sum(game.stacks) == total and partition_holds(game)


def test_nobody_may_raise_when_every_other_player_is_all_in():
    game = Game([100, 4, 4], Rules(small_bet=2), button=0, seed=1)  # blinds: seats 1 and 2
    game.act(Action("call"))
    game.act(Action("raise"))  # the small blind: all-in for 4
    assert game.stacks[1] == 0 and [a.kind for a in game.legal_actions()] == ["fold", "call"]
    game.act(Action("call"))  # the big blind: all-in
    assert [a.kind for a in game.legal_actions()] == ["fold", "call"]  # no one could answer


def test_a_no_limit_bet_is_a_chip_at_least_when_there_are_no_blinds():
    game = Game([50, 50], Rules(1, 2, 0, 0, structure="no-limit"), button=0, seed=1)
    bet = next(a for a in game.legal_actions() if a.kind == "bet")
    assert (bet.amount, bet.max_amount) == (1, 50)


def test_a_burn_card_goes_before_each_draws_first_replacement():
    deck = stacked("As 2d 3c Kh", "4s 5d 6c Qh", draws="9s 8s 7s 6s 5s 4h")
    game = Game([100, 100], Rules(small_bet=2, burn=True), button=0, deck=deck)
    game.act(Action("call"))
    game.act(Action("check"))
    game.act(Action.draw())  # the big blind draws first, stands pat: no burn yet
    game.act(Action.draw(cards("Qh")))  # the button: the 9s is burned, the 8s dealt
    assert [e.kind for e in game.history[-2:]] == ["burn", "draw"]
    assert game.history[-2].cards == tuple(cards("9s")) and game.history[-1].received == tuple(
        cards("8s")
    )
    assert game.muck == cards("9s") and partition_holds(game)
    assert all(e.cards == () for e in game.view(0).history if e.kind == "burn")  # nobody sees it
    game.act(Action("check"))
    game.act(Action("check"))
    game.act(Action.draw())
    game.act(Action.draw())  # both stand pat: nothing is burned
    assert sum(e.kind == "burn" for e in game.history) == 1
    with pytest.raises(TypeError, match="burn is True or False"):
        Rules(burn=1)  # type: ignore[arg-type]


def seen_by(game, seat):
    """A seat's view of the history, written from the rule: its own events and the public ones
    whole, others' deals, draws, burns and mucks without their cards."""
    hidden = ("deal", "draw", "burn", "muck")
    return tuple(
        e if e.seat == seat or e.kind not in hidden else Event(e.kind, e.seat, e.amount)
        for e in game.history
    )


@pytest.mark.parametrize("seed", range(12))
def test_a_view_shows_the_history_so_far_whenever_it_is_asked(seed):
    """Asked after every action, now and then, or only at the end, a seat's view is the
    history as that seat saw it, and its dead cards are its own discards."""
    rng = random.Random(seed)
    game = random_game(seed, 2 + seed % 6)
    replayed = Game(list(game.starting_stacks), game.rules, button=game.button, seed=seed)
    for event in game.history:
        if event.kind == "draw":
            replayed.act(Action.draw(event.cards))
        elif event.kind in ("fold", "check", "call", "bet", "raise"):
            replayed.act(Action(event.kind, event.amount))
        else:
            continue  # the dealer's events, and the forced bets
        seat = rng.randrange(game.seats)
        if rng.random() < 0.5:
            assert replayed.view(seat).history == seen_by(replayed, seat)
    assert replayed.history == game.history
    for seat in range(game.seats):
        view = replayed.view(seat)
        own = [c for e in replayed.history if e.kind == "draw" and e.seat == seat for c in e.cards]
        assert view.history == seen_by(replayed, seat) and view.dead == frozenset(own)
