"""The online rooms' rule options of ``Rules``, each from its worked example: ``short_all_in``
("complete": PokerStars' fixed-limit games complete a short all-in raise to the next full level;
"half-bet": Robert's Rules' half-bet rule, the default) and ``free_fold`` (a fold with nothing
to call, as the rooms allow; off by default). Both are written to PHH and read back, and the C
hand loop, which plays neither, refuses them by name. And what a room's table may hold for one
hand: blinds posted out of turn (``Game(extra_blinds=...)``) and no small blind, its seat empty
(``Game(no_small_blind=True)``)."""

from __future__ import annotations

import pytest

from badugi_fast.game import Action, ActionKind, Game, IllegalActionError, KoreanRules, Rules
from badugi_fast.game.bots import drawer
from badugi_fast.notation import phh
from badugi_fast.play import simulate

K = ActionKind


def _legal(game: Game) -> dict[str, int]:
    return {a.kind: a.amount for a in game.legal_actions()}


def _short_all_in(reading: str) -> Game:
    """Bet 100 (the big blind), raise to 200, a short stack all-in to 270: seat 1 (the small
    blind) to act. Button seat 0 (270 chips), blinds seats 1 and 2, seat 3 opens."""
    rules = Rules(small_bet=100, short_all_in=reading)
    game = Game([270, 1000, 1000, 1000], rules, button=0)
    game.act(Action(K.RAISE, 200))  # seat 3 raises to 200
    game.act(Action(K.RAISE))  # seat 0: all in, to 270
    assert game.round_bets == [270, 50, 100, 200] and game.stacks[0] == 0
    return game


def test_complete_raises_a_short_all_in_to_the_next_full_level() -> None:
    """PokerStars: bet 100, raise to 200, all-in to 270, the next raise is to 300."""
    game = _short_all_in("complete")
    assert _legal(game)[K.RAISE] == 300 - 50
    game.act(Action(K.RAISE))
    assert game.round_bets[1] == 300
    assert _legal(game)[K.RAISE] == 400 - 100  # the completion counts: the next level is 400


def test_the_half_bet_rule_raises_a_full_bet_over_a_short_all_in() -> None:
    """Robert's Rules: an all-in of half a bet or more is a full bet; a raise goes 100 over it."""
    game = _short_all_in("half-bet")
    assert _legal(game)[K.RAISE] == 370 - 50
    with pytest.raises(IllegalActionError, match="320 chips, not 250"):
        game.act(Action(K.RAISE, 250))


@pytest.mark.parametrize(("reading", "reopened"), [("complete", False), ("half-bet", True)])
def test_only_the_half_bet_rule_lets_a_short_all_in_reopen_the_betting(
    reading: str, reopened: bool
) -> None:
    """The raiser to 200 faces 70 more: a raise again under the half-bet rule, a call under
    "complete", where the all-in to 270 raised no level."""
    game = _short_all_in(reading)
    game.act(Action(K.CALL))  # seat 1
    game.act(Action(K.CALL))  # seat 2
    assert game.actor == 3
    assert (K.RAISE in _legal(game)) is reopened


def test_complete_completes_a_short_all_in_bet() -> None:
    """After the first draw: a 50-chip all-in bet against a bet of 100 is completed to 100."""
    rules = Rules(small_bet=100, short_all_in="complete")
    game = Game([1000, 150, 1000], rules, button=0)
    for _ in range(3):  # everyone in for 100
        game.act(Action(K.CALL) if K.CALL in _legal(game) else Action(K.CHECK))
    while game.phase == "draw":
        game.act(Action.draw())
    game.act(Action(K.BET))  # seat 1: all in for 50
    assert game.round_bets[1] == 50 and _legal(game)[K.RAISE] == 100  # seat 2 completes


@pytest.mark.parametrize("free_fold", [False, True])
def test_free_fold_lets_a_player_fold_with_nothing_to_call(free_fold: bool) -> None:
    game = Game([100] * 3, Rules(small_bet=2, free_fold=free_fold), button=0)
    game.act(Action(K.CALL))  # seat 0
    game.act(Action(K.CALL))  # seat 1, the small blind
    assert game.actor == 2 and game.to_call(2) == 0  # the big blind's option
    assert (K.FOLD in _legal(game)) is free_fold and K.CHECK in _legal(game)
    if not free_fold:
        with pytest.raises(IllegalActionError, match="may check"):
            game.act(Action(K.FOLD))
        return
    game.act(Action(K.FOLD))
    assert game.folded == [False, False, True] and game.phase == "draw"


@pytest.mark.parametrize(
    "rules",
    [Rules(small_bet=100, short_all_in="complete", free_fold=True), Rules(free_fold=True)],
)
def test_the_options_are_written_to_phh_and_read_back(rules: Rules) -> None:
    game = Game([270, 1000, 1000, 1000], rules, button=0, seed=3)
    while not game.done:
        game.act(game.legal_actions()[-1] if game.phase == "draw" else Action(K.CALL)
                 if K.CALL in _legal(game) else Action(K.CHECK))  # fmt: skip
    again = phh.loads(phh.dumps(game))
    assert isinstance(again.rules, Rules) and sorted(again.stacks) == sorted(game.stacks)
    assert (again.rules.short_all_in, again.rules.free_fold) == (rules.short_all_in, True)


@pytest.mark.parametrize(
    ("field", "value", "error", "message"),
    [
        ("short_all_in", "full", ValueError, "short_all_in is 'half-bet' or 'complete'"),
        ("short_all_in", 1, TypeError, "short_all_in is text"),
        ("free_fold", "yes", TypeError, "free_fold is True or False"),
    ],
)
def test_the_options_refuse_a_wrong_value_by_name(
    field: str, value: object, error: type, message: str
) -> None:
    with pytest.raises(error, match=message):
        Rules(**{field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [Rules(free_fold=True), Rules(short_all_in="complete")])
def test_the_c_hand_loop_refuses_the_options_it_does_not_play(rules: Rules) -> None:
    bots = [drawer, drawer]
    with pytest.raises(ValueError, match="the C hand loop plays short_all_in='half-bet'"):
        simulate(bots, hands=1, seed=1, rules=rules)


def test_a_big_blind_posted_out_of_turn_is_live_and_a_dead_small_blind_is_nobodys_bet() -> None:
    """Four seats, button 0: seat 3 posts a big blind out of turn (live) and seat 0 small and
    big blinds (2 live, 1 dead): seat 3 checks its option, seat 0 calls a raise with 2 more."""
    game = Game([100] * 4, Rules(small_bet=2), button=0, extra_blinds={3: (2, 0), 0: (2, 1)})
    assert game.round_bets == [2, 1, 2, 2] and game.pot == 8
    assert game.actor == 3 and K.CHECK in _legal(game)
    game.act(Action(K.CHECK))
    game.act(Action(K.RAISE))  # seat 0, to 4
    assert game.round_bets[0] == 4 and game.stacks[0] == 100 - 5
    assert [e.kind for e in game.history[:6]] == [K.POST, K.POST, K.POST, K.ANTE, K.POST, K.DEAL]


@pytest.mark.parametrize(
    ("extra", "rules", "error", "message"),
    [
        ({1: (3, 0)}, Rules(small_bet=2), ValueError, "at most the big blind, not 3"),
        ({4: (2, 0)}, Rules(small_bet=2), ValueError, "seats 0..3, not 4"),
        ({1: (2,)}, Rules(small_bet=2), ValueError, "gives \\(live, dead\\) chips"),
        ({1: (-1, 0)}, Rules(small_bet=2), ValueError, "gives \\(live, dead\\) chips"),
        ([(1, 2)], Rules(small_bet=2), TypeError, "maps seats to \\(live, dead\\)"),
        ({1: (2, 0)}, Rules(small_bet=2, small_blind=0, big_blind=0, ante=1), ValueError,
         "casino rules with blinds"),
        ({1: (2, 0)}, KoreanRules(), ValueError, "casino rules with blinds"),
    ],
)  # fmt: skip
def test_blinds_out_of_turn_are_checked(
    extra: object, rules: object, error: type, message: str
) -> None:
    with pytest.raises(error, match=message):
        Game([100] * 4, rules, extra_blinds=extra)  # type: ignore[arg-type]


def test_blinds_out_of_turn_are_written_to_phh_and_read_back() -> None:
    game = Game([100] * 4, Rules(small_bet=2), button=0, extra_blinds={3: (2, 0), 0: (2, 1)})
    text = phh.dumps(game)
    assert "_live_blinds = [0, 0, 2, 2]" in text and "_dead_blinds = [0, 0, 0, 1]" in text
    assert phh.loads(text).extra_blinds == {2: (2, 0), 3: (2, 1)}
    with pytest.raises(ValueError, match="_dead_blinds has 3 entries for 4 players"):
        phh.loads(text.replace("_dead_blinds = [0, 0, 0, 1]", "_dead_blinds = [0, 0, 1]"))


def test_without_a_small_blind_the_big_blind_posts_left_of_the_button_and_opens_after_it() -> None:
    """Four seats, button 0, the small blind's seat empty: seat 1 posts the big blind alone,
    seat 2 opens, seat 1 has its option; after the first round seat 1 draws and bets first."""
    game = Game([100] * 4, Rules(small_bet=2), button=0, no_small_blind=True)
    assert game.round_bets == [0, 2, 0, 0] and game.pot == 2 and game.actor == 2
    assert [(e.kind, e.seat, e.amount) for e in game.history[:1]] == [(K.POST, 1, 2)]
    for _ in range(3):  # seats 2, 3 and 0 call the big blind
        game.act(Action(K.CALL))
    assert game.actor == 1 and K.CHECK in _legal(game) and K.RAISE in _legal(game)
    game.act(Action(K.CHECK))
    assert game.actor == 1 and game.phase.value == "draw"
    for _ in range(4):
        game.act(Action.draw([]))
    assert game.actor == 1 and game.round_index == 1


def test_without_a_small_blind_heads_up_the_button_posts_nothing_and_acts_first() -> None:
    game = Game([100, 100], Rules(small_bet=2), button=1, no_small_blind=True)
    assert game.round_bets == [2, 0] and game.actor == 1
    assert _legal(game) == {K.FOLD: 0, K.CALL: 2, K.RAISE: 4}
    game.act(Action(K.CALL))
    game.act(Action(K.CHECK))
    assert game.actor == 0  # the big blind draws first, and bets first after the draw


@pytest.mark.parametrize(
    ("value", "rules", "error", "message"),
    [
        (1, Rules(small_bet=2), TypeError, "no_small_blind is True or False, not int"),
        (True, Rules(small_bet=2, small_blind=0, big_blind=0, ante=1), ValueError,
         "no_small_blind is about blinds: it needs casino rules with blinds"),
        (True, KoreanRules(), ValueError, "casino rules with blinds"),
    ],
)  # fmt: skip
def test_no_small_blind_is_checked(value: object, rules: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        Game([100] * 3, rules, no_small_blind=value)  # type: ignore[arg-type]


@pytest.mark.parametrize(("seats", "blinds"), [(4, "[2, 0, 0, 0]"), (2, "[0, 2]")])
def test_a_hand_without_a_small_blind_is_written_to_phh_and_read_back(
    seats: int, blinds: str
) -> None:
    """p1 (left of the button) posts the big blind; heads-up the list is [small, big] as ever,
    which reads back as the same game with a small blind of 0."""
    game = Game([100] * seats, Rules(small_bet=2), button=0, no_small_blind=True, seed=5)
    game.act(Action(K.RAISE))
    text = phh.dumps(game)
    assert f"blinds_or_straddles = {blinds}" in text.splitlines()
    again = phh.loads(text)  # p1 the big blind, p2 the raiser
    assert again.no_small_blind == (seats > 2) and again.rules.blinds == (0, 2)
    assert again.round_bets == [2, 4] + [0] * (seats - 2)
    assert phh.dumps(again).split("_seats")[0] == text.split("_seats")[0]


def test_the_korean_rules_read_no_blinds_from_phh_so_never_a_missing_small_blind() -> None:
    text = phh.dumps(Game([100] * 3, KoreanRules(), button=0, seed=2))
    odd = text.replace("blinds_or_straddles = [0, 0, 0]", "blinds_or_straddles = [2, 0, 0]")
    assert odd != text and not phh.loads(odd).no_small_blind
