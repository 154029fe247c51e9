"""Every example of the rule sources (the 족보 article, the Korean room rules, Wikipedia's Badugi
article, the casino rules), as known answers.

The examples of Wikipedia's Badugi article are read as its English original states them.
"""

from __future__ import annotations

import pytest

import badugi_fast as bf
from badugi_fast.hands import reference


def made(*ranks: str) -> str:
    """A four-card badugi of these ranks (suits c, d, h, s in turn): for examples given as ranks."""
    return " ".join(rank + suit for rank, suit in zip(ranks, "cdhs"[: len(ranks)], strict=True))


# (hand, badugi cards highest first, canonical Korean name, one of its sources' spellings or None)
READINGS = [
    # the 족보 article: 메이드 / 베이스 / 투베이스, and the duplicate-removal examples
    ("♠A ♣4 ♦5 ♥6", "6h 5d 4c As", "6메이드", "6탑"),
    ("♠A ♣4 ♦5 ♦6", "5d 4c As", "A45 베이스", "145 베이스"),
    ("♠A ♣4 ♦5 ♦6", "5d 4c As", "A45 베이스", "5베이스"),
    ("♠A ♣A ♦5 ♦6", "5d Ac", "A5 투베이스", "A 5 투베이스"),
    ("♠4 ♠5 ♦6 ♥7", "7h 6d 4s", "467 베이스", None),
    ("♠4 ♣5 ♦6 ♥6", "6d 5c 4s", "456 베이스", None),
    ("♠2 ♦4 ♥4 ♥J", "Jh 4d 2s", "24J 베이스", None),
    ("As 2d 3c Kc", "3c 2d As", "엠비씨", "A23 베이스"),
    # the Korean room rules: 메이드 examples, 베이스 and 투베이스 worked examples
    ("♠4 ♡6 ◇J ♣K", "Kc Jd 6h 4s", "K메이드", "K탑"),
    ("♠8 ◇10 ♡J ♣Q", "Qc Jh Td 8s", "Q메이드", None),
    ("◇4 ♣5 ♡J ♠K", "Ks Jh 5c 4d", "K메이드", None),
    ("♠A ◇4 ♡8 ♡Q", "8h 4d As", "A48 베이스", "A, 4, 8 베이스"),
    ("♠4 ◇4 ♡8 ♣Q", "Qc 8h 4d", "48Q 베이스", "4, 8, Q 베이스"),
    ("♡3 ◇4 ♠4 ♠K", "Ks 4d 3h", "34K 베이스", "3, 4, K 베이스"),
    ("♠A ♡4 ♡8 ♡Q", "4h As", "A4 투베이스", None),
    ("♡4 ◇4 ♠4 ♠K", "Ks 4d", "4K 투베이스", None),
    ("◇4 ◇5 ♠4 ♠K", "5d 4s", "45 투베이스", None),
    ("As 2d 3h 4c", "4c 3h 2d As", "골프", None),
    ("As 2d 3h 5c", "5c 3h 2d As", "세컨드", None),
    ("As 2d 4h 5c", "5c 4h 2d As", "서드", None),
    # Wikipedia's Badugi article: the evaluation examples
    ("2♠ 3♠ 4♦ 7♥", "7h 4d 2s", "247 베이스", None),
    ("A♠ 5♦ 9♦ 9♥", "9h 5d As", "A59 베이스", None),
    ("A♣ 2♠ 2♥ J♦", "Jd 2h Ac", "A2J 베이스", None),
    ("A♠ 2♣ 3♦ 3♠", "3d 2c As", "엠비씨", None),
    ("A♦ 2♥ 3♣ K♣", "3c 2h Ad", "엠비씨", None),
    ("5♦ 7♣ K♣ K♥", "Kh 7c 5d", "57K 베이스", None),
    ("2♠ 3♦ K♠ K♦", "3d 2s", "23 투베이스", None),
    ("K♣ K♦ K♥ K♠", "Kc", "무탑", "무패"),
    # the casino rules: 3d 8c Ks Kc is a three-card hand (Kc pairs the king and shares the 8's suit)
    ("3d 8c Ks Kc", "Ks 8c 3d", "38K 베이스", None),
]


@pytest.mark.parametrize(("hand", "badugi", "name_ko", "source_spelling"), READINGS)
def test_source_hands_read_as_the_sources_say(hand, badugi, name_ko, source_spelling):
    described = bf.describe(hand)
    assert [str(card) for card in described.cards] == badugi.split()
    assert described.name_ko == name_ko
    assert described.size == len(badugi.split())
    assert described.rank == reference.evaluate(hand)
    if source_spelling is not None:
        assert source_spelling in described.aliases or source_spelling == described.name_ko
        assert described.rank in bf.lookup_name(source_spelling)


# (winner, loser) pairs
BEATS = [
    # the 족보 article: same category, compare from the highest card down
    (made("A", "3", "6", "7"), made("2", "4", "5", "8")),
    (made("A", "2", "5", "7"), made("2", "4", "6", "7")),
    (made("A", "2", "5", "7"), made("A", "3", "5", "7")),
    (made("A", "3", "5", "7"), made("2", "3", "5", "7")),
    ("♠A ♣4 ♦5 ♥6", "♠A ♣4 ♦5 ♦6"),  # 메이드 > 베이스
    ("♠A ♣4 ♦5 ♦6", "♠A ♣A ♦5 ♦6"),  # 베이스 > 투베이스
    ("♠A ♣A ♦5 ♦6", "♠4 ♠5 ♠6 ♠7"),  # 투베이스 > 무탑
    ("As 2d 3c Kc", "As 2d 4c Kc"),  # 엠비씨 is the best 베이스
    # the Korean room rules: Q-high beats K-high; K-J-5 beats K-J-6; golf > second > third > rest
    ("♠8 ◇10 ♡J ♣Q", "♠4 ♡6 ◇J ♣K"),
    ("◇4 ♣5 ♡J ♠K", "♠4 ♡6 ◇J ♣K"),
    ("As 2d 3h 4c", "As 2d 3h 5c"),
    ("As 2d 3h 5c", "As 2d 4h 5c"),
    ("As 2d 4h 5c", "As 3d 4h 5c"),
    ("As 2d 4h 5c", "2s 3d 4h 5c"),
    # Wikipedia's Badugi article, as its English original reads
    ("2♠ 4♦ 5♣ 6♥", "A♠ 2♦ 3♣ 7♥"),
    ("4♠ 5♣ 6♦ K♥", "2♠ 3♠ 4♦ 7♥"),
    ("A♠ 5♦ 9♦ 9♥", "A♣ 2♠ 2♥ J♦"),
    ("2♠ 3♠ 4♦ 7♥", "4♠ 5♠ 6♦ K♥"),
    ("5♦ 7♣ K♣ K♥", "2♠ 3♦ K♠ K♦"),
    # Wikipedia's Badugi article's sample hand: Carol's 8-7-5-3 beats Alice's 9-6-4-2
    (made("3", "5", "7", "8"), made("2", "4", "6", "9")),
]


@pytest.mark.parametrize(("winner", "loser"), BEATS)
def test_source_comparisons_hold(winner, loser):
    assert bf.compare(winner, loser) == 1
    assert bf.compare(loser, winner) == -1
    assert bf.winners([loser, winner]) == [1]
    assert reference.evaluate(winner) < reference.evaluate(loser)


TIES = [
    ("A♠ 2♣ 3♦ 3♠", "A♦ 2♥ 3♣ K♣"),  # Wikipedia's Badugi article: both reduce to A-2-3
    (
        made("A", "2", "5", "7"),
        "As 2h 5d 7c",
    ),  # the 족보 article: same ranks tie, suits never count
]


@pytest.mark.parametrize(("a", "b"), TIES)
def test_source_ties_split_the_pot(a, b):
    assert bf.compare(a, b) == 0
    assert bf.winners([a, b]) == [0, 1]


def test_golf_is_the_best_hand_and_four_kings_the_worst():
    assert bf.evaluate("A♠ 2♦ 3♣ 4♥") == bf.BEST_RANK == 1
    assert bf.evaluate("K♣ K♦ K♥ K♠") == bf.WORST_RANK == 1092


@pytest.mark.parametrize("hand", ["Ks Kh Kd Kc", "2h 5h 9h Kh", "Ac Ad Ah As", "As 3s 7s Qs"])
def test_four_cards_of_one_suit_or_one_rank_are_mutap(hand):
    described = bf.describe(hand)
    assert described.category == "one-card"
    assert described.name_ko == "무탑"


def test_a_three_card_hand_with_ten_outs_is_the_sources_draw_example():
    """The odds example of Wikipedia's Badugi article: A-2-3 of three suits plus a junk card is a
    three-card A-2-3, and exactly ten unseen cards (4-K of the missing suit) complete a four-card
    badugi."""
    hand = bf.hand_cards("As 2d 3c 3h")
    assert bf.describe(hand).name_ko == "엠비씨"
    kept = [card for card in hand if card != bf.Card("3h")]
    unseen = [card for card in bf.DECK if card not in hand]
    outs = [card for card in unseen if bf.describe([*kept, card]).size == 4]
    assert sorted(str(card) for card in outs) == sorted(f"{r}h" for r in "456789TJQK")
