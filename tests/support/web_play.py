"""The person a /play test plays (in-process and in Chromium), and the same hand replayed in
``Game`` with the bot the page plays, for the tests to check the page against."""

from __future__ import annotations

from badugi_fast.blueprint import BlueprintBot, load_blueprint
from badugi_fast.game import Action, ActionKind, Game, Phase, View
from badugi_fast.hands.hand import describe
from badugi_fast.solve.resolving import SearchBot

STACK = 200


def person(view: View) -> Action:
    """Throws the cards outside its badugi; calls when it can, else checks."""
    if view.phase is Phase.DRAW:
        counted = set(describe(view.hand).cards)
        return Action.draw([c for c in view.hand if c not in counted])
    kinds = {a.kind: a for a in view.legal}
    for kind in (ActionKind.CALL, ActionKind.CHECK):
        if kind in kinds:
            return Action(kind, kinds[kind].amount)
    return view.legal[0]


def replay(vs: str, seed: int, number: int) -> tuple[Game, int]:
    """Hand ``number`` of the table ``vs``/``seed`` played by ``person``: the game and the
    person's seat (the button in even hands, the big blind in odd ones)."""
    blueprint = load_blueprint()
    bots = {
        "blueprint": lambda: BlueprintBot(blueprint),
        "search": lambda: SearchBot(blueprint),
        "unsafe:0.2": lambda: SearchBot(blueprint.thresholded(0.2), safe=False),
    }
    bot = bots[vs]()
    seat = 1 if number % 2 == 0 else 0
    game = Game([STACK, STACK], blueprint.rules, button=1, seed=(seed + number) % 2**64)
    while not game.done:
        actor = game.actor
        assert actor is not None
        view = game.view(actor)
        game.act(person(view) if actor == seat else bot(view))
    return game, seat
