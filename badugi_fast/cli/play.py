"""Play hands against bots in a terminal: ``badugi play``.

The person types an action by name (``call``, ``raise``, ``fold``, ...; with ``--ko`` also the
Korean names ``콜``, ``다이``, ``따당``, ...), or ``draw CARDS`` / ``pat`` when drawing. Everything
is read from and written to the given streams, so tests drive it with scripted input.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from ..cards import parse_cards
from ..game.actions import KO_ACTIONS, KO_NAMES, Action, Event, IllegalActionError, Phase
from ..game.bots import Bot
from ..game.rules import KoreanRules, Rules
from ..game.state import Game


def _name(kind: str, korean: bool) -> str:
    return KO_NAMES.get(kind, kind) if korean else kind


def _describe(event: Event, you: int, korean: bool) -> str | None:
    who = f"seat {event.seat}" + (" (you)" if event.seat == you else "")
    if event.kind in ("post", "ante"):
        return f"{who} posts {event.amount}"
    if event.kind == "draw":
        taken = "stands pat" if not event.amount else f"draws {event.amount}"
        if event.seat == you and event.amount:
            taken += " (" + " ".join(str(c) for c in event.received) + ")"
        return f"{who} {taken}"
    if event.kind == "show":
        return f"{who} shows {' '.join(str(c) for c in event.cards)}"
    if event.kind == "win":
        return f"{who} wins {event.amount}"
    if event.kind == "reshuffle":
        return "the discards are shuffled into a new stub"
    if event.kind == "burn":
        return "the dealer burns a card"
    if event.kind == "deal":
        return None
    amount = f" {event.amount}" if event.amount else ""
    return f"{who} {_name(event.kind, korean)}{amount}"


def play(
    bots: Sequence[Bot],
    seat: int,
    stdin: TextIO,
    stdout: TextIO,
    *,
    hands: int = 1,
    seed: int | None = None,
    rules: Rules | KoreanRules | None = None,
    korean: bool = False,
    stack: int = 200,
) -> int:
    """Play ``hands`` hands; ``bots`` fill every seat but ``seat``. Returns the chips won."""
    seats = len(bots) + 1
    won = 0
    for number in range(hands):
        game = Game(
            [stack] * seats,
            rules,
            button=number % seats,
            seed=None if seed is None else seed + number,
        )
        shown = 0
        print(
            f"-- hand {number + 1}: you are seat {seat}, the button is seat {game.button}",
            file=stdout,
        )
        while not game.done:
            shown = _report(game, shown, seat, korean, stdout)
            actor = game.actor
            assert actor is not None
            if actor != seat:
                bot = bots[actor if actor < seat else actor - 1]
                game.act(bot(game.view(actor)))
                continue
            if not _human_turn(game, seat, stdin, stdout, korean):
                return won  # end of input
        _report(game, shown, seat, korean, stdout)
        result = game.stacks[seat] - stack
        won += result
        print(f"-- you {'won' if result >= 0 else 'lost'} {abs(result)}", file=stdout)
    return won


def _report(game: Game, shown: int, seat: int, korean: bool, stdout: TextIO) -> int:
    for event in game.view(seat).history[shown:]:
        line = _describe(event, seat, korean)
        if line:
            print(line, file=stdout)
    return len(game.history)


def _human_turn(game: Game, seat: int, stdin: TextIO, stdout: TextIO, korean: bool) -> bool:
    view = game.view(seat)
    hand = " ".join(str(c) for c in view.hand)
    if view.phase is Phase.DRAW:
        prompt = f"your hand {hand}; draw up to {view.legal[0].amount} cards (draw CARDS / pat)"
    else:
        options = ", ".join(
            _name(a.kind, korean) + (f" {a.amount}" if a.amount else "") for a in view.legal
        )
        prompt = f"your hand {hand}; pot {view.pot}, to call {view.to_call}; {options}"
    while True:
        print(prompt, file=stdout)
        line = stdin.readline()
        if not line:
            return False
        words = line.split()
        if not words:
            continue
        try:
            game.act(_parse(words, view.phase))
            return True
        except (IllegalActionError, ValueError) as error:
            print(f"  not allowed: {error}", file=stdout)


def _parse(words: list[str], phase: Phase) -> Action:
    verb = KO_ACTIONS.get(words[0], words[0].lower())
    if phase is Phase.DRAW:
        if verb == "pat":
            return Action.draw()
        if verb == "draw":
            return Action.draw(parse_cards(" ".join(words[1:])))
        raise ValueError("type draw CARDS, or pat")
    return Action(verb)
