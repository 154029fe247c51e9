"""A site's record of a hand replayed through ``Game``, checked, and written as PHH.

The replay seats the players dealt in, in seat order; the button is the seat before the small
blind (heads-up the small blind itself), as the blinds were posted. Unknown cards are ``??``
(``HiddenCard``): everyone's but the hero's and the hands shown. Each action and amount is
checked by the rules; at the end the replay's winnings must be what the file says each seat
collected plus any uncalled bet returned, less the rake, and every shown hand's label must be
what ``describe`` calls it. Any difference is a problem of the hand, which is then not
imported.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...cards import DECK, Card, parse_cards
from ...game.actions import BET_KINDS, Action, ActionKind, IllegalActionError
from ...game.rules import Rules
from ...game.state import HIDDEN, Game, HiddenCard
from ...hands.hand import describe
from ..phh import write as phh_write
from ..phh.write import toml_value
from .model import HandRecord, ImportedHand, LineProblem, Step
from .pokerstars import time_zone

K = ActionKind
_LABEL_SIZES = {
    "badugi": 4,
    "3-card": 3,
    "three cards": 3,
    "three card": 3,
    "2-card": 2,
    "two cards": 2,
    "two card": 2,
    "1-card": 1,
    "one card": 1,
}
_BY_TEXT = {str(card): card for card in DECK}
_LABEL_RANK = re.compile(r"10|[AKQJT2-9]")
_UNITS = {100: "cent", 1: "chip"}
_VENUES = {
    "pokerstars": "PokerStars",
    "fulltilt": "Full Tilt Poker",
    "kingsclub": "KingsClub",
    "merge": "Merge Network",
}


class HandProblem(ValueError):
    """A hand that does not replay as its file tells it."""


def import_hand(record: HandRecord, file: str, unit: str = "") -> ImportedHand:
    """The record replayed and checked, or with its problems and no game."""
    imported = ImportedHand(
        record.site,
        record.hand_id or None,
        (file, record.line),
        problems=[f"{file}:{p}" for p in record.problems],
        players={s.number: s.name for s in record.seats},
        stacks={s.number: s.stack for s in record.seats},
        rake=record.rake or 0,
        unit=unit or ("cent" if record.currency else "chip"),
        currency=record.currency,
        record=record,
    )
    names = {s.name: s.number for s in record.seats}
    imported.winnings = {names[n]: a for n, a in record.collected.items() if n in names}
    imported.labels = {names[n]: label for n, label in record.labels.items() if n in names}
    if imported.problems:
        return imported
    try:
        game, big_blind = _replay(record)
        _check_label_of_each_shown_hand(record)
        imported.phh = _write(record, game, file)
    except (HandProblem, LineProblem) as problem:
        imported.problems.append(f"{file}:{problem}")
        return imported
    imported.game, imported.big_blind, imported.rake = game, big_blind, record.rake or 0
    return imported


# -- the table --------------------------------------------------------------------------------


def _fail(line: int, reason: str) -> HandProblem:
    return HandProblem(f"line {line}: {reason}")


def _rules(record: HandRecord) -> tuple[Rules, int]:
    """The rules the posts show, and the replay's button seat."""
    try:
        return _table_rules(record)
    except (ValueError, TypeError) as error:  # the rules refuse the amounts: 0 bets, ...
        if isinstance(error, HandProblem):
            raise
        raise _fail(record.line, f"the stakes or blinds are not a game: {error}") from None


def _table_rules(record: HandRecord) -> tuple[Rules, int]:
    seats = record.seats
    if len(seats) < 2:
        raise _fail(record.line, f"{len(seats)} seat(s) dealt in; a hand needs two")
    index = {seat.name: i for i, seat in enumerate(seats)}
    blinds: dict[str, tuple[int, int]] = {}
    antes = []
    for post in record.posts:
        if post.name not in index:
            raise _fail(post.line, f"{post.name} posts but is not dealt in")
        if post.kind == "ante":
            antes.append(post)
        elif post.kind in blinds or post.kind == "both":
            raise _fail(post.line, "a second blind of its kind (a dead blind): not played here")
        else:
            blinds[post.kind] = (index[post.name], post.amount)
    ante = max((p.amount for p in antes), default=0)
    if "small" in blinds and "big" in blinds:
        sb, big = blinds["small"], blinds["big"]
        n = len(seats)
        if big[0] != (sb[0] + 1) % n:
            raise _fail(record.line, "the big blind does not sit next to the small blind")
        button = sb[0] if n == 2 else (sb[0] - 1) % n
        rules = _stakes(record.small_bet, record.big_bet, sb[1], big[1], record.structure, ante)
        return rules, button
    if blinds:
        raise _fail(record.line, "one blind alone: a hand needs both blinds, or none")
    if not ante:
        raise _fail(record.line, "no blinds and no antes: nothing to play for")
    numbers = [seat.number for seat in seats]
    if record.button not in numbers:
        raise _fail(record.line, f"the button (seat {record.button}) is not dealt in")
    rules = _stakes(record.small_bet, record.big_bet, 0, 0, record.structure, ante)
    return rules, numbers.index(record.button)


_RULES: dict[tuple[int, int, int, int, str, int], Rules] = {}  # a file plays a few stakes


def _stakes(small_bet: int, big_bet: int, small: int, big: int, structure: str, ante: int) -> Rules:
    """``Rules`` of these stakes, made (and checked) once: a rule set is immutable, so the
    hands of one stake share it. A refused one raises each time, as ``Rules`` does."""
    key = (small_bet, big_bet, small, big, structure, ante)
    rules = _RULES.get(key)
    if rules is None:
        rules = Rules(small_bet, big_bet, small, big, structure=structure, ante=ante)
        if len(_RULES) >= 256:
            _RULES.clear()
        _RULES[key] = rules
    return rules


def _deck(record: HandRecord, button: int) -> list[str]:
    """The cards in the order dealt: four each from the button's left, then each draw's
    replacements in draw order (``??`` for every card the file does not show)."""
    n = len(record.seats)
    hero = next((i for i, s in enumerate(record.seats) if s.name == record.hero), None)
    first = [[HIDDEN] * 4 for _ in range(n)]
    if hero is not None and record.hero_cards is not None:
        first[hero] = list(record.hero_cards)
    order = [(button + k) % n for k in range(1, n + 1)]
    deck = [first[seat][i] for i in range(4) for seat in order]
    for step in record.steps:
        if step.kind == "draw":
            deck += list(step.received) if step.received is not None else [HIDDEN] * step.count
    return deck


def _replay(record: HandRecord) -> tuple[Game, int]:
    rules, button = _rules(record)
    seats = record.seats
    index = {seat.name: i for i, seat in enumerate(seats)}
    shown = {index[n]: _cards(c) for n, c in record.shown.items() if n in index}
    unknown_shows = [n for n in record.shown if n not in index]
    if unknown_shows:
        raise _fail(record.line, f"{unknown_shows[0]} shows a hand but is not dealt in")
    # a seat that collected without showing won; but one that conceded won only pots nobody
    # else still in contested (a side pot the others folded out of), and loses the rest
    conceded = {index[n] for n in record.conceded if n in index}
    winners = {index[n] for n in record.collected if n in index} - set(shown) - conceded
    try:
        game = _play(record, rules, button, index, shown, winners)
    except HandProblem as problem:
        if not winners:
            raise
        # a winner that did not show ("doesn't show hand") may have won only a pot nobody
        # else contested: then it is beaten by every shown hand, as if it had mucked
        try:
            game = _play(record, rules, button, index, shown, set())
        except HandProblem:
            raise problem from None
    return game, rules.blinds[1] or rules.ante


def _play(
    record: HandRecord,
    rules: Rules,
    button: int,
    index: dict[str, int],
    shown: dict[int, list[Card]],
    winners: set[int],
) -> Game:
    """The hand replayed, the seats of ``winners`` (unknown hands) beating every shown hand;
    HandProblem where it is not what the file says."""
    try:
        game = Game(
            [seat.stack for seat in record.seats],
            rules,
            button=button,
            deck=_deck(record, button),
            show=shown,
            reveal=shown,
            unshown_winners=winners,
        )
    except ValueError as error:
        raise _fail(record.line, f"the hand cannot be dealt as written: {error}") from None
    _check_posts(record, game, index)
    for step in record.steps:
        _act(game, step, index)
    if not game.done:
        last = record.steps[-1].line if record.steps else record.line
        raise _fail(last, "the hand stops before it is over (a truncated hand?)")
    _check_winnings(record, game, index)
    return game


def _check_posts(record: HandRecord, game: Game, index: dict[str, int]) -> None:
    """The forced bets the rules posted are the ones the file lists."""
    posted = sorted((e.seat, e.amount) for e in game.history if e.kind in (K.POST, K.ANTE))
    listed = sorted((index[p.name], p.amount) for p in record.posts)
    if posted != listed:
        raise _fail(record.line, f"the posts ({listed}) are not the rules' forced bets ({posted})")


# -- the play ---------------------------------------------------------------------------------


def _act(game: Game, step: Step, index: dict[str, int]) -> None:
    seat = index.get(step.name)
    if seat is None:
        raise _fail(step.line, f"{step.name} acts but is not dealt in")
    actor = game.actor
    if actor != seat:
        now = "nobody (the hand is over)" if actor is None else f"seat {actor}"
        raise _fail(step.line, f"{step.name} acts out of turn: the rules have {now} to act")
    if step.kind in ("show", "muck"):
        return
    try:
        game.act(_action(game, seat, step))
    except IllegalActionError as error:
        raise _fail(step.line, f"{step.name} may not {step.kind} here: {error}") from None
    if step.kind == "draw" and step.received is not None:
        event = next(e for e in reversed(game.history) if e.kind == K.DRAW)
        if sorted(map(str, event.received)) != sorted(step.received):
            raise _fail(step.line, "the replacements are not the cards the deal gives")


def _action(game: Game, seat: int, step: Step) -> Action:
    if step.kind == "fold":
        return Action(K.FOLD)
    if step.kind == "check":
        return Action(K.CHECK)
    if step.kind == "draw":
        return Action(K.DRAW, 0, _thrown(game, seat, step))
    put_in = step.amount - game.round_bets[seat] if step.total else step.amount
    if step.kind == "call":
        if step.total is None:
            legal = {a.kind: a for a in game.legal_actions()}
            if K.CALL in legal and legal[K.CALL].amount != put_in:
                put_in = step.amount - game.round_bets[seat]  # Merge: the other reading
        return Action(K.CALL, put_in)
    legal = {a.kind: a for a in game.legal_actions()}
    kind = next((k for k in BET_KINDS if k in legal), K(step.kind))
    if step.total is None and kind in legal:
        least, most = legal[kind].amount, legal[kind].max_amount or legal[kind].amount
        if not least <= put_in <= most:
            put_in = step.amount - game.round_bets[seat]
    if put_in <= 0:
        raise _fail(step.line, f"{step.name}'s {step.kind} puts in nothing")
    return Action(kind, put_in)


def _thrown(game: Game, seat: int, step: Step) -> tuple[Card, ...]:
    """The cards thrown: as named, or the cards not kept; an unknown hand throws unknown cards
    (which of them does not matter: none is ever shown)."""
    hand = game.hands[seat]
    if step.cards is not None:
        return tuple(_cards(step.cards))
    if step.kept is not None:
        kept = set(_cards(step.kept))
        return tuple(c for c in hand if c not in kept)
    hidden = [c for c in hand if type(c) is HiddenCard]
    if step.count and len(hidden) < len(hand):
        raise _fail(step.line, f"{step.name}'s discards are not named, but its cards are known")
    return tuple(hidden[: step.count])


def _cards(cards: tuple[str, ...]) -> list[Card]:
    """The parsers' cards (each ``As``-like, checked) as Cards; ``parse_cards`` for anything
    else, with its message."""
    try:
        return [_BY_TEXT[card] for card in cards]
    except KeyError:
        return parse_cards(" ".join(cards))


# -- the end ----------------------------------------------------------------------------------


def _won(game: Game) -> list[int]:
    won = [0] * game.seats
    for event in game.history:
        if event.kind == K.WIN and event.seat is not None:
            won[event.seat] += event.amount
    return won


def _check_winnings(record: HandRecord, game: Game, index: dict[str, int]) -> None:
    """What the replay awards each seat is what the file says it collected, plus its uncalled
    bet returned; the difference, summed, is the rake; KingsClub's final stacks agree."""
    won = _won(game)
    n = game.seats
    collected, returned = [0] * n, [0] * n
    for name, amount in record.collected.items():
        collected[_seat(index, name, record)] += amount
    for name, amount in record.returned.items():
        returned[_seat(index, name, record)] += amount
    for seat in range(n):
        kept = won[seat] - returned[seat]
        if kept < collected[seat] or (kept > 0) != (collected[seat] > 0):
            name = record.seats[seat].name
            raise _fail(record.line, f"{name} collects {collected[seat]} (+{returned[seat]} "
                        f"returned), but the replay gives {won[seat]}")  # fmt: skip
    rake = sum(won) - sum(collected) - sum(returned)
    if record.rake is None and rake >= 0:
        record.rake = rake  # the file does not say: what the pots leave
    if rake != record.rake:
        raise _fail(record.line, f"the pots less what was collected leave {rake}, "
                    f"but the file's rake is {record.rake}")  # fmt: skip
    put_in = [game.starting_stacks[s] - game.stacks[s] + won[s] for s in range(n)]
    if record.total_pot is not None and record.total_pot != sum(put_in) - sum(returned):
        raise _fail(record.line, f"the total pot is {record.total_pot}, the replay's "
                    f"{sum(put_in) - sum(returned)}")  # fmt: skip
    for name, final in (record.finishing or {}).items():
        seat = _seat(index, name, record)
        expected = game.starting_stacks[seat] - put_in[seat] + collected[seat] + returned[seat]
        if final != expected:
            raise _fail(record.line, f"{name} ends with {final}, the replay with {expected}")


def _seat(index: dict[str, int], name: str, record: HandRecord) -> int:
    if name not in index:
        raise _fail(record.line, f"{name} collects but is not dealt in")
    return index[name]


def label_ranks(label: str) -> tuple[int, list[str]] | None:
    """(size, ranks highest first) of a site's label ("Badugi: 8,4,3,A", "a 3-Card: 7, 2, A",
    "Three Cards, K-J-3"), or None for a label that names no hand size."""
    head, _, tail = label.replace(":", ",").partition(",")
    kind = head.strip().lower().removeprefix("a ").strip()
    if kind not in _LABEL_SIZES:
        return None
    ranks = ["T" if r == "10" else r for r in _LABEL_RANK.findall(tail)]
    return _LABEL_SIZES[kind], ranks


def _check_label_of_each_shown_hand(record: HandRecord) -> None:
    for name, label in record.labels.items():
        cards = record.shown.get(name)
        if cards is None:
            continue
        hand = describe(" ".join(cards))
        ours = "".join(str(card)[0] for card in hand.cards)
        read = label_ranks(label)
        if read is None or read[0] != hand.size or "".join(read[1]) != ours:
            raise _fail(record.line, f"{name}'s hand {' '.join(cards)} is labelled {label!r}, "
                        f"but it is a {hand.size}-card {ours} ({hand.name})")  # fmt: skip


# -- PHH --------------------------------------------------------------------------------------


def _order(game: Game) -> list[int]:
    return [(game.button + k) % game.seats for k in range(1, game.seats + 1)]


def _write(record: HandRecord, game: Game, file: str) -> str:
    """The replay as PHH with the fields the file gives."""
    order = _order(game)
    names = [record.seats[s].name for s in order]
    lines = phh_write.history_lines(game, [s.name for s in record.seats], finishing=False)
    won = _won(game)
    final = []
    collected = []
    returned = {n: a for n, a in record.returned.items()}
    for s in order:
        name = record.seats[s].name
        got = record.collected.get(name, 0) + returned.get(name, 0)
        final.append(game.starting_stacks[s] - (game.starting_stacks[s] - game.stacks[s] + won[s])
                     + got)  # fmt: skip
        collected.append(record.collected.get(name, 0))
    lines += [f"{name} = {toml_value(value)}" for name, value in _fields(record, game, names)]
    lines.append(f"_source_file = {toml_value(file)}")
    lines += [f"finishing_stacks = {toml_value(final)}", f"winnings = {toml_value(collected)}"]
    return "\n".join(lines) + "\n"


def _fields(record: HandRecord, game: Game, names: list[str]) -> Iterator[tuple[str, object]]:
    order = _order(game)
    yield "venue", _VENUES[record.site]
    if record.table is not None:
        yield "table", record.table
    if record.hand_id.isdigit():
        yield "hand", int(record.hand_id)
    else:
        yield "_hand", record.hand_id
    if record.date is not None:
        year, month, day = (int(part) for part in re.split(r"[/-]", record.date))
        yield from (("year", year), ("month", month), ("day", day))
    if record.time is not None:
        yield "time", record.time if len(record.time) == 8 else "0" + record.time
    if record.time_zone is not None:
        yield "_time_zone_abbreviation", record.time_zone
        zone = time_zone(record.time_zone)
        if zone is not None:
            yield "time_zone", zone
    if record.currency is not None:
        yield "currency", record.currency
    yield "seats", [record.seats[s].number for s in order]
    if record.seat_count is not None:
        yield "seat_count", record.seat_count
    if record.tournament is not None:
        yield "_tournament", record.tournament
    yield "_rake", record.rake
    yield "_labels", [record.labels.get(name, "") for name in names]
    yield "_source_line", record.line
    yield "_first_line", record.first_line


__all__ = ["HandProblem", "import_hand", "label_ranks"]
