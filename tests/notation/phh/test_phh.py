"""PHH hand histories: written as the standard's fixed-limit badugi, read back, and replayed by
pokerkit (an independent implementation) to the same result."""

from __future__ import annotations

import pokerkit
import pytest
from support.games import (
    BOB,
    TED,
    assert_same_hand,
    random_game,
    sample_hand,
)

from badugi_fast.game import Action, Game, KoreanRules, Rules
from badugi_fast.notation import phh


@pytest.mark.parametrize("seed", range(30))
def test_random_hands_round_trip(seed):
    game = random_game(seed, 2 + seed % 7)
    assert_same_hand(game, phh.loads(phh.dumps(game)))


KOREAN = [
    KoreanRules(),
    KoreanRules(ante=5, chip=5, cutting=(3, 3, 3), allow_full=True),
    KoreanRules(ante=2, cutting_type="in_turn", max_raises=2),
]


@pytest.mark.parametrize("seed", range(24))
def test_korean_hands_round_trip(seed):
    rules = KOREAN[seed % 3]
    game = random_game(seed, 2 + seed % 6, rules)
    text = phh.dumps(game)
    assert (
        '_rules = "korean"' in text
        and f"_cutting_type = {rules.cutting_type!r}" in text.replace('"', "'")
    )
    again = phh.loads(text)
    assert again.rules == rules and again.first == (game.first - game.button - 1) % game.seats
    assert_same_hand(game, again)


def test_korean_bets_carry_their_names():
    game = Game([100, 100, 100], KoreanRules(ante=2, allow_full=True), button=2, seed=3)
    for kind in ("bbing", "half", "ttadang", "full"):
        game.act(Action(kind))
    text = phh.dumps(game)
    assert "antes = [2, 2, 2]" in text and "blinds_or_straddles = [0, 0, 0]" in text
    for line in ('"p1 cbr 2 # bbing"', '"p2 cbr 7 # half"', '"p3 cbr 14 # ttadang"'):
        assert line in text, line
    assert phh.loads(text).history[-1].kind == "full"


@pytest.mark.parametrize("structure", ["pot-limit", "no-limit"])
@pytest.mark.parametrize("seed", range(10))
def test_pot_and_no_limit_hands_round_trip(structure, seed):
    rules = Rules(small_bet=2, structure=structure)
    game = random_game(seed, 2 + seed % 5, rules)
    text = phh.dumps(game)
    assert f'_structure = "{structure}"' in text
    again = phh.loads(text)
    settings = lambda r: (r.bet_size(0), r.bet_size(2), r.blinds, r.max_raises, r.structure)  # noqa: E731
    assert settings(again.rules) == settings(rules)
    assert_same_hand(game, again)


CASINO_VARIANTS = [
    (Rules(small_bet=2, ante=1), ["antes = [1, 1, 1]", "blinds_or_straddles = [1, 2, 0]"]),
    (
        Rules(small_bet=4, ante=2, small_blind=0, big_blind=0),
        ["antes = [2, 2, 2]", "blinds_or_straddles = [0, 0, 0]"],
    ),
    (Rules(small_bet=2, structure="half-pot-limit"), ['_structure = "half-pot-limit"']),
    (Rules(small_bet=2, cap_heads_up=True), ["_cap_heads_up = true"]),
    (
        Rules(small_bet=2, ante=1, small_blind=0, big_blind=0, structure="half-pot-limit",
              cap_heads_up=True),
        ["antes = [1, 1, 1]", "blinds_or_straddles = [0, 0, 0]", '_structure = "half-pot-limit"',
         "_cap_heads_up = true"],
    ),
]  # fmt: skip


def casino_settings(rules: Rules) -> tuple[object, ...]:
    return (rules.bet_size(0), rules.bet_size(2), rules.blinds, rules.max_raises,
            rules.structure, rules.burn, rules.ante, rules.cap_heads_up)  # fmt: skip


@pytest.mark.parametrize(("rules", "fields"), CASINO_VARIANTS)
@pytest.mark.parametrize("seed", range(6))
def test_casino_antes_half_pot_limit_and_cap_heads_up_round_trip(rules, fields, seed):
    """the casino ante in the standard ``antes`` field (with blinds or without),
    ``_structure = "half-pot-limit"`` and ``_cap_heads_up = true`` (written only when true)."""
    game = random_game(seed, 3, rules)
    text = phh.dumps(game)
    for field in fields:
        assert field in text.splitlines(), field
    assert ("_cap_heads_up" in text) == rules.cap_heads_up
    again = phh.loads(text)
    assert casino_settings(again.rules) == casino_settings(rules)  # type: ignore[arg-type]
    assert_same_hand(game, again)


@pytest.mark.parametrize("blinds", [(1, 2), (0, 0)])
@pytest.mark.parametrize("seats", [2, 3, 5])
def test_pokerkit_replays_casino_antes_with_and_without_blinds(blinds, seats):
    """pokerkit reads the ante from ``antes`` as we write it (dead money, before the blinds;
    without blinds the player left of the button opens) and reaches our stacks."""
    rules = Rules(small_bet=2, ante=1, small_blind=blinds[0], big_blind=blinds[1],
                  cap_heads_up=True)  # fmt: skip
    for seed in range(10):
        game = random_game(seed, seats, rules)
        final = list(pokerkit.HandHistory.loads(phh.dumps(game)))[-1]
        order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
        assert list(final.stacks) == [game.stacks[s] for s in order], seed


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_pokerkit_replays_hands_without_a_small_blind(seats):
    """A hand whose small blind's seat is empty, as we write it (p1 posts the big blind,
    nobody the small blind): pokerkit opens the first round after p1 and the others at p1, as
    ``Game(no_small_blind=True)`` does, and reaches our stacks; so does ``loads`` (heads-up,
    with the game of a small blind of 0, whose button posts 0 chips)."""
    for seed in range(20):
        game = random_game(seed, seats, Rules(small_bet=2, cap_heads_up=True), no_small_blind=True)
        text = phh.dumps(game)
        final = list(pokerkit.HandHistory.loads(text))[-1]
        order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
        assert list(final.stacks) == [game.stacks[s] for s in order], seed
        again = phh.loads(text)
        if seats == 2:
            assert (again.history[0].kind, again.history[0].amount) == ("post", 0)
            del again.history[0]
        assert_same_hand(game, again)


def test_a_reshuffled_hand_replays_exactly():
    """Eight players throwing four cards at every draw run the stub out."""
    game = Game([100] * 8, Rules(max_raises=0), button=3, seed=8)
    while not game.done:
        if game.phase.value == "draw":
            game.act(Action.draw(game.hands[game.actor]))
        else:
            game.act(next(a for a in game.legal_actions() if a.kind in ("check", "call")))
    assert sum(e.kind == "reshuffle" for e in game.history) >= 2
    text = phh.dumps(game)
    assert_same_hand(game, phh.loads(text))
    # A deal after the reshuffle of a card another player holds is refused.
    last = max(i for i, e in enumerate(game.history) if e.kind == "draw" and e.received)
    drawer, dealt = game.history[last].seat, game.history[last].received
    assert any(e.kind == "reshuffle" for e in game.history[:last])
    other = next(c for s in range(8) if s != drawer for c in game.hands[s])
    line = f'"d dh p{(drawer - game.button - 1) % 8 + 1} {"".join(map(str, dealt))}"'
    assert text.count(line) == 1
    forged = text.replace(line, line.replace(str(dealt[0]), str(other)))
    with pytest.raises(ValueError, match="cannot give"):
        phh.loads(forged)


@pytest.mark.parametrize("seed", range(20))
def test_pokerkit_replays_our_histories_to_the_same_stacks(seed):
    game = sample_hand() if seed == 0 else random_game(seed, 3 + seed % 4)
    text = phh.dumps(game)
    history = pokerkit.HandHistory.loads(text)
    final = list(history)[-1]
    order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
    assert list(final.stacks) == [game.stacks[s] for s in order]


def test_hidden_cards_are_written_as_question_marks():
    game = sample_hand()
    text = phh.dumps(game, hide=[TED, BOB])
    assert '"d dh p3 ????????"' in text and '"d dh p1 ????????"' in text
    assert '"d dh p2 3s5dJdJs"' in text  # Carol's cards were shown
    with pytest.raises(ValueError, match="hidden cards"):
        phh.loads(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('variant = "NT"\nantes = [0, 0]', "only badugi"),
        ("variant = ", "not a PHH"),
    ],
)
def test_histories_that_cannot_be_read_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        phh.loads(text)


def test_an_impossible_action_in_a_history_is_refused():
    text = phh.dumps(sample_hand()).replace('"p4 cbr 8"', '"p4 cbr 10"')
    with pytest.raises(ValueError, match="the rules allow raise to 8"):
        phh.loads(text)


@pytest.mark.parametrize(
    ("base", "old", "new", "message"),
    [
        ("korean", '_rules = "korean"', '_rules = "vegas"', "unknown _rules"),
        ("korean", "_first = ", "_first = 7 #", "_first names player 7"),
        ("korean", '"simultaneous"', '"whenever"', "cutting_type"),
        ("casino", "small_bet = 2", '_structure = "spread"\nsmall_bet = 2', "structure"),
        ("casino", "starting_stacks", "_starting_stacks", "lacks the field 'starting_stacks'"),
        ("casino", "antes = [0, 0, 0, 0]", "antes = [1, 2, 1, 1]", "casino rules have one ante"),
        ("casino", "antes = [0, 0, 0, 0]", "antes = [1, 1, 1, 1]", "finishing_stacks are"),
        ("korean", "antes = [1, 1, 1]", "antes = [1, 2, 1]", "one ante for all"),
    ],
)
def test_histories_with_bad_rule_fields_are_refused(base, old, new, message):
    game = random_game(1, 3, KoreanRules()) if base == "korean" else sample_hand()
    text = phh.dumps(game)
    assert old in text
    with pytest.raises(ValueError, match=message):
        phh.loads(text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"p2 cc"', '"p2 f"', "action 8 \\('p2 f'\\): p2 may check, raise now"),
        ('"p2 sd"', '"p2 cc"', "p2 may draw now, not 'p2 cc'"),
        ('"p1 sd QdQc"', '"p1 sd QdQc Zz"', "unknown PHH action"),
        ('"p4 cbr 8"', '"p4 cbr eight"', "unknown PHH action"),
        ('"p4 cbr 8"', '"p4"', "a player's action is 'pK VERB"),
        ('"d dh p4 Jc"', '"d db Jc"', "a deal is 'd dh pK CARDS'"),
        ('"d dh p4 Jc"', '"d dh p4"', "a deal is 'd dh pK CARDS'"),
        ('"p1 sd QdQc"', '"p1 sd QdAs"', "action .*seat 0 can only throw"),
    ],
)
def test_malformed_actions_are_named(old, new, message):
    text = phh.dumps(sample_hand())
    assert old in text
    with pytest.raises(ValueError, match=message):
        phh.loads(text.replace(old, new, 1))


def test_a_short_ante_is_written_and_read_as_the_rules_ante():
    game = Game([3, 100, 100], KoreanRules(ante=6), button=2, seed=4)
    while not game.done:
        legal = game.legal_actions()
        game.act(Action.draw() if legal[0].kind == "draw" else legal[1])
    text = phh.dumps(game)
    assert "antes = [6, 6, 6]" in text
    assert phh.loads(text).rules == game.rules


def test_blinds_are_the_rules_blinds_even_when_a_stack_posts_less():
    game = Game([50, 1, 50], Rules(small_bet=4), button=0, seed=2)
    text = phh.dumps(game)
    assert "blinds_or_straddles = [2, 4, 0]" in text


def test_a_commentary_alone_is_a_no_op():
    game = sample_hand()
    text = phh.dumps(game).replace('  "p3 f",', '  "p3 f",\n  "# Ted folds his aces",\n  "",')
    assert "# Ted folds" in text
    assert phh.loads(text).stacks == phh.loads(phh.dumps(game)).stacks


def test_burn_cards_round_trip_and_are_checked():
    for seed in range(12):
        game = random_game(seed, 2 + seed % 7, Rules(small_bet=2, burn=True))
        burned = [e.cards[0] for e in game.history if e.kind == "burn"]
        text = phh.dumps(game)
        assert "_burn = true" in text
        assert_same_hand(game, phh.loads(text))
        if burned:
            observer = phh.dumps(game, hide=[0])
            assert '_burns = ["??"' in observer
            if not any(e.kind == "reshuffle" for e in game.history):  # a dealt card burned too
                dealt = next(e.cards[0] for e in game.history if e.kind == "deal")
                forged = text.replace(f'_burns = ["{burned[0]}"', f'_burns = ["{dealt}"', 1)
                with pytest.raises(ValueError, match="repeats a card"):
                    phh.loads(forged)
            with pytest.raises(ValueError, match="fewer cards than the draws burned"):
                phh.loads(text.replace(f'"{burned[-1]}"]', "]").replace(", ]", "]"))


@pytest.mark.parametrize("seed", range(6))
def test_the_history_lines_are_the_text_dumps_writes(seed):
    game = random_game(seed, 2 + seed % 5)
    lines = phh.write.history_lines(game, [f"P{s}" for s in range(game.seats)], hide=[0])
    assert "\n".join(lines) + "\n" == phh.dumps(game, [f"P{s}" for s in range(game.seats)], [0])
    unfinished = phh.write.history_lines(game, finishing=False)
    assert unfinished == [
        line for line in phh.dumps(game).splitlines() if not line.startswith("finishing_stacks")
    ]
