"""The trainer's betting against Game at every node. csrc/blueprint/train.c keeps its own copy of
the betting of ``Rules(small_bet=2, cap_heads_up=True)`` heads-up (a state machine a traversal
can copy by value: it must stay, for speed); this walks every node of that game, all four
betting rounds, through ``bf_bp_replay`` and ``Game`` side by side: at every decision the same
player, legal slots, information set, kind and amount, and at every end (a fold or a showdown)
the same net chips. The draws in between stand pat (one fixed slot: a draw never changes what
betting is legal), so the walk is the betting tree itself: 17,858 nodes (6,378 betting
decisions, 1,274 draws, 5,103 folds and 5,103 showdowns), about 10 s."""

from __future__ import annotations

import pickle

from badugi_fast._badugi import ffi, lib
from badugi_fast.blueprint import read_decision
from badugi_fast.blueprint.abstraction import AGGRESSIVE, FOLD, PASSIVE, PAT
from badugi_fast.cards import DECK, card_id
from badugi_fast.game import Action, ActionKind, Game, Rules

K = ActionKind
RULES = Rules(small_bet=2, cap_heads_up=True)
STACK = 200  # deep: the most a hand can cost is 48 (four bets a round)
# player 0 (seat 0, the big blind) holds a seven, the button a worse nine: a showdown is won,
# so its net chips are the pot's, not a split
BIG_BLIND = ["7c", "2d", "3h", "4s"]
BUTTON = ["9c", "5d", "6h", "8s"]
SLOT_OF_KIND = {K.FOLD: FOLD, K.CHECK: PASSIVE, K.CALL: PASSIVE, K.BET: AGGRESSIVE,
                K.RAISE: AGGRESSIVE}  # fmt: skip
KIND_OF_STEP = {lib.BF_BP_FOLD: K.FOLD, lib.BF_BP_CHECK: K.CHECK, lib.BF_BP_CALL: K.CALL,
                lib.BF_BP_BET: K.BET, lib.BF_BP_RAISE: K.RAISE, lib.BF_BP_DRAW: K.DRAW}  # fmt: skip


def _deck() -> list[int]:
    """The two hands dealt a card at a time, player 0 first; the rest of the deck in order."""
    top = [card_id(c) for pair in zip(BIG_BLIND, BUTTON, strict=True) for c in pair]
    return top + [c for c in range(52) if c not in top]


class _Trainer:
    """The C trainer's game replayed by a list of slots (csrc/blueprint/train.h)."""

    def __init__(self, deck: list[int]) -> None:
        self.rules = ffi.new("bf_bp_rules *", {"ranks": 13, "suits": 4, "draws": 3,
                                               "small_bet": RULES.small_bet,
                                               "abstraction": 1})  # fmt: skip
        self.deck = bytes(deck)
        self.steps = ffi.new("bf_bp_step[64]")
        self.net = ffi.new("int64_t[2]")

    def play(self, slots: list[int]) -> int:
        """The decisions played, BF_BP_SHORT if the hand goes on, BF_BP_BAD if illegal."""
        return lib.bf_bp_replay(self.rules, self.deck, len(self.deck), 0, bytes(slots),
                                len(slots), self.steps, self.net)  # fmt: skip


def _walk(game: Game, slots: list[int], trainer: _Trainer, seen: dict[str, int]) -> None:
    """Checks the decision after ``slots`` (played in ``game``), then each child, depth first."""
    seat = game.actor
    assert seat is not None
    drawing = game.phase.value == "draw"
    if drawing:  # a draw's legal slots depend on the hand, not the betting: stand pat only
        legal, tried = {PAT: Action.draw()}, (PAT,)
    else:
        legal = {SLOT_OF_KIND[a.kind]: a for a in game.legal_actions()}
        assert len(legal) == len(game.legal_actions())  # one action a slot
        tried = (FOLD, PASSIVE, AGGRESSIVE)
    seen["draws" if drawing else "bets"] += 1
    infosets, children = set(), []
    for slot in tried:
        played = trainer.play([*slots, slot])
        if slot not in legal:
            assert played == lib.BF_BP_BAD, (slots, slot)
            continue
        step = trainer.steps[len(slots)]
        action = legal[slot]
        where = (slots, slot, action)
        assert step.player == seat, where  # seat 0 is the big blind, player 0
        if not drawing:
            assert step.legal == sum(1 << s for s in legal), where
        assert KIND_OF_STEP[step.kind] == action.kind, where
        assert step.amount == (len(action.cards) if drawing else action.amount), where
        infosets.add(step.infoset)
        children.append((slot, action, played, [trainer.net[0], trainer.net[1]]))
    # what the trainer files the decision under is what the blueprint reads of Game's view
    assert infosets == {read_decision(game.view(seat), RULES.small_bet).infoset}, slots
    # pickle: a copy of the game several times faster than deepcopy (a Card is rebuilt there)
    snapshot = pickle.dumps(game, pickle.HIGHEST_PROTOCOL)
    for slot, action, played, net in children:
        child: Game = pickle.loads(snapshot)
        child.act(action)
        where = (slots, slot, action)
        if child.done:
            seen["folds" if action.kind is K.FOLD else "showdowns"] += 1
            assert played == len(slots) + 1, where
            assert net == [child.stacks[p] - STACK for p in range(2)], where
        else:
            assert played == lib.BF_BP_SHORT, where
            _walk(child, [*slots, slot], trainer, seen)


def test_every_node_of_the_trainers_betting_is_games() -> None:
    deck = _deck()
    game = Game([STACK, STACK], RULES, button=1, deck=[DECK[c] for c in deck])
    seen = dict.fromkeys(("bets", "draws", "folds", "showdowns"), 0)
    _walk(game, [], _Trainer(deck), seen)
    # 7 ways through the first round to the draw and 9 through each later one: 7 * 9 ** 3 showdowns
    assert seen == {"bets": 6378, "draws": 2 * (7 + 7 * 9 + 7 * 81), "folds": 5103,
                    "showdowns": 7 * 9**3}  # fmt: skip
