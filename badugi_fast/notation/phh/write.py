"""Hand histories in the Poker Hand History format (PHH, TOML), variant ``FB`` (badugi).

Players are numbered as the standard does, p1 the first seat left of the button (the small
blind) round to the button last; our seat numbers are kept in the user-defined field
``_seats`` (our seat of p1, p2, ...). Actions: ``d dh pK CARDS`` deals (``??`` is an unknown
card, so four are ``????????``), ``pK f`` folds, ``pK cc`` checks or calls, ``pK cbr X`` bets
or raises to X for the round, ``pK sd CARDS`` discards (``pK sd`` stands pat): a draw's discards
are listed first, then its replacement deals, as the standard's own example (the Wikipedia
hand) has them. ``pK sm CARDS`` shows a hand at showdown, ``pK sm`` mucks it (the game's rule:
a hand beaten in every pot it may win by a hand already shown is mucked; ``loads`` replays the
seats that show as ``Game(show=...)``, so a hand shown by choice is shown again).

The standard names only fixed-limit badugi; the rest is written in user-defined fields (names
starting with an underscore, which the standard tells other readers to ignore):

- The casino rules: the blinds are the standard ``blinds_or_straddles`` (all 0 in a game
  without blinds, where the player left of the button opens) and the ante the standard
  ``antes``, one for every player (dead money, posted before the blinds). ``_structure =
  "pot-limit"``, ``"half-pot-limit"`` or ``"no-limit"``: the betting structure (absent: fixed
  limit); ``cbr X`` then carries any amount the structure allows. ``_max_raises``: the
  fixed-limit raise cap per round when it is not 3. ``_cap_heads_up = true`` (written only when
  true): the cap binds with two players left too, the online rule (absent: no cap heads-up,
  the live casino rule). ``_burn = true`` and ``_burns`` (the burned cards in order, ``??`` in
  an observer's history): the casino option of a burn card before each draw.
  ``_short_all_in = "complete"``: a short all-in in fixed limit is completed to the next full
  level, not raised over (absent: the half-bet rule); ``_free_fold = true``: a player with
  nothing to call may fold (both as ``Rules`` has them; imported histories carry them).
  ``_live_blinds`` and ``_dead_blinds`` (one entry a player, written when any is posted): blinds
  posted out of turn after the blinds, as a cash game's new or returning player posts them
  (``Game(extra_blinds=...)``): the live part is the player's bet, the dead part the pot's.
  A hand without a small blind (``Game(no_small_blind=True)``: its seat is empty) is written
  in the standard field as pokerkit reads it: p1 posts the big blind, nobody a small blind
  (``[big, 0, 0]``; heads-up ``[0, big]``, the game with a small blind of 0).
- ``_rules = "korean"``: the Korean room rules. The ante is the standard ``antes``
  field, one for every player (the required ``small_bet`` and ``big_bet`` repeat it), and there
  are no blinds; as with blinds, these are the rules' amounts and a short stack posts less.
  ``_chip``, ``_cutting`` ([3, 2, 1] or [3, 3, 3]),
  ``_cutting_type`` ("simultaneous" or "in_turn"), ``_allow_full``, ``_max_raises`` (when set)
  and ``_first`` (the player number of 선) hold the options. 삥, 따당, 쿼터, 하프 and 풀 are
  ``cbr`` to their amount with the kind as a comment (``"p2 cbr 7 # half"``); 체크 and 콜 are
  ``cc``, 다이 is ``f``. With 동시에 cutting every player's discards come first, then the deals.

A reader that ignores these fields takes the hand for fixed limit: most such files then fail to
replay there, but not all (a Korean hand where everyone is all-in on the antes replays with
other side pots), so such readers should check ``_rules`` and ``_structure``. An exact replay
needs every card: ``loads`` refuses hands with ``??`` cards unless ``unknown_cards=True``, which
deals each as an unknown card and plays the showdown as the history says: a hand shown
(``pK sm CARDS``) with those cards, one mucked (``pK sm``) beaten by every shown hand, and one
still in without an ``sm`` line (a winner who did not show) beating them. A draw that
reshuffled the discards replays exactly: the recorded deals say which discards came back and in
what order. ``loads`` checks every field's TOML type (a bad one is a ValueError naming it) and,
when the file has ``finishing_stacks``, that the replay ends with them (less ``_rake``, the
rake of an imported hand, taken from the pots' winners).

``dumps(game, hide=...)`` writes what an observer knows: ``hide=True`` writes as ``??`` every
card but those of the hands shown at showdown (a shown hand's discards and the cards it was
dealt and threw stay unknown, as they would at a table), and the burn cards; a sequence of
seats hides only those seats' cards in the same way. A hidden history replays with
``loads(text, unknown_cards=True)``, to the same actions and stacks.
"""

from __future__ import annotations

from collections.abc import Sequence
from json.encoder import encode_basestring

from ..._runtime.validate import whole
from ...cards import DECK, Card
from ...game.actions import BET_KINDS, FOLD_KINDS, ActionKind, Event
from ...game.rules import KoreanRules, Rules
from ...game.state import Game
from .read import HIDDEN

# json.dumps(text, ensure_ascii=False) without building an encoder each call: for a str it is
# the encoder's encode_basestring, the C function when the C accelerator is there.
_json_string = encode_basestring


_SYMBOLS = [str(card) for card in DECK]  # a card's text by its id; an unknown card's is ??


def _symbol(card: Card) -> str:
    return _SYMBOLS[card] if 0 <= card < len(_SYMBOLS) else HIDDEN


def _cards_text(cards: Sequence[Card], hidden: bool) -> str:
    return HIDDEN * len(cards) if hidden else "".join(map(_symbol, cards))


def _seen_text(cards: Sequence[Card], known: frozenset[Card] | None) -> str:
    """The cards as written, each unknown one (not in ``known``) as ``??``; None: all known."""
    if known is None:
        return "".join(map(_symbol, cards))
    return "".join(_symbol(c) if c in known else HIDDEN for c in cards)


def toml_value(value: object) -> str:
    """A PHH field's value as TOML: text (JSON's string escapes, and DEL escaped), true or
    false, a whole number, or a list of them."""
    kind = type(value)
    if kind is int:
        return str(value)
    if isinstance(value, list) and all(type(v) is int for v in value):
        return "[" + ", ".join(map(str, value)) + "]"
    if isinstance(value, str):
        # JSON's string escapes are TOML's, but for DEL, which TOML also wants escaped.
        return _json_string(value).replace("\x7f", "\\u007f")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return str(value)


def _hidden_seats(game: Game, hide: object) -> set[int]:
    """The seats whose cards the history hides (but those they show): ``hide`` is True
    (everyone's), False or a sequence of seats."""
    if hide is True or hide is False:
        seats = set(range(game.seats)) if hide else set()
    elif isinstance(hide, Sequence) and not isinstance(hide, str):
        seats = {whole("a seat in hide", seat, 0, game.seats - 1) for seat in hide}
    else:
        raise TypeError(f"hide is True, False or a sequence of seats, not {type(hide).__name__}")
    return seats


def dumps(game: Game, players: Sequence[str] | None = None, hide: bool | Sequence[int] = ()) -> str:
    """The hand so far as PHH text. ``hide``: True writes what an observer knows (every card
    but the hands shown at showdown as ``??``, burn cards too); a sequence of seats hides only
    those seats' unshown cards; the default hides nothing (a full history, which ``loads``
    replays)."""
    if not isinstance(game, Game):
        raise TypeError(f"dumps writes a Game, not {type(game).__name__}")
    return "\n".join(history_lines(game, players, hide)) + "\n"


def history_lines(
    game: Game,
    players: Sequence[str] | None = None,
    hide: bool | Sequence[int] = (),
    finishing: bool = True,
) -> list[str]:
    """``dumps``'s lines (without their line ends), for a writer that adds fields of its own;
    ``finishing=False`` leaves out ``finishing_stacks`` (the importer writes its own)."""
    hidden = _hidden_seats(game, hide)
    order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
    number = {seat: k + 1 for k, seat in enumerate(order)}
    antes, blinds = _forced_bets(game, number)
    actions = _ActionWriter(game, number, hidden).lines
    fields: list[tuple[str, object]] = [
        ("variant", "FB"),
        ("antes", antes),
        ("blinds_or_straddles", blinds),
        *_rule_fields(game, number, observer=bool(hide)),
        *_extra_blind_fields(game, order),
        ("starting_stacks", [game.starting_stacks[s] for s in order]),
        ("actions", actions),
    ]
    if players is not None:
        fields.append(("players", [_names(players, game.seats)[s] for s in order]))
    if game.done and finishing:
        fields.append(("finishing_stacks", [game.stacks[s] for s in order]))
    fields.append(("_seats", order))
    lines = []
    for name, value in fields:
        if name == "actions":
            lines.append("actions = [")
            # the writer's own tokens (pK, cc, cbr 40, cards, ??, # half): TOML as they are
            lines += [f'  "{action}",' for action in actions]
            lines.append("]")
        else:
            lines.append(f"{name} = {toml_value(value)}")
    return lines


def _names(players: object, seats: int) -> list[str]:
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise TypeError(f"players is a sequence of names, not {type(players).__name__}")
    if any(not isinstance(name, str) for name in players):
        raise TypeError(f"players are names (str), got {list(players)!r:.80}")
    if len(players) != seats:
        raise ValueError(f"players names {seats} seats, got {len(players)} names")
    return list(players)


def _forced_bets(game: Game, number: dict[int, int]) -> tuple[list[int], list[int]]:
    """The forced bets of the rules, as the standard has them (a short stack posts less)."""
    antes = [game.rules.ante] * game.seats  # the casino ante is 0 unless the rules set one
    blinds = [0] * game.seats
    if isinstance(game.rules, Rules) and game.rules.has_blinds:
        small, big = game.rules.blinds
        if game.no_small_blind:  # p1 posts the big blind, the button nothing
            small = 0
        sb = number[Rules.small_blind_seat(game)] - 1
        blinds[sb], blinds[(sb + 1) % game.seats] = small, big
        if game.seats == 2:  # heads-up the list is [small, big] though p1 (the big) is first
            blinds.reverse()
    return antes, blinds


def _extra_blind_fields(game: Game, order: list[int]) -> list[tuple[str, object]]:
    """``_live_blinds`` and ``_dead_blinds``: each player's blinds posted out of turn."""
    if not game.extra_blinds:
        return []
    posted = [game.extra_blinds.get(seat, (0, 0)) for seat in order]
    return [("_live_blinds", [p[0] for p in posted]), ("_dead_blinds", [p[1] for p in posted])]


def _rule_fields(game: Game, number: dict[int, int], observer: bool) -> list[tuple[str, object]]:
    """The standard's bet sizes, and the user-defined fields for everything it does not name
    (an observer's history writes the burn cards as unknown)."""
    rules = game.rules
    if isinstance(rules, KoreanRules):
        fields: list[tuple[str, object]] = [
            ("small_bet", rules.ante),
            ("big_bet", rules.ante),
            ("_rules", "korean"),
            ("_chip", rules.chip),
            ("_cutting", list(rules.cutting)),
            ("_cutting_type", rules.cutting_type),
            ("_allow_full", rules.allow_full),
            ("_first", number[game.first]),
        ]
        if rules.max_raises is not None:
            fields.append(("_max_raises", rules.max_raises))
        if rules.muck:
            fields.append(("_muck", True))
        return fields
    fields = [("small_bet", rules.bet_size(0)), ("big_bet", rules.bet_size(2))]
    if rules.structure != "fixed-limit":
        fields.append(("_structure", rules.structure))
    if rules.max_raises != Rules.max_raises:
        fields.append(("_max_raises", rules.max_raises))
    if rules.cap_heads_up:
        fields.append(("_cap_heads_up", True))
    if rules.burn:
        burned = [event.cards[0] for event in game.history if event.kind == ActionKind.BURN]
        fields += [("_burn", True), ("_burns", [_cards_text([c], observer) for c in burned])]
    if rules.short_all_in != Rules.short_all_in:
        fields.append(("_short_all_in", rules.short_all_in))
    if rules.free_fold:
        fields.append(("_free_fold", True))
    return fields


K = ActionKind
_CHECK_OR_CALL = (K.CHECK, K.CALL)
_ROUND_BETS = (
    K.POST,
    *_CHECK_OR_CALL,
    *BET_KINDS,
)  # what counts to a round's "cbr X"; antes do not


class _ActionWriter:
    """The ``actions`` lines of a game's history. A draw's discards are written first, then its
    deals: the deals wait until the draw is over (the next betting action, or a player drawing
    a second time when everyone is all-in). Burns and reshuffles happen inside a draw and end
    nothing: burned cards go to ``_burns``, and the deals themselves show what a reshuffle
    brought back. A hidden seat's cards are written only when it shows them."""

    def __init__(self, game: Game, number: dict[int, int], hidden: set[int]) -> None:
        self.number = number
        shown = {e.seat: frozenset(e.cards) for e in game.history if e.kind == ActionKind.SHOW}
        self.known = {seat: shown.get(seat, frozenset()) for seat in hidden}
        self.lines: list[str] = []
        self.round_bets = dict.fromkeys(number, 0)
        self.draw: list[Event] = []  # this draw's discards so far, their deals not yet written
        for event in game.history:
            self.write(event)
        self.end_draw()

    def write(self, event: Event) -> None:
        if event.kind == K.DRAW:
            self.discard(event)
            return
        if event.kind in (K.BURN, K.RESHUFFLE):
            return
        if self.draw:
            self.end_draw()
        p = f"p{self.number[event.seat]}" if event.seat is not None else ""
        if event.kind in _ROUND_BETS:
            self.round_bets[event.seat] += event.amount  # type: ignore[index]
        if event.kind == K.DEAL:
            self.lines.append(f"d dh {p} {self.text(event)}")
        elif event.kind in FOLD_KINDS:
            self.lines.append(f"{p} f")
        elif event.kind in _CHECK_OR_CALL:
            self.lines.append(f"{p} cc")
        elif event.kind in BET_KINDS:  # the Korean kinds named in a comment
            comment = "" if event.kind in (K.BET, K.RAISE) else f" # {event.kind}"
            self.lines.append(f"{p} cbr {self.round_bets[event.seat]}{comment}")  # type: ignore[index]
        elif event.kind == K.SHOW:
            self.lines.append(f"{p} sm {_cards_text(event.cards, False)}")
        elif event.kind == K.MUCK:  # the cards stay unseen: a full history has them in its deals
            self.lines.append(f"{p} sm")

    def discard(self, event: Event) -> None:
        if any(draw.seat == event.seat for draw in self.draw):
            self.end_draw()  # the next draw came with no betting between (all-ins)
        if not self.draw:  # a new draw: the betting round before it is over
            self.round_bets = dict.fromkeys(self.round_bets, 0)
        self.lines.append(f"p{self.number[event.seat]} sd {self.text(event)}".rstrip())  # type: ignore[index]
        self.draw.append(event)

    def end_draw(self) -> None:
        for draw in self.draw:
            if draw.received:
                cards = self.text(draw, draw.received)
                self.lines.append(f"d dh p{self.number[draw.seat]} {cards}")  # type: ignore[index]
        self.draw.clear()

    def text(self, event: Event, cards: Sequence[Card] | None = None) -> str:
        """The event's cards (or ``cards``) as the reader of this history may know them."""
        return _seen_text(event.cards if cards is None else cards, self.known.get(event.seat))  # type: ignore[arg-type]


__all__ = ["dumps", "history_lines", "toml_value"]
