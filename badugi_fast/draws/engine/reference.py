"""The drawing model in plain Python: the specification the C draw engine (csrc/draws/engine.c)
follows, and the oracle of the tests for small exact cases.

A player sees their hand, their own discards and the known dead cards; every other card is
unseen to them, and drawn cards come uniformly from the stub. The seats draw in turn, each by
its policy (draws/policy.py). When a simulated draw empties the stub, the other players'
discards become the new stub; if that is empty too (the dead cards hold the rest), a thrown
card that cannot be replaced stays in the hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from ..policies.kept import (
    cap_discards as cap_discards,  # game/bots.py imports it from here, for now
)
from ..policies.kept import caps_for
from ..policies.policy import Player, Policy, keep_rest, receive


def enumerate_draws(
    hands: Sequence[Sequence[int]],
    draws: int,
    dead: frozenset[int],
    policy: Policy,
    limits: Sequence[int] | None,
    first_throw: tuple[int, ...] | None = None,
) -> list[tuple[Fraction, tuple[tuple[int, ...], ...]]]:
    """Every way the draws can go, with exact probabilities (for small cases: it is slow)."""
    players = [Player.dealt(hand, dead) for hand in hands]
    stub = sorted(set(range(52)) - dead - {c for hand in hands for c in hand})
    caps = caps_for(limits, draws)
    results: list[tuple[Fraction, tuple[tuple[int, ...], ...]]] = []

    def step(players: list[Player], stub: list[int], index: int, weight: Fraction) -> None:
        if index == draws * len(players):
            results.append((weight, tuple(tuple(p.hand) for p in players)))
            return
        draw, seat = divmod(index, len(players))
        player = players[seat]
        if index == 0 and first_throw is not None:
            thrown = first_throw
            keep_rest(player, thrown)
        else:
            thrown = policy.throw(player, draws - draw, caps[draw])
        if len(thrown) > len(stub):
            raise ValueError("the stub runs out: exact enumeration does not model the reshuffle")
        options = list(combinations(stub, len(thrown)))
        for new in options:
            copies = [p.copy() for p in players]
            receive(copies[seat], thrown, new, policy)
            rest = [c for c in stub if c not in new]
            step(copies, rest, index + 1, weight / len(options))

    step(players, stub, 0, Fraction(1))
    return results


def simulate_draws(
    hands: Sequence[Sequence[int] | None],
    draws: int,
    dead: frozenset[int],
    policy: Policy,
    limits: Sequence[int] | None,
    rng: random.Random,
    first_throw: tuple[int, ...] | None = None,
) -> tuple[tuple[int, ...], ...]:
    """One random play of the draws; random players (None) are dealt from the stub first."""
    stub = [c for c in range(52) if c not in dead and all(h is None or c not in h for h in hands)]
    rng.shuffle(stub)
    dealt = [tuple(h) if h is not None else tuple(stub.pop() for _ in range(4)) for h in hands]
    players = [Player.dealt(hand, dead) for hand in dealt]
    discards: list[int] = []
    caps = caps_for(limits, draws)
    for draw in range(draws):
        for seat, player in enumerate(players):
            if draw == 0 and seat == 0 and first_throw is not None:
                thrown = first_throw
                keep_rest(player, thrown)
            else:
                thrown = policy.throw(player, draws - draw, caps[draw])
            new = []
            for count in range(len(thrown)):
                if not stub:  # the game's rule: the discards so far (not this throw) restock
                    stub = discards
                    discards = []
                    rng.shuffle(stub)
                if not stub:  # every other card is held or dead: the rest of the throw stays
                    thrown = thrown[:count]
                    break
                new.append(stub.pop())
            receive(player, thrown, new, policy)
            discards.extend(thrown)
    return tuple(tuple(p.hand) for p in players)


def showdown_shares(ranks: Sequence[int]) -> list[Fraction]:
    """Each player's share of the pot: 1/w for each of the w players with the best rank."""
    best = min(ranks)
    winners = sum(1 for r in ranks if r == best)
    return [Fraction(1, winners) if r == best else Fraction(0) for r in ranks]
