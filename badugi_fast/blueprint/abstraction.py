"""The blueprint's abstraction: what each decision of heads-up fixed-limit Badugi sees.

This is the Python reading of csrc/blueprint/abstraction.h (the trainer's C works on the same
numbers; the tests walk hands through both). docs/blueprint.md says why each piece is there.

=================  ===========================================================================
players            0 the big blind (left of the button: first to act after each draw, first to
                   draw), 1 the button (the small blind, first to act before the first draw)
private bucket     the hand's best badugi: its size, top rank and (two cards or more) second
                   rank: 55 four-card, 66 three-card, 78 two-card and 13 one-card buckets (212)
public, betting    the round, its betting node exactly (bets and raises so far, whether it
                   opened with a check or a limp: 8 nodes before the first draw, 10 after),
                   each player's chips in at the round's start (in small bets), who bet or
                   raised last in the round before (nobody, me, the opponent), and the cards
                   the opponent threw at the last draw
public, draws      the draw, the chips in, the last aggressor of the round just played, the
                   cards the opponent threw at the draw before, and (drawing second) at this one
slots              betting: fold, check or call, bet or raise; draws: stand pat, throw every
                   card outside the badugi, or also its top card (break it)
abstraction 2      as abstraction 1, and each decision after the first draw also sees the
                   cards the deciding player threw at the last draw (stood pat, one card, two
                   or more: ``mine``), its own line of draws that the opponent reads
abstraction 3      as abstraction 2, and each betting decision of rounds 2 and 3 also sees the
                   cards the opponent threw at the draw before its last one, in the same three
                   classes (``opp_earlier``): an opponent pat since the first draw is not read
                   as one that made its hand at the second
=================  ===========================================================================

Every public index and bucket is a number; an information set is ``bucket *
public_count(abstraction) + public`` (bucket-major: a hand's decisions of a round sit together
in the trainer's tables), with ``SLOTS`` action slots each (a slot the rules do not allow there
is never played). ``PUBLIC`` and ``INFOSETS`` are abstraction 1's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..cards import Card
from ..game.actions import Action, ActionKind, Phase, View

K = ActionKind
BUCKETS = 212
SLOTS = 3
PUBLIC = 6440  # abstraction 1's public indices
INFOSETS = PUBLIC * BUCKETS
ABSTRACTIONS = (1, 2, 3)
_PUBLIC_COUNT = {1: PUBLIC, 2: 19160, 3: 40760}
MAX_BETS = 4  # a bet and three raises a round (cap_heads_up); before the first draw, the blind
_BET_OFFSET = {1: (0, 8, 608, 1808), 2: (0, 8, 1808, 5408), 3: (0, 8, 1808, 12608)}
_DRAW_OFFSET = {
    1: (0, 4208, 4280, 5000),
    2: (0, 12608, 12680, 14840),
    3: (0, 34208, 34280, 36440),
}
POTS = (1, 4, 8, 16)  # the pot values (chips in at the start of round r, in small bets, less one)
FOLD, PASSIVE, AGGRESSIVE = 0, 1, 2  # betting slots
PAT, KEEP, BREAK = 0, 1, 2  # draw slots


def best_badugi(hand: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """The hand's best badugi, by brute force over its subsets: the most cards of distinct
    ranks and suits, then the lowest top card, next card and so on; of equal ones, the subset of
    the lowest card ids (lowest first)."""
    if len(hand) != 4 or len({int(c) for c in hand}) != 4:
        raise ValueError(f"a hand is four distinct cards, not {list(map(str, hand))}")
    for size in (4, 3, 2, 1):
        found = [
            tuple(sorted(subset))
            for subset in combinations(hand, size)
            if len({c.rank for c in subset}) == size and len({c.suit for c in subset}) == size
        ]
        if found:
            return min(found, key=lambda s: (sorted((c.rank for c in s), reverse=True), s))
    raise AssertionError("a single card is always a badugi")


def bucket(hand: tuple[Card, ...] | list[Card]) -> int:
    """The private bucket of a hand (csrc/blueprint/abstraction.h's table)."""
    ranks = sorted(c.rank for c in best_badugi(hand))
    size, top = len(ranks), ranks[-1]
    second = ranks[-2] if size > 1 else 0
    if size == 4:
        return (top - 3) * (top - 2) // 2 + second - 2
    if size == 3:
        return 55 + (top - 2) * (top - 1) // 2 + second - 1
    if size == 2:
        return 121 + (top - 1) * top // 2 + second
    return 199 + top


def thrown(hand: tuple[Card, ...] | list[Card], slot: int) -> tuple[Card, ...] | None:
    """The cards a draw slot throws (None: the slot does not exist for this hand)."""
    keep = best_badugi(hand)
    if slot == PAT:
        return ()
    if slot == KEEP:
        return None if len(keep) == 4 else tuple(c for c in hand if c not in keep)
    if slot == BREAK:
        top = max(keep)
        return tuple(c for c in hand if c not in keep or c == top)
    raise ValueError(f"a draw slot is 0, 1 or 2, not {slot}")


def check_abstraction(abstraction: int) -> int:
    """``abstraction`` if it is one of ``ABSTRACTIONS``, else ValueError (TypeError for a
    non-integer)."""
    if isinstance(abstraction, bool) or not isinstance(abstraction, int):
        raise TypeError(f"abstraction is a whole number, not {type(abstraction).__name__}")
    if abstraction not in ABSTRACTIONS:
        raise ValueError(f"abstraction is one of {ABSTRACTIONS}, not {abstraction}")
    return abstraction


def public_count(abstraction: int = 1) -> int:
    """The number of public indices of an abstraction."""
    return _PUBLIC_COUNT[check_abstraction(abstraction)]


def infosets(abstraction: int = 1) -> int:
    """The number of information sets of an abstraction (buckets times public indices)."""
    return public_count(abstraction) * BUCKETS


def mine_class(count: int) -> int:
    """The class of a draw of ``count`` cards abstractions 2 and 3 read (a player's own last
    draw; in abstraction 3 also the opponent's draw before its last): 0 stood pat, 1 one card,
    2 two or more."""
    if not 0 <= count <= 4:
        raise ValueError(f"a draw throws 0 .. 4 cards, not {count}")
    return min(count, 2)


def public_betting(
    round_index: int,
    node: int,
    pot: int,
    aggressor: int,
    opp_drew: int,
    mine: int = 0,
    *,
    abstraction: int = 1,
    opp_earlier: int = 0,
) -> int:
    """The public index of a betting decision (ValueError for a field out of range); ``mine``
    (abstractions 2 and 3, after the first draw) is ``mine_class`` of the player's own last
    draw, ``opp_earlier`` (abstraction 3, rounds 2 and 3) that of the opponent's draw before
    its last."""
    mines = _mines(abstraction, round_index)
    earliers = 3 if abstraction == 3 and round_index >= 2 else 1
    if not 0 <= round_index <= 3 or not 0 <= node < (10 if round_index else 8):
        raise ValueError(f"no betting node {node} in round {round_index}")
    if not 0 <= mine < mines:
        raise ValueError(f"mine is 0 .. {mines - 1} here, not {mine}")
    if not 0 <= opp_earlier < earliers:
        raise ValueError(f"opp_earlier is 0 .. {earliers - 1} here, not {opp_earlier}")
    if round_index == 0:
        return node
    _check_history(round_index, pot, aggressor)
    if not 0 <= opp_drew <= 4:
        raise ValueError(f"a draw throws 0 .. 4 cards, not {opp_drew}")
    return (
        _BET_OFFSET[abstraction][round_index]
        + ((((pot * 3 + aggressor) * 5 + opp_drew) * earliers + opp_earlier) * mines + mine) * 10
        + node
    )


def public_draw(
    k: int,
    pot: int,
    aggressor: int,
    opp_before: int,
    opp_now: int,
    mine: int = 0,
    *,
    abstraction: int = 1,
) -> int:
    """The public index of a decision at draw ``k`` (1 .. 3); ``mine`` as ``public_betting``'s
    (0 at the first draw)."""
    if not 1 <= k <= 3:
        raise ValueError(f"a draw is 1 .. 3, not {k}")
    mines = _mines(abstraction, k - 1)
    _check_history(k, pot, aggressor)
    befores = 1 if k == 1 else 5
    if not 0 <= opp_before < befores or not 0 <= opp_now <= 5:
        raise ValueError(f"no draw history {opp_before}, {opp_now} at draw {k}")
    if not 0 <= mine < mines:
        raise ValueError(f"mine is 0 .. {mines - 1} here, not {mine}")
    return (
        _DRAW_OFFSET[abstraction][k]
        + (((pot * 3 + aggressor) * befores + opp_before) * mines + mine) * 6
        + opp_now
    )


def public_of(
    round_index: int,
    draw: bool,
    node: int,
    pot: int,
    aggressor: int,
    player: int,
    own: Sequence[int],
    theirs: Sequence[int],
    *,
    abstraction: int = 1,
) -> int:
    """The public index of ``player``'s decision in round ``round_index`` from the fields every
    reader of a hand keeps (csrc/blueprint/abstraction.h's ``bf_bp_public_of``): the draw after
    the round when ``draw``, else betting node ``node``; ``own[k]`` and ``theirs[k]`` the cards
    the player and the opponent threw at draw k + 1. Which draws a decision sees is decided
    here alone."""
    mine = mine_class(own[round_index - 1]) if abstraction >= 2 and round_index > 0 else 0
    if draw:
        k = round_index + 1
        before = theirs[k - 2] if k > 1 else 0
        now = 0 if player == 0 else 1 + theirs[k - 1]  # the big blind draws first
        return public_draw(k, pot, aggressor, before, now, mine, abstraction=abstraction)
    last = theirs[round_index - 1] if round_index else 0
    earlier = mine_class(theirs[round_index - 2]) if abstraction == 3 and round_index >= 2 else 0
    return public_betting(
        round_index, node, pot, aggressor, last, mine, abstraction=abstraction,
        opp_earlier=earlier,
    )  # fmt: skip


def _mines(abstraction: int, draws_done: int) -> int:
    """How many classes of the player's own last draw a decision after ``draws_done`` draws
    reads: three in abstractions 2 and 3 once a draw is done, else one (always 0)."""
    return 3 if check_abstraction(abstraction) >= 2 and draws_done > 0 else 1


def _check_history(round_index: int, pot: int, aggressor: int) -> None:
    if not 0 <= pot < POTS[round_index]:
        raise ValueError(
            f"pot {pot} is outside 0 .. {POTS[round_index] - 1} in round {round_index}"
        )
    if not 0 <= aggressor <= 2:
        raise ValueError(
            f"the last aggressor is 0 (nobody), 1 (me) or 2 (the opponent), not {aggressor}"
        )


@dataclass(frozen=True)
class Decision:
    """A decision as the abstraction sees it: the ``player`` (0 big blind, 1 button), the
    information set, the action of each legal slot, and the public index and bucket that make
    the information set (``infoset == bucket * public_count(abstraction) + public``)."""

    player: int
    infoset: int
    actions: dict[int, Action]
    public: int
    bucket: int


class NotInAbstraction(ValueError):
    """A decision the blueprint's game does not have (other rules, seats or stakes)."""


def read_decision(
    view: View, small_bet: int, most_thrown: int = 4, *, abstraction: int = 1
) -> Decision:
    """The decision of ``view`` (its player to act) in the abstraction, for the rules
    ``Rules(small_bet=small_bet, cap_heads_up=True)``; ``most_thrown`` caps a draw (the small
    decks of the OpenSpiel game). NotInAbstraction (a ValueError) names what does not fit."""
    count = public_count(abstraction)
    if len(view.stacks) != 2:
        raise NotInAbstraction(f"the blueprint plays heads-up, not {len(view.stacks)} seats")
    if not view.legal:
        raise NotInAbstraction("it is not this player's turn")
    history = _PublicBetting(view, small_bet)
    me = history.player(view.seat)
    draw = view.phase is Phase.DRAW
    node = 0
    if draw:
        if history.drawers != me:
            raise NotInAbstraction("the draw order is not the blueprint's (big blind first)")
        actions: dict[int, Action] = {}
        for slot in (PAT, KEEP, BREAK):
            cards = thrown(view.hand, slot)
            if cards is not None and len(cards) <= min(most_thrown, view.legal[0].amount):
                actions[slot] = Action.draw(cards)
    else:
        node = 2 * (history.bets - (history.round == 0)) + history.flag
        if history.actor() != me:
            raise NotInAbstraction("the betting order is not the blueprint's")
        actions = _betting_slots(view, history, me, small_bet)
    public = public_of(
        history.round, draw, node, history.pot, _relative(history.last_aggressor, me), me,
        history.drew[me], history.drew[1 - me], abstraction=abstraction,
    )  # fmt: skip
    hand_bucket = bucket(view.hand)
    return Decision(me, hand_bucket * count + public, actions, public, hand_bucket)


def _relative(who: int, me: int) -> int:
    return 0 if who < 0 else 1 if who == me else 2


def _betting_slots(
    view: View, history: _PublicBetting, me: int, small_bet: int
) -> dict[int, Action]:
    """The legal actions by slot, checked against the blueprint's rules."""
    to_call = history.committed[1 - me] - history.committed[me]
    bet = small_bet if history.round < 2 else 2 * small_bet
    wanted = {PASSIVE: Action(K.CALL, to_call) if to_call else Action(K.CHECK)}
    if to_call:
        wanted[FOLD] = Action(K.FOLD)
    if history.bets < MAX_BETS:
        kind = K.BET if history.round > 0 and history.bets == 0 else K.RAISE
        wanted[AGGRESSIVE] = Action(kind, to_call + bet)
    legal = {(a.kind, a.amount) for a in view.legal}
    if legal != {(a.kind, a.amount) for a in wanted.values()}:
        shown = ", ".join(f"{a.kind} {a.amount}" for a in view.legal)
        raise NotInAbstraction(
            f"the legal actions ({shown}) are not those of Rules(small_bet={small_bet},"
            " cap_heads_up=True) with deep stacks, the rules the blueprint was trained for"
        )
    return wanted


class _PublicBetting:
    """The public history of a view, read as csrc/blueprint/train.c plays it."""

    def __init__(self, view: View, small_bet: int) -> None:
        posts = [e for e in view.history if e.kind is K.POST]
        if len(posts) != 2 or posts[0].seat is None:
            raise NotInAbstraction("the blueprint's hands start with two blinds")
        self.button = posts[0].seat  # heads-up the button posts the small blind
        self.small_bet = small_bet
        self.round, self.bets, self.flag, self.drawers = 0, 1, 0, 0
        self.aggressor = self.last_aggressor = -1
        self.pot = 0
        self.committed = [0, 0]
        self.drew = [[0, 0, 0], [0, 0, 0]]
        for event in view.history:
            if event.seat is None:
                continue
            a = self.player(event.seat)
            if event.kind is K.POST:
                self.committed[a] += event.amount
            elif event.kind in (K.CHECK, K.CALL):
                self.committed[a] += event.amount
                opens = self.flag == 0 and (
                    self.bets == 1 and a == 1 if self.round == 0 else self.bets == 0
                )
                if opens:
                    self.flag = 1
                else:
                    self._end_round()
            elif event.kind in (K.BET, K.RAISE):
                self.committed[a] += event.amount
                self.bets += 1
                self.aggressor = a
            elif event.kind is K.DRAW:
                self.drew[a][self.round] = event.amount
                self.drawers += 1
                if self.drawers == 2:
                    self.round += 1
                    self.bets = self.flag = self.drawers = 0
                    self.aggressor = -1
            elif event.kind not in (K.DEAL, K.SHOW, K.MUCK, K.WIN):
                raise NotInAbstraction(f"the blueprint's game has no {event.kind}")

    def player(self, seat: int) -> int:
        return 1 if seat == self.button else 0

    def actor(self) -> int:
        base = opener = 1 if self.round == 0 else 0
        return opener ^ ((self.bets - base + self.flag) & 1)

    def _end_round(self) -> None:
        self.last_aggressor = self.aggressor
        self.pot = self.committed[0] // self.small_bet - 1


__all__ = [
    "ABSTRACTIONS",
    "BUCKETS",
    "INFOSETS",
    "PUBLIC",
    "SLOTS",
    "Decision",
    "NotInAbstraction",
    "best_badugi",
    "bucket",
    "check_abstraction",
    "infosets",
    "mine_class",
    "public_betting",
    "public_count",
    "public_draw",
    "public_of",
    "read_decision",
    "thrown",
]
