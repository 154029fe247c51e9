"""Hand histories in the Poker Hand History format (PHH, TOML), variant ``FB`` (badugi).

Players are numbered as the standard does, p1 the first seat left of the button (the small
blind) round to the button last; our seat numbers are kept in the user-defined field
``_seats`` (our seat of p1, p2, ...). Actions: ``d dh pK CARDS`` deals (``??`` is an unknown
card, so four are ``????????``), ``pK f`` folds, ``pK cc`` checks or calls, ``pK cbr X`` bets
or raises to X for the round, ``pK sd CARDS`` discards (``pK sd`` stands pat): a draw's discards
are listed first, then its replacement deals, as the standard's own example (the Wikipedia
hand) has them. ``pK sm CARDS`` shows a hand at showdown.

The standard names only fixed-limit badugi; the rest is written in user-defined fields (names
starting with an underscore, which the standard tells other readers to ignore):

- ``_structure = "pot-limit"`` or ``"no-limit"``: the betting structure (absent: fixed limit);
  ``cbr X`` then carries any amount the structure allows. ``_max_raises``: the fixed-limit raise
  cap per round when it is not 3. ``_burn = true`` and ``_burns`` (the burned cards in order,
  ``??`` in an observer's history): the casino option of a burn card before each draw.
- ``_rules = "korean"``: the Korean room rules (seed 001). The ante is the standard ``antes``
  field, one for every player (the required ``small_bet`` and ``big_bet`` repeat it), and there
  are no blinds; as with blinds, these are the rules' amounts and a short stack posts less.
  ``_chip``, ``_cutting`` ([3, 2, 1] or [3, 3, 3]),
  ``_cutting_type`` ("simultaneous" or "in_turn"), ``_allow_full``, ``_max_raises`` (when set)
  and ``_first`` (the player number of 선) hold the options. 삥, 따당, 쿼터, 하프 and 풀 are
  ``cbr`` to their amount with the kind as a comment (``"p2 cbr 7 # half"``); 체크 and 콜 are
  ``cc``, 다이 is ``f``. With 동시에 cutting every player's discards come first, then the deals.

A reader that ignores these fields takes the hand for fixed limit: most such files then fail to
replay there, but not all (a Korean hand where everyone is all-in on the antes replays with
other side pots), so such readers should check ``_rules`` and ``_structure``. Reading needs
every card: hands with ``??`` cards are refused. A draw that reshuffled the discards replays
exactly: the recorded deals say which discards came back and in what order.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from typing import Any

from ..cards import DECK, Card, parse_cards
from .actions import BET_KINDS, Action, Event
from .rules import KoreanRules, Rules
from .state import Game

HIDDEN = "??"  # one unknown card: rank and suit unknown


def _cards_text(cards: Sequence[Card], hidden: bool) -> str:
    return HIDDEN * len(cards) if hidden else "".join(str(card) for card in cards)


def _toml(value: object) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def dumps(game: Game, players: Sequence[str] | None = None, hide: Sequence[int] = ()) -> str:
    """The hand so far as PHH text. ``hide`` lists seats whose unshown cards are written as
    ``????`` (what an observer would know)."""
    order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
    number = {seat: k + 1 for k, seat in enumerate(order)}
    # The forced bets of the rules, as the standard has them (a short stack posts less).
    antes = [0] * game.seats
    blinds = [0] * game.seats
    if isinstance(game.rules, KoreanRules):
        antes = [game.rules.ante] * game.seats
    else:
        small, big = game.rules.blinds
        sb = number[Rules.small_blind_seat(game)] - 1
        blinds[sb], blinds[(sb + 1) % game.seats] = small, big
        if game.seats == 2:  # heads-up the list is [small, big] though p1 (the big) is first
            blinds.reverse()
    shown = {event.seat for event in game.history if event.kind == "show"}
    actions = _actions(game, number, {s for s in hide if s not in shown})
    fields: list[tuple[str, object]] = [
        ("variant", "FB"),
        ("antes", antes),
        ("blinds_or_straddles", blinds),
        *_rule_fields(game, number, observer=bool(hide)),
        ("starting_stacks", [game.starting_stacks[s] for s in order]),
        ("actions", actions),
    ]
    if players is not None:
        if len(players) != game.seats:
            raise ValueError(f"players names {game.seats} seats, got {len(players)} names")
        fields.append(("players", [players[s] for s in order]))
    if game.done:
        fields.append(("finishing_stacks", [game.stacks[s] for s in order]))
    fields.append(("_seats", order))
    lines = []
    for name, value in fields:
        if name == "actions":
            lines.append("actions = [")
            lines += [f"  {_toml(action)}," for action in actions]
            lines.append("]")
        else:
            lines.append(f"{name} = {_toml(value)}")
    return "\n".join(lines) + "\n"


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
        return fields
    fields = [("small_bet", rules.bet_size(0)), ("big_bet", rules.bet_size(2))]
    if rules.structure != "fixed-limit":
        fields.append(("_structure", rules.structure))
    if rules.max_raises != Rules.max_raises:
        fields.append(("_max_raises", rules.max_raises))
    if rules.burn:
        burned = [event.cards[0] for event in game.history if event.kind == "burn"]
        fields += [("_burn", True), ("_burns", [_cards_text([c], observer) for c in burned])]
    return fields


def _actions(game: Game, number: dict[int, int], hidden: set[int]) -> list[str]:
    actions: list[str] = []
    round_bets = {seat: 0 for seat in number}
    pending_deals: list[Event] = []

    def flush_deals() -> None:
        for draw in pending_deals:
            if draw.received:
                cards = _cards_text(draw.received, draw.seat in hidden)
                actions.append(f"d dh p{number[draw.seat]} {cards}")  # type: ignore[index]
        pending_deals.clear()

    for event in game.history:
        if event.kind != "draw":
            flush_deals()
        p = f"p{number[event.seat]}" if event.seat is not None else ""
        if event.kind == "post":
            round_bets[event.seat] += event.amount  # type: ignore[index]
        elif event.kind == "deal":
            actions.append(f"d dh {p} {_cards_text(event.cards, event.seat in hidden)}")
        elif event.kind == "fold":
            actions.append(f"{p} f")
        elif event.kind in ("check", "call"):
            round_bets[event.seat] += event.amount  # type: ignore[index]
            actions.append(f"{p} cc")
        elif event.kind in BET_KINDS:
            round_bets[event.seat] += event.amount  # type: ignore[index]
            comment = "" if event.kind in ("bet", "raise") else f" # {event.kind}"
            actions.append(f"{p} cbr {round_bets[event.seat]}{comment}")  # type: ignore[index]
        elif event.kind == "draw":
            if any(draw.seat == event.seat for draw in pending_deals):
                flush_deals()  # the next draw came with no betting between (all-ins)
            if not pending_deals:  # a new draw: the betting round before it is over
                round_bets = dict.fromkeys(round_bets, 0)
            thrown = _cards_text(event.cards, event.seat in hidden)
            actions.append(f"{p} sd {thrown}".rstrip())
            pending_deals.append(event)
        elif event.kind == "show":
            actions.append(f"{p} sm {_cards_text(event.cards, False)}")
    flush_deals()
    return actions


def loads(text: str) -> Game:
    """Replay a PHH badugi hand (every card known) into a Game, checking each action against the
    engine; a hand it cannot replay exactly raises ValueError."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"not a PHH (TOML) file: {error}") from None
    if data.get("variant") != "FB":
        raise ValueError(f"only badugi (variant FB) is read, not {data.get('variant')!r}")
    try:
        stacks = list(data["starting_stacks"])
        actions = [str(a).split("#")[0].split() for a in data["actions"]]
        rules, first = _read_rules(data, len(stacks))
    except KeyError as error:
        raise ValueError(f"the history lacks the field {error}") from None
    except TypeError as error:
        raise ValueError(f"a field of the history has the wrong type: {error}") from None
    comments = [str(a).partition("#")[2].strip() for a in data["actions"]]
    burns = [str(c) for c in data.get("_burns", [])]
    deals = _replay_deck(actions, len(stacks), burns, getattr(rules, "burn", False))
    # p1 .. pn are seats 0 .. n-1 of the replay, the button last.
    game = Game(
        stacks,
        rules,
        button=len(stacks) - 1,
        first=first,
        deck=deals[: len(DECK)],
        reshuffle=_replay_reshuffle(deals[len(DECK) :]),
    )
    deals_seen: dict[int, int] = {}
    for index, (words, comment) in enumerate(zip(actions, comments, strict=True)):
        try:
            if words[:2] == ["d", "dh"]:
                _check_deal(game, words, deals_seen)
            _apply(game, words, comment)
        except ValueError as error:  # engine errors number seats from 0: name the line too
            raise ValueError(f"action {index + 1} ({' '.join(words)!r}): {error}") from None
    return game


def _read_rules(data: dict[str, Any], n: int) -> tuple[Rules | KoreanRules, int | None]:
    """The rules from the standard's fields and ours (see the module docstring)."""
    if data.get("_rules") == "korean":
        first = int(data.get("_first", 1)) - 1
        antes = set(data.get("antes", [0]))
        if len(antes) != 1:
            raise ValueError(f"the Korean rules have one ante for all, not {sorted(antes)}")
        korean = KoreanRules(
            ante=antes.pop(),
            chip=data.get("_chip", 1),
            cutting=tuple(data.get("_cutting", (3, 2, 1))),
            cutting_type=data.get("_cutting_type", "simultaneous"),
            allow_full=bool(data.get("_allow_full", False)),
            max_raises=data.get("_max_raises"),
        )
        if not 0 <= first < n:
            raise ValueError(f"_first names player {first + 1} of {n}")
        return korean, first
    if "_rules" in data:
        raise ValueError(f"unknown _rules {data['_rules']!r}; only 'korean' is defined")
    if any(data.get("antes", [])):
        raise ValueError("antes belong to the Korean rules (_rules = 'korean') here")
    small, big = list(data["blinds_or_straddles"])[:2]  # heads-up too: [small, big]
    structure = data.get("_structure", "fixed-limit")
    max_raises = data.get("_max_raises", Rules.max_raises)
    burn = data.get("_burn", False)
    return Rules(data["small_bet"], data["big_bet"], small, big, max_raises, structure, burn), None


def _replay_reshuffle(later: list[Card]) -> Callable[[list[Card]], None]:
    """Orders each reshuffled stub so that it deals the recorded cards next."""
    queue = list(later)

    def reshuffle(stub: list[Card]) -> None:
        wanted, queue[:] = queue[: len(stub)], queue[len(stub) :]
        missing = [str(card) for card in wanted if card not in stub]
        if missing or len(set(wanted)) != len(wanted):
            raise ValueError(
                f"after the reshuffle the history deals {' '.join(map(str, wanted))}, "
                f"which the discards ({' '.join(map(str, stub))}) cannot give"
            )
        rest = [card for card in stub if card not in wanted]
        stub[:] = rest + wanted[::-1]  # the last card is dealt first

    return reshuffle


def _replay_deck(actions: list[list[str]], n: int, burns: list[str], burn: bool) -> list[Card]:
    """The deck order that deals exactly the recorded cards: the first four cards of each player
    one at a time round the table, then each draw's replacements in draw order, after the draw's
    burn card when the rules burn one."""
    first: dict[int, list[Card]] = {}
    later: list[Card] = []
    if any(HIDDEN in burn for burn in burns):
        raise ValueError("a hand with hidden burn cards cannot be replayed")
    to_burn = [card for burn in burns for card in parse_cards(burn)]
    drew: set[str] = set()  # players who drew in this draw
    burn_due = False
    for words in actions:
        if words[1:2] in (["f"], ["cc"], ["cbr"]):
            drew = set()  # betting: the draw before, if any, is over
        elif words[1:2] == ["sd"]:
            if not drew or words[0] in drew:  # the first discard of a draw
                drew, burn_due = set(), True
            drew.add(words[0])
        if words[:2] != ["d", "dh"]:
            continue
        if len(words) != 4 or not words[2].startswith("p") or not words[2][1:].isdigit():
            raise ValueError(f"a deal is 'd dh pK CARDS', not {' '.join(words)!r}")
        if HIDDEN[0] in words[3]:
            raise ValueError("a hand with hidden cards cannot be replayed")
        player, cards = int(words[2][1:]) - 1, parse_cards(words[3])
        if player not in first:
            first[player] = cards
            continue
        if burn_due and burn:
            if not to_burn:
                raise ValueError("_burns lists fewer cards than the draws burned")
            later.append(to_burn.pop(0))
        burn_due = False
        later += cards
    if sorted(first) != list(range(n)) or any(len(c) != 4 for c in first.values()):
        raise ValueError("every player must be dealt four cards first")
    if to_burn:
        raise ValueError(f"_burns lists {len(to_burn)} more cards than the draws burned")
    return [first[p][i] for i in range(4) for p in range(n)] + later


def _check_deal(game: Game, words: list[str], deals_seen: dict[int, int]) -> None:
    """A draw's replacements as recorded are the cards the replay dealt (burns and reshuffles
    included): the k-th deal to a player after the first is its k-th draw that took cards."""
    seat = int(words[2][1:]) - 1
    k = deals_seen[seat] = deals_seen.get(seat, -1) + 1
    if k == 0:
        return  # the first four cards: the stacked deck is made of them
    taken = [e.received for e in game.history if e.kind == "draw" and e.seat == seat and e.received]
    if k > len(taken) or sorted(taken[k - 1]) != sorted(parse_cards(words[3])):
        dealt = " ".join(map(str, taken[k - 1])) if k <= len(taken) else "nothing"
        raise ValueError(f"the history deals {words[3]} to p{seat + 1}, the replay {dealt}")


def _apply(game: Game, words: list[str], comment: str) -> None:
    if not words:
        return  # a no-op: a commentary alone
    if words[0] == "d":
        if words[1:2] != ["dh"] or len(words) != 4:
            raise ValueError(f"a deal is 'd dh pK CARDS', not {' '.join(words)!r}")
        return  # deals come from the stacked deck
    if len(words) < 2 or not words[0].startswith("p") or not words[0][1:].isdigit():
        raise ValueError(f"a player's action is 'pK VERB ...', not {' '.join(words)!r}")
    seat = int(words[0][1:]) - 1
    verb, rest = words[1], words[2:]
    if verb == "sm":
        shown = [e for e in game.history if e.kind == "show" and e.seat == seat]
        if rest and (not shown or sorted(shown[0].cards) != sorted(parse_cards(rest[0]))):
            raise ValueError(f"p{seat + 1} shows {rest[0]}, which is not the hand it holds")
        return
    if game.actor != seat:
        raise ValueError(f"p{seat + 1} acts out of turn ({' '.join(words)})")
    if verb == "sd" and len(rest) <= 1:
        game.act(Action.draw(parse_cards(rest[0]) if rest else []))
        return
    legal = {action.kind: action for action in game.legal_actions()}
    wanted = {"f": ("fold", "die"), "cc": ("check", "call")}.get(verb)
    if wanted is not None:
        kind = next((k for k in wanted if k in legal), None)
        if kind is None:
            raise ValueError(f"p{seat + 1} may {', '.join(legal)} now, not {' '.join(words)!r}")
        game.act(legal[kind])
    elif verb == "cbr" and len(rest) == 1 and rest[0].isdigit():
        game.act(_raise_to(game, seat, int(rest[0]), legal, comment))
    else:
        raise ValueError(f"unknown PHH action {' '.join(words)!r}")


def _raise_to(game: Game, seat: int, to: int, legal: dict[str, Action], comment: str) -> Action:
    """The bet or raise that brings the seat's round total to ``to``."""
    amount = to - game.round_bets[seat]
    kinds = [kind for kind in BET_KINDS if kind in legal]
    if comment in kinds:
        kinds = [comment]
    for kind in kinds:
        least = legal[kind].amount
        if least <= amount <= (legal[kind].max_amount or least):
            return Action(kind, amount)
    if not kinds:
        raise ValueError(f"p{seat + 1} may not bet or raise here")
    allowed = ", ".join(
        f"{kind} to {game.round_bets[seat] + legal[kind].amount}"
        + (f"..{game.round_bets[seat] + legal[kind].max_amount}" if legal[kind].max_amount else "")
        for kind in kinds
    )
    raise ValueError(f"p{seat + 1} raises to {to}, but the rules allow {allowed}")


__all__ = ["dumps", "loads"]
