"""The betting rules: the two rule sets, the casino ``Rules`` (the casino rules, Robert's Rules
of Poker) and the Korean room rules ``KoreanRules``; ``RuleSet`` is either.

A rule set decides what is forced, who opens, what each player may do and what a raise counts as;
``Game`` (state.py) runs the hand. Rule sets read the game through the contract of betting.py only
(``BettingState``: seats, button, first, round_index, stacks, round_bets, pot, in_hand,
raise_size, may_raise, not_all_in_at_last_bet, round_has_action; ``ForcedBets``: post_forced_bet),
so every difference between the casino and the Korean rooms lives here. What ``Game`` and the C
hand loop ask of a rule set: ``burn`` (a burn card before each draw's first replacement),
``simultaneous_draws`` (everyone chooses, then the exchanges are dealt), ``unit`` (what results
are counted in: the big blind, or the ante), ``post_forced``, ``opening_bet`` (amount to match,
bets so far), ``opener`` (betting starts after this seat), ``draw_starts_after``, ``draw_cap``,
``options``, ``full_raise`` (counts and re-opens), ``largest_amounts`` (every fixed amount: the
engines' bound), ``c_max_bets`` (bets and raises a
round as the C loop counts them) and ``fill_c_spec`` (the C hand loop's settings)."""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

from .._badugi import lib
from .._runtime.validate import is_whole, whole
from .actions import Action, ActionKind
from .betting import BettingState, ForcedBets

K = ActionKind
# in the order of the C loop's BF_GAME_FIXED_LIMIT .. BF_GAME_HALF_POT_LIMIT
STRUCTURES = ("fixed-limit", "pot-limit", "no-limit", "half-pot-limit")
SHORT_ALL_IN = ("half-bet", "complete")  # Rules.short_all_in
CUTTING_TYPES = ("simultaneous", "in_turn")  # 동시에, 순서대로


def _check_whole(rules: object, name: str, least: int, optional: bool = False) -> None:
    """The field ``name`` of a rule set is a whole number of at least ``least`` (or None when
    ``optional``): TypeError or ValueError naming it; a numpy integer is kept as an int."""
    value = getattr(rules, name)
    if value is None and optional:
        return
    object.__setattr__(rules, name, whole(name, value, least))


def _check_flag(rules: object, name: str) -> None:
    """The field ``name`` of a rule set is True or False (not 1, not "no")."""
    value = getattr(rules, name)
    if not isinstance(value, bool):
        raise TypeError(f"{name} is True or False, not {type(value).__name__} {value!r}")


def _check_text(name: str, value: object, allowed: tuple[str, ...], said: str) -> None:
    """The field ``name`` is one of the texts ``allowed`` (``said``: them, as the message says)."""
    if not isinstance(value, str):
        raise TypeError(f"{name} is text, not {type(value).__name__}")
    if value not in allowed:
        raise ValueError(f"{name} is {said}, not {value!r}")


def _no_small_blind(game: object) -> bool:
    """The hand has no small blind: its seat is empty, its player gone (Robert's Rules' dead
    button: "the small blind and button are positioned accordingly, even if this means the small
    blind or the button is placed in front of an empty seat"). A fact of one hand's table,
    ``Game(no_small_blind=True)``; read here rather than declared in betting.py's contract, which
    the last round's spot (no blinds to post) keeps too."""
    return getattr(game, "no_small_blind", False) is True


def someone_can_call(game: BettingState, seat: int) -> bool:
    """Another player in the hand has chips behind (else a seat with nothing to call has nothing
    to decide)."""
    return any(game.stacks[p] > 0 for p in game.in_hand() if p != seat)


def someone_can_answer(game: BettingState, seat: int) -> bool:
    """A bet or raise needs another player in the hand with more chips behind than the call it
    faces now: else nobody could put in a chip of it, and it is not offered (the excess would
    only come back)."""
    return any(game.stacks[p] > game.to_call(p) for p in game.in_hand() if p != seat)


@dataclass(frozen=True)
class Rules:
    """Casino betting: ``structure`` "fixed-limit" (the default), "pot-limit", "half-pot-limit" or
    "no-limit" (Wikipedia's Badugi article). Fixed limit: ``big_bet`` defaults to twice
    ``small_bet``, the blinds to half a small bet and a full small bet (as $20-$40 plays with
    $10/$20 blinds), and a round allows a bet (the big blind, before the first draw) and
    ``max_raises`` raises while three or more players not all-in contest the pot, uncapped once two
    are (unless ``cap_heads_up``); a round that reached its cap stays capped (``capped``). Pot and
    no limit: a bet or raise raises by at least the big blind, the round's largest raise and one
    chip, and puts in at most the call plus the pot after calling (pot limit), the call plus half of
    it (half-pot limit; both never less than that least) or the whole stack (no limit); all-in for
    less is always allowed. Their legal actions carry the range: ``amount`` the least,
    ``max_amount`` the most. An all-in raise short of a full raise (fixed limit: of half a bet)
    neither counts towards the cap nor re-opens the betting to players who have acted. ``ante``:
    every player antes first, dead money; ``small_blind=0, big_blind=0`` plays without blinds, the
    player left of the button opening the first round.
    ``burn``: the dealer burns the top card of the stub before dealing the first replacement of each
    draw (none when everyone stands pat); a burned card joins the muck, out of play, and is never
    reshuffled.
    ``short_all_in`` (fixed limit): how an all-in bet or raise short of a full bet is answered.
    "half-bet" (the default, Robert's Rules' half-bet rule): an all-in of half a bet or more
    counts as a full bet, and the next raise is a full bet over it. "complete" (PokerStars'
    fixed-limit games, as its hand histories show them): the bets go up in full levels (the
    round's opening bet and whole bets above it); a short all-in raises no level, and the next
    raise completes to the next level: bet 100, raise to 200, all-in to 270, then a raise to 300
    (not 370), which counts and re-opens the betting; the all-in to 270 neither counts nor
    re-opens it. The two agree wherever no bet or raise is short.
    ``free_fold``: a player with nothing to call may fold (as the online rooms allow: their
    histories write ``folds`` where checking was free); off by default, since such a fold is never
    better than the free check (it only gives up the hand) and the engines, bots and solvers
    leave it out of every decision. Hand histories are imported with it on."""

    small_bet: int = 2
    big_bet: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    max_raises: int = 3  # raises after the opening bet, per round (fixed limit)
    structure: str = "fixed-limit"
    burn: bool = False  # burn a card before each draw's first replacement
    ante: int = 0  # every player's ante, dead money posted before the blinds
    cap_heads_up: bool = False  # fixed limit: the raise cap binds heads-up too (online rule)
    short_all_in: str = "half-bet"  # fixed limit: "half-bet" or "complete" (see above)
    free_fold: bool = False  # folding with nothing to call (the online rooms')

    simultaneous_draws = False
    muck = True  # a hand beaten in every pot it may win is mucked (the cardroom show order)

    def __post_init__(self) -> None:
        """Every field checked (type, then range), the way each is named in the message."""
        _check_text(
            "structure",
            self.structure,
            STRUCTURES,
            "fixed-limit, pot-limit, half-pot-limit or no-limit",
        )
        _check_whole(self, "small_bet", least=1)
        _check_whole(self, "big_bet", least=1, optional=True)
        _check_whole(self, "small_blind", least=0, optional=True)
        _check_whole(self, "big_blind", least=0, optional=True)
        _check_whole(self, "max_raises", least=0)
        _check_whole(self, "ante", least=0)
        _check_flag(self, "burn")
        _check_flag(self, "cap_heads_up")
        _check_text("short_all_in", self.short_all_in, SHORT_ALL_IN, "'half-bet' or 'complete'")
        _check_flag(self, "free_fold")
        small, big = self.blinds
        if small > 0 and big == 0:
            raise ValueError(f"small_blind is 0 when big_blind is 0, not {small}")
        if small > big:
            raise ValueError(f"small_blind is at most big_blind ({big}), not {small}")

    def bet_size(self, round_index: int) -> int:
        if round_index < 2:
            return self.small_bet
        return self.big_bet if self.big_bet is not None else 2 * self.small_bet

    @property
    def blinds(self) -> tuple[int, int]:
        small = self.small_blind if self.small_blind is not None else self.small_bet // 2
        big = self.big_blind if self.big_blind is not None else self.small_bet
        return small, big

    @property
    def big_blind_amount(self) -> int:
        return self.blinds[1]

    @property
    def unit(self) -> int:
        """The big blind, or the small bet when the blinds are zero."""
        return self.big_blind_amount or self.bet_size(0)

    @property
    def has_blinds(self) -> bool:
        """False for ``small_blind=0, big_blind=0``: antes only, and the player left of the
        button opens the first round with nothing to call (Wikipedia's Badugi article)."""
        return self.blinds[1] > 0

    @staticmethod
    def small_blind_seat(game: BettingState) -> int:
        """Left of the button; heads-up the button itself. The big blind sits next to it. A
        hand without a small blind (``Game(no_small_blind=True)``: its seat is empty) has the
        big blind left of the button, as heads-up: this is then the button's seat, which posts
        nothing."""
        if game.seats == 2 or _no_small_blind(game):
            return game.button
        return (game.button + 1) % game.seats

    def post_forced(self, game: ForcedBets) -> None:
        """The antes first (seat 0 up), then the blinds (the big blind alone in a hand without
        a small blind)."""
        if self.ante:
            for seat in range(game.seats):
                game.post_forced_bet(seat, self.ante, K.ANTE)
        if not self.has_blinds:
            return
        small, big = self.blinds
        sb = self.small_blind_seat(game)
        if not _no_small_blind(game):
            game.post_forced_bet(sb, small, K.POST)
        game.post_forced_bet((sb + 1) % game.seats, big, K.POST)

    def opening_bet(self, game: BettingState) -> tuple[int, int]:
        """Before the first draw the big blind is the opening bet, the full big blind even when
        its poster is short (Robert's Rules, button and blind use, rule 1: the bring-in and the
        raise sizes "remain the same even when the player in the blind does not have enough
        chips to post the full amount"); other rounds open at 0."""
        if game.round_index == 0 and self.has_blinds:
            return max(*game.round_bets, self.blinds[1]), 1
        return 0, 0

    def opener(self, game: BettingState) -> int:
        """Betting starts after this seat: the big blind before the first draw, else (and
        without blinds) the button."""
        if game.round_index == 0 and self.has_blinds:
            return (self.small_blind_seat(game) + 1) % game.seats
        return game.button

    def draw_starts_after(self, game: BettingState) -> int:
        return game.button

    def draw_cap(self, draw_index: int) -> int:
        return 4

    def options(self, game: BettingState, seat: int, current: int, raises: int) -> list[Action]:
        to_call = current - game.round_bets[seat]
        stack = game.stacks[seat]
        actions = (
            [Action(K.FOLD), Action(K.CALL, min(to_call, stack))] if to_call else [Action(K.CHECK)]
        )
        if not to_call and self.free_fold:
            actions.insert(0, Action(K.FOLD))
        kind = K.RAISE if current else K.BET
        if stack <= to_call or not someone_can_answer(game, seat) or not game.may_raise(seat):
            return actions
        if self.structure == "fixed-limit":
            if not self.capped(game, raises):
                raise_to = self._next_level(game, current)
                actions.append(Action(kind, min(raise_to - game.round_bets[seat], stack)))
            return actions
        least = to_call + self._least_raise(game)
        after_call = game.pot + to_call
        limits = {"pot-limit": to_call + after_call, "half-pot-limit": to_call + after_call // 2}
        most = min(stack, max(limits.get(self.structure, stack), least))  # never below the least
        actions.append(Action(kind, min(least, most), max_amount=most))
        return actions

    def capped(self, game: BettingState, raises: int) -> bool:
        """Fixed limit: the bet and ``max_raises`` raises are in, made while three or more
        players not all-in contested the pot (Robert's Rules, betting and raising, rule 3: the
        cap is "for a pot involving three or more players who are not all-in"). A round that
        reached its cap so stays capped when a fold or an all-in call leaves two (rule 4: "Once
        the raising is capped on a betting round, it cannot be uncapped by a subsequent fold
        that leaves two players heads-up"); a round that came down to two before the cap is
        not capped. ``cap_heads_up``: the cap binds however few contest the pot."""
        if raises < 1 + self.max_raises:
            return False
        return self.cap_heads_up or game.not_all_in_at_last_bet > 2

    def _next_level(self, game: BettingState, current: int) -> int:
        """Fixed limit: the round's total a bet or raise brings it to, from ``current``: a bet
        more ("half-bet"), or the next full level ("complete": the opening bet and whole bets
        above it, so a short all-in is completed rather than raised over)."""
        bet = self.bet_size(game.round_index)
        if self.short_all_in == "half-bet":
            return current + bet
        opening = self.blinds[1] if game.round_index == 0 and self.has_blinds else 0
        return opening + ((current - opening) // bet + 1) * bet

    def _least_raise(self, game: BettingState) -> int:
        """Pot and no limit: the big blind, the round's largest raise and one chip."""
        return max(game.raise_size, self.blinds[1], 1)

    def full_raise(self, game: BettingState, raised_by: int) -> bool:
        """Fixed limit: at least half a bet (Robert's Rules' half-bet rule); pot and no limit:
        at least the least raise (TDA). Less is an all-in that neither counts towards the cap
        nor re-opens the betting to those who have acted."""
        if self.structure == "fixed-limit" and self.short_all_in == "complete":
            total = max(game.round_bets)  # the raiser's, now the round's bet
            return total >= self._next_level(game, total - raised_by)
        if self.structure == "fixed-limit":
            return 2 * raised_by >= self.bet_size(game.round_index)
        return raised_by >= self._least_raise(game)

    def largest_amounts(self) -> list[int]:
        return [self.bet_size(0), self.bet_size(2), *self.blinds, self.ante]

    def fill_c_spec(self, spec: Any) -> None:
        if self.free_fold or self.short_all_in != "half-bet":
            raise ValueError(
                "the C hand loop plays short_all_in='half-bet' without free_fold: "
                "play these rules with Game"
            )
        spec.rules = lib.BF_GAME_CASINO
        spec.structure = STRUCTURES.index(self.structure)  # BF_GAME_FIXED_LIMIT .. _NO_LIMIT
        spec.burn = self.burn
        spec.small_bet, spec.big_bet = self.bet_size(0), self.bet_size(2)
        spec.small_blind, spec.big_blind = self.blinds
        spec.ante, spec.cap_heads_up = self.ante, self.cap_heads_up
        spec.max_bets = self.c_max_bets()

    def c_max_bets(self) -> int:
        """The opening bet and max_raises raises; pot and no limit have no cap."""
        if self.structure != "fixed-limit":
            return int(lib.BF_GAME_MAX_BETS)
        return 1 + self.max_raises


@dataclass(frozen=True)
class KoreanRules:
    """The Korean room rules. Every player antes ``ante`` (기본 앤티); 선 (the first
    to act, left of the button unless the game says otherwise) opens each round and draws first.
    With C the amount to call and P the pot after that call: 삥 bets the ante (선 only, as the
    round's first action), 체크 (선 only, no bet yet), 콜 puts in C, 따당 makes the round's bet
    twice the bet standing ("앞 사용자가 건 돈의 2배"), 쿼터 C + P/4, 하프 C + P/2, 풀 C + P
    (when ``allow_full``), 다이 folds.
    Amounts round down to ``chip``. ``cutting`` caps the cards exchanged at 아침, 점심, 저녁
    (3-2-1 or 3-3-3); ``cutting_type`` "simultaneous" (동시에: everyone chooses, then the
    exchanges are dealt in turn) or "in_turn" (순서대로). ``max_raises``: raises per round after
    its opening bet (the 삥, or an opening 쿼터, 하프 or 풀), as ``Rules.max_raises`` counts
    them; None: no cap. At the showdown every player left shows ("남은 사람들이 패를 펴고");
    ``muck=True`` mucks a hand beaten in every pot it may win, as the casino does.
    Simplification: if 선 has folded or is all-in, nobody may 삥 or 체크; the others 콜 for
    nothing instead."""

    ante: int = 1
    chip: int = 1
    cutting: tuple[int, int, int] = (3, 2, 1)
    cutting_type: str = "simultaneous"
    allow_full: bool = False
    max_raises: int | None = None  # raises after the opening bet, per round; None: no cap
    muck: bool = False  # beaten hands are mucked (the casino's show order), not all shown

    def __post_init__(self) -> None:
        """Every field checked (type, then range), the way each is named in the message."""
        _check_whole(self, "ante", least=1)
        _check_whole(self, "chip", least=1)
        if not isinstance(self.cutting, tuple | list) or not all(map(is_whole, self.cutting)):
            raise TypeError(f"cutting is three whole numbers of cards, not {self.cutting!r}")
        cutting = tuple(operator.index(c) for c in self.cutting)
        if len(cutting) != 3 or any(not 0 <= c <= 4 for c in cutting):
            raise ValueError(
                f"cutting is three limits of 0..4 cards, e.g. (3, 2, 1), not {cutting}"
            )
        object.__setattr__(self, "cutting", cutting)  # a list or numpy integers: kept as a tuple
        _check_text("cutting_type", self.cutting_type, CUTTING_TYPES, "'simultaneous' or 'in_turn'")
        _check_flag(self, "allow_full")
        _check_whole(self, "max_raises", least=0, optional=True)
        _check_flag(self, "muck")

    burn = False  # the Korean rooms deal without burn cards

    @property
    def simultaneous_draws(self) -> bool:
        return self.cutting_type == "simultaneous"

    @property
    def big_blind_amount(self) -> int:
        return self.ante

    @property
    def unit(self) -> int:
        return self.ante

    def post_forced(self, game: ForcedBets) -> None:
        for seat in range(game.seats):
            game.post_forced_bet(seat, self.ante, K.ANTE)

    def opening_bet(self, game: BettingState) -> tuple[int, int]:
        """Every round opens at 0: antes are not bets."""
        return 0, 0

    def opener(self, game: BettingState) -> int:
        return (game.first - 1) % game.seats

    def draw_starts_after(self, game: BettingState) -> int:
        return (game.first - 1) % game.seats

    def draw_cap(self, draw_index: int) -> int:
        return self.cutting[draw_index]

    def options(self, game: BettingState, seat: int, current: int, raises: int) -> list[Action]:
        to_call = current - game.round_bets[seat]
        stack = game.stacks[seat]
        actions = [Action(K.DIE)]
        if current == 0 and seat == game.first and not game.round_has_action():
            actions += [Action(K.BBING, min(self.ante, stack)), Action(K.CHECK)]
        else:
            actions.append(Action(K.CALL, min(to_call, stack)))
        if self.max_raises is not None and raises >= 1 + self.max_raises:
            return actions
        if not someone_can_answer(game, seat):
            return actions
        pot_after_call = game.pot + to_call
        raises_to = {
            K.TTADANG: 2 * current - game.round_bets[seat] if current else 0,  # doubles it
            K.QUARTER: to_call + pot_after_call // 4,
            K.HALF: to_call + pot_after_call // 2,
            K.FULL: to_call + pot_after_call if self.allow_full else 0,
        }
        for kind, amount in raises_to.items():
            amount -= amount % self.chip
            if amount > to_call and stack > to_call:
                actions.append(Action(kind, min(amount, stack)))
        return actions

    def full_raise(self, game: BettingState, raised_by: int) -> bool:
        """Every raise counts and re-opens the betting."""
        return True

    def largest_amounts(self) -> list[int]:
        return [self.ante, self.chip]

    def fill_c_spec(self, spec: Any) -> None:
        spec.rules = lib.BF_GAME_KOREAN
        spec.ante, spec.chip, spec.cutting = self.ante, self.chip, list(self.cutting)
        spec.max_bets = self.c_max_bets()
        spec.simultaneous, spec.allow_full = self.simultaneous_draws, self.allow_full

    def c_max_bets(self) -> int:
        """The opening bet and max_raises raises; a cap above BF_GAME_MAX_BETS never binds, as
        every raise adds at least a quarter of the pot."""
        if self.max_raises is None:
            return int(lib.BF_GAME_MAX_BETS)
        return min(1 + self.max_raises, lib.BF_GAME_MAX_BETS)


RuleSet = Rules | KoreanRules  # the rule sets a Game, the C hand loop and VectorGame play


def check_rules(rules: object) -> RuleSet:
    """``rules`` itself when it is a rule set (None: the casino default), else TypeError."""
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules | KoreanRules):
        raise TypeError(f"rules is Rules(...) or KoreanRules(...), not {type(rules).__name__}")
    return rules


__all__ = ["SHORT_ALL_IN", "KoreanRules", "RuleSet", "Rules", "check_rules"]
