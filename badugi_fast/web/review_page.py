"""``/review``: a hand-history file (any room's the importer reads, or PHH) reviewed.

The page (``GET /review``) holds a file field; its script sends the chosen file's bytes as the
body of ``POST /review`` (a plain file POST, read in memory: never written anywhere, and no
form parser, so no ``python-multipart``), with the hero's name (optional) and the file's name
(for messages only) in the query string. The answer is the review drawn as HTML, which the
script puts in the page: each player's figures (``summarize``, drawn by
``notation/html.py``), a select of the players (the hero: by default the one with the most
hands), and the hero's hands (at most ``limits.MAX_REVIEW_HANDS``) replayed a step a time,
with, at each of the hero's decisions, the blueprint's probability of each legal action where
the blueprint plays that game (heads-up, fixed limit, casino blinds of half and all of the
small bet, no ante, stacks of 24 small bets or more: the blueprint reads the decision in units
of the hand's own small bet), and why not where it does not.

A file with no hand imported is bad input: the importer's own messages (each naming the file
and its line) come back with a 400. Each request builds its own hands and games; the only
object shared between requests is the blueprint, which is read only.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterator, Mapping
from functools import cache
from html import escape

import numpy as np

from ..blueprint.abstraction import NotInAbstraction, read_decision
from ..blueprint.bot import blueprint_bot
from ..blueprint.strategy import MIN_STACK_BETS, Blueprint
from ..cards import hand_ids
from ..game.actions import Action, ActionKind, Event, Phase, View
from ..game.hidden import HiddenCard
from ..game.rules import Rules
from ..game.state import Game
from ..hands.hand import describe
from ..hands.html import card_html
from ..notation import phh
from ..notation.histories.from_phh import read_any
from ..notation.histories.model import ImportedHand
from ..notation.histories.summary import summarize
from ..notation.html import summary_html
from ..notation.phh.write import toml_value
from ..solve.resolving.bot import SearchBot
from . import limits
from .pages import Page

K = ActionKind
_VERBS: dict[str, tuple[str, str]] = {
    K.POST: ("posts", "블라인드"),
    K.ANTE: ("antes", "앤티"),
    K.FOLD: ("folds", "다이"),
    K.DIE: ("folds", "다이"),
    K.CHECK: ("checks", "체크"),
    K.CALL: ("calls", "콜"),
    K.BET: ("bets", "벳"),
    K.RAISE: ("raises", "레이즈"),
    K.SHOW: ("shows", "오픈"),
    K.MUCK: ("mucks", "머크"),
    K.WIN: ("wins", "획득"),
    "pat": ("stands pat", "패스"),
    "draws": ("draws", "교체"),
}


# why the blueprint does not play a hand (blueprint_refusal)
KOREAN = "Korean rules: the blueprint plays casino fixed limit only"
MULTIWAY = "{} players: the blueprint plays heads-up only"
BLINDS = (
    "the blinds are not the blueprint's (half and all of the small bet, the big bet twice it, "
    "no ante)"
)
SHALLOW = f"a stack is shorter than the blueprint's {MIN_STACK_BETS} small bets"

# the on-demand questions at a last-round decision: (class, URL, English, Korean)
ASK = (
    ("rv-search", "/review/search", "ask the search bot", "검색 봇에게 묻기"),
    (
        "rv-solve",
        "/review/solve",
        "chips given up (last-round solver)",
        "잃은 칩 (라스트 라운드 솔버)",
    ),
)


@cache
def _blueprint() -> Blueprint:
    """The default shipped blueprint, read once per process (read only: shared by requests)."""
    return blueprint_bot().blueprint


def review_page(query: Mapping[str, str], lang: str) -> Page:
    """``GET /review``: the upload form (the review itself comes from ``POST /review``)."""
    return Page("review.html", {"max_kib": f"{limits.MAX_BODY >> 10:,}"})


def review(data: bytes, query: Mapping[str, str], lang: str) -> Page:
    """``POST /review``: the file's hands, their figures and the hero's hands replayed."""
    name = _file_name(query.get("name", ""))
    if not data:
        raise ValueError(f"{name}: the file is empty")
    hands = list(read_any(data, name))
    imported = [hand for hand in hands if hand.imported]
    if not imported:
        problems = [p for hand in hands for p in hand.problems]
        raise ValueError("no hand could be imported:\n" + "\n".join(problems[:20]))
    figures = summarize(imported)
    counts = Counter({name: s.hands for name, s in figures.items()})
    hero = query.get("hero", "")
    if hero not in figures:
        hero = min(counts, key=lambda n: (-counts[n], n))
    page = Page("review_result.html", {"hero": hero, "name": name})
    page.inputs["counts"] = (
        f"{sum(h.hand_id is not None for h in hands)} / {len(imported)} / "
        f"{sum(not h.imported for h in hands)}"
    )
    page.drawn["players"] = _players_select(counts, hero)
    page.drawn["summary"] = summary_html(list(figures.values()), hero, lang)
    page.drawn["problems"] = "".join(
        f"<li>{escape(p)}</li>" for hand in hands for p in hand.problems[:1]
    )
    played = [hand for hand in imported if hero in hand.players.values()]
    page.drawn["hands"] = [
        _hand_html(hand, hero, lang, k) for k, hand in enumerate(played[: limits.MAX_REVIEW_HANDS])
    ]
    page.inputs["shown"] = f"{min(len(played), limits.MAX_REVIEW_HANDS)} / {len(played)}"
    return page


@cache
def _solver_bot() -> SearchBot:
    """The last round solved from both players' beliefs alone (no gadget), to
    ``limits.REVIEW_SOLVE_ITERATIONS`` iterations, one thread; shared as ``_search_bot``."""
    return SearchBot(_blueprint(), safe=False, iterations=limits.REVIEW_SOLVE_ITERATIONS)


@cache
def _search_bot() -> SearchBot:
    """The search bot on the default shipped blueprint, one thread per re-solve, made once per
    process: its re-solves and beliefs are kept behind its own lock, so requests may share it (it is
    made for several threads), and a state two requests meet is solved to the same numbers."""
    return SearchBot(_blueprint(), threads=1)


def warm() -> None:
    """What ``/review``'s first requests would otherwise wait for, once per process: the
    blueprint read from its file and the search bot's tables (about a second)."""
    _search_bot()


def blueprint_units(text: str, small_bet: int) -> tuple[str, int]:
    """A heads-up hand's PHH (one the blueprint plays: ``blueprint_refusal``) in the
    blueprint's chips, a small bet of 2, and how many of the hand's chips are one of them.
    ValueError when a bet is not a whole number of them (a stack is rounded down: at 24 small
    bets or more no fixed-limit hand reaches its end)."""
    unit = small_bet // 2
    data = tomllib.loads(text)

    def scaled(chips: int) -> int:
        if chips % unit:
            raise ValueError(f"{chips:,} chips are not a whole number of the blueprint's ({unit})")
        return chips // unit

    actions = []
    for line in data["actions"]:
        words = str(line).split("#")[0].split()
        if len(words) == 3 and words[1] == "cbr":
            words[2] = str(scaled(int(words[2])))
        actions.append(" ".join(words))
    fields = {
        "variant": "FB",
        "antes": [0, 0],
        "blinds_or_straddles": [1, 2],
        "small_bet": 2,
        "big_bet": 4,
        "_cap_heads_up": True,
        # rounded down: 24 small bets or more, deeper than a fixed-limit hand can go
        "starting_stacks": [int(chips) // unit for chips in data["starting_stacks"]],
        "actions": actions,
    }
    return "\n".join(f"{key} = {toml_value(value)}" for key, value in fields.items()), unit


def _last_round_decision(
    data: bytes, query: Mapping[str, str], lang: str
) -> tuple[View, Event, int]:
    """The view of a hand's last-round betting decision (its PHH, the body: the action line
    ``step`` from 0, seat ``seat`` from 0 to act) in the blueprint's game (its chips and
    rules), the action the seat took there, and how many of the hand's chips are one of the
    blueprint's."""
    step, seat = query.get("step", ""), query.get("seat", "")
    if not (step.isdigit() and seat.isdigit()) or len(step) > 4 or len(seat) > 2:
        raise ValueError(f"step and seat are whole numbers, not {step!r}, {seat!r}")
    text = data.decode("utf-8")
    first = next(phh.steps(text, unknown_cards=True))[1]
    refusal = blueprint_refusal(first, lang)
    if refusal is not None:
        raise ValueError(refusal)
    scaled, unit = blueprint_units(text, first.rules.small_bet)  # type: ignore[union-attr]
    replay = phh.steps(scaled, unknown_cards=True)
    game = next((game for k, (_, game) in enumerate(replay) if k == int(step)), None)
    if game is None:
        raise ValueError(f"the hand has no action {step}")
    view = game.view(int(seat))
    if game.actor != int(seat) or view.phase is not Phase.BETTING or view.draws_left:
        raise ValueError(f"action {step} is not seat {seat}'s bet in the last round")
    if any(isinstance(card, HiddenCard) for card in view.hand):
        raise ValueError("the file does not show this player's cards")
    seen = len(game.history)
    _, after = next(replay)
    return view, after.history[seen], unit


def search(data: bytes, query: Mapping[str, str], lang: str) -> Page:
    """``POST /review/search?step=K&seat=S``: the search bot's probability of each action at
    a last-round decision of a hand (``_last_round_decision``), the amounts in the hand's
    chips."""
    view, taken, unit = _last_round_decision(data, query, lang)
    choices = _search_bot().probabilities(view)
    if choices is None:
        raise ValueError("the search bot plays the blueprint here (its hand was cut)")
    label = "검색 봇" if lang == "ko" else "the search bot"
    rows = "".join(
        f'<tr class="rv-choice{" rv-taken" if _same(a, taken) else ""}"'
        f' data-action="{escape(_action_text(_chips(a, unit), "en"))}" data-p="{p:.6f}">'
        f"<td>{escape(_action_text(_chips(a, unit), lang))}</td>"
        f'<td style="text-align:right">{100 * p:.1f}%</td></tr>'
        for a, p in choices
    )
    table = f'<table class="rv-search-table"><caption>{escape(label)}</caption>{rows}</table>'
    return Page("review_fragment.html", drawn={"html": table})


def given_up(data: bytes, query: Mapping[str, str], lang: str) -> Page:
    """``POST /review/solve?step=K&seat=S``: at a last-round decision
    (``_last_round_decision``), each action's expected chips for the hero's hand against the
    last-round solver (the round solved from both players' beliefs, ``SearchBot(safe=False)``:
    ``LastRoundSolution.action_values``, both players playing its solution after the action),
    and what the hero's choice gave up against the best, in the hand's chips."""
    view, taken, unit = _last_round_decision(data, query, lang)
    found = _solver_bot().resolve_view(view)
    if found is None:
        raise ValueError("the solver's range leaves this hand out (the cut of its lightest hands)")
    resolved, history, _ = found
    solution = resolved.solution
    mine = np.array(sorted(hand_ids(view.hand)), dtype=np.uint8)
    hands = np.sort(solution.hands(resolved.searcher), axis=1)
    (at,) = np.flatnonzero((hands == mine).all(axis=1))[:1]
    values = solution.action_values(history)[at] * unit
    actions = solution.actions(history)
    best = float(np.nanmax(values))
    lost = next((best - v for a, v in zip(actions, values, strict=True) if _same(a, taken)), None)
    ko = lang == "ko"
    rows = "".join(
        f'<tr class="rv-value{" rv-taken" if _same(a, taken) else ""}"'
        f' data-action="{escape(_action_text(_chips(a, unit), "en"))}" data-chips="{v:.4f}">'
        f"<td>{escape(_action_text(_chips(a, unit), lang))}</td>"
        f'<td style="text-align:right">{v:+,.2f}</td>'
        f'<td style="text-align:right">{best - v:,.2f}</td></tr>'
        for a, v in zip(actions, values, strict=True)
    )
    head = ("행동", "기대 칩", "손실") if ko else ("action", "expected chips", "given up")
    caption = "라스트 라운드 솔버" if ko else "the last-round solver"
    said = "선택으로 잃은 칩" if ko else "the choice gave up"
    gave = f"{lost:,.2f}" if lost is not None else "?"
    off = "솔버의 익스플로잇 (팟 대비)" if ko else "the solve's exploitability, of the pot"
    table = (
        f'<table class="rv-solve-table"><caption>{escape(caption)}</caption><tr>'
        + "".join(f"<th>{escape(h)}</th>" for h in head)
        + f"</tr>{rows}</table>"
        f'<p class="rv-given-up">{escape(said)}: '
        f'<strong data-chips="{lost or 0:.4f}">{gave}</strong> '
        f"({escape(off)}: {100 * solution.exploitability_fraction:.3f}%)</p>"
    )
    return Page("review_fragment.html", drawn={"html": table})


def _chips(action: Action, unit: int) -> Action:
    return Action(action.kind, action.amount * unit)


def _file_name(text: str) -> str:
    """The upload's name, for messages only (it never reaches the file system)."""
    kept = "".join(c for c in text[: limits.MAX_REVIEW_NAME] if c.isprintable())
    return kept or "upload"


def _players_select(counts: Counter[str], hero: str) -> str:
    """The players, most hands first, as a select (the hero selected)."""
    options = "".join(
        f'<option value="{escape(n)}"{" selected" if n == hero else ""}>'
        f"{escape(n)} ({counts[n]})</option>"
        for n in sorted(counts, key=lambda n: (-counts[n], n))
    )
    return f'<select id="hero-select" name="hero">{options}</select>'


def blueprint_refusal(game: Game, lang: str = "en") -> str | None:
    """Why the blueprint does not play this hand's game (None when it does)."""
    rules = game.rules
    ko = lang == "ko"
    if not isinstance(rules, Rules):
        return "한국식 규칙: 블루프린트는 카지노 리밋만" if ko else KOREAN
    if game.seats != 2:
        return f"{game.seats}인 게임: 블루프린트는 헤즈업만" if ko else MULTIWAY.format(game.seats)
    sb = rules.small_bet
    if (
        rules.structure != "fixed-limit"
        or rules.ante
        or sb % 2
        or rules.small_blind != sb // 2
        or rules.big_blind != sb
        or rules.big_bet != 2 * sb
    ):
        return "블라인드가 블루프린트와 다름" if ko else BLINDS
    if min(game.starting_stacks) < MIN_STACK_BETS * sb:
        return f"스택이 스몰벳 {MIN_STACK_BETS}개 미만" if ko else SHALLOW
    return None


def _action_text(action: Action | Event, lang: str) -> str:
    i = 1 if lang == "ko" else 0
    if action.kind == K.DRAW:
        if not action.cards:
            return _VERBS["pat"][i]
        shown = " ".join(str(c) for c in action.cards if not isinstance(c, HiddenCard))
        return f"{_VERBS['draws'][i]} {len(action.cards)}" + (f" ({shown})" if shown else "")
    verb = _VERBS.get(action.kind, (str(action.kind), str(action.kind)))[i]
    if action.kind == K.SHOW and action.cards:  # a show's amount is its rank: name the hand
        hand = describe(tuple(action.cards))
        return f"{verb} {hand.name_ko if i else hand.name}"
    return f"{verb} {action.amount:,}" if action.amount else verb


def _same(a: Action, b: Event) -> bool:
    if a.kind != b.kind:
        return False
    if a.kind == K.DRAW:
        return sorted(map(str, a.cards)) == sorted(map(str, b.cards))
    return a.amount == b.amount


Choices = list[tuple[Action, float]]


def _decision(
    game: Game | None, hero: int, refusal: str | None, unit: int
) -> tuple[Choices, str | None]:
    """The blueprint's probability of each legal action at the hero's decision (before it
    acts), read in ``game``, the hand in the blueprint's chips (``unit`` of the hand's each),
    the actions in the hand's chips; or why it has none."""
    if refusal is not None or game is None:
        return [], refusal
    view = game.view(hero)
    if any(isinstance(card, HiddenCard) for card in view.hand):
        return [], "the file does not show this player's cards"
    blueprint = _blueprint()
    try:  # in the blueprint's chips (a small bet of 2): its own reading of the decision
        decision = read_decision(view, 2, abstraction=blueprint.abstraction)
    except NotInAbstraction as reason:
        return [], str(reason)
    slots = sorted(decision.actions)
    probabilities = blueprint.row(decision.infoset, slots)
    return [
        (_chips(decision.actions[s], unit), p) for s, p in zip(slots, probabilities, strict=True)
    ], None


def _decision_html(choices: Choices, reason: str | None, taken: Event, lang: str) -> str:
    label = "블루프린트" if lang == "ko" else "the blueprint"
    if reason is not None:
        return f'<p class="rv-no-blueprint">{escape(label)}: {escape(reason)}</p>'
    rows = "".join(
        f'<tr class="rv-choice{" rv-taken" if _same(a, taken) else ""}"'
        f' data-action="{escape(_action_text(a, "en"))}" data-p="{p:.6f}">'
        f"<td>{escape(_action_text(a, lang))}</td>"
        f'<td style="text-align:right">{100 * p:.1f}%</td></tr>'
        for a, p in choices
    )
    return f'<table class="rv-blueprint"><caption>{escape(label)}</caption>{rows}</table>'


def _state_html(game: Game, hero: int, names: list[str], lang: str) -> str:
    cards = "".join(
        card_html(c, marked=True) for c in game.hands[hero] if not isinstance(c, HiddenCard)
    )
    pot = "팟" if lang == "ko" else "pot"
    seats = "".join(
        f'<li class="rv-seat{" rv-folded" if game.folded[s] else ""}'
        f'{" rv-hero" if s == hero else ""}">{escape(names[s])}: {game.stacks[s]:,}</li>'
        for s in range(game.seats)
    )
    return (
        f'<div class="rv-cards">{cards}</div>'
        f'<p class="rv-pot">{pot}: <span class="rv-pot-chips">{game.pot:,}</span></p>'
        f'<ul class="rv-seats">{seats}</ul>'
    )


def _hand_html(hand: ImportedHand, hero_name: str, lang: str, k: int) -> str:
    """One hand, replayed a PHH action at a time: a frame per step that someone took (the
    deals folded into the next), each with the hero's cards, the pot and the stacks; at each
    hero decision the blueprint's probabilities and the hero's choice marked."""
    assert hand.phh is not None
    fields = tomllib.loads(hand.phh)
    names = [str(n) for n in fields.get("players", [])]
    first = next(phh.steps(hand.phh, unknown_cards=True))[1]
    if len(names) != first.seats:
        names = [f"p{s + 1}" for s in range(first.seats)]
    hero = names.index(hero_name)
    refusal = blueprint_refusal(first, lang)
    unit = 1
    in_units: Iterator[tuple[str, Game]] | None = None
    if refusal is None:  # the decisions are read in the hand replayed in the blueprint's chips
        try:
            scaled, unit = blueprint_units(hand.phh, first.rules.small_bet)  # type: ignore[union-attr]
            phh.loads(scaled, unknown_cards=True)
            in_units = phh.steps(scaled, unknown_cards=True)
        except ValueError as error:
            refusal = (
                f"in the blueprint's game (its chips, its rules) the hand does not replay: {error}"
            )
    seen = 0
    frames: list[str] = []
    asked: tuple[Choices, str | None] | None = None
    search_at: int | None = None
    for index, (line, game) in enumerate(phh.steps(hand.phh, unknown_cards=True)):
        blueprint_game = next(in_units)[1] if in_units is not None else None
        new = game.history[seen:]
        if new and (any(e.kind != K.DEAL for e in new) or not line):
            seen = len(game.history)
            said = "; ".join(
                f"{escape(names[e.seat] if e.seat is not None else '')} "
                f"{escape(_action_text(e, lang))}"
                for e in new
                if e.kind != K.DEAL
            )
            mine = [e for e in new if e.seat == hero and e.kind not in (K.DEAL, K.POST, K.ANTE)]
            decision = ""
            if asked is not None and mine:
                inner = _decision_html(*asked, mine[0], lang)
                if search_at is not None:
                    inner += "".join(
                        f'<button type="button" class="rv-ask {name}" data-step="{search_at}"'
                        f' data-url="{url}">{escape(ko if lang == "ko" else en)}</button>'
                        f'<div class="rv-ask-out {name}-out"></div>'
                        for name, url, en, ko in ASK
                    )
                decision = f'<div class="rv-decision">{inner}</div>'
            frames.append(
                f'<div class="rv-frame" data-step="{len(frames)}"'
                f"{' data-decision' if decision else ''}>"
                f'<p class="rv-said">{said}</p>{_state_html(game, hero, names, lang)}'
                f"{decision}</div>"
            )
            asked, search_at = None, None
        words = line.split("#")[0].split()
        if (
            line
            and game.actor == hero
            and words[:1] == [f"p{hero + 1}"]
            and words[1:2] in (["cc"], ["cbr"], ["f"], ["sd"])
        ):
            asked = _decision(blueprint_game, hero, refusal, unit)
            last_round = game.phase is Phase.BETTING and game.round_index == 3
            if last_round and asked[1] is None:
                search_at = index
    title = f"{hand.site} #{hand.hand_id}" if hand.hand_id else f"{hand.site} {hand.source[1]}"
    return (
        f'<section class="rv-hand" data-hand="{k}" data-frames="{len(frames)}"'
        f' data-seat="{hero}" data-phh="{escape(hand.phh)}">'
        f"<h3>{escape(title)}</h3>"
        f'<p class="rv-blueprint-note">{escape(refusal) if refusal else ""}</p>'
        f'<div class="rv-controls"><button type="button" class="rv-prev">&larr;</button> '
        f'<span class="rv-at">1 / {len(frames)}</span> '
        f'<button type="button" class="rv-next">&rarr;</button></div>'
        f"{''.join(frames)}</section>"
    )


__all__ = [
    "blueprint_refusal",
    "blueprint_units",
    "given_up",
    "review",
    "review_page",
    "search",
    "warm",
]
