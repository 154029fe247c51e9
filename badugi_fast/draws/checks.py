"""Argument checks for the draw functions, run before any work: every bad value is named."""

from __future__ import annotations

from collections.abc import Sequence

from .._runtime.threads import thread_count
from .._runtime.validate import below_2_64, check_seed, check_trials, whole
from ..cards import DECK, MAX_HAND_TEXT, CardLike, card_id, looks_like_cards, parse_cards
from ..errors import InvalidHandError, shown
from ..hands.evaluator import HandLike, fast_hand_ids
from .limits import Limits
from .policies.kept import caps_for
from .ranges.range import InvalidRangeError, Range, parse_range

Seat = tuple[int, int, int, int] | None  # a known hand's ids, or None for a random hand
Holding = Seat | Range  # what a player may hold: a seat of the C engine, or a range of hands


def check_draws(draws: object) -> int:
    return whole("draws", draws, 0, 3)


def card_set(cards: str | Sequence[CardLike] | None, what: str) -> frozenset[int]:
    """Distinct cards (text or a sequence) as ids; a repeated card is named."""
    if cards is None:
        return frozenset()
    ids = (
        [int(c) for c in parse_cards(cards)]
        if isinstance(cards, str)
        else [card_id(c) for c in cards]
    )
    for i, card in enumerate(ids):
        if card in ids[:i]:
            raise ValueError(f"{what}: {DECK[card]} is given twice")
    return frozenset(ids)


def seat_of(hand: HandLike | Range | None) -> Holding:
    """One player's hand as a seat of the C engine: its card ids, a Range (given as one or as
    range text, when the text is not a hand), or None for a random hand. Text of card tokens
    only that is neither ("As 2d 3c", "As 2d 3c Kx") is a mistyped hand: its error is the hand's.

    The single place where a player specification becomes a seat."""
    if hand is None or isinstance(hand, Range):
        return hand
    if isinstance(hand, str):
        try:
            return fast_hand_ids(hand)
        except InvalidHandError as not_a_hand:
            try:
                return parse_range(hand)
            except InvalidRangeError as not_a_range:
                if looks_like_cards(hand):
                    raise not_a_hand from None
                if len(hand) > MAX_HAND_TEXT and "," not in hand:  # both refuse it for length
                    raise InvalidRangeError(
                        f"{shown(hand)} is neither a hand nor a range: a hand's text and a range"
                        f" element are at most {MAX_HAND_TEXT} characters, got {len(hand):,}",
                        not_a_range.element,
                        not_a_range.position,
                    ) from None
                raise InvalidRangeError(
                    f"{shown(hand)} is neither a hand ({not_a_hand}) nor a range ({not_a_range})",
                    not_a_range.element,
                    not_a_range.position,
                ) from None
    return fast_hand_ids(hand)


def opponent_seats(opponents: object, most: int) -> list[Holding]:
    """best_discard's opponents: a list of hands, None for a random hand."""
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        raise TypeError("opponents is a list of hands (None for a random hand), not one str")
    if not 1 <= len(opponents) <= most:
        raise ValueError(f"best_discard takes 1 to {most} opponents, got {len(opponents)}")
    return [seat_of(hand) for hand in opponents]


def check_apart(hands: Sequence[Sequence[int] | Range | None], dead: frozenset[int]) -> None:
    """No card may be in two hands, or in a hand and among the dead cards (ranges: see
    range_equity)."""
    seen: dict[int, int] = {}
    for i, hand in enumerate(hands, start=1):
        for card in () if hand is None or isinstance(hand, Range) else hand:
            if card in seen:
                raise ValueError(f"{DECK[card]} is in hand {seen[card]} and in hand {i}")
            seen[card] = i
    for card in sorted(dead):
        if card in seen:
            raise ValueError(f"{DECK[card]} is in hand {seen[card]} and in the dead cards")


def check_run(seed: object, threads: object, max_exact: object, trials: object = None) -> None:
    """Validate the arguments every draw function shares, before any work (trials too, though
    an exact answer will not use them)."""
    check_seed(seed)
    if threads is not None:
        thread_count(threads, 1)  # type: ignore[arg-type]
    below_2_64("max_exact", max_exact)
    check_trials(trials)


def trials_or(trials: object, default: int) -> int:
    checked = check_trials(trials)
    return default if checked is None else checked


def first_discard(
    ids: Sequence[int],
    discard: str | Sequence[CardLike] | None,
    draws: int,
    caps: Limits | None,
) -> tuple[int, ...] | None:
    """The fixed first discard, checked against the hand, the draws and the cutting limit."""
    if discard is None:
        return None
    thrown = card_set(discard, "discard")
    if not thrown <= set(ids):
        extra = ", ".join(str(DECK[c]) for c in sorted(thrown - set(ids)))
        raise ValueError(f"the discard holds {extra}, which the hand does not")
    if draws == 0:
        raise ValueError("a discard needs at least one draw")
    cap = caps_for(caps, draws)[0]
    if len(thrown) > cap:
        raise ValueError(f"the cutting limit allows {cap} cards at this draw, not {len(thrown)}")
    return tuple(sorted(thrown))
