"""The blueprint's last round against the exact equilibrium of its spot: the line reads as
``Game`` plays it, the ranges are the brute-force count of each player's histories (and the
sampled ranges close in on them), the profile is the blueprint's own probabilities (a
distribution at every node), a blueprint that plays the equilibrium is not exploitable and one
that does not is, and bad input is a ValueError naming what is wrong."""

from __future__ import annotations

import random
import re
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import pytest

from badugi_fast.blueprint import Blueprint, read_decision
from badugi_fast.blueprint.abstraction import (
    ABSTRACTIONS,
    AGGRESSIVE,
    FOLD,
    INFOSETS,
    PASSIVE,
    PAT,
    PUBLIC,
    SLOTS,
    bucket,
    infosets,
    thrown,
)
from badugi_fast.blueprint.strategy import ONE
from badugi_fast.cards import DECK, Card
from badugi_fast.draws import Range
from badugi_fast.game import Action, Game, Rules
from badugi_fast.hands.universe import all_hands, class_of_hands, lex_index
from badugi_fast.solve import exploitability, last_round, reference
from badugi_fast.solve.comparison import (
    Line,
    compare_last_round,
    last_round_profile,
    reached_ranges,
    read_line,
)
from badugi_fast.solve.ranges import hand_classes

RULES = Rules(small_bet=2, cap_heads_up=True)
SLOT_OF_LETTER = {"k": PASSIVE, "c": PASSIVE, "b": AGGRESSIVE, "r": AGGRESSIVE}
KIND_OF_LETTER = {"k": "check", "c": "call", "b": "bet", "r": "raise"}


def random_blueprint(
    ranks: int, suits: int, draws: int, seed: int, abstraction: int = 1
) -> Blueprint:
    """A blueprint of random probabilities, every slot of every set above zero."""
    raw = np.random.default_rng(seed).integers(1, 1000, (infosets(abstraction), SLOTS))
    table = raw * ONE // raw.sum(axis=1, keepdims=True)
    table[:, 0] += ONE - table.sum(axis=1)
    return Blueprint(ranks, suits, draws, 2, 0, seed, table.astype(np.uint16), abstraction)


@cache
def _full_of(abstraction: int) -> Blueprint:
    """A random blueprint of the full game in ``abstraction``, made once a process."""
    return random_blueprint(13, 4, 3, 1, abstraction=abstraction)


@pytest.fixture(scope="module")
def full() -> Blueprint:
    return _full_of(1)


@pytest.fixture(scope="module")
def small() -> Blueprint:
    """The 16-card deck (ace to four), two draws."""
    return random_blueprint(4, 4, 2, 2)


# -- the line ----------------------------------------------------------------------------------


def play_line(
    line: str, seed: int, abstraction: int = 1
) -> tuple[list[tuple[int, int, tuple[int, ...]]], Game]:
    """``line`` played in Game on a shuffled deck (a draw throws its hand's first cards): each
    decision as read_decision reads it (player, public index, legal betting slots)."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    game = Game([200, 200], RULES, button=1, deck=[DECK[c] for c in deck])
    seen = []
    for segment in line.split("/"):
        if segment[0].isdigit():
            for count in (int(segment[0]), int(segment[1])):
                view = game.view(game.actor)
                decision = read_decision(view, 2, abstraction=abstraction)
                seen.append((decision.player, decision.public, ()))
                game.act(Action.draw(view.hand[:count]))
            continue
        for letter in segment:
            decision = read_decision(game.view(game.actor), 2, abstraction=abstraction)
            seen.append((decision.player, decision.public, tuple(sorted(decision.actions))))
            action = decision.actions[SLOT_OF_LETTER[letter]]
            assert action.kind == KIND_OF_LETTER[letter]
            game.act(action)
    return seen, game


LINES = [
    "ck/11/kk/11/kk/11",
    "rc/11/bc/11/bc/11",
    "rrrc/22/kbc/10/bc/01",
    "ck/30/kbrc/02/brrrc/40",
    "crc/00/bc/11/kbrrc/12",
]


@pytest.mark.parametrize("abstraction", ABSTRACTIONS)
@pytest.mark.parametrize("line", LINES)
def test_a_line_reads_as_game_plays_it(line: str, abstraction: int) -> None:
    blueprint = _full_of(abstraction)
    spot = read_line(line, blueprint)
    seen, game = play_line(line, len(line), abstraction)
    assert [(d.player, d.public, d.legal) for d in spot.decisions] == seen
    assert game.pot == 2 * spot.committed
    opener = read_decision(game.view(game.actor), 2, abstraction=abstraction)
    assert opener.player == 0
    assert opener.public == spot.public(0, 0, 0)
    assert opener.infoset == blueprint.infoset(opener.bucket, opener.public)
    game.act(opener.actions[PASSIVE])  # a check: the button decides
    answer = read_decision(game.view(game.actor), 2, abstraction=abstraction)
    assert answer.public == spot.public(1, 0, 1)


BAD_LINES = [
    ("ck/11/kk/11", "6 segments split by '/'"),
    ("ck/11/kk/11/kk/11/kk", "6 segments"),
    ("cx/11/kk/11/kk/11", "'x' is not a betting action"),
    ("ck/11/kf/11/kk/11", "a fold ends the hand"),
    ("kk/11/kk/11/kk/11", "faces a call of 1, not a check"),
    ("ck/11/kc/11/kk/11", "faces a check (nothing to call), not a call"),
    ("rrrrc/11/kk/11/kk/11", "the big blind may not raise: the round is capped at a bet and three"),
    ("ck/11/rc/11/kk/11", "bet here is a bet, not a raise"),
    ("ck/11/kk/11/b/11", "the round is not over (the button is to act)"),
    ("ck/11/kkk/11/kk/11", "the round is over before 'k'"),
    ("ck/11//11/kk/11", "at least one action"),
    ("ck/51/kk/11/kk/11", "throws 0 .. 4 cards on this deck, not 5"),
    ("ck/1/kk/11/kk/11", "a draw is two digits"),
    ("ck/1a/kk/11/kk/11", "a draw is two digits"),
]


@pytest.mark.parametrize(("line", "message"), BAD_LINES)
def test_a_line_the_rules_do_not_allow_is_a_value_error_naming_it(
    full: Blueprint, line: str, message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        read_line(line, full)


def test_a_line_names_its_segment_and_is_text(full: Blueprint) -> None:
    with pytest.raises(ValueError, match=r"line segment 3 \('kf'\)"):
        read_line("ck/11/kf/11/kk/11", full)
    with pytest.raises(TypeError, match="a line is text"):
        read_line(["ck", "11"], full)  # type: ignore[arg-type]


def test_a_game_without_a_last_round_after_two_draws_is_refused() -> None:
    with pytest.raises(ValueError, match="no draw"):
        read_line("ck", random_blueprint(13, 4, 0, 0))
    with pytest.raises(ValueError, match="big bet"):
        read_line("ck/11", random_blueprint(13, 4, 1, 0))


def test_a_small_deck_caps_what_a_draw_throws_and_what_it_can_replace() -> None:
    tiny = random_blueprint(5, 2, 2, 0)  # 10 cards: at most 2 thrown a draw
    with pytest.raises(ValueError, match=re.escape("0 .. 2 cards on this deck, not 3")):
        read_line("ck/30/kk/00", tiny)
    twelve = random_blueprint(4, 3, 3, 0)  # 8 cards outside a hand: 4, then 4, then none left
    with pytest.raises(ValueError, match="big blind throws 4 cards when only 0 of this deck"):
        reached_ranges(twelve, "ck/40/kk/40/kk/40")


def test_a_wrong_rule_set_is_a_value_error_naming_the_trained_one(small: Blueprint) -> None:
    with pytest.raises(ValueError, match="trained for"):
        compare_last_round(small, "ck/11/kk/11", rules=Rules(small_bet=4, cap_heads_up=True))
    with pytest.raises(ValueError, match="trained for"):
        compare_last_round(small, "ck/11/kk/11", rules=Rules(small_bet=2))
    with pytest.raises(TypeError, match="a Blueprint"):
        compare_last_round("blueprint.bin", "ck/11/kk/11")  # type: ignore[arg-type]


def test_a_line_the_blueprint_never_plays_is_a_value_error(small: Blueprint) -> None:
    table = small.table.copy()
    table[:, :] = 0
    table[:, FOLD] = ONE  # every hand folds where it can, so nobody limps
    folder = Blueprint(4, 4, 2, 2, 0, 0, table)
    with pytest.raises(
        ValueError, match="the blueprint never plays it: the big blind reaches it with no hand"
    ):
        reached_ranges(folder, "ck/11/kk/11")


def test_bad_samples_and_seeds_are_refused(small: Blueprint) -> None:
    with pytest.raises(ValueError, match="samples"):
        reached_ranges(small, "ck/11/kk/11", samples=0)
    with pytest.raises(TypeError, match="samples"):
        reached_ranges(small, "ck/11/kk/11", samples=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        reached_ranges(small, "ck/11/kk/11", seed=-1)


# -- the ranges --------------------------------------------------------------------------------


def brute_reach(blueprint: Blueprint, spot: Line, player: int) -> np.ndarray:
    """Player ``player``'s reach by brute force: every hand of the deck, every set of cards it
    has not seen at each of its draws, the blueprint's row of its bucket at each decision (the
    abstraction's Python reading: best badugi by subsets)."""
    deck = [DECK[4 * r + s] for r in range(blueprint.ranks) for s in range(blueprint.suits)]
    out = np.zeros(len(all_hands()))
    mine = [d for d in spot.decisions if d.player == player]

    def walk(hand: tuple[Card, ...], seen: frozenset[int], weight: float, at: int) -> None:
        if at == len(mine):
            out[lex_index(np.array([[int(c) for c in hand]]))[0]] += weight
            return
        decision = mine[at]
        infoset = bucket(hand) * PUBLIC + decision.public
        if not decision.draw:
            legal = list(decision.legal)
            p = blueprint.row(infoset, legal)[legal.index(decision.slot)]
            walk(hand, seen, weight * p, at + 1)
            return
        legal = [
            s
            for s in range(SLOTS)
            if (cards := thrown(hand, s)) is not None and len(cards) <= blueprint.most_thrown
        ]
        fits = [s for s in legal if len(thrown(hand, s) or ()) == decision.count]
        if not fits:
            return
        p = blueprint.row(infoset, legal)[legal.index(fits[0])]
        out_cards = thrown(hand, fits[0]) or ()
        kept = tuple(c for c in hand if c not in out_cards)
        pool = [c for c in deck if int(c) not in seen]
        sets = comb(len(pool), decision.count)
        for new in combinations(pool, decision.count):
            walk(kept + new, seen | {int(c) for c in new}, weight * p / sets, at + 1)

    hands = list(combinations(deck, 4))
    for hand in hands:
        walk(hand, frozenset(int(c) for c in hand), 1 / len(hands), 0)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("line", ["rc/10/bc/01", "crc/01/kbc/11"])
def test_the_exact_ranges_are_the_brute_force_count(small: Blueprint, line: str) -> None:
    reached = reached_ranges(small, line)
    assert reached.exact and reached.samples == 0 and not reached.symmetric
    spot = reached.spot
    for p in (0, 1):
        brute = brute_reach(small, spot, p)
        assert brute.sum() > 0
        np.testing.assert_allclose(reached.weights[p], brute, rtol=1e-9, atol=1e-15)


def _distance(one: np.ndarray, other: np.ndarray) -> float:
    """The larger of the two players' total variation distances between two pairs of ranges."""
    return max(
        float(np.abs(one[p] / one[p].sum() - other[p] / other[p].sum()).sum() / 2) for p in (0, 1)
    )


@pytest.mark.parametrize("symmetric", [False, True])
def test_the_sampled_ranges_close_in_on_the_exact_ones(small: Blueprint, symmetric: bool) -> None:
    line = "rc/10/bc/11"
    exact = reached_ranges(small, line, symmetric=symmetric).weights
    distances = []
    for samples in (1 << 12, 1 << 16):
        sampled = reached_ranges(small, line, samples=samples, seed=5, symmetric=symmetric)
        assert not sampled.exact and sampled.samples >= samples
        distances.append(_distance(sampled.weights, exact))
    assert distances[1] < distances[0] / 2.5  # about sqrt(16) times closer
    assert distances[1] < (0.02 if symmetric else 0.1)


def test_the_same_seed_samples_the_same_ranges_and_another_seed_others(small: Blueprint) -> None:
    one = reached_ranges(small, "rc/10/bc/11", samples=4096, seed=1).weights
    again = reached_ranges(small, "rc/10/bc/11", samples=4096, seed=1).weights
    other = reached_ranges(small, "rc/10/bc/11", samples=4096, seed=2).weights
    assert np.array_equal(one, again)
    assert not np.array_equal(one, other)


def test_sampled_ranges_of_four_suits_are_spread_evenly_over_each_suit_orbit(
    full: Blueprint,
) -> None:
    line = "rc/11/bc/11/bc/11"
    reached = reached_ranges(full, line, samples=1 << 18, seed=0)
    raw = reached_ranges(full, line, samples=1 << 18, seed=0, symmetric=False)
    assert reached.symmetric and not raw.symmetric
    hands = all_hands().astype(np.int64)
    swapped = np.sort(4 * (hands // 4) + (3 - hands % 4), axis=1)  # suits relabelled
    of_hand = hand_classes(True).of_hand
    for p in (0, 1):
        weights = reached.weights[p]
        assert weights.max() > 0
        np.testing.assert_allclose(weights[lex_index(swapped)], weights, rtol=1e-12)
        assert not np.allclose(raw.weights[p][lex_index(swapped)], raw.weights[p])
        np.testing.assert_allclose(
            np.bincount(of_hand, weights), np.bincount(of_hand, raw.weights[p]), rtol=1e-9
        )


def test_only_a_deck_of_four_suits_is_averaged_over_suit_orbits() -> None:
    with pytest.raises(ValueError, match="symmetric: a deck of 3 suits"):
        reached_ranges(random_blueprint(4, 3, 2, 0), "ck/11/kk/11", symmetric=True)
    with pytest.raises(TypeError, match="symmetric"):
        reached_ranges(random_blueprint(4, 4, 2, 0), "ck/11/kk/11", symmetric=1)  # type: ignore[arg-type]


# -- the profile and the comparison ------------------------------------------------------------


@pytest.fixture(scope="module")
def small_comparison(small: Blueprint):
    return compare_last_round(small, "rc/10/bc/11", threads=1)


def test_the_profile_is_a_distribution_at_every_node(small_comparison) -> None:
    problem = small_comparison.solution.problem
    for node in problem.tree.nodes:
        if node.actor is None:
            continue
        rows = problem.block(small_comparison.tables[node.actor], node)
        assert np.all(rows >= 0)
        np.testing.assert_allclose(rows.sum(axis=1), 1.0, rtol=1e-12)


def test_the_profile_plays_each_hand_by_the_blueprint_row_of_its_bucket(
    full: Blueprint,
) -> None:
    line = "rc/11/bc/11/bc/11"
    comparison = compare_last_round(full, line, samples=1 << 18, target=0.05, threads=1)
    _, game = play_line(line, 3)
    opener = read_decision(game.view(game.actor), 2)  # the public index as Game gives it
    game.act(opener.actions[AGGRESSIVE])
    answer = read_decision(game.view(game.actor), 2)
    for history, public, player, slots in (
        ([], opener.infoset % PUBLIC, 0, [PASSIVE, AGGRESSIVE]),
        (["bet"], answer.infoset % PUBLIC, 1, [FOLD, PASSIVE, AGGRESSIVE]),
    ):
        rows = comparison.strategy(history)
        hands = comparison.solution.hands(player)
        for i in np.random.default_rng(0).choice(len(hands), 40, replace=False):
            hand = [DECK[int(c)] for c in hands[i]]
            wanted = full.row(bucket(hand) * PUBLIC + public, slots)
            np.testing.assert_allclose(rows[i], wanted, rtol=1e-12)


def test_the_blueprints_best_responses_match_the_reference_walk(
    small: Blueprint, small_comparison
) -> None:
    spot = small_comparison.reached.spot
    rng = np.random.default_rng(4)
    ranges = []
    for p in (0, 1):
        hands = small_comparison.solution.hands(p)
        ranges.append(
            [tuple(int(c) for c in h) for h in hands[rng.choice(len(hands), 25, replace=False)]]
        )
    weights = [list(rng.uniform(0.2, 1.0, 25)) for _ in (0, 1)]
    problem = last_round(
        [Range.from_hands(ranges[p], weights[p]) for p in (0, 1)],
        pot=small_comparison.pot,
        stacks=small_comparison.stacks,
        rules=RULES,
    )
    tables = last_round_profile(small, spot, problem)
    measured = exploitability(problem, tables)
    for p in (0, 1):
        mine, other = problem.players[p], problem.players[1 - p]

        def strategy(node, p=p):
            return problem.per_hand(1 - p, problem.block(tables[1 - p], node))

        value = reference.best_response_value(
            problem.tree,
            p,
            [tuple(int(c) for c in h) for h in mine.range.hands],
            list(mine.range.weights),
            [tuple(int(c) for c in h) for h in other.range.hands],
            list(other.range.weights),
            strategy,
        )
        assert value == pytest.approx(measured.best[p], rel=1e-9)


def test_the_values_sum_to_the_pot_and_the_equilibrium_is_within_its_target(
    small_comparison,
) -> None:
    c = small_comparison
    assert c.pot == 2 * c.reached.spot.committed == 12  # 4 each before the first draw, 2 more after
    assert sum(c.value) == pytest.approx(c.pot)
    assert sum(c.equilibrium_value) == pytest.approx(c.pot)
    assert c.solution.exploitability_fraction <= 1e-3
    assert c.exploitability_fraction > 10 * c.solution.exploitability_fraction  # random play
    assert c.exploitability == pytest.approx(sum(c.blueprint.gains) / 2)
    assert 0 < c.frequency < 1


def equilibrium_blueprint(ranks: int) -> tuple[Blueprint, str]:
    """A blueprint whose line ``rc/00/kk/00`` is reached only by the rainbow A-2-3-x badugis
    (each of them one bucket and one suit orbit), standing pat, checking in round 1."""
    table = np.zeros((INFOSETS, SLOTS), dtype=np.uint16)
    line = "rc/00/kk/00"
    blueprint = Blueprint(ranks, 4, 2, 2, 0, 0, table)
    spot = read_line(line, blueprint)
    chosen = {bucket([DECK[0], DECK[5], DECK[10], DECK[4 * top + 3]]) for top in range(3, ranks)}
    for decision in spot.decisions:
        for b in range(212):
            row = b * PUBLIC + decision.public
            if decision.draw:
                table[row, PAT] = ONE
            elif decision.public < 8 and b not in chosen:  # before the first draw: fold
                table[row, FOLD] = ONE
            else:
                table[row, decision.slot] = ONE
    return Blueprint(ranks, 4, 2, 2, 0, 0, table), line


def test_a_blueprint_that_plays_the_equilibrium_is_not_exploitable() -> None:
    first, line = equilibrium_blueprint(6)
    before = compare_last_round(first, line, target=1e-6, iterations=2000, threads=1)
    table = first.table.copy()
    spot = before.reached.spot
    problem = before.solution.problem
    for node in problem.tree.nodes:
        if node.actor is None:
            continue
        rows = before.solution.strategy(node.history)
        hands = before.solution.hands(node.actor)
        kinds = [a.kind for a in node.history]
        bets = sum(k in ("bet", "raise") for k in kinds)
        flag = int(bool(kinds) and kinds[0] == "check")
        public = spot.public(node.actor, bets, flag)
        slots = [
            {"fold": FOLD, "check": PASSIVE, "call": PASSIVE}.get(a.kind, AGGRESSIVE)
            for a in node.actions
        ]
        by_bucket: dict[int, np.ndarray] = {}
        for hand, row in zip(hands, rows, strict=True):
            b = bucket([DECK[int(c)] for c in hand])
            assert np.allclose(by_bucket.setdefault(b, row), row)  # one strategy a bucket
        for b, row in by_bucket.items():
            units = np.floor(row * ONE).astype(np.int64)
            units[np.argmax(row)] += ONE - units.sum()
            table[b * PUBLIC + public] = 0
            table[b * PUBLIC + public, slots] = units
    playing = Blueprint(6, 4, 2, 2, 0, 0, table)
    after = compare_last_round(playing, line, target=1e-6, iterations=2000, threads=1)
    assert np.array_equal(after.reached.weights, before.reached.weights)
    assert before.exploitability_fraction > 0.05  # uniform play where training never reached
    assert after.exploitability_fraction < 1e-4
    assert after.value == pytest.approx(after.equilibrium_value, abs=1e-3)


def spiel_joint(blueprint: Blueprint, line: str) -> dict[tuple[int, int], float]:
    """The chance of each pair of hands (player 0's, player 1's, as lexicographic positions) at
    the start of the last round when both play ``line``, a line where nobody draws, by the
    blueprint: every chance outcome of OpenSpiel's ``badugi`` game walked, the blueprint read at
    each decision from the view ``Game`` gives there."""
    pyspiel = pytest.importorskip("pyspiel")
    import badugi_fast.spiel  # noqa: F401  (registers "badugi")
    from badugi_fast.spiel.tree import BET_ID

    game = pyspiel.load_game(
        "badugi",
        {"ranks": blueprint.ranks, "suits": blueprint.suits, "draws": blueprint.draws,
         "small_bet": 2, "stack": 48, "cap_heads_up": True},
    )  # fmt: skip
    wanted: list[int] = []  # OpenSpiel's action ids: a draw of no card (mask 0), or a bet's id
    for segment in line.split("/"):
        if segment[0].isdigit():
            assert segment == "00", "a line where nobody draws"
            wanted += [0, 0]
        else:
            wanted += [BET_ID[KIND_OF_LETTER[letter]] for letter in segment]
    joint: dict[tuple[int, int], float] = {}

    def walk(state, chance: float, at: int) -> None:
        if state.is_chance_node():
            for action, p in state.chance_outcomes():
                walk(state.child(action), chance * p, at)
            return
        if at == len(wanted):
            key = tuple(
                int(lex_index(np.array([[int(c) for c in state.node.hand(p)]]))[0]) for p in (0, 1)
            )
            joint[key] = joint.get(key, 0.0) + chance
            return
        view = state.node.game.view(state.current_player())
        p = sum(
            q
            for action, q in blueprint.probabilities(view)
            if (0 if action.kind == "draw" and not action.cards else BET_ID.get(action.kind))
            == wanted[at]
        )
        if p > 0:
            walk(state.child(wanted[at]), chance * p, at + 1)

    walk(game.new_initial_state(), 1.0, 0)
    return joint


@pytest.mark.slow
def test_where_nobody_draws_the_ranges_met_with_card_removal_are_openspiels_chances() -> None:
    blueprint = random_blueprint(3, 3, 2, 6)  # the 9-card deck of OpenSpiel's small games
    line = "rc/00/kbc/00"
    comparison = compare_last_round(blueprint, line, threads=1)
    assert comparison.reached.exact
    joint = spiel_joint(blueprint, line)
    r0, r1 = comparison.reached.weights
    hands = all_hands()
    product = {
        (a, b): r0[a] * r1[b]
        for a in np.flatnonzero(r0)
        for b in np.flatnonzero(r1)
        if not set(hands[a].tolist()) & set(hands[b].tolist())
    }
    assert set(product) == set(joint)
    total = sum(joint.values())
    scale = total / sum(product.values())
    for key, chance in joint.items():
        assert chance == pytest.approx(product[key] * scale, rel=1e-9)
    assert comparison.frequency == pytest.approx(total, rel=1e-9)  # exact where nobody draws


def test_the_tool_prints_a_table_row_a_line(tmp_path, capsys) -> None:
    from support.tools import load_tool

    path = tmp_path / "small.bin"
    random_blueprint(4, 4, 2, 3).save(path)
    tool = load_tool("blueprint_last_round")
    assert (
        tool.main([str(path), "--line", "rc/10/bc/11", "--line", "ck/11/kk/00", "--threads", "1"])
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("small.bin: 0 iterations, seed 3; deck of 4 ranks x 4 suits, 2 draws")
    rows = [line for line in out if line.startswith("| `")]
    assert [r.split("`")[1] for r in rows] == ["rc/10/bc/11", "ck/11/kk/00"]
    assert "| 12 |" in rows[0] and "| 4 |" in rows[1]  # the pots


def test_the_standard_deck_reaches_by_the_beliefs_close_to_a_monte_carlo(full: Blueprint) -> None:
    """By default the standard deck's ranges come from the public beliefs' exact pass, which
    leaves out only a player's own earlier discards coming back: its hand classes' shares stay
    within a point or so of a Monte Carlo that deals those cards right."""
    line = "rc/11/bc/11/bc/11"
    believed = reached_ranges(full, line)
    sampled = reached_ranges(full, line, samples=1 << 20, seed=0)
    assert believed.method == "beliefs" and sampled.method == "monte carlo"
    assert not believed.exact and believed.samples == 0 and believed.symmetric
    ranks = class_of_hands()
    for p in (0, 1):
        mine = np.bincount(ranks, believed.weights[p], minlength=1093)
        theirs = np.bincount(ranks, sampled.weights[p], minlength=1093)
        assert mine.sum() == pytest.approx(theirs.sum(), rel=0.05)  # the chance of the line
        distance = 0.5 * np.abs(mine / mine.sum() - theirs / theirs.sum()).sum()
        assert distance < 0.03
