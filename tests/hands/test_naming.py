"""English and Korean names, categories, and looking classes up by name."""

from __future__ import annotations

from itertools import combinations

import pytest

import badugi_fast as bf
from badugi_fast.hands.naming import class_rank, english_name, korean_aliases, korean_name


@pytest.mark.parametrize(
    ("hand", "name", "category", "size"),
    [
        ("7s 5d 3h Ac", "7-5-3-A badugi", "badugi", 4),
        ("Ks Qd Jh Tc", "K-Q-J-T badugi", "badugi", 4),
        ("7s 4d 2h 2s", "three-card 7-4-2", "three-card", 3),
        ("5s Ad Ah As", "two-card 5-A", "two-card", 2),
        ("Kc Kd Kh Ks", "one-card K", "one-card", 1),
    ],
)
def test_english_names_and_categories(hand, name, category, size):
    described = bf.describe(hand)
    assert described.name == str(described) == name
    assert described.category == category and described.category is bf.Category(category)
    assert described.size == size


@pytest.mark.parametrize(
    ("hand", "name_ko"),
    [
        ("Ac 4d 5h 6s", "6메이드"),
        ("2c 4d 5h 6s", "6메이드"),
        ("Ac 2d 3h 4s", "골프"),
        ("Ac 2d 3h 5s", "세컨드"),
        ("Ac 2d 4h 5s", "서드"),
        ("Ac 3d 4h 5s", "5메이드"),
        ("Ac 2d 3h 3c", "엠비씨"),
        ("Ac 4d 5h 5c", "A45 베이스"),
        ("2s 4d Jh Js", "24J 베이스"),
        ("Ts Jd Qh Qs", "10JQ 베이스"),
        ("As Ad 5h 5c", "A5 투베이스"),
        ("Tc Jc Qc Kc", "무탑"),
    ],
)
def test_korean_names_write_ranks_low_to_high_with_a_and_10(hand, name_ko):
    assert bf.describe(hand).name_ko == name_ko


def test_every_class_is_found_by_its_english_name_its_korean_name_and_each_alias():
    for size in (4, 3, 2, 1):
        for ranks in combinations(range(13), size):
            rank = class_rank(ranks)
            for name in (english_name(ranks), korean_name(ranks), *korean_aliases(ranks)):
                assert rank in bf.lookup_name(name), name
            assert bf.lookup_name(english_name(ranks)) == (rank,)


def test_aliases_never_repeat_the_canonical_name():
    for hand in (
        "Ac 4d 5h 6s",
        "Ac 4d 5h 5c",
        "As Ad 5h 5c",
        "Kc Kd Kh Ks",
        "As 2d 3h 3c",
        "As 2d 3h 4c",
    ):
        described = bf.describe(hand)
        assert described.name_ko not in described.aliases
        assert len(set(described.aliases)) == len(described.aliases)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("145 베이스", ["Ac 4d 5h 5c"]),
        ("A, 4, 5 베이스", ["Ac 4d 5h 5c"]),
        ("a45베이스", ["Ac 4d 5h 5c"]),
        ("엠비씨", ["As 2d 3h 3c"]),
        ("골프", ["As 2d 3h 4c"]),
        ("4-3-2-A badugi", ["As 2d 3h 4c"]),
        ("A 5 투베이스", ["As Ad 5h 5c"]),
        ("10JQ 베이스", ["Ts Jd Qh Qs"]),
        ("TJQ 베이스", ["Ts Jd Qh Qs"]),
    ],
)
def test_a_name_that_denotes_one_class_finds_exactly_it(name, expected):
    assert bf.lookup_name(name) == tuple(bf.evaluate(hand) for hand in expected)


def test_a_made_hand_named_by_its_top_card_finds_every_such_class():
    six_high = bf.lookup_name("6탑")
    assert six_high == bf.lookup_name("6메이드") == bf.lookup_name("메이드 6탑")
    assert len(six_high) == 10  # C(5, 3) ways to choose the three cards under the 6
    assert bf.evaluate("Ac 4d 5h 6s") in six_high and bf.evaluate("3c 4d 5h 6s") in six_high
    assert bf.lookup_name("무탑") == tuple(range(1080, 1093))


def test_class_rank_numbers_classes_from_golf_to_four_kings():
    assert class_rank((0, 1, 2, 3)) == 1
    assert class_rank((9, 10, 11, 12)) == 715
    assert class_rank((0, 1, 2)) == 716
    assert class_rank((0, 1)) == 1002
    assert class_rank((0,)) == 1080
    assert class_rank((12,)) == 1092
    assert korean_name((12,)) == "무탑"
