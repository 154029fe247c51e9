"""A hand's HTML (``hands/html.py``), which ``Hand._repr_html_`` and the web pages share: the
library's rank and names, the badugi's cards marked, hands compared by ``winners``, and every
piece of text escaped."""

from __future__ import annotations

import re

import pytest

import badugi_fast as bf
from badugi_fast.hands.html import card_html, hand_html, hands_html


def test_a_hands_notebook_drawing_is_the_pages_drawing() -> None:
    hand = bf.describe("As 2d 3h 3c")
    assert hand._repr_html_() == hand_html(hand)


def test_a_hand_shows_its_rank_and_both_names_and_marks_its_badugi() -> None:
    hand = bf.describe("Kc 2d 3h 3c")
    html = hand_html(hand)
    assert f'<strong class="bf-rank">{hand.rank}</strong>' in html
    assert hand.name in html and hand.name_ko in html
    marked = re.findall(r'class="bf-card bf-in-badugi" data-card="(\w\w)"', html)
    assert sorted(marked) == sorted(str(c) for c in hand.cards)
    assert len(re.findall(r'data-card="', html)) == 4


def test_korean_puts_the_korean_name_first() -> None:
    hand = bf.describe("As 4c 5d 6d")
    html = hand_html(hand, "ko")
    assert html.index(hand.name_ko) < html.index(hand.name)
    assert "순위" in html


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="the language is one of en, ko"):
        hand_html(bf.describe("As 2d 3h 4c"), "fr")


def test_hands_compared_mark_the_winners_and_a_split_pot() -> None:
    hands = [bf.describe(h) for h in ("Kc Kd 5h 6s", "As 2d 3h 4c", "Ac 2h 3d 4s")]
    html = hands_html(hands)
    rows = re.findall(r'<tr class="bf-hand-row( bf-best)?"', html)
    assert [bool(r) for r in rows] == [i in bf.winners([h.dealt for h in hands]) for i in range(3)]
    assert "split pot" in html
    alone = hands_html(hands[:2])
    assert "split pot" not in alone and ">best<" in alone


def test_a_card_is_drawn_in_its_suits_colour_with_its_symbol() -> None:
    html = card_html(bf.Card("Th"), marked=True)
    assert "T♥" in html and "#c62828" in html and 'data-card="Th"' in html


def test_no_hands_draw_nothing() -> None:
    assert hands_html([]) == ""
