"""Hands as HTML: one card, one described hand, several hands compared.

The one drawing of a hand for people: ``Hand._repr_html_`` (Jupyter) and the pages of
``badugi serve`` (``badugi_fast/web/``) both call these functions. Standard library only; the
output is self-contained (inline styles, so a notebook needs no style sheet) and carries
``bf-`` classes that the web pages' style sheet also styles. Every number shown is the
library's own: ranks from ``describe``, the best hands from ``winners``.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Protocol

from ..cards import RANK_CHARS, SUIT_SYMBOLS, Card
from .evaluator import NUM_RANKS, winners

__all__ = ["LANGUAGES", "card_html", "hand_html", "hands_html", "word"]

LANGUAGES = ("en", "ko")
# A four-colour deck, as Badugi players read suits: clubs green, diamonds blue, hearts red.
SUIT_COLOURS = ("#1b7f3b", "#1f5fbf", "#c62828", "#222222")
CARD_STYLE = (
    "display:inline-block;min-width:2.1em;padding:.15em .25em;margin:.1em;border-radius:.3em;"
    "font:600 1.05em/1.2 system-ui,sans-serif;text-align:center;background:#fff;"
)
# The words of the hand drawings, English and Korean (the names of hands are the library's own).
WORDS: dict[str, tuple[str, str]] = {
    "hand": ("hand", "패"),
    "rank": ("rank", "순위"),
    "name": ("name", "영어 이름"),
    "name_ko": ("Korean name", "족보"),
    "badugi": ("badugi (cards that count)", "바둑이 (살아 있는 카드)"),
    "best": ("best", "승"),
    "tie": ("split pot", "무승부 (나눔)"),
    "of": ("of {n}", "/ {n}"),
}


class Hand(Protocol):
    """What is drawn of a described hand (``hand.Hand``, which imports this module for its
    ``_repr_html_``: so this module names the shape, not the class)."""

    @property
    def rank(self) -> int: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def dealt(self) -> tuple[Card, ...]: ...
    @property
    def name(self) -> str: ...
    @property
    def name_ko(self) -> str: ...


def word(key: str, lang: str = "en") -> str:
    """A word of the drawings in ``lang`` (``"en"`` or ``"ko"``)."""
    return WORDS[key][LANGUAGES.index(lang)]


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"the language is one of {', '.join(LANGUAGES)}, not {lang!r}")
    return lang


def card_html(card: Card, *, marked: bool = False) -> str:
    """One card, its rank and suit symbol in the suit's colour; ``marked``: a card of the
    badugi (a solid border; the others are dimmed)."""
    border = f"2px solid {SUIT_COLOURS[card.suit]}" if marked else "1px dashed #999"
    style = f"{CARD_STYLE}color:{SUIT_COLOURS[card.suit]};border:{border};" + (
        "" if marked else "opacity:.55;"
    )
    kind = "bf-card bf-in-badugi" if marked else "bf-card"
    text = RANK_CHARS[card.rank] + SUIT_SYMBOLS[card.suit]
    return (
        f'<span class="{kind}" data-card="{card}" title="{card}" style="{style}">'
        f"{escape(text)}</span>"
    )


def cards_html(hand: Hand) -> str:
    """The dealt cards in their order, the badugi's marked."""
    counted = set(hand.cards)
    return "".join(card_html(card, marked=card in counted) for card in hand.dealt)


def hand_html(hand: Hand, lang: str = "en") -> str:
    """A described hand: its cards (the badugi's marked), rank and names."""
    lang = _lang(lang)
    first, second = (hand.name_ko, hand.name) if lang == "ko" else (hand.name, hand.name_ko)
    return (
        '<div class="bf-hand" style="display:inline-block;font-family:system-ui,sans-serif;'
        'padding:.3em .5em;border:1px solid #ddd;border-radius:.4em;">'
        f'<div class="bf-cards">{cards_html(hand)}</div>'
        f'<div class="bf-hand-name"><strong>{escape(first)}</strong> '
        f'<span lang="{"en" if lang == "ko" else "ko"}">({escape(second)})</span></div>'
        f'<div class="bf-hand-rank">{escape(word("rank", lang))} '
        f'<strong class="bf-rank">{hand.rank}</strong> '
        f"{escape(word('of', lang).format(n=f'{NUM_RANKS:,}'))}</div></div>"
    )


def hands_html(hands: Sequence[Hand], lang: str = "en") -> str:
    """Several hands compared: a table row each, in the order given, the best (by
    ``winners``) marked; more than one best is a split pot."""
    lang = _lang(lang)
    if not hands:
        return ""
    best = set(winners([hand.dealt for hand in hands]))
    head = "".join(
        f'<th style="text-align:left;padding:.2em .6em">{escape(word(key, lang))}</th>'
        for key in ("hand", "rank", "name", "name_ko", "best")
    )
    rows = []
    for i, hand in enumerate(hands):
        verdict = ""
        if i in best:
            verdict = word("best", lang) if len(best) == 1 else word("tie", lang)
        shade = "background:#fff6d5;" if i in best else ""
        rows.append(
            f'<tr class="bf-hand-row{" bf-best" if i in best else ""}" style="{shade}">'
            f'<td style="padding:.2em .6em">{cards_html(hand)}</td>'
            f'<td class="bf-rank" style="padding:.2em .6em;text-align:right">{hand.rank}</td>'
            f'<td class="bf-name" style="padding:.2em .6em">{escape(hand.name)}</td>'
            f'<td class="bf-name-ko" lang="ko" style="padding:.2em .6em">{escape(hand.name_ko)}'
            f'</td><td class="bf-verdict" style="padding:.2em .6em">{escape(verdict)}</td></tr>'
        )
    return (
        '<table class="bf-hands" style="border-collapse:collapse;font-family:system-ui,'
        f'sans-serif"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )
