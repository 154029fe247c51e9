"""The search bot (solve/resolving): the gadget's guarantee on a small deck, its play as a bot and
as a strategy for many hands, repeatability, and what it refuses."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from badugi_fast.blueprint import Deck, Trainer, blueprint_bot
from badugi_fast.game import Game, Rules
from badugi_fast.game.actions import Phase
from badugi_fast.hands.universe import all_hands
from badugi_fast.solve import beliefs
from badugi_fast.solve.belief_states import play
from badugi_fast.solve.best_response import best_response
from badugi_fast.solve.lbr import local_best_response
from badugi_fast.solve.lbr.strategy import deciding, public_view
from badugi_fast.solve.resolving import TREMBLE, SearchBot, line_of, search
from badugi_fast.solve.resolving.gadget import current

SMALL = Deck(ranks=4, suits=3, draws=2)
LINES = ("rc/11/kk/11", "ck/01/bc/10", "rc/22/bc/21")


@pytest.fixture(scope="module")
def small_blueprint():
    trainer = Trainer(SMALL, seed=1, batch=500)
    trainer.run(4000, threads=1)
    return trainer.blueprint()


_SLACK = 0.0005  # of the pot, chips a hand of the searcher's range


@pytest.mark.parametrize("gadget", ["resolve", "maxmargin"])
@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("searcher", [0, 1])
def test_the_gadget_never_lets_the_opponent_gain_more_than_against_the_blueprint(
    small_blueprint, line, searcher, gadget
):
    """Burch et al.'s guarantee: against the re-solved round, the opponent's best response
    gains no more than against the blueprint's round (up to the solve's error), in the round
    as a whole and hand by hand, weighed by the opponent's range (a hand the beliefs give
    next to no weight barely moves the searcher's regrets, so its own bound converges last)."""
    bot = SearchBot(small_blueprint, iterations=400, cut=0, gadget=gadget)
    resolved = bot.solve_line(line, searcher)
    problem, blueprint_tables = resolved.solution.problem, resolved.spot.blueprint_tables
    opponent = 1 - searcher
    assert resolved.guard()[1] <= _SLACK * problem.pot
    whole_blueprint = best_response(problem, opponent, blueprint_tables[searcher])[1]
    whole_search = best_response(problem, opponent, resolved.solution.tables[searcher])[1]
    assert whole_search <= whole_blueprint + 1e-3 * problem.pot


@pytest.mark.parametrize("line", LINES)
def test_max_margin_lowers_the_largest_margin_further(small_blueprint, line):
    """What max-margin is for: the opponent's best row gains less against it than against
    the plain gadget's re-solve, which stops once no row gains."""
    plain = SearchBot(small_blueprint, iterations=400, cut=0).solve_line(line, 0)
    margin = SearchBot(small_blueprint, iterations=400, cut=0, gadget="maxmargin")
    assert margin.solve_line(line, 0).margins().max() < plain.margins().max()


def test_without_the_gadget_the_opponent_gains_more_than_against_the_blueprint(
    small_blueprint,
):
    """What the gadget prevents: unsafe re-solving lets some of the opponent's hands gain more
    than the blueprint let them (the check above would fail for it)."""
    unsafe = SearchBot(small_blueprint, iterations=400, cut=0, safe=False)
    resolved = unsafe.solve_line(LINES[0], 0)
    assert resolved.guard()[1] > 10 * _SLACK * resolved.solution.problem.pot


def test_the_blueprints_own_round_meets_the_guarantee_exactly(small_blueprint):
    """The margins are measured from the blueprint's round: played itself, every margin is 0
    and the guard reads (0, 0); a re-solve of few iterations stands off it on a share of
    the opponent's range, which guard() and margins() agree on."""
    resolved = SearchBot(small_blueprint, iterations=4, cut=0).solve_line(LINES[0], 1)
    itself = dataclasses.replace(resolved.solution, tables=resolved.spot.blueprint_tables)
    own = dataclasses.replace(resolved, solution=itself)
    assert np.abs(own.margins()).max() <= 1e-12
    assert own.guard() == (0.0, 0.0)
    share, mean = resolved.guard()
    problem = resolved.solution.problem
    weights = problem.players[0].weights * problem.classes.members[problem.players[0].classes]
    above = resolved.margins() > 1e-4 * problem.pot
    assert 0 < share < 1 and mean > 0
    assert share == pytest.approx(weights[above].sum() / weights.sum())
    assert resolved.guard(0.0)[0] >= share >= resolved.guard(0.01)[0]
    with pytest.raises(ValueError, match="tolerance is a share of the pot"):
        resolved.guard(-1e-3)
    with pytest.raises(TypeError, match="tolerance is a number"):
        resolved.guard("0")  # type: ignore[arg-type]


def test_unsafe_resolving_solves_the_beliefs_alone(small_blueprint):
    safe = SearchBot(small_blueprint, iterations=200, cut=0).solve_line(LINES[2], 0)
    unsafe = SearchBot(small_blueprint, iterations=200, cut=0, safe=False).solve_line(LINES[2], 0)
    problem = unsafe.solution.problem
    # unsafe re-solving is the round's equilibrium for the beliefs: nearly unexploitable there
    assert unsafe.solution.exploitability_fraction < 0.02
    assert not np.allclose(safe.solution.tables[0], unsafe.solution.tables[0])
    assert problem.rows(0) == safe.solution.problem.rows(0)


def test_the_current_strategy_is_regret_matching_at_every_node(small_blueprint):
    """gadget.current (C: bf_lr_current, the solver's own matching) against regret matching
    written out here, on random regrets with zero and negative rows; a table of the wrong length
    is refused."""
    problem = SearchBot(small_blueprint, iterations=4, cut=0).solve_line(LINES[2], 0)
    problem = problem.solution.problem
    rng = np.random.default_rng(3)
    for player in (0, 1):
        regret = rng.normal(size=problem.table_len[player])
        regret[: len(regret) // 3] = np.minimum(regret[: len(regret) // 3], 0.0)
        got = current(problem, player, regret)
        for node in problem.tree.nodes:
            if node.actor != player:
                continue
            block = problem.block(regret, node)
            positive = np.maximum(block, 0.0)
            total = positive.sum(axis=1, keepdims=True)
            wanted = np.where(total > 0, positive / np.where(total > 0, total, 1.0),
                              1.0 / len(node.actions))  # fmt: skip
            assert np.array_equal(problem.block(got, node), wanted)
        with pytest.raises(ValueError, match="table of"):
            current(problem, player, regret[:-1])


def test_lines_and_spots_round_trip(small_blueprint):
    bot = SearchBot(small_blueprint, iterations=10)
    for line in LINES:
        assert line_of(play(bot._table, line).steps) == line
    with pytest.raises(ValueError, match="ends in betting round 2 of 3, not where the last"):
        bot.solve_line("rc/11", 0)
    with pytest.raises(ValueError, match="ends after the last betting round's first action"):
        bot.solve_line(LINES[0] + "/b", 0)  # it re-solved the round from a spot inside it
    with pytest.raises(ValueError, match="ends during a draw"):
        bot.solve_line(LINES[0][: LINES[0].rindex("/") + 2], 0)
    with pytest.raises(ValueError, match="searcher is 0"):
        bot.solve_line(LINES[0], 2)
    with pytest.raises(ValueError, match="the button may fold, call, raise here, not check"):
        bot.solve_line("kk/11/kk/11", 0)


def test_the_search_is_a_strategy_of_distributions_for_every_hand(small_blueprint):
    """At a last-round spot the strategy gives each hand a distribution over the legal
    actions: the solve's row for hands in its range, the blueprint's for the others."""
    bot = SearchBot(small_blueprint, iterations=50)
    played = play(bot._table, "rc/22/bc/21/b")
    spot = public_view(bot._table.view(played.game, 1))  # the button facing a bet
    deck = np.array(bot._table.cards)
    hands = all_hands()[np.isin(all_hands(), deck).all(axis=1)]
    rows = bot.betting(spot, hands, np.zeros(len(hands), dtype=np.uint64))
    assert rows.shape == (len(hands), len(spot.legal))
    np.testing.assert_allclose(rows.sum(axis=1), 1.0)
    assert (rows >= 0).all()
    assert bot.solves == 1
    before = bot.betting(played.steps[0].spot, hands, np.zeros(len(hands), dtype=np.uint64))
    np.testing.assert_array_equal(
        before, bot._strategy.betting(played.steps[0].spot, hands, np.zeros(len(hands), np.uint64))
    )


def test_it_names_the_blueprint_where_the_blueprint_decides(small_blueprint):
    """``strategy_at`` (read by the beliefs and the local best response, ``deciding``) names
    the blueprint at every draw and before the last round, itself in the last round; the
    beliefs it gives are those of asking the bot itself for every hand."""
    bot = SearchBot(small_blueprint, iterations=30)
    played = play(bot._table, "rc/22/bc/21/b")
    last = [s.spot for s in played.steps if s.spot.phase is Phase.BETTING][-1]
    assert deciding(bot, last) is bot
    assert all(deciding(bot, s.spot) is bot._strategy for s in played.steps[:-1])

    class Asked:  # the bot without its strategy_at: every hand asked through it
        def betting(self, *args):
            return bot.betting(*args)

        def discards(self, *args):
            return bot.discards(*args)

        def rollout_policy(self):
            return None

    line, table = "rc/22/bc/21/bc", bot._table
    fast, slow = beliefs(bot, line, table=table), beliefs(Asked(), line, table=table)
    for p in (0, 1):
        np.testing.assert_allclose(fast.weights[p], slow.weights[p], rtol=1e-12, atol=1e-15)


def test_the_local_best_response_measures_it_alike_on_any_thread_count(small_blueprint):
    bot = SearchBot(small_blueprint, iterations=30)
    kwargs = dict(hands=6, seed=5, ranks=4, suits=3, draws=2, particles=200, trials=200,
                  draw_trials=100)  # fmt: skip
    one = local_best_response(bot, threads=1, **kwargs)
    two = local_best_response(SearchBot(small_blueprint, iterations=30), threads=2, **kwargs)
    assert one == two
    assert bot.solves > 0


@pytest.fixture(scope="module")
def shipped_search():
    return search()


def test_it_plays_whole_hands_and_repeats_for_a_stream(shipped_search):
    blueprint = shipped_search.blueprint
    rules = blueprint.rules
    stack = 100 * rules.big_blind_amount
    opponent = blueprint_bot()
    outcomes = []
    for seed in (21, 21, 22, 23, 24):
        game = Game([stack, stack], rules, button=1, seed=seed, stream=99)
        actions = []
        while not game.done:
            seat = game.actor
            view = game.view(seat)
            bot = shipped_search if seat == 0 else opponent
            action = bot(view)
            assert any(a.kind == action.kind for a in view.legal) or view.phase is Phase.DRAW
            actions.append(action)
            game.act(action)
        outcomes.append((actions, game.stacks))
    assert outcomes[0] == outcomes[1]
    # the same public state is solved once: the repeat and the other deals' shared states
    assert 1 <= shipped_search.solves < sum(len(a) for a, _ in outcomes)


def _hand(bot, opponent, seed):
    """One hand of ``bot`` (the big blind) against ``opponent``: every action, and the beliefs
    ``bot`` held after each of its own decisions."""
    rules = opponent.blueprint.rules
    stack = 100 * rules.big_blind_amount
    game = Game([stack, stack], rules, button=1, seed=seed, stream=7)
    actions, kept = [], []
    while not game.done:
        seat = game.actor
        action = (bot if seat == 0 else opponent)(game.view(seat))
        if seat == 0:
            kept.append(len(bot._believed))
        actions.append(action)
        game.act(action)
    return actions, kept


def test_eager_beliefs_change_no_decision(shipped_search):
    """Carrying the beliefs along at the earlier decisions spreads their work, never changes
    an action: a hand plays alike with and without."""
    opponent = blueprint_bot()
    lazy = SearchBot(shipped_search.blueprint, eager=False)
    eager = SearchBot(shipped_search.blueprint)
    kept = []
    for seed in (31, 32):
        lazy_actions, lazy_kept = _hand(lazy, opponent, seed)
        eager_actions, eager_kept = _hand(eager, opponent, seed)
        assert eager_actions == lazy_actions
        kept.append((lazy_kept[0], eager_kept[0]))
    assert kept[0] == (0, 1)  # the first decision of the first hand already carried them
    assert eager.solves == lazy.solves >= 1  # the hands reached the searched round


def test_refusals(shipped_search, small_blueprint):
    with pytest.raises(ValueError, match="the blueprint was trained for"):
        shipped_search.check_game(Rules(small_bet=10), [1000, 1000])
    with pytest.raises(ValueError):
        shipped_search.check_game(shipped_search.blueprint.rules, [47, 47])
    with pytest.raises(ValueError, match="engines deal 52 cards"):
        SearchBot(small_blueprint).check_game(small_blueprint.rules, [200, 200])
    with pytest.raises(TypeError, match="blueprint is a Blueprint"):
        SearchBot("shipped")
    with pytest.raises(ValueError, match="cut is a share"):
        SearchBot(small_blueprint, cut=1.5)
    with pytest.raises(ValueError, match="iterations"):
        SearchBot(small_blueprint, iterations=0)
    with pytest.raises(TypeError, match="safe is True or False"):
        SearchBot(small_blueprint, safe="yes")
    with pytest.raises(ValueError, match="gadget is one of resolve, maxmargin"):
        SearchBot(small_blueprint, gadget="reach")
    assert "gadget='maxmargin'" in repr(SearchBot(small_blueprint, gadget="maxmargin"))
    with pytest.raises(TypeError, match="eager is True or False"):
        SearchBot(small_blueprint, eager=1)
    with pytest.raises(ValueError, match="tremble is a share"):
        SearchBot(small_blueprint, tremble=1.0)
    with pytest.raises(TypeError, match="tremble is a number"):
        SearchBot(small_blueprint, tremble="0.01")
    trainer = Trainer(Deck(ranks=3, suits=3, draws=1), seed=1, batch=100)
    trainer.run(100, threads=1)
    with pytest.raises(ValueError, match="2 or 3 draws"):
        SearchBot(trainer.blueprint())
    assert shipped_search.c_seat_form() is None
    assert "SearchBot(safe=True" in repr(shipped_search)


@pytest.mark.parametrize(
    ("settings", "error", "message"),
    [
        ({"threads": 2**31}, ValueError, "threads must be 1 .. "),
        ({"gadget": ["resolve"]}, ValueError, "gadget is one of"),
        ({"cut": 10**400}, ValueError, "cut is 1000.* past a float's range"),
        ({"tremble": 10**400}, ValueError, "tremble is 1000.* past a float's range"),
    ],
)
def test_settings_are_refused_when_made_not_when_played(
    small_blueprint, settings: dict[str, object], error: type, message: str
) -> None:
    with pytest.raises(error, match=message):
        SearchBot(small_blueprint, **settings)


def test_views_of_another_game_and_lines_for_no_seat_are_refused(shipped_search, small_blueprint):
    other = Game([200, 200], Rules(small_bet=4, cap_heads_up=True), button=1, seed=2)
    view = other.view(other.actor)
    for ask in (shipped_search, shipped_search.probabilities):
        with pytest.raises(ValueError, match=r"the view's blinds \[2, 4\] are not those"):
            ask(view)
    three = Game([200] * 3, shipped_search.blueprint.rules, seed=2)
    with pytest.raises(ValueError, match="heads-up, not a hand of 3 seats"):
        shipped_search(three.view(three.actor))
    shallow = Game([30, 30], shipped_search.blueprint.rules, button=1, seed=2)
    for ask in (shipped_search, shipped_search.probabilities):  # at any decision, asked directly
        with pytest.raises(ValueError, match=r"began with \[30, 30\] chips: the blueprint plays"):
            ask(shallow.view(shallow.actor))
    with pytest.raises(ValueError, match=r"searcher is 0 \(the big blind\) or 1"):
        SearchBot(small_blueprint).solve_line(LINES[0], 1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="threshold is"):
        shipped_search.blueprint.thresholded(10**400)


def test_it_pickles_without_its_solves_and_plays_alike(small_blueprint):
    import pickle

    bot = SearchBot(small_blueprint, iterations=20)
    first = bot.solve_line(LINES[0], 0)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.solves == bot.solves and copy.blueprint == bot.blueprint
    again = copy.solve_line(LINES[0], 0)
    np.testing.assert_array_equal(again.solution.tables[0], first.solution.tables[0])


def test_the_cache_keeps_the_latest_solves_and_the_gadget_checks_its_values(small_blueprint):
    bot = SearchBot(small_blueprint, iterations=5, cache=1)
    first = bot.solve_line(LINES[0], 0)
    bot.solve_line(LINES[1], 0)
    assert bot.solve_line(LINES[0], 0) is not first  # pushed out by the second
    assert bot.solves == 3
    problem = first.solution.problem
    with pytest.raises(ValueError, match="one value per row"):
        from badugi_fast.solve.resolving import resolve

        resolve(problem, 0, np.zeros(problem.rows(1) + 1), 3)


def test_an_unsafe_resolve_serves_both_seats_and_a_safe_one_does_not(small_blueprint):
    """The unsafe re-solve of a public state is both players' solve, so the other seat reads it
    from the cache, the same numbers as its own solve; the safe gadget solves for one seat."""
    unsafe = SearchBot(small_blueprint, iterations=20, safe=False)
    first = unsafe.solve_line(LINES[0], 0)
    second = unsafe.solve_line(LINES[0], 1)
    assert unsafe.solves == 1 and second.searcher == 1
    alone = SearchBot(small_blueprint, iterations=20, safe=False).solve_line(LINES[0], 1)
    for got, wanted in zip(second.solution.tables, alone.solution.tables, strict=True):
        np.testing.assert_array_equal(got, wanted)
    np.testing.assert_array_equal(second.row_of, alone.row_of)
    assert not np.array_equal(first.row_of, second.row_of)
    safe = SearchBot(small_blueprint, iterations=5)
    safe.solve_line(LINES[0], 0)
    safe.solve_line(LINES[0], 1)
    assert safe.solves == 2


def test_the_tremble_is_the_beliefs_share_of_uniform_play(small_blueprint):
    """The bot's beliefs are ``beliefs`` with its tremble: a larger one moves the re-solve."""
    line = LINES[2]
    for tremble in (TREMBLE, 0.05):
        bot = SearchBot(small_blueprint, iterations=5, cut=0, safe=False, tremble=tremble)
        resolved = bot.solve_line(line, 0)
        found = beliefs(small_blueprint, line, tremble=tremble)
        mine = bot._beliefs(play(bot._table, line).steps)[1]
        np.testing.assert_allclose(mine / mine.sum(), found.weights[1], atol=1e-15)
        assert f"tremble={tremble}" in repr(bot)
        if tremble == TREMBLE:
            plain = resolved
    assert not np.array_equal(plain.solution.tables[0], resolved.solution.tables[0])


def test_hands_the_cut_leaves_out_play_the_blueprint(shipped_search):
    bot = SearchBot(shipped_search.blueprint, iterations=5, cut=0.5)
    resolved = bot.solve_line("rc/11/bc/11/bc/11", 0)
    outside = np.flatnonzero(resolved.row_of < 0)
    assert len(outside) > 1000  # half the weight left out
    played = play(bot._table, "rc/11/bc/11/bc/11/")
    spot = public_view(bot._table.view(played.game, 0))
    from badugi_fast.hands.universe import colex_hands

    hands = np.ascontiguousarray(colex_hands()[outside[:50]])
    dead = np.zeros(len(hands), dtype=np.uint64)
    np.testing.assert_array_equal(
        bot.betting(spot, hands, dead), bot._strategy.betting(spot, hands, dead)
    )


def test_its_probabilities_are_the_row_it_draws_from(shipped_search):
    """At a last-round decision the search gives each legal action's probability (they add up
    to one, and the action it plays is one of them); before the last round, None."""
    opponent = blueprint_bot()
    rules = opponent.blueprint.rules
    stack = 100 * rules.big_blind_amount
    asked = 0
    for seed in (41, 42, 43, 44, 45, 46):
        game = Game([stack, stack], rules, button=1, seed=seed, stream=5)
        while not game.done:
            seat = game.actor
            view = game.view(seat)
            if seat == 0 and view.phase is Phase.BETTING:
                choices = shipped_search.probabilities(view)
                if view.draws_left > 0:
                    assert choices is None
                elif choices is not None:
                    asked += 1
                    assert sum(p for _, p in choices) == pytest.approx(1)
                    legal = {(a.kind, a.amount) for a in view.legal}
                    assert {(a.kind, a.amount) for a, _ in choices} <= legal
                    assert shipped_search(view) in [a for a, _ in choices]
            game.act((shipped_search if seat == 0 else opponent)(view))
    assert asked >= 1
