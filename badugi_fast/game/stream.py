"""Hand ``number`` of a seed's stream as a ``Game``, and playing it out between bots.

Every engine deals hand h of a seed from the same C stream: the deck from ``bf_game_deck`` and
each reshuffle of the discards from ``bf_game_reshuffle``, with the button at seat h % seats.
``simulate``'s Python engine, the batched engine's reference, the replays of batched hands and
the CLI's ``--save-hands`` all build the hand here, so any of them replays card for card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .._badugi import ffi, lib
from ..cards import DECK, Card
from .actions import IllegalActionError
from .bots import Bot
from .rules import RuleSet
from .state import Game


def stream_game(stacks: Sequence[int], rules: RuleSet, seed: int, number: int) -> Game:
    """Hand ``number`` of the seed's stream, every seat starting with its ``stacks`` chips."""
    deck = ffi.new("uint8_t[52]")
    lib.bf_game_deck(seed, number, deck)
    return Game(
        list(stacks),
        rules,
        button=number % len(stacks),
        deck=[DECK[card] for card in deck],
        reshuffle=_stream_reshuffle(seed, number),
        stream=seed << 64 | number,  # the bots' random bits: this hand's alone, on any worker
    )


def _stream_reshuffle(seed: int, number: int) -> Callable[[list[Card]], None]:
    done = 0

    def reshuffle(cards: list[Card]) -> None:
        nonlocal done
        buffer = ffi.new("uint8_t[]", [int(card) for card in cards])
        lib.bf_game_reshuffle(seed, number, done, buffer, len(cards))
        cards[:] = [DECK[card] for card in buffer]
        done += 1

    return reshuffle


def play_out(game: Game, bots: Sequence[Bot], number: int) -> None:
    """Each bot acts on its own view until the hand ends; an illegal action names the hand."""
    while not game.done:
        seat = game.actor
        assert seat is not None
        action = bots[seat](game.view(seat))
        try:
            game.act(action)
        except IllegalActionError as error:
            raise IllegalActionError(f"hand {number}, bot {seat}: {error}") from None
