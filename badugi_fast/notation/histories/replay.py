"""A site's record of a hand replayed through ``Game``, checked, and written as PHH.

The replay seats the players dealt in, in seat order; the button is the seat before the small
blind (heads-up the small blind itself), as the blinds were posted. Unknown cards are ``??``
(``HiddenCard``): everyone's but the hero's and the hands shown. Each action and amount is
checked by the rules; at the end the replay's winnings must be what the file says each seat
collected plus any uncalled bet returned, less the rake, and every shown hand's label must be
what ``describe`` calls it. Any difference is a problem of the hand, which is then not
imported. The table the replay starts from is table_setup.py's, the checks of its end
checks.py's, its PHH text to_phh.py's.
"""

from __future__ import annotations

from ...cards import DECK, Card, parse_cards
from ...game.actions import BET_KINDS, Action, ActionKind, IllegalActionError
from ...game.hidden import HiddenCard
from ...game.state import Game
from .checks import check_label_of_each_shown_hand, check_posts, check_winnings, label_ranks
from .model import HandProblem, HandRecord, ImportedHand, LineProblem, Step, hand_problem
from .table_setup import Table, dealt_deck, dealt_in, table_rules
from .to_phh import to_phh

K = ActionKind
_BY_TEXT = {str(card): card for card in DECK}


def import_hand(record: HandRecord, file: str, unit: str = "") -> ImportedHand:
    """The record replayed and checked, or with its problems and no game."""
    dealt_in(record)
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
        check_label_of_each_shown_hand(record)
        imported.phh = to_phh(record, game, file)
    except (HandProblem, LineProblem) as problem:
        imported.problems.append(f"{file}:{problem}")
        return imported
    imported.game, imported.big_blind, imported.rake = game, big_blind, record.rake or 0
    return imported


def _replay(record: HandRecord) -> tuple[Game, int]:
    table = table_rules(record)
    rules = table[0]
    seats = record.seats
    index = {seat.name: i for i, seat in enumerate(seats)}
    shown = {index[n]: _cards(c) for n, c in record.shown.items() if n in index}
    unknown_shows = [n for n in record.shown if n not in index]
    if unknown_shows:
        raise hand_problem(record.line, f"{unknown_shows[0]} shows a hand but is not dealt in")
    # a seat that collected without showing won; but one that conceded won only pots nobody
    # else still in contested (a side pot the others folded out of), and loses the rest
    conceded = {index[n] for n in record.conceded if n in index}
    winners = {index[n] for n in record.collected if n in index} - set(shown) - conceded
    try:
        game = _play(record, table, index, shown, winners)
    except HandProblem as problem:
        if not winners:
            raise
        # a winner that did not show ("doesn't show hand") may have won only a pot nobody
        # else contested: then it is beaten by every shown hand, as if it had mucked
        try:
            game = _play(record, table, index, shown, set())
        except HandProblem:
            raise problem from None
    return game, rules.blinds[1] or rules.ante


def _play(
    record: HandRecord,
    table: Table,
    index: dict[str, int],
    shown: dict[int, list[Card]],
    winners: set[int],
) -> Game:
    """The hand replayed, the seats of ``winners`` (unknown hands) beating every shown hand;
    HandProblem where it is not what the file says."""
    rules, button, extra_blinds, no_small_blind = table
    try:
        game = Game(
            [seat.stack for seat in record.seats],
            rules,
            button=button,
            extra_blinds=extra_blinds,
            no_small_blind=no_small_blind,
            deck=dealt_deck(record, button),
            show=shown,
            reveal=shown,
            unshown_winners=winners,
        )
    except ValueError as error:
        raise hand_problem(record.line, f"the hand cannot be dealt as written: {error}") from None
    check_posts(record, game, index)
    for step in record.steps:
        _act(game, step, index)
    if not game.done:
        last = record.steps[-1].line if record.steps else record.line
        raise hand_problem(last, "the hand stops before it is over (a truncated hand?)")
    check_winnings(record, game, index)
    return game


# -- the play ---------------------------------------------------------------------------------


def _act(game: Game, step: Step, index: dict[str, int]) -> None:
    seat = index.get(step.name)
    if seat is None:
        raise hand_problem(step.line, f"{step.name} acts but is not dealt in")
    actor = game.actor
    if actor != seat:
        now = "nobody (the hand is over)" if actor is None else f"seat {actor}"
        raise hand_problem(step.line, f"{step.name} acts out of turn: the rules have {now} to act")
    if step.kind in ("show", "muck"):
        return
    try:
        game.act(_action(game, seat, step))
    except IllegalActionError as error:
        raise hand_problem(step.line, f"{step.name} may not {step.kind} here: {error}") from None
    if step.kind == "draw" and step.kept is not None:  # "stands pat on [..]", "[kept] [new]"
        if not set(step.kept) <= set(map(str, game.hands[seat])):
            raise hand_problem(step.line, f"{step.name} keeps cards it does not hold")
    if step.kind == "draw" and step.received is not None:
        event = next(e for e in reversed(game.history) if e.kind == K.DRAW)
        if sorted(map(str, event.received)) != sorted(step.received):
            raise hand_problem(step.line, "the replacements are not the cards the deal gives")


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
        raise hand_problem(step.line, f"{step.name}'s {step.kind} puts in nothing")
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
        raise hand_problem(
            step.line, f"{step.name}'s discards are not named, but its cards are known"
        )
    return tuple(hidden[: step.count])


def _cards(cards: tuple[str, ...]) -> list[Card]:
    """The parsers' cards (each ``As``-like, checked) as Cards; ``parse_cards`` for anything
    else, with its message."""
    try:
        return [_BY_TEXT[card] for card in cards]
    except KeyError:
        return parse_cards(" ".join(cards))


__all__ = ["HandProblem", "import_hand", "label_ranks"]
