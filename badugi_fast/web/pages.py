"""The pages: each reads its inputs from the query string, calls the library, and returns what
its template shows. A ValueError (the library's own, or a bound of ``limits``) is bad input:
the app shows its message with a 400. Framework-free, so each page is a plain function of its
query; the library's objects are made anew for each request, never shared between requests.

("Page", not "view": a view is what a player sees of a game, ``game.actions.View``.)"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..cards import DECK
from ..draws.api import draw_odds
from ..draws.html import chart_heatmap_html, odds_html, range_cells, range_html
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
    drawn: dict[str, Any] = field(default_factory=dict)


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


def odds(query: Mapping[str, str], lang: str) -> Page:
    """``/odds?hand=As 2d 3c 3h&draws=3``: draw odds by the default policy, exact where the
    enumeration fits ``limits.MAX_ODDS_EXACT`` plays, else Monte Carlo of
    ``limits.MAX_ODDS_TRIALS`` trials (seeded by ``seed``, 1 by default, so a link repeats)."""
    text = _text(query, "hand", 256)
    draws_text = _text(query, "draws", 8) or "3"
    seed_text = _text(query, "seed", 20) or "1"
    page = Page("odds.html", {"hand": text, "draws": draws_text, "seed": seed_text})
    if not text:
        return page
    if not draws_text.isdigit() or not seed_text.isdigit():
        raise ValueError(f"draws and seed are whole numbers, not {draws_text!r}, {seed_text!r}")
    hand = describe(text)
    result = draw_odds(
        text,
        int(draws_text),
        max_exact=limits.MAX_ODDS_EXACT,
        trials=limits.MAX_ODDS_TRIALS,
        seed=int(seed_text),
        threads=1,
    )
    page.drawn["hand"] = hand_html(hand, lang)
    page.drawn["odds"] = odds_html(result, lang)
    return page
