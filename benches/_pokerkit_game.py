"""The alternative a user would pick for a pure-Python Badugi engine: pokerkit's FixedLimitBadugi,
driven by the same drawer rules (bets and raises a 9-high badugi or better, calls with any
badugi or a three-card hand before the last draw, draws by the default policy in C). Only the
engine differs from badugi_fast.play.simulate, so the hands per second compare engines. pokerkit
shuffles with its own unseeded generator, so the deals differ from ours: the rates are per hand
over hundreds of hands, which both sides play by the same rules."""

from __future__ import annotations

from pokerkit import Automation, FixedLimitBadugi

from badugi_fast._badugi import lib
from badugi_fast.cards import card_id
from badugi_fast.hands.evaluator import evaluate
from badugi_fast.hands.naming import class_ranks

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
RAISE_TOP, CALL_TOP = 8, 12  # 9 and K, ace = 0


def play_pokerkit_hands(hands: int, seats: int = 2, stack: int = 200) -> list[int]:
    """Plays ``hands`` independent hands; returns the chips each seat won in all."""
    won = [0] * seats
    for _ in range(hands):
        state = FixedLimitBadugi.create_state(AUTOMATIONS, True, 0, (1, 2), 2, 4, stack, seats)
        discarded: list[int] = [0] * seats
        while state.status:
            drawing = state.can_stand_pat_or_discard()
            seat = state.stand_patter_or_discarder_index if drawing else state.actor_index
            assert seat is not None
            ids = [card_id(repr(card)) for card in state.hole_cards[seat]]
            if drawing:
                kept = lib.bf_draw_keep(bytes(ids), discarded[seat], 0)
                thrown = [c for i, c in enumerate(state.hole_cards[seat]) if not kept >> i & 1]
                for card in thrown:
                    discarded[seat] |= 1 << card_id(repr(card))
                state.stand_pat_or_discard(thrown)
                continue
            badugi = class_ranks(evaluate(ids))
            size, top = len(badugi), badugi[-1]
            to_call = state.checking_or_calling_amount or 0
            if size == 4 and top <= RAISE_TOP and state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to()
            elif (
                to_call == 0
                or (size == 4 and top <= CALL_TOP)
                or (size >= 3 and state.street_index is not None and state.street_index < 3)
            ):
                state.check_or_call()
            else:
                state.fold()
        won = [w + chips - stack for w, chips in zip(won, state.stacks, strict=True)]
    return won
