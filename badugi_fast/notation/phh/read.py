"""Reading PHH badugi histories back into a ``Game`` (the format is described in ``phh``): the
fields and rules read with their types checked (fields.py), the stacked deck that deals the
recorded cards (deals.py), then each action replayed and checked against the engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ...cards import DECK, parse_cards
from ...game.actions import BET_KINDS, FOLD_KINDS, Action, ActionKind
from ...game.hidden import HIDDEN, HiddenCard
from ...game.state import Game
from ...game.table import MAX_SEATS, MIN_SEATS
from .deals import (
    PLAYER,
    cards_of,
    deal_words,
    replay_deck,
    replay_reshuffle,
    showing_seats,
    unknown_showdown,
)
from .fields import MAX_TEXT as MAX_TEXT  # the longest text loads reads
from .fields import (
    check_seat_fields,
    parse_toml,
    read_extra_blinds,
    read_no_small_blind,
    read_rules,
    short_repr,
    toml_array,
    toml_field,
)

_AMOUNT = re.compile(r"[0-9]{1,15}")  # a whole number of chips, ASCII digits only


def loads(text: str, *, unknown_cards: bool = False) -> Game:
    """Replay a PHH badugi hand into a Game, checking each action against the engine and, when
    the file has them, its ``finishing_stacks`` against the replay's; a hand it cannot read or
    replay exactly raises ValueError naming the field or the action. A hand with unknown cards
    (``??``) is refused unless ``unknown_cards``: then those are dealt as ``HiddenCard`` and the
    showdown goes as the history says (state.py): a hand shown (``pK sm CARDS``) shows those
    cards, one mucked (``pK sm``) loses to every shown hand, and one still in with no ``sm``
    line won unshown."""
    game, actions, lines, data = _start(text, unknown_cards)
    for _ in _replayed(game, actions, lines):
        pass
    _check_finishing_stacks(game, data)
    return game


def _start(
    text: str, unknown_cards: bool
) -> tuple[Game, list[list[str]], list[str], dict[str, Any]]:
    """The game dealt from the history's fields, before its first action, with its action
    lines (as words and as written) and its fields."""
    if not isinstance(unknown_cards, bool):
        raise TypeError(f"unknown_cards is True or False, not {type(unknown_cards).__name__}")
    data = parse_toml(text)
    variant = toml_field(data, "variant", str)
    if variant != "FB":
        raise ValueError(f"only badugi (variant FB) is read, not {short_repr(variant)}")
    stacks = toml_array(data, "starting_stacks", int)
    if not MIN_SEATS <= len(stacks) <= MAX_SEATS:
        raise ValueError(f"starting_stacks names {MIN_SEATS} to {MAX_SEATS} players, not {stacks}")
    lines = toml_array(data, "actions", str)
    check_seat_fields(data, len(stacks))
    rules, first = read_rules(data, len(stacks))
    burns = toml_array(data, "_burns", str, [])
    actions = [line.split("#")[0].split() for line in lines]
    deals = replay_deck(actions, len(stacks), burns, rules.burn, unknown_cards)
    hidden = HIDDEN in deals
    # p1 .. pn are seats 0 .. n-1 of the replay, the button last.
    game = Game(
        stacks,
        rules,
        button=len(stacks) - 1,
        first=first,
        deck=deals[: len(DECK)],
        reshuffle=replay_reshuffle(deals[len(DECK) :]),
        show=showing_seats(actions),
        extra_blinds=read_extra_blinds(data, len(stacks)),
        no_small_blind=read_no_small_blind(data, len(stacks)),
        **(unknown_showdown(actions, deals, len(stacks)) if hidden else {}),
    )
    return game, actions, lines, data


def steps(text: str, *, unknown_cards: bool = False) -> Iterator[tuple[str, Game]]:
    """``loads`` one action at a time: before each line of ``actions`` its text and the game so
    far (one ``Game``, which the next line changes: read it before asking for the next), then
    ``("", game)`` at the end, once ``loads``' checks pass. The same errors as ``loads``."""
    game, actions, lines, data = _start(text, unknown_cards)
    yield from _replayed(game, actions, lines)
    _check_finishing_stacks(game, data)
    yield "", game


def _replayed(game: Game, actions: list[list[str]], lines: list[str]) -> Iterator[tuple[str, Game]]:
    deals_seen: dict[int, int] = {}
    for index, (words, line) in enumerate(zip(actions, lines, strict=True)):
        yield line, game
        try:
            if words[:2] == ["d", "dh"]:
                _check_deal(game, words, deals_seen)
            _apply(game, words, line.partition("#")[2].strip())
        except ValueError as error:  # engine errors number seats from 0: name the line too
            raise ValueError(f"action {index + 1} ({' '.join(words)!r}): {error}") from None


def _check_finishing_stacks(game: Game, data: dict[str, Any]) -> None:
    """The replay ends with ``finishing_stacks``; with ``_rake`` (an imported hand), the stacks
    less the rake, taken from the pots' winners."""
    finishing = toml_array(data, "finishing_stacks", int, None)
    rake = toml_field(data, "_rake", int, 0)
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


def _check_deal(game: Game, words: list[str], deals_seen: dict[int, int]) -> None:
    """A draw's replacements as recorded are the cards the replay dealt (burns and reshuffles
    included): the k-th deal to a player after the first is its k-th draw that took cards."""
    seat, cards = deal_words(words)
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
        deal_words(words)
        return  # deals come from the stacked deck
    player = PLAYER.fullmatch(words[0]) if len(words) >= 2 else None
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
    named = cards_of(text)
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


__all__ = ["HIDDEN", "loads", "steps"]
