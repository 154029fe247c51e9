"""The pages: each reads its inputs from the query string, calls the library, and returns what
its template shows. A ValueError (the library's own, or a bound of ``limits``) is bad input:
the app shows its message with a 400. Framework-free, so each page is a plain function of its
query; the library's objects are made anew for each request, never shared between requests.

("Page", not "view": a view is what a player sees of a game, ``game.actions.View``.)"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlencode

from ..cards import DECK
from ..draws.api import best_discard, draw_odds, equity
from ..draws.html import (
    chart_heatmap_html,
    discards_html,
    equity_html,
    odds_html,
    range_cells,
    range_html,
)
from ..draws.ranges.range import parse_range
from ..hands.hand import describe
from ..hands.html import card_html, hand_html, hands_html
from . import limits

# Hands on /hands are one per line or separated by ";" (a hand's own text may hold commas).
_HAND_SEPARATORS = re.compile(r"[;\r\n]+")


@dataclass
class Page:
    """What a page function gives its template: the template's name, text (the inputs as typed, to
    refill the form, and messages: the templates escape it) and the drawn HTML (the library's
    renderers, which escape what they insert)."""

    template: str
    inputs: dict[str, str] = field(default_factory=dict)
    drawn: dict[str, str | list[str]] = field(default_factory=dict)


def _text(query: Mapping[str, str], name: str, most: int) -> str:
    value = query.get(name, "")
    if len(value) > most:
        raise ValueError(f"{name} is at most {most:,} characters, got {len(value):,}")
    return value.strip()


def index(query: Mapping[str, str], lang: str) -> Page:
    return Page("index.html")


def deck_html() -> str:
    """The 52 cards as buttons, a row per suit, for entering hands by clicking."""
    rows = []
    for suit in (3, 2, 1, 0):
        cards = [DECK[4 * rank + suit] for rank in range(13)]
        rows.append(
            '<div class="deck-row">'
            + "".join(
                f'<button type="button" class="deck-card" data-card="{card}">'
                f"{card_html(card, marked=True)}</button>"
                for card in cards
            )
            + "</div>"
        )
    return "".join(rows)


def hands(query: Mapping[str, str], lang: str) -> Page:
    """``/hands?hands=As 2d 3h 4c;Kc Kd 5h 6s``: each hand's rank and names, its badugi's
    cards marked; two or more hands compared (the best marked, by ``winners``)."""
    text = _text(query, "hands", limits.MAX_HANDS * 64)
    page = Page("hands.html", {"hands": text}, {"deck": deck_html()})
    items = [item.strip() for item in _HAND_SEPARATORS.split(text) if item.strip()]
    if len(items) > limits.MAX_HANDS:
        raise ValueError(f"at most {limits.MAX_HANDS} hands at once, got {len(items)}")
    described = [describe(item) for item in items]
    page.drawn["hands"] = [hand_html(hand, lang) for hand in described]
    if len(described) > 1:
        page.drawn["compared"] = hands_html(described, lang)
    return page


def ranges(query: Mapping[str, str], lang: str) -> Page:
    """``/ranges?range=8-, 0.5:A23x``: the range's hands, share and classes, its heat map, and
    the starting-hand chart's heat map with the range's cells outlined."""
    text = _text(query, "range", limits.MAX_RANGE_TEXT)
    page = Page("ranges.html", {"range": text})
    if not text:
        page.drawn["chart"] = chart_heatmap_html(lang)
        return page
    r = parse_range(text)
    page.drawn["range"] = range_html(r, lang)
    canonical = str(r)
    page.inputs["canonical"] = canonical if len(canonical) <= limits.MAX_RANGE_TEXT else ""
    page.drawn["chart"] = chart_heatmap_html(lang, outlined=range_cells(r))
    return page


@dataclass(frozen=True)
class OddsQuery:
    """``/odds``' inputs, read and checked before any work: the hand, the draws, the seed
    and the opponents' range (``vs``, optional)."""

    hand: str
    draws: int
    seed: int
    vs: str

    @classmethod
    def read(cls, query: Mapping[str, str]) -> OddsQuery | None:
        """The checked inputs, or None when no hand is given (the empty form)."""
        hand = _text(query, "hand", 256)
        draws = _text(query, "draws", 8) or "3"
        seed = _text(query, "seed", 20) or "1"
        vs = _text(query, "vs", limits.MAX_RANGE_TEXT)
        if not hand:
            return None
        if not draws.isdigit() or not seed.isdigit():
            raise ValueError(f"draws and seed are whole numbers, not {draws!r}, {seed!r}")
        describe(hand)  # the hand's own error, before any work
        if vs:
            parse_range(vs)
        return cls(hand, int(draws), int(seed), vs)


def odds(query: Mapping[str, str], lang: str) -> Page:
    """``/odds?hand=As 2d 3c 3h&draws=3&vs=8-``: draw odds by the default policy, exact where
    the enumeration fits ``limits.MAX_ODDS_EXACT`` plays, else Monte Carlo of
    ``limits.MAX_ODDS_TRIALS`` trials (seeded by ``seed``, 1 by default, so a link repeats).
    The longer answers (the best discard, the equity and best discard against ``vs``) are
    ``odds_steps``, which the page streams with its progress (``/odds/stream``)."""
    inputs = {k: query.get(k, "")[: limits.MAX_RANGE_TEXT] for k in ("hand", "draws", "vs")}
    page = Page("odds.html", {**inputs, "draws": inputs["draws"] or "3"})
    asked = OddsQuery.read(query)
    if asked is None:
        return page
    result = draw_odds(
        asked.hand,
        asked.draws,
        max_exact=limits.MAX_ODDS_EXACT,
        trials=limits.MAX_ODDS_TRIALS,
        seed=asked.seed,
        threads=1,
    )
    page.drawn["hand"] = hand_html(describe(asked.hand), lang)
    page.drawn["odds"] = odds_html(result, lang)
    page.inputs["stream"] = urlencode(
        {"hand": asked.hand, "draws": asked.draws, "seed": asked.seed, "vs": asked.vs}
    )
    return page


Step = tuple[str, Callable[[], str]]


def odds_steps(query: Mapping[str, str], lang: str) -> list[Step]:
    """The longer parts of ``/odds``, one library call each (each bounded; the stream reports
    progress and stops between them when the page is closed or cancelled): the best discard
    (equity against a random hand, the solved table), then against ``vs``: the equity, and
    every discard's equity (``limits.MAX_DISCARD_TRIALS`` trials an option at most)."""
    asked = OddsQuery.read(query)
    if asked is None or asked.draws == 0:
        return []
    hand = asked.hand
    steps: list[Step] = [
        (
            "best_discard",
            lambda: discards_html(best_discard(hand, asked.draws), "max-equity", lang),
        )
    ]
    if asked.vs:
        them = asked.vs  # range text, read by the library (``read`` checked it)
        players = [hand, them]

        def against() -> str:
            found = equity(
                [hand, them],
                asked.draws,
                trials=limits.MAX_ODDS_TRIALS,
                max_exact=limits.MAX_ODDS_EXACT,
                seed=asked.seed,
                threads=1,
            )
            return equity_html(found, players, lang)

        def discards_against() -> str:
            options = best_discard(
                hand,
                asked.draws,
                opponents=[them],
                trials=limits.MAX_DISCARD_TRIALS,
                seed=asked.seed,
                threads=1,
            )
            return discards_html(options, "vs", lang)

        steps += [("equity", against), ("best_discard_vs", discards_against)]
    return steps


def warm() -> None:
    """What the first requests would otherwise wait for (about 1.5 s, once per process): the
    chart's heat-map cells, and the policy table ``best_discard`` solves on first use."""
    ranges({}, "en")
    best_discard("As 2d 3c 3h", 3)
