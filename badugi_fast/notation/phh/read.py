"""Reading PHH badugi histories back into a ``Game`` (the format is described in ``phh``).

Every field read is checked for its TOML type before use (a float is never truncated to an
int, a string never read as a boolean) and a bad one raises ValueError naming the field.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections.abc import Callable
from typing import Any

from ...cards import DECK, Card, CardLike, parse_cards
from ...game.actions import BET_KINDS, FOLD_KINDS, Action, ActionKind
from ...game.rules import KoreanRules, Rules, RuleSet
from ...game.state import HIDDEN, Game, HiddenCard
from ...game.table import MAX_SEATS, MIN_SEATS

_PLAYER = re.compile(r"p([1-9][0-9]?)")  # p1 .. p8 (ASCII digits only)
_AMOUNT = re.compile(r"[0-9]{1,15}")  # a whole number of chips, ASCII digits only
_MISSING: Any = object()
MAX_TEXT = 1_000_000  # characters: a badugi hand's history is a few kilobytes
_TOML_NAMES = {bool: "boolean", int: "integer", str: "string"}


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _field(data: dict[str, Any], name: str, kind: type, default: Any = _MISSING) -> Any:
    """``data[name]``, which must be a TOML value of ``kind`` (bool is not an integer here)."""
    if name not in data:
        if default is _MISSING:
            raise ValueError(f"the history lacks the field {name!r}")
        return default
    value = data[name]
    if type(value) is not kind:
        raise ValueError(f"{name} must be a TOML {_TOML_NAMES[kind]}, not {_short(value)}")
    return value


def _list(data: dict[str, Any], name: str, kind: type, default: Any = _MISSING) -> Any:
    """``data[name]``, which must be a TOML array of ``kind`` values."""
    if name not in data:
        if default is _MISSING:
            raise ValueError(f"the history lacks the field {name!r}")
        return default
    value = data[name]
    if type(value) is not list or any(type(item) is not kind for item in value):
        what = _TOML_NAMES[kind]
        raise ValueError(f"{name} must be a TOML array of {what}s, not {_short(value)}")
    return value


def _parse_toml(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise TypeError(f"loads reads PHH text (a str), not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"a PHH hand is at most {MAX_TEXT:,} characters, got {len(text):,}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"not a PHH (TOML) file: {error}") from None
    except RecursionError:  # tomllib recurses once per level of nested arrays or tables
        raise ValueError("not a PHH file: its arrays or tables are nested too deeply") from None


def loads(text: str, *, unknown_cards: bool = False) -> Game:
    """Replay a PHH badugi hand into a Game, checking each action against the engine and, when
    the file has them, its ``finishing_stacks`` against the replay's; a hand it cannot read or
    replay exactly raises ValueError naming the field or the action. A hand with unknown cards
    (``??``) is refused unless ``unknown_cards``: then those are dealt as ``HiddenCard`` and the
    showdown goes as the history says (state.py): a hand shown (``pK sm CARDS``) shows those
    cards, one mucked (``pK sm``) loses to every shown hand, and one still in with no ``sm``
    line won unshown."""
    if not isinstance(unknown_cards, bool):
        raise TypeError(f"unknown_cards is True or False, not {type(unknown_cards).__name__}")
    data = _parse_toml(text)
    variant = _field(data, "variant", str)
    if variant != "FB":
        raise ValueError(f"only badugi (variant FB) is read, not {_short(variant)}")
    stacks = _list(data, "starting_stacks", int)
    if not MIN_SEATS <= len(stacks) <= MAX_SEATS:
        raise ValueError(f"starting_stacks names {MIN_SEATS} to {MAX_SEATS} players, not {stacks}")
    lines = _list(data, "actions", str)
    _check_seat_fields(data, len(stacks))
    rules, first = _read_rules(data, len(stacks))
    burns = _list(data, "_burns", str, [])
    actions = [line.split("#")[0].split() for line in lines]
    deals = _replay_deck(actions, len(stacks), burns, rules.burn, unknown_cards)
    hidden = HIDDEN in deals
    # p1 .. pn are seats 0 .. n-1 of the replay, the button last.
    game = Game(
        stacks,
        rules,
        button=len(stacks) - 1,
        first=first,
        deck=deals[: len(DECK)],
        reshuffle=_replay_reshuffle(deals[len(DECK) :]),
        show=_showing_seats(actions),
        **(_unknown_showdown(actions, deals, len(stacks)) if hidden else {}),
    )
    deals_seen: dict[int, int] = {}
    for index, (words, line) in enumerate(zip(actions, lines, strict=True)):
        try:
            if words[:2] == ["d", "dh"]:
                _check_deal(game, words, deals_seen)
            _apply(game, words, line.partition("#")[2].strip())
        except ValueError as error:  # engine errors number seats from 0: name the line too
            raise ValueError(f"action {index + 1} ({' '.join(words)!r}): {error}") from None
    _check_finishing_stacks(game, data)
    return game


def _check_seat_fields(data: dict[str, Any], n: int) -> None:
    """``players`` (names) and ``_seats`` (the game's seat of each player) are not needed to
    replay, but a history whose own fields disagree is not trusted."""
    players = _list(data, "players", str, None)
    if players is not None and len(players) != n:
        raise ValueError(f"players has {len(players)} names for {n} players")
    seats = _list(data, "_seats", int, None)
    if seats is not None and sorted(seats) != list(range(n)):
        raise ValueError(f"_seats numbers the {n} seats 0..{n - 1} once each, not {seats}")


def _check_finishing_stacks(game: Game, data: dict[str, Any]) -> None:
    """The replay ends with ``finishing_stacks``; with ``_rake`` (an imported hand), the stacks
    less the rake, taken from the pots' winners."""
    finishing = _list(data, "finishing_stacks", int, None)
    rake = _field(data, "_rake", int, 0)
    if finishing is None:
        return
    if not game.done:
        raise ValueError("the history has finishing_stacks, but its actions do not end the hand")
    if len(finishing) != game.seats:
        raise ValueError(f"finishing_stacks has {len(finishing)} entries for {game.seats}")
    taken = [stack - final for stack, final in zip(game.stacks, finishing, strict=True)]
    if sum(taken) != rake or min(taken) < 0:
        less = f" less the rake of {rake}" if rake else ""
        raise ValueError(
            f"finishing_stacks are {finishing}, but the replay ends {game.stacks}{less}"
        )


def _forced_bets(data: dict[str, Any], n: int) -> tuple[list[int], list[int]]:
    antes = _list(data, "antes", int, [0] * n)
    blinds = _list(data, "blinds_or_straddles", int, [0] * n)
    for name, values in (("antes", antes), ("blinds_or_straddles", blinds)):
        if len(values) != n:
            raise ValueError(f"{name} has {len(values)} entries for {n} players")
        if min(values) < 0:
            raise ValueError(f"{name} are chips (0 or more), not {_short(values)}")
    return antes, blinds


def _read_rules(data: dict[str, Any], n: int) -> tuple[RuleSet, int | None]:
    """The rules from the standard's fields and ours (see ``phh``'s docstring)."""
    antes, blinds = _forced_bets(data, n)
    name = _field(data, "_rules", str, None)
    if name == "korean":
        return _read_korean(data, antes, n)
    if name is not None:
        raise ValueError(f"unknown _rules {_short(name)}; only 'korean' is defined")
    if len(set(antes)) != 1:
        raise ValueError(f"the casino rules have one ante for all, not {sorted(set(antes))}")
    small, big = blinds[:2]  # heads-up too: [small, big]
    if any(blinds[2:]):
        raise ValueError(f"blinds_or_straddles: straddles are not played here, got {blinds}")
    rules = Rules(
        _field(data, "small_bet", int),
        _field(data, "big_bet", int),
        small,
        big,
        _field(data, "_max_raises", int, Rules.max_raises),
        _field(data, "_structure", str, "fixed-limit"),
        _field(data, "_burn", bool, False),
        ante=antes[0],
        cap_heads_up=_field(data, "_cap_heads_up", bool, False),
    )
    return rules, None


def _read_korean(data: dict[str, Any], antes: list[int], n: int) -> tuple[KoreanRules, int]:
    if len(set(antes)) != 1:
        raise ValueError(f"the Korean rules have one ante for all, not {sorted(set(antes))}")
    first = _field(data, "_first", int, 1)
    if not 1 <= first <= n:
        raise ValueError(f"_first names player {first} of {n}")
    cutting = _list(data, "_cutting", int, [3, 2, 1])
    if len(cutting) != 3:
        raise ValueError(f"_cutting is three limits, e.g. [3, 2, 1], not {cutting}")
    korean = KoreanRules(
        ante=antes[0],
        chip=_field(data, "_chip", int, 1),
        cutting=(cutting[0], cutting[1], cutting[2]),
        cutting_type=_field(data, "_cutting_type", str, "simultaneous"),
        allow_full=_field(data, "_allow_full", bool, False),
        max_raises=_field(data, "_max_raises", int, None),
        muck=_field(data, "_muck", bool, False),
    )
    return korean, first - 1


def _replay_reshuffle(later: list[CardLike]) -> Callable[[list[Card]], None]:
    """Orders each reshuffled stub so that it deals the recorded cards next. With unknown cards
    a known card the discards do not show is one of their unknown ones, and a ``??`` takes an
    unknown discard, or else a known one, which the history does not show: it is dealt as a new
    unknown card."""
    queue = list(later)
    fresh = itertools.count(10_000)  # ids for cards the history hides once reshuffled

    def reshuffle(stub: list[Card]) -> None:
        wanted, queue[:] = queue[: len(stub)], queue[len(stub) :]
        known = [card for card in wanted if card != HIDDEN]
        missing = [card for card in known if card not in stub]
        hidden = [card for card in stub if type(card) is HiddenCard]
        if len(missing) > len(hidden) or len(set(known)) != len(known):
            raise ValueError(
                f"after the reshuffle the history deals {' '.join(map(str, wanted))}, "
                f"which the discards ({' '.join(map(str, stub))}) cannot give"
            )
        hidden = hidden[len(missing) :]  # the missing known cards were unknown discards
        others = [card for card in stub if card not in known and type(card) is not HiddenCard]
        dealt: list[Card] = []
        for card in wanted:
            if card != HIDDEN:
                dealt.append(DECK[int(card)])
            elif hidden:
                dealt.append(hidden.pop())
            else:
                others.pop()
                dealt.append(HiddenCard(next(fresh)))
        stub[:] = hidden + others + dealt[::-1]  # the last card is dealt first

    return reshuffle


def _cards(text: str) -> list[CardLike]:
    """The cards of a deal or a discard, ``??`` (as text) for each unknown one."""
    if HIDDEN[0] not in text:
        return list(parse_cards(text))
    if len(text) % 2:
        raise ValueError(f"cards are two characters each, as in As??Kd, not {_short(text)}")
    return [HIDDEN if text[i : i + 2] == HIDDEN else parse_cards(text[i : i + 2])[0]
            for i in range(0, len(text), 2)]  # fmt: skip


def _deal_words(words: list[str], unknown_cards: bool = True) -> tuple[int, list[CardLike]]:
    """The player (0-based) and cards of a ``d dh pK CARDS`` line."""
    player = _PLAYER.fullmatch(words[2]) if len(words) == 4 else None
    if player is None or words[:2] != ["d", "dh"]:
        raise ValueError(f"a deal is 'd dh pK CARDS', not {' '.join(words)!r}")
    if HIDDEN[0] in words[3] and not unknown_cards:
        raise ValueError(
            "a hand with hidden cards cannot be replayed exactly (loads(text, "
            "unknown_cards=True) replays it with its showdown as the history says)"
        )
    return int(player.group(1)) - 1, _cards(words[3])


def _recorded_deals(
    actions: list[list[str]], unknown_cards: bool
) -> tuple[dict[int, list[CardLike]], list[list[CardLike]]]:
    """Each player's first four cards, and the replacements of each draw in the order dealt
    (one list per draw that dealt any; the writer puts a draw's discards before its deals)."""
    first: dict[int, list[CardLike]] = {}
    draws: list[list[CardLike]] = []
    drew: set[str] = set()  # players who discarded in this draw
    new_draw = False
    for words in actions:
        if words[1:2] in (["f"], ["cc"], ["cbr"]):
            drew = set()  # betting: the draw before, if any, is over
        elif words[1:2] == ["sd"]:
            if not drew or words[0] in drew:  # the first discard of a draw
                drew, new_draw = set(), True
            drew.add(words[0])
        elif words[:2] == ["d", "dh"]:
            player, cards = _deal_words(words, unknown_cards)
            if player not in first:
                first[player] = cards
                continue
            if new_draw:
                draws.append([])
                new_draw = False
            if not draws:
                raise ValueError(f"{' '.join(words)!r} deals a second hand before any discard")
            draws[-1] += cards
    return first, draws


def _replay_deck(
    actions: list[list[str]], n: int, burns: list[str], burn: bool, unknown_cards: bool
) -> list[CardLike]:
    """The deck order that deals exactly the recorded cards: the first four cards of each player
    one at a time round the table, then each draw's replacements in draw order, after the draw's
    burn card when the rules burn one."""
    if any(HIDDEN[0] in card for card in burns):
        raise ValueError("a hand with hidden burn cards (_burns) cannot be replayed")
    to_burn = [card for text in burns for card in parse_cards(text)]
    first, draws = _recorded_deals(actions, unknown_cards)
    if sorted(first) != list(range(n)) or any(len(c) != 4 for c in first.values()):
        raise ValueError("every player must be dealt four cards first")
    later: list[CardLike] = []
    for cards in draws:
        if burn:
            if not to_burn:
                raise ValueError("_burns lists fewer cards than the draws burned")
            later.append(to_burn.pop(0))
        later += cards
    if to_burn:
        raise ValueError(f"_burns lists {len(to_burn)} more cards than the draws burned")
    return [first[p][i] for i in range(4) for p in range(n)] + later


def _unknown_showdown(actions: list[list[str]], deals: list[CardLike], n: int) -> dict[str, Any]:
    """``reveal`` and ``unshown_winners`` for a hand with unknown cards: the cards each player
    with an unknown card shows, and the players still in with no ``sm`` line."""
    first = {p: [deals[i * n + p] for i in range(4)] for p in range(n)}
    later = any(HIDDEN == card for card in deals[4 * n :])
    shown: dict[int, str] = {}
    out: set[int] = set()
    for words in actions:
        player = _PLAYER.fullmatch(words[0]) if words else None
        if player is None or len(words) < 2:
            continue
        seat = int(player.group(1)) - 1
        if words[1] == "sm" and len(words) == 3:
            shown[seat] = words[2]
        if words[1] in ("f", "sm"):
            out.add(seat)
    reveal = {
        seat: parse_cards(cards)
        for seat, cards in shown.items()
        if 0 <= seat < n and (later or HIDDEN in first[seat])
    }
    return {"reveal": reveal, "unshown_winners": set(range(n)) - out}


def _check_deal(game: Game, words: list[str], deals_seen: dict[int, int]) -> None:
    """A draw's replacements as recorded are the cards the replay dealt (burns and reshuffles
    included): the k-th deal to a player after the first is its k-th draw that took cards."""
    seat, cards = _deal_words(words)
    k = deals_seen[seat] = deals_seen.get(seat, -1) + 1
    if k == 0:
        return  # the first four cards: the stacked deck is made of them
    taken = [
        e.received
        for e in game.history
        if e.kind == ActionKind.DRAW and e.seat == seat and e.received
    ]
    if k > len(taken) or sorted(map(str, taken[k - 1])) != sorted(map(str, cards)):
        dealt = " ".join(map(str, taken[k - 1])) if k <= len(taken) else "nothing"
        raise ValueError(f"the history deals {words[3]} to p{seat + 1}, the replay {dealt}")


def _apply(game: Game, words: list[str], comment: str) -> None:
    if not words:
        return  # a no-op: a commentary alone
    if words[0] == "d":
        _deal_words(words)
        return  # deals come from the stacked deck
    player = _PLAYER.fullmatch(words[0]) if len(words) >= 2 else None
    if player is None:
        raise ValueError(f"a player's action is 'pK VERB ...', not {' '.join(words)!r}")
    seat = int(player.group(1)) - 1
    verb, rest = words[1], words[2:]
    if verb == "sm":
        _check_showdown(game, seat, rest)
        return
    if game.actor != seat:
        raise ValueError(f"p{seat + 1} acts out of turn ({' '.join(words)})")
    if verb == "sd" and len(rest) <= 1:
        game.act(_discard(game, seat, rest[0] if rest else ""))
        return
    legal = {action.kind: action for action in game.legal_actions()}
    wanted = {"f": FOLD_KINDS, "cc": (ActionKind.CHECK, ActionKind.CALL)}.get(verb)
    if wanted is not None:
        kind = next((k for k in wanted if k in legal), None)
        if kind is None:
            raise ValueError(f"p{seat + 1} may {', '.join(legal)} now, not {' '.join(words)!r}")
        game.act(legal[kind])
    elif verb == "cbr" and len(rest) == 1 and _AMOUNT.fullmatch(rest[0]):
        game.act(_raise_to(game, seat, int(rest[0]), legal, comment))
    else:
        raise ValueError(f"unknown PHH action {' '.join(words)!r}")


def _discard(game: Game, seat: int, text: str) -> Action:
    """``pK sd CARDS``: the cards named, and for each ``??`` one of the unknown cards held."""
    if HIDDEN[0] not in text:
        return Action.draw(parse_cards(text))
    unknown = [card for card in game.hands[seat] if type(card) is HiddenCard]
    named = _cards(text)
    if named.count(HIDDEN) > len(unknown):
        raise ValueError(f"p{seat + 1} throws {named.count(HIDDEN)} unknown cards, but holds "
                         f"{len(unknown)}")  # fmt: skip
    thrown = [unknown.pop(0) if card == HIDDEN else DECK[int(card)] for card in named]
    return Action(ActionKind.DRAW, 0, tuple(thrown))


def _check_showdown(game: Game, seat: int, rest: list[str]) -> None:
    """``pK sm CARDS``: the replay showed these cards; ``pK sm``: it mucked the hand."""
    kinds = (ActionKind.SHOW, ActionKind.MUCK)
    done = next((e for e in game.history if e.kind in kinds and e.seat == seat), None)
    if len(rest) > 1:
        raise ValueError(f"a showdown is 'pK sm CARDS' or 'pK sm', not {' '.join(rest)!r}")
    if done is None:
        raise ValueError(f"p{seat + 1} is not at a showdown here")
    if not rest and done.kind == ActionKind.SHOW:
        raise ValueError(f"p{seat + 1} mucks, but its hand must be shown (no shown hand beats it)")
    if rest and sorted(done.cards) != sorted(parse_cards(rest[0])):
        raise ValueError(f"p{seat + 1} shows {rest[0]}, which is not the hand it holds")


def _showing_seats(actions: list[list[str]]) -> set[int]:
    """The players the history shows at showdown (the replay shows them whatever they hold)."""
    return {
        int(player.group(1)) - 1
        for words in actions
        if words[1:2] == ["sm"] and len(words) > 2 and (player := _PLAYER.fullmatch(words[0]))
    }


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


__all__ = ["HIDDEN", "loads"]
