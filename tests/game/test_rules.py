"""The betting rules, each from its worked example or the source text it cites, and
fuzzed: random rule sets (half-pot limit, antes without blinds, both cap options) played with
random legal and illegal actions, and by the threshold bots in both engines, action by action."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.games import assert_same_hand

from badugi_fast import parse_cards
from badugi_fast.game import Action, ActionKind, Event, Game, IllegalActionError, KoreanRules, Rules
from badugi_fast.game.actions import BETTING_KINDS, KO_NAMES
from badugi_fast.game.bots import ThresholdBot
from badugi_fast.game.stream import play_out, stream_game
from badugi_fast.notation import phh
from badugi_fast.play.simulation.local import trace_in_c, traced

K = ActionKind


def kinds(game: Game) -> list[str]:
    return [a.kind for a in game.legal_actions()]


def amount_of(game: Game, kind: ActionKind) -> int:
    return next(a.amount for a in game.legal_actions() if a.kind == kind)


def pat(game: Game) -> None:
    """Everyone stands pat through the present draw."""
    while game.phase == "draw":
        game.act(Action.draw())


# -- 1. 따당 doubles the bet (the Korean room rules: "앞 사용자가 건 돈의 2배를 겁니다")


def test_ttadang_makes_the_round_twice_the_bet_standing():
    game = Game([1000] * 3, KoreanRules(ante=10), button=0)  # 선: seat 1
    game.act(Action("삥"))  # 선, round total 10
    assert amount_of(game, K.TTADANG) == 20
    game.act(Action("따당"))  # total 20
    game.act(Action("콜"))  # 20
    assert amount_of(game, K.TTADANG) == 30  # 선 has 10 in: total 40
    game.act(Action("따당"))
    assert amount_of(game, K.TTADANG) == 60  # total 80, not 70 (call plus the last raise)
    game.act(Action("따당"))
    assert game.round_bets == [20, 40, 80]


def test_ttadang_rounds_down_to_the_chip_and_stops_at_the_stack():
    game = Game([45, 1000, 1000], KoreanRules(ante=10, chip=15), button=0)  # 선: seat 1
    game.act(Action("삥"))  # 10
    assert amount_of(game, K.TTADANG) == 15  # 20, rounded down to chips of 15
    game.act(Action("따당"))
    assert amount_of(game, K.TTADANG) == 30  # 2 * 15: seat 0 holds 45 - 10 = 35
    game = Game([45, 1000, 1000], KoreanRules(ante=10), button=0)
    game.act(Action("삥"))
    game.act(Action("따당"))  # 20
    assert amount_of(game, K.TTADANG) == 35  # 40 wanted; seat 0 has 35 behind its ante


# -- 2. Half-pot limit (Wikipedia's Badugi article) ------------------------------------------------


def test_half_pot_limit_puts_in_at_most_the_call_and_half_the_pot_after_it():
    half = Rules(small_bet=20, small_blind=10, big_blind=20, structure="half-pot-limit")
    game = Game([1000] * 3, half, button=0)
    (raise_,) = [a for a in game.legal_actions() if a.kind == K.RAISE]
    assert (raise_.amount, raise_.max_amount) == (40, 45)
    pot = Game([1000] * 3, Rules(20, 40, 10, 20, structure="pot-limit"), button=0)
    assert [a.max_amount for a in pot.legal_actions() if a.kind == K.RAISE] == [70]
    with pytest.raises(IllegalActionError, match="40 to 45 chips"):
        game.act(Action("raise", 46))
    game.act(Action("raise", 45))
    assert game.stacks == [955, 990, 980]


def test_half_pot_limit_never_offers_less_than_the_least_raise():
    game = Game([1000] * 2, Rules(2, 4, 1, 50, structure="half-pot-limit"), button=0)
    (raise_,) = [a for a in game.legal_actions() if a.kind == K.RAISE]
    assert raise_.amount == raise_.max_amount == 49 + 50  # half the pot would allow less


# -- 3. Antes without blinds (Wikipedia's Badugi article: "the player to the dealer's left
#    if no blinds")


def test_without_blinds_everyone_antes_and_the_dealers_left_opens_with_nothing_to_call():
    game = Game([100] * 3, Rules(small_bet=4, small_blind=0, big_blind=0, ante=1), button=0)
    assert [(e.kind, e.seat, e.amount) for e in game.history[:3]] == [
        (K.ANTE, 0, 1), (K.ANTE, 1, 1), (K.ANTE, 2, 1),
    ]  # fmt: skip
    assert K.POST not in [e.kind for e in game.history]
    assert game.actor == 1 and kinds(game) == [K.CHECK, K.BET] and game.round_bets == [0] * 3
    game.act(Action("bet"))  # the bet and three raises, then no more
    for _ in range(3):
        game.act(Action("raise"))
    assert kinds(game) == [K.FOLD, K.CALL]


def test_an_ante_with_blinds_is_posted_first_and_is_dead_money():
    game = Game([100] * 3, Rules(small_bet=2, ante=1), button=0)
    assert [e.kind for e in game.history[:5]] == [K.ANTE] * 3 + [K.POST] * 2
    assert game.round_bets == [0, 1, 2] and game.pot == 6
    assert amount_of(game, K.CALL) == 2 and amount_of(game, K.RAISE) == 4


# -- 4. All-in for less than a full bet --------------------------------------------------------


def after_the_first_draw(b_stack: int, rounds: int = 1) -> Game:
    """A (seat 1), B (seat 2), C (seat 0) act in that order after each draw; small bet 2."""
    game = Game([100, 100, b_stack], Rules(small_bet=2, big_bet=4), button=0, seed=3)
    game.act(Action("call"))  # C
    game.act(Action("call"))  # A completes the small blind
    game.act(Action("check"))  # B, the big blind
    for _ in range(rounds):
        pat(game)
        if game.round_index < rounds:
            for _ in range(3):
                game.act(Action("check"))
    return game


def test_fixed_limit_an_all_in_of_half_a_bet_is_a_raise_that_reopens():
    game = after_the_first_draw(b_stack=5)  # B holds 3 after the blind
    game.act(Action("bet"))  # A: 2
    assert amount_of(game, K.RAISE) == 3  # B: all-in, a raise of 1 (half a bet)
    game.act(Action("raise"))
    assert kinds(game) == [K.FOLD, K.CALL, K.RAISE] and amount_of(game, K.RAISE) == 5  # C
    game.act(Action("call"))
    assert game.actor == 1 and kinds(game) == [K.FOLD, K.CALL, K.RAISE]  # A may raise
    assert amount_of(game, K.RAISE) == 1 + 2  # always a full bet on top of the call


def test_fixed_limit_an_all_in_of_less_than_half_a_bet_does_not_reopen():
    game = after_the_first_draw(b_stack=7, rounds=2)  # B holds 5 after the second draw
    assert game.round_index == 2 and game.stacks[2] == 5
    game.act(Action("bet"))  # A: 4
    game.act(Action("raise"))  # B: all-in for 5, a raise of 1
    assert kinds(game) == [K.FOLD, K.CALL, K.RAISE]  # C has not acted: may raise
    assert amount_of(game, K.CALL) == 5 and amount_of(game, K.RAISE) == 9
    game.act(Action("call"))
    assert game.actor == 1 and kinds(game) == [K.FOLD, K.CALL]  # A may only call or fold


def test_fixed_limit_a_short_all_in_does_not_count_towards_the_cap():
    """Blinds 2/4, small bet 4: the big blind is the bet, three raises follow."""
    game = Game([100, 100, 100, 5], Rules(small_bet=4), button=0, seed=1)
    game.act(Action("raise"))  # seat 3: all-in for 5, a raise of 1 (less than half a bet)
    for seat in (0, 1, 2):  # three raises still: to 9, 13 and 17
        assert game.actor == seat and K.RAISE in kinds(game)
        game.act(Action("raise"))
    assert game.round_bets == [9, 13, 17, 5] and kinds(game) == [K.FOLD, K.CALL]
    game = Game([100, 100, 100, 6], Rules(small_bet=4), button=0, seed=1)
    game.act(Action("raise"))  # all-in for 6, a raise of 2: half a bet counts
    game.act(Action("raise"))
    game.act(Action("raise"))
    assert game.actor == 2 and kinds(game) == [K.FOLD, K.CALL]


def test_no_limit_a_short_all_in_does_not_reopen_for_those_who_acted():
    game = Game([100, 100, 25], Rules(small_bet=10, structure="no-limit"), button=0)
    game.act(Action("raise", 20))  # seat 0 raises to 20 (a raise of 10)
    game.act(Action("call", 15))  # seat 1 (small blind 5) calls
    game.act(Action("raise", 15))  # seat 2: all-in for 25, a raise of 5 < 10
    assert game.actor == 0 and kinds(game) == [K.FOLD, K.CALL]  # seat 0 has acted
    game.act(Action("call"))
    assert game.actor == 1 and kinds(game) == [K.FOLD, K.CALL]


def test_no_limit_players_yet_to_act_may_raise_after_a_short_all_in():
    game = Game([100, 100, 100, 12], Rules(small_bet=10, structure="no-limit"), button=0)
    game.act(Action("raise", 12))  # seat 3: all-in for 12, a raise of 2 < 10
    assert game.actor == 0 and K.RAISE in kinds(game)
    assert amount_of(game, K.RAISE) == 12 + 10


def test_korean_rules_every_raise_reopens():
    game = Game([1000, 1000, 30], KoreanRules(ante=10), button=0)  # 선: seat 1
    game.act(Action("삥"))
    game.act(Action("따당"))  # seat 2: all-in for 20
    game.act(Action("콜"))
    assert game.actor == 1 and K.TTADANG in kinds(game)


def test_pokerkit_does_not_let_a_re_raise_after_the_half_bet_all_in():
    """pokerkit rules the first fixed-limit example by the full-bet rule: A may not raise."""
    from pokerkit import Automation, FixedLimitBadugi

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    )  # fmt: skip
    # pokerkit seats from the button's left: A (small blind), B (big blind), C (the button)
    state = FixedLimitBadugi.create_state(automations, True, 0, (1, 2), 2, 4, (100, 5, 100), 3)
    state.check_or_call()  # C
    state.check_or_call()  # A
    state.check_or_call()  # B
    while state.can_stand_pat_or_discard():
        state.stand_pat_or_discard()
    state.complete_bet_or_raise_to(2)  # A
    state.complete_bet_or_raise_to(3)  # B: all-in
    state.check_or_call()  # C
    assert state.actor_index == 0 and not state.can_complete_bet_or_raise_to()
    ours = after_the_first_draw(b_stack=5)
    ours.act(Action("bet"))
    ours.act(Action("raise"))
    ours.act(Action("call"))
    assert K.RAISE in kinds(ours)


# -- 5. A short big blind (Robert's Rules, button and blind use, rule 1: the bring-in and the
#    raise sizes "remain the same even when the player in the blind does not have enough chips
#    to post the full amount")


def test_a_short_big_blind_does_not_lower_the_fixed_limit_bring_in():
    game = Game([100, 100, 1, 100], Rules(small_bet=2), button=0)  # the big blind posts 1 of 2
    assert game.round_bets == [0, 1, 1, 0] and game.actor == 3
    assert game.legal_actions() == [Action(K.FOLD), Action(K.CALL, 2), Action(K.RAISE, 4)]
    game.act(Action("call"))
    game.act(Action("fold"))
    assert amount_of(game, K.CALL) == 1  # the small blind completes to the full blind of 2


def test_a_short_big_blind_does_not_lower_the_no_limit_bring_in_nor_the_least_raise():
    game = Game([100, 100, 1], Rules(small_bet=20, structure="no-limit"), button=0)
    assert game.round_bets == [0, 10, 1] and game.actor == 0
    assert amount_of(game, K.CALL) == 20
    (raise_,) = [a for a in game.legal_actions() if a.kind == K.RAISE]
    assert (raise_.amount, raise_.max_amount) == (40, 100)


def test_the_calls_past_a_short_big_blind_make_a_side_pot_it_cannot_win():
    deck = dealt(seat2=GOLF, seat1=KING, seat0=EIGHT)
    game = Game([100, 100, 1], Rules(small_bet=2), button=0, deck=deck)
    play(game, "call", "call", *(["pat"] * 3 + ["check"] * 2) * 3)
    # the golf wins the main pot of 1 x 3; the side pot of 1 x 2 goes to the eight
    assert game.stacks == [100 - 2 + 2, 100 - 2, 3]


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_the_c_loop_and_game_take_the_same_actions_with_a_short_big_blind(seats):
    bots = [ThresholdBot(12, 12, 1)] * seats  # raise any badugi, call anything
    for number in range(seats * 3):  # each seat in turn posts the big blind of 4 on 1 to 3 chips
        big_blind = (number + (1 if seats == 2 else 2)) % seats  # the button: number % seats
        stacks = [1 + number % 3 if p == big_blind else 50 for p in range(seats)]
        game = stream_game(stacks, Rules(small_bet=4), 5, number)
        assert (game.history[1].seat, game.history[1].amount) == (big_blind, 1 + number % 3)
        play_out(game, bots, number)
        actions, won = trace_in_c(bots, number, 5, Rules(small_bet=4), stacks=stacks)
        assert actions == traced(game.history)
        assert won == [a - b for a, b in zip(game.stacks, stacks, strict=True)]


# -- 6. Caps, stated and choosable -------------------------------------------------------------


def test_heads_up_the_live_rule_is_uncapped_and_cap_heads_up_caps_it():
    for cap, raises in ((False, 10), (True, 3)):
        game = Game([1000, 1000], Rules(small_bet=2, cap_heads_up=cap), button=0)
        made = 0
        while K.RAISE in kinds(game) and made < 10:
            game.act(Action("raise"))
            made += 1
        assert made == raises  # the big blind is the bet: three raises follow under the cap


def raise_on(game: Game, times: int) -> None:
    for _ in range(times):
        game.act(Action("raise"))


def test_a_capped_round_stays_capped_when_a_fold_leaves_two():
    """Robert's Rules, betting and raising, rule 4: "Once the raising is capped on a betting
    round, it cannot be uncapped by a subsequent fold that leaves two players heads-up"."""
    game = Game([1000] * 3, Rules(small_bet=2), button=0)
    raise_on(game, 3)  # the big blind and three raises: capped
    game.act(Action("fold"))
    assert game.actor == 1 and kinds(game) == [K.FOLD, K.CALL]


def test_a_round_that_comes_down_to_two_before_the_cap_is_uncapped():
    """Rule 4: unlimited raising heads-up "applies any time the action becomes heads-up before
    the raising has been capped"."""
    game = Game([1000] * 3, Rules(small_bet=2), button=0)
    game.act(Action("raise"))
    game.act(Action("fold"))
    raise_on(game, 6)  # seats 2 and 0: the big blind and seven raises
    assert game.round_bets == [16, 1, 14] and game.actor == 2 and K.RAISE in kinds(game)


def test_the_cap_does_not_bind_the_two_players_left_with_chips():
    """Robert's Rules, betting and raising, rule 3: the cap is "for a pot involving three or
    more players who are not all-in"."""
    game = Game([1000, 1000, 3], Rules(small_bet=2), button=0)
    play(game, "raise", "raise", "call", "raise")  # the big blind calls all-in for 3
    assert game.round_bets == [8, 6, 3] and game.actor == 1 and K.RAISE in kinds(game)
    raise_on(game, 3)
    assert game.round_bets == [12, 14, 3] and K.RAISE in kinds(game)


def test_the_cap_binds_three_players_with_chips_beside_an_all_in_one():
    game = Game([1000, 1000, 3, 1000], Rules(small_bet=2), button=0)
    play(game, "raise", "raise", "call", "call", "raise")  # the big blind (seat 2) calls all-in
    assert game.round_bets == [6, 6, 3, 8] and game.actor == 0  # three with chips: capped
    assert kinds(game) == [K.FOLD, K.CALL]


def test_cap_heads_up_keeps_the_cap_for_two_players_with_chips():
    game = Game([1000, 1000, 3], Rules(small_bet=2, cap_heads_up=True), button=0)
    play(game, "raise", "raise", "call", "raise")
    assert kinds(game) == [K.FOLD, K.CALL]


CAP_BOTS = [ThresholdBot(12, 12, 1, max_bets=9)] * 4  # raise any badugi up to nine bets


@pytest.mark.parametrize(
    "stacks", [[1000] * 3, [1000, 1000, 5], [1000, 7, 1000, 11], [9, 1000, 1000, 1000]]
)
def test_the_c_loop_and_game_cap_the_raises_alike(stacks):
    rules = Rules(small_bet=2)
    bots = CAP_BOTS[: len(stacks)]
    raised_past_the_cap = 0
    for number in range(120):
        game = stream_game(stacks, rules, 9, number)
        play_out(game, bots, number)
        actions, won = trace_in_c(bots, number, 9, rules, stacks=stacks)
        assert actions == traced(game.history), number
        assert won == [a - b for a, b in zip(game.stacks, stacks, strict=True)]
        raised_past_the_cap += max(bets_per_round(game)) > 4
    assert raised_past_the_cap > 0


def bets_per_round(game: Game) -> list[int]:
    """Bets and raises of each betting round (the big blind counting as the first bet)."""
    counts = [1]
    for before, event in zip(game.history, game.history[1:], strict=False):
        if event.kind == K.DRAW and before.kind != K.DRAW:
            counts.append(0)
        counts[-1] += event.kind in (K.BET, K.RAISE)
    return counts


def test_a_raise_nobody_could_answer_is_not_offered():
    """The only opponent with chips (the big blind, seat 0) has exactly its call behind."""
    game = Game([4, 4, 200, 200, 12], Rules(small_bet=2), button=3)
    play(game, "raise", "fold", "fold")  # seat 1 all-in for 4
    assert game.actor == 4 and game.legal_actions() == [Action(K.FOLD), Action(K.CALL, 3)]
    game.act(Action("call"))
    assert game.actor == 0 and kinds(game) == [K.FOLD, K.CALL]


def test_a_raise_one_opponent_could_answer_in_part_is_offered():
    game = Game([4, 5, 200, 200, 12], Rules(small_bet=2), button=3)  # the big blind has 3
    play(game, "raise", "fold", "fold")
    assert game.actor == 4 and K.RAISE in kinds(game)


def test_no_limit_and_korean_rules_offer_no_raise_nobody_could_answer():
    game = Game([4, 4, 200, 200, 30], Rules(small_bet=2, structure="no-limit"), button=3)
    play(game, "raise", "fold", "fold")
    assert game.actor == 4 and kinds(game) == [K.FOLD, K.CALL]
    korean = Game([1000, 40, 40], KoreanRules(ante=10), button=0)  # 선: seat 1
    play(korean, "삥", "하프")  # seat 2: all-in for 30; seat 1 has exactly its call of 20 left
    assert korean.round_bets == [0, 10, 30] and korean.actor == 0
    assert kinds(korean) == [K.DIE, K.CALL]


@pytest.mark.parametrize("stacks", [[4, 4, 200, 200, 12], [2, 30, 5, 6]])
def test_the_c_loop_and_game_offer_no_raise_nobody_could_answer_alike(stacks):
    rules = Rules(small_bet=2)
    bots = CAP_BOTS * 2
    for number in range(150):
        game = stream_game(stacks, rules, 4, number)
        play_out(game, bots[: len(stacks)], number)
        actions, won = trace_in_c(bots[: len(stacks)], number, 4, rules, stacks=stacks)
        assert actions == traced(game.history), number
        assert won == [a - b for a, b in zip(game.stacks, stacks, strict=True)]


def test_a_matched_big_blind_gets_no_turn_when_everyone_else_is_all_in():
    game = Game([3, 100], Rules(small_bet=2), button=0)  # the button posts 1
    game.act(Action("raise"))  # all-in for 3 (total 3: a raise of 1, half a bet)
    game.act(Action("call"))  # the big blind matches: nobody left to bet with
    assert game.phase == "draw"


# -- 7. Bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"ante": -1}, ValueError, "ante must be at least 0"),
        ({"ante": 1.5}, TypeError, "ante must be a whole number"),
        ({"cap_heads_up": 1}, TypeError, "cap_heads_up is True or False"),
        ({"structure": "quarter-pot-limit"}, ValueError, "half-pot-limit"),
        ({"structure": 3}, TypeError, "structure is text"),
        ({"small_blind": 1, "big_blind": 0}, ValueError, "small_blind is 0 when big_blind is 0"),
    ],
)
def test_bad_new_rule_fields_are_named(kwargs, error, message):
    with pytest.raises(error, match=message):
        Rules(**kwargs)


# Values of the wrong type for each kind of rule field, by the field's annotation: a field of a
# kind not listed here fails the walk below, so every new field gets its check and its row.
WRONG_TYPES: dict[str, list[object]] = {
    "int": [None, 2.0, "2", True, np.float64(2.0), [2]],
    "int | None": [2.0, "2", False, Fraction(2), (2,)],
    "bool": ["no", "", 1, 0, None, np.bool_(True)],
    "str": [3, None, b"in_turn", ["fixed-limit"]],
    "tuple[int, int, int]": ["321", 3, (3.0, 2, 1), (True, 2, 1), None],
}


@pytest.mark.parametrize("rule_set", [Rules, KoreanRules])
def test_every_rule_field_refuses_a_value_of_the_wrong_type_by_name(rule_set):
    walked = 0
    for field in dataclasses.fields(rule_set):
        for value in WRONG_TYPES[str(field.type)]:
            with pytest.raises(TypeError, match=field.name) as refused:
                rule_set(**{field.name: value})
            assert not isinstance(refused.value, ValueError), (field.name, value)
            walked += 1
    assert walked >= 5 * len(dataclasses.fields(rule_set))


@pytest.mark.parametrize(
    ("rule_set", "kwargs", "message"),
    [
        (Rules, {"small_bet": 0}, "small_bet must be at least 1"),
        (Rules, {"big_bet": 0}, "big_bet must be at least 1"),
        (Rules, {"small_blind": -1}, "small_blind must be at least 0"),
        (Rules, {"big_blind": -2}, "big_blind must be at least 0"),
        (Rules, {"max_raises": -1}, "max_raises must be at least 0"),
        (Rules, {"small_blind": 3, "big_blind": 2}, r"small_blind is at most big_blind \(2\)"),
        (KoreanRules, {"ante": 0}, "ante must be at least 1"),
        (KoreanRules, {"chip": 0}, "chip must be at least 1"),
        (KoreanRules, {"cutting": (3, 2)}, "cutting is three limits"),
        (KoreanRules, {"cutting": (5, 2, 1)}, "cutting is three limits"),
        (KoreanRules, {"cutting_type": "sometimes"}, "cutting_type is 'simultaneous' or"),
        (KoreanRules, {"max_raises": -1}, "max_raises must be at least 0"),
    ],
)
def test_every_rule_field_refuses_a_value_out_of_its_range_by_name(rule_set, kwargs, message):
    with pytest.raises(ValueError, match=message):
        rule_set(**kwargs)


def test_numpy_integers_and_a_list_of_limits_are_kept_as_plain_ints_and_a_tuple():
    rules = Rules(small_bet=np.int64(4), max_raises=np.int8(2))
    assert rules == Rules(small_bet=4, max_raises=2) and type(rules.small_bet) is int
    korean = KoreanRules(ante=np.int32(5), cutting=[np.int64(3), 3, 3])  # type: ignore[arg-type]
    assert korean.cutting == (3, 3, 3) and hash(korean) == hash(KoreanRules(5, cutting=(3, 3, 3)))


def test_allow_full_given_a_truthy_text_is_refused_by_name():
    """ "no" is truthy: accepted, it offered 풀, and phh.dumps wrote files loads refused."""
    with pytest.raises(TypeError, match="allow_full is True or False, not str 'no'"):
        KoreanRules(allow_full="no")  # type: ignore[arg-type]


def test_an_illegal_amount_under_half_pot_limit_changes_nothing():
    game = Game([1000] * 3, Rules(20, 40, 10, 20, structure="half-pot-limit"), button=0)
    before = (list(game.stacks), list(game.history), game.legal_actions())
    for amount in (39, 46):
        with pytest.raises(IllegalActionError):
            game.act(Action("raise", amount))
    assert (list(game.stacks), list(game.history), game.legal_actions()) == before


# -- fuzzing -----------------------------------------------------------------------------------

CASINO = st.builds(
    Rules,
    small_bet=st.integers(1, 6),
    max_raises=st.integers(0, 4),
    structure=st.sampled_from(["fixed-limit", "pot-limit", "half-pot-limit", "no-limit"]),
    ante=st.integers(0, 2),
    cap_heads_up=st.booleans(),
    burn=st.booleans(),
)
NO_BLINDS = st.builds(
    Rules,
    small_bet=st.integers(1, 6),
    small_blind=st.just(0),
    big_blind=st.just(0),
    ante=st.integers(1, 3),
    structure=st.sampled_from(["fixed-limit", "pot-limit", "half-pot-limit", "no-limit"]),
    cap_heads_up=st.booleans(),
)
KOREAN = st.builds(KoreanRules, ante=st.integers(1, 4), chip=st.integers(1, 3))
ANY_RULES = st.one_of(CASINO, NO_BLINDS, KOREAN)


def snapshot(game: Game) -> tuple:
    return (
        list(game.stacks), [list(h) for h in game.hands], list(game.stub), list(game.folded),
        list(game.committed), list(game.round_bets), list(game.history), game.phase,
        game.actor, game.legal_actions(),
    )  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(ANY_RULES, st.integers(2, 8), st.integers(0, 2**32 - 1))
def test_random_play_under_every_rule_set_keeps_chips_and_refuses_illegal_amounts(
    rules, seats, seed
):
    rng = random.Random(seed)
    stacks = [rng.randint(1, 60) for _ in range(seats)]
    game = Game(stacks, rules, button=seed % seats, seed=seed)
    while not game.done:
        assert sum(game.stacks) + game.pot == sum(stacks)
        legal = game.legal_actions()
        bets = [a for a in legal if a.kind in (K.BET, K.RAISE)]
        if bets and rng.random() < 0.3:  # one chip beyond the most: refused, nothing changes
            before = snapshot(game)
            too_much = (bets[0].max_amount or bets[0].amount) + 1
            with pytest.raises(IllegalActionError):
                game.act(Action(bets[0].kind, too_much))
            assert snapshot(game) == before
        choice = rng.choice(legal)
        if choice.kind == K.DRAW:
            choice = Action.draw(rng.sample(game.hands[game.actor], rng.randint(0, choice.amount)))
        elif choice.max_amount:
            choice = Action(choice.kind, rng.randint(choice.amount, choice.max_amount))
        game.act(choice)
    assert sum(game.stacks) == sum(stacks)


# loose bots (raising most badugis, drawing to anything): long hands, all-ins, short raises
BOTS = st.builds(ThresholdBot, st.integers(6, 12), st.integers(8, 12), st.integers(0, 4))


@settings(max_examples=80, deadline=None)
@given(
    ANY_RULES,
    st.lists(BOTS, min_size=2, max_size=8),
    st.lists(st.integers(1, 40), min_size=8, max_size=8),
    st.integers(0, 2**32 - 1),
)
def test_the_c_loop_and_game_take_the_same_actions_under_random_rules(rules, bots, stacks, seed):
    start = stacks[: len(bots)]
    for number in range(6):
        game = stream_game(start, rules, seed, number)
        play_out(game, bots, number)
        actions, won = trace_in_c(bots, number, seed, rules, stacks=start)
        assert actions == traced(game.history)
        assert won == [a - b for a, b in zip(game.stacks, start, strict=True)]


# -- 8. The Korean rules: everyone left shows, one meaning of max_raises, 패스


def test_under_the_korean_rules_every_player_left_shows_the_hand():
    """The Korean room rules: "남은 사람들이 패를 펴고 족보로 승자를 결정합니다"."""
    deck = dealt(seat1=GOLF, seat2=KING, seat0=EIGHT)
    game = Game([100] * 3, KoreanRules(cutting=(3, 3, 3)), button=0, deck=deck)
    play(game, *(["체크", "콜", "콜"] + ["패스"] * 3) * 3, "체크", "콜", "콜")
    assert shows(game) == [(K.SHOW, 1), (K.SHOW, 2), (K.SHOW, 0)]
    for seat in (0, 2):  # and everyone sees every hand
        seen = {e.seat: e.cards for e in game.view(seat).history if e.kind == K.SHOW}
        assert sorted(seen[2]) == sorted(parse_cards(KING))
    assert game.stacks == [99, 102, 99]


def test_korean_rules_muck_beaten_hands_when_asked_to():
    deck = dealt(seat1=GOLF, seat2=KING, seat0=EIGHT)
    game = Game([100] * 3, KoreanRules(cutting=(3, 3, 3), muck=True), button=0, deck=deck)
    play(game, *(["체크", "콜", "콜"] + ["패스"] * 3) * 3, "체크", "콜", "콜")
    assert shows(game) == [(K.SHOW, 1), (K.MUCK, 2), (K.MUCK, 0)]
    again = phh.loads(phh.dumps(game))  # the choice is in the history's rules
    assert again.rules == game.rules
    assert_same_hand(game, again)


def test_max_raises_counts_raises_after_the_opening_bet_in_both_rule_sets():
    """Robert's Rules' "a bet and three raises": the 삥, or an opening 쿼터 or 하프, is the bet."""
    casino = Game([1000] * 3, Rules(small_bet=2, small_blind=0, big_blind=0, ante=1, max_raises=1))
    play(casino, "bet", "raise")
    assert kinds(casino) == [K.FOLD, K.CALL]
    for opening in ("삥", "쿼터", "하프"):
        korean = Game([1000] * 3, KoreanRules(ante=10, max_raises=1), button=0)
        play(korean, opening, "따당")
        assert kinds(korean) == [K.DIE, K.CALL], opening
    korean = Game([1000] * 3, KoreanRules(ante=10, max_raises=0), button=0)
    korean.act(Action("쿼터"))  # the opening bet is always allowed
    assert kinds(korean) == [K.DIE, K.CALL]


def test_pass_stands_pat_wherever_korean_action_words_are_taken():
    assert Action("패스") == Action.draw() == Action(K.DRAW)
    game = Game([100] * 2, KoreanRules(), button=0)
    play(game, "체크", "콜")
    hands = [list(h) for h in game.hands]
    play(game, "패스", "패스")
    assert [list(h) for h in game.hands] == hands and game.round_index == 1
    with pytest.raises(ValueError, match="패스 stands pat: it throws no cards"):
        Action("패스", cards=tuple(hands[0][:1]))
    with pytest.raises(IllegalActionError, match="not draw"):
        game.act(Action("패스"))  # a betting turn


def test_pass_is_not_the_korean_name_of_every_draw():
    assert "패스" not in KO_NAMES.values() and KO_NAMES[K.CALL] == "콜"


def test_every_betting_kind_and_forced_bet_has_a_korean_name():
    assert set(BETTING_KINDS) | {K.POST, K.ANTE} <= set(KO_NAMES)


@settings(max_examples=60, deadline=None)
@given(
    st.builds(
        KoreanRules,
        ante=st.integers(1, 3),
        max_raises=st.sampled_from([None, 0, 1, 2]),
        allow_full=st.booleans(),
    ),
    st.lists(BOTS, min_size=2, max_size=6),
    st.integers(0, 2**32 - 1),
)
def test_the_c_loop_and_game_cap_korean_raises_alike(rules, bots, seed):
    start = [60] * len(bots)
    for number in range(4):
        game = stream_game(start, rules, seed, number)
        play_out(game, bots, number)
        actions, won = trace_in_c(bots, number, seed, rules, stacks=start)
        assert actions == traced(game.history)
        assert won == [a - b for a, b in zip(game.stacks, start, strict=True)]


# -- 5. Showdown order and mucking -------------------------------------------------------------

GOLF, EIGHT, KING = "As 2h 3d 4c", "5s 6h 7d 8c", "Ks Qh Jd Tc"


def dealt(**hands: str) -> list:
    """A deck dealing seat0..seat2 these hands, one card at a time from the button's (0) left,
    then the replacements nobody asks for."""
    per_seat = [parse_cards(hands[f"seat{s}"]) for s in (1, 2, 0)]
    return [per_seat[k][i] for i in range(4) for k in range(3)]


def play(game: Game, *moves: str) -> None:
    for move in moves:
        game.act(Action.draw() if move == "pat" else Action(move))


def shows(game: Game) -> list[tuple[str, int]]:
    return [(e.kind, e.seat) for e in game.history if e.kind in (K.SHOW, K.MUCK)]


def test_without_a_bet_the_first_left_of_the_button_shows_and_beaten_hands_muck():
    deck = dealt(seat1=GOLF, seat2=KING, seat0=EIGHT)
    game = Game([100] * 3, Rules(small_bet=2), button=0, deck=deck)
    play(game, "call", "call", "check", *(["pat"] * 3 + ["check"] * 3) * 3)
    assert shows(game) == [(K.SHOW, 1), (K.MUCK, 2), (K.MUCK, 0)]
    muck = [e for e in game.history if e.kind == K.MUCK]
    assert sorted(muck[0].cards) == sorted(parse_cards(KING))  # the full history keeps them
    for seat in (0, 1):  # nobody else sees a mucked hand, nor its rank
        seen = [e for e in game.view(seat).history if e.kind == K.MUCK and e.seat == 2]
        assert seen == [Event(K.MUCK, 2, 0)]
    assert game.stacks == [98, 104, 98]


def test_seats_listed_in_show_always_show():
    deck = dealt(seat1=GOLF, seat2=KING, seat0=EIGHT)
    game = Game([100] * 3, Rules(small_bet=2), button=0, deck=deck, show=[2])
    play(game, "call", "call", "check", *(["pat"] * 3 + ["check"] * 3) * 3)
    assert shows(game) == [(K.SHOW, 1), (K.SHOW, 2), (K.MUCK, 0)]


def test_the_last_to_bet_or_raise_in_the_final_round_shows_first():
    deck = dealt(seat1=GOLF, seat2=KING, seat0=EIGHT)
    game = Game([100] * 3, Rules(small_bet=2), button=0, deck=deck)
    play(game, "call", "call", "check", *(["pat"] * 3 + ["check"] * 3) * 2, "pat", "pat", "pat")
    play(game, "check", "bet", "call", "call")  # seat 2 bets the last round
    assert shows(game) == [(K.SHOW, 2), (K.SHOW, 0), (K.SHOW, 1)]  # each beats the last


def test_a_hand_beaten_by_an_all_in_hand_still_shows_for_the_side_pot_it_wins():
    deck = dealt(seat2=GOLF, seat1=KING, seat0=EIGHT)
    game = Game([100, 100, 4], Rules(small_bet=2), button=0, deck=deck)
    play(game, "raise", "call", "call")  # the big blind (seat 2) is all-in for 4
    play(game, *(["pat"] * 3 + ["bet", "call"]) * 3)  # seat 1 bets, seat 0 calls
    assert shows(game) == [(K.SHOW, 1), (K.SHOW, 2), (K.SHOW, 0)]
    # 4 each before the first draw, then 2, 4 and 4: the main pot of 12 to the golf, the
    # side pot of 2 x 10 to the eight
    assert game.stacks == [100 - 14 + 20, 100 - 14, 12]


def test_show_names_seats():
    with pytest.raises(TypeError, match="show"):
        Game([100] * 2, show=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"show holds seats 0\.\.1"):
        Game([100] * 2, show=[2])
