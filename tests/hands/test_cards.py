"""Card ids, the Card type and every accepted way of writing cards and hands."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast import Card
from badugi_fast.cards import looks_like_cards

AS_2D_3H_4C = (3, 5, 10, 12)


def test_card_id_is_four_times_rank_plus_suit():
    assert [int(Card(text)) for text in ("Ac", "Ad", "Ah", "As", "2c", "Kc", "Ks")] == [
        0,
        1,
        2,
        3,
        4,
        48,
        51,
    ]


@pytest.mark.parametrize(
    "text",
    ["As", "as", "AS", "A♠", "♠A", "A♤", "♤a", "s A"[::2], "A♠\ufe0f"],
)
def test_the_ace_of_spades_is_read_in_every_spelling(text):
    assert Card(text) == 3


@pytest.mark.parametrize(
    ("text", "card_id"),
    [
        ("10h", 38),
        ("Th", 38),
        ("th", 38),
        ("♡10", 38),
        ("h10", 38),
        ("◇4", 13),
        ("♢4", 13),
        ("◆4", 13),
        ("♦4", 13),
        ("♣K", 48),
        ("♧k", 48),
        ("Kc", 48),
        ("9♥", 34),
        ("2♠", 7),
    ],
)
def test_ranks_and_suits_read_as_ids(text, card_id):
    assert Card(text) == card_id


@pytest.mark.parametrize(
    "hand",
    [
        "As 2d 3h 4c",
        "As,2d,3h,4c",
        "As, 2d, 3h, 4c",
        "As2d3h4c",
        "  as 2D 3h\t4C \n",
        "A♠ 2♦ 3♥ 4♣",
        "♠A ♦2 ♥3 ♣4",
        "♠A◇2♡3♣4",
        "4c 3h 2d As",
        ["As", "2d", "3h", "4c"],
        ("As", 5, Card("3h"), "4c"),
        [3, 5, 10, 12],
        (12, 10, 5, 3),
        np.array([3, 5, 10, 12], dtype=np.int64),
        np.array([3, 5, 10, 12], dtype=np.uint8),
        [np.int32(3), np.uint8(5), 10, 12],
        bf.hand_cards("As 2d 3h 4c"),
    ],
)
def test_a_hand_is_text_or_a_sequence_of_card_texts_ids_or_cards(hand):
    assert sorted(bf.hand_cards(hand)) == sorted(AS_2D_3H_4C)
    assert bf.evaluate(hand) == 1


def test_ten_is_read_in_run_together_text():
    assert [str(card) for card in bf.parse_cards("10h10sJcQd")] == ["Th", "Ts", "Jc", "Qd"]
    assert bf.evaluate("10h9s8c7d") == bf.evaluate("Th 9s 8c 7d")


def test_cards_print_as_text_and_compare_as_ids():
    card = Card("As")
    assert str(card) == "As"
    assert repr(card) == "Card('As')"
    assert card.symbol == "A♠"
    assert (card.rank, card.suit) == (0, 3)
    assert card == 3 and isinstance(card, int)
    assert Card(card) is card
    assert Card(38) is bf.DECK[38]
    assert pickle.loads(pickle.dumps(card)) is card


def test_the_deck_lists_the_52_cards_in_id_order():
    assert len(bf.DECK) == 52
    assert [int(card) for card in bf.DECK] == list(range(52))
    assert bf.format_cards(bf.DECK[:5]) == "Ac Ad Ah As 2c"
    assert len({str(card) for card in bf.DECK}) == 52


def test_every_card_text_reads_back_as_the_same_card():
    for card in bf.DECK:
        assert Card(str(card)) is card
        assert Card(card.symbol) is card


@pytest.mark.parametrize(
    ("text", "meant"),
    [
        ("As 2d 3c Kh", True),
        ("As 2d 3c", True),
        ("As 2d 3c Kx", True),  # a typo is still an attempt at cards
        ("As 2d 3c Xx", True),
        ("As 2d 3h 4", True),
        ("As2d3cKx", True),
        ("10h, ♠A ♠️K", True),
        ("8-", False),
        ("A23x", False),
        ("KQJT", False),
        ("AT", False),
        ("Xx", False),  # no token shaped like a card
        ("A 2 3 4", False),
        ("6탑", False),
        ("7메이드", False),
        ("any", False),
        (" ", False),
    ],
)
def test_text_of_card_tokens_only_looks_like_cards_even_with_a_typo(text, meant):
    assert looks_like_cards(text) is meant
