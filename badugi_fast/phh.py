"""Hand histories in the Poker Hand History format (PHH, TOML): fixed-limit badugi, ``FB``.

Players are numbered as the standard does, p1 the first seat left of the button (the small
blind) round to the button last; our seat numbers are kept in the user-defined field
``_seats`` (our seat of p1, p2, ...). Actions: ``d dh pK CARDS`` deals (``??`` is an unknown
card, so four are ``????????``), ``pK f`` folds, ``pK cc`` checks or calls, ``pK cbr X`` bets
or raises to X for the round, ``pK sd CARDS`` discards (``pK sd`` stands pat): a draw's discards
are listed first, then its replacement deals, as the standard's own example (the Wikipedia
hand) has them. ``pK sm CARDS`` shows a hand at showdown.

Not representable yet, and refused with a ValueError rather than written wrongly: the Korean
room rules, and (when reading) hands whose cards are hidden or whose draws reshuffled the
discards, which a stacked deck cannot replay.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence

from .cards import Card, parse_cards
from .engine import Action, Event, Game, Rules

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
    if not isinstance(game.rules, Rules) or game.rules.structure != "fixed-limit":
        raise ValueError("only casino fixed-limit hands can be written as PHH (variant FB) yet")
    order = [(game.button + k) % game.seats for k in range(1, game.seats + 1)]
    number = {seat: k + 1 for k, seat in enumerate(order)}
    blinds = [0] * game.seats
    for event in game.history:
        if event.kind == "post":
            blinds[number[event.seat] - 1] = event.amount  # type: ignore[index]
    if game.seats == 2:  # heads-up the list is [small, big] though p1 (not the button) is big
        blinds.reverse()
    shown = {event.seat for event in game.history if event.kind == "show"}
    actions = _actions(game, number, {s for s in hide if s not in shown})
    fields: list[tuple[str, object]] = [
        ("variant", "FB"),
        ("antes", [0] * game.seats),
        ("blinds_or_straddles", blinds),
        ("small_bet", game.rules.bet_size(0)),
        ("big_bet", game.rules.bet_size(2)),
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
        elif event.kind in ("bet", "raise"):
            round_bets[event.seat] += event.amount  # type: ignore[index]
            actions.append(f"{p} cbr {round_bets[event.seat]}")  # type: ignore[index]
        elif event.kind == "draw":
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
    """Replay a PHH fixed-limit badugi hand (every card known) into a Game, checking each
    action against the engine; a hand it cannot replay exactly raises ValueError."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"not a PHH (TOML) file: {error}") from None
    if data.get("variant") != "FB":
        raise ValueError(
            f"only fixed-limit badugi (variant FB) is read, not {data.get('variant')!r}"
        )
    if any(data.get("antes", [])):
        raise ValueError("antes are not part of casino fixed-limit badugi here")
    stacks = list(data["starting_stacks"])
    n = len(stacks)
    small, big = list(data["blinds_or_straddles"])[:2]  # heads-up too: [small, big]
    actions = [a.split("#")[0].split() for a in data["actions"]]
    deals = _replay_deck(actions, n)
    # p1 .. pn are seats 0 .. n-1 of the replay, the button last.
    rules = Rules(data["small_bet"], data["big_bet"], small, big)
    game = Game(stacks, rules, button=n - 1, deck=deals)
    for words in actions:
        _apply(game, words)
    return game


def _replay_deck(actions: list[list[str]], n: int) -> list[Card]:
    """The deck order that deals exactly the recorded cards: the first four cards of each player
    one at a time round the table, then each draw's replacements in draw order."""
    first: dict[int, list[Card]] = {}
    later: list[Card] = []
    for words in actions:
        if words[:2] != ["d", "dh"]:
            continue
        if HIDDEN[0] in words[3]:
            raise ValueError("a hand with hidden cards cannot be replayed")
        player, cards = int(words[2][1:]) - 1, parse_cards(words[3])
        if player not in first:
            first[player] = cards
        else:
            later += cards
    if sorted(first) != list(range(n)) or any(len(c) != 4 for c in first.values()):
        raise ValueError("every player must be dealt four cards first")
    return [first[p][i] for i in range(4) for p in range(n)] + later


def _apply(game: Game, words: list[str]) -> None:
    if words[0] == "d":
        return  # deals come from the stacked deck
    seat = int(words[0][1:]) - 1
    verb, rest = words[1], words[2:]
    if verb == "sm":
        shown = [e for e in game.history if e.kind == "show" and e.seat == seat]
        if rest and (not shown or sorted(shown[0].cards) != sorted(parse_cards(rest[0]))):
            raise ValueError(f"p{seat + 1} shows {rest[0]}, which is not the hand it holds")
        return
    if game.actor != seat:
        raise ValueError(f"p{seat + 1} acts out of turn ({' '.join(words)})")
    if verb == "sd":
        game.act(Action.draw(parse_cards(rest[0]) if rest else []))
        return
    legal = {action.kind: action for action in game.legal_actions()}
    if verb == "f":
        game.act(legal["fold"])
    elif verb == "cc":
        game.act(legal.get("check") or legal["call"])
    elif verb == "cbr":
        kind = "bet" if "bet" in legal else "raise"
        if kind not in legal:
            raise ValueError(f"p{seat + 1} may not bet or raise here")
        to = game.round_bets[seat] + legal[kind].amount
        if to != int(rest[0]):
            raise ValueError(f"p{seat + 1} raises to {rest[0]}, but fixed limit makes it {to}")
        game.act(legal[kind])
    else:
        raise ValueError(f"unknown PHH action {' '.join(words)!r}")


__all__ = ["dumps", "loads"]
