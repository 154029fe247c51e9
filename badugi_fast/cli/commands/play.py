"""Play hands against bots in a terminal: ``badugi play``.

The person types an action by name (``call``, ``raise``, ``fold``, ...; ``콜``, ``다이``,
``체크``, ``레이즈``, ``따당``, ...), ``draw CARDS`` / ``pat`` when drawing, ``help`` for the
legal moves with their amounts, ``quit`` (or Ctrl-C, or the end of input) to stop. Everything
is read from and written to the given streams, so tests drive it with scripted input.
"""

from __future__ import annotations

import copy
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ...cards import parse_cards
from ...game.actions import BET_KINDS, KO_ACTIONS, Action, Event, IllegalActionError, Phase
from ...game.actions import ActionKind as K
from ...game.bots import Bot
from ...game.rules import KoreanRules, RuleSet
from ...game.state import Game
from ...notation import phh
from ..words import DRAW_NAMES, action_name, hand_name, say, who

YES_WORDS = ("y", "yes", "네", "예", "응", "ㅇ")
QUIT_WORDS = ("quit", "exit", "q", "그만", "종료")
HELP_WORDS = ("help", "?", "도움말")
PAT_WORDS = ("pat", "패스", "스테이", "stay")
DRAW_WORDS = ("draw", "바꿈", "체인지")
RAISE_WORDS = ("raise", "레이즈", "bet", "베팅", "벳")
CHECK_WORDS = ("check", "체크")
FOLD_WORDS = ("fold", "die", "다이", "폴드")


class _Quit(Exception):
    """The person asked to stop (quit, Ctrl-C or the end of input)."""


def describe_event(
    event: Event, you: int | None, names: list[str] | None, korean: bool
) -> str | None:
    """One line for an event of the history (None for the deals, shown with the hand)."""
    person = who(event.seat, you, names, korean)
    if event.kind in (K.POST, K.ANTE):
        kind = action_name(event.kind, korean)
        return say("posts", korean, who=person, amount=event.amount, kind=kind)
    if event.kind == K.DRAW:
        if not event.amount:
            return say("pat", korean, who=person)
        line = say("draws", korean, who=person, amount=event.amount)
        if event.received:
            line += say("received", korean, cards=" ".join(str(c) for c in event.received))
        return line
    if event.kind == K.SHOW:
        cards = " ".join(str(c) for c in event.cards)
        return say("shows", korean, who=person, cards=cards, name=hand_name(event.cards, korean))
    if event.kind == K.MUCK:  # never the cards: a mucked hand stays unseen (cardroom rule)
        return say("mucks", korean, who=person)
    if event.kind == K.WIN:
        return say("wins", korean, who=person, amount=event.amount)
    if event.kind in (K.RESHUFFLE, K.BURN):
        return say(event.kind, korean)
    if event.kind == K.DEAL:
        return None
    amount = f" {event.amount}" if event.amount else ""
    return say("acts", korean, who=person, action=action_name(event.kind, korean) + amount)


class Table:
    """One person's session: the hands, the bots, what has been shown, the running total."""

    def __init__(self, bots: Sequence[Bot], seat: int, stdin: TextIO, stdout: TextIO, *,
                 korean: bool, names: list[str]) -> None:  # fmt: skip
        self.bots, self.seat, self.stdin, self.stdout = bots, seat, stdin, stdout
        self.korean = korean
        self.names = names
        self.shown = 0  # events of the hand being played already printed

    def out(self, line: str) -> None:
        print(line, file=self.stdout, flush=True)

    def play_hand(self, game: Game, number: int) -> None:
        where = (say("first", self.korean, seat=game.first) if isinstance(game.rules, KoreanRules)
                 else say("button", self.korean, seat=game.button))  # fmt: skip
        self.out(say("hand_start", self.korean, number=number, seat=self.seat, where=where))
        players = ", ".join(who(s, self.seat, self.names, self.korean) for s in range(game.seats))
        self.out(say("players", self.korean, names=players))
        self.out(say("stacks", self.korean, stacks=" ".join(str(s) for s in game.starting_stacks)))
        self.shown = 0  # events of this hand already printed
        while not game.done:
            self.report(game)
            actor = game.actor
            assert actor is not None
            if actor != self.seat:
                bot = self.bots[actor if actor < self.seat else actor - 1]
                self.act(game, bot(game.view(actor)))
            else:
                self.person_acts(game)
        self.report(game)

    def act(self, game: Game, action: Action) -> None:
        """Apply ``action``; when it ends the hand at a showdown where the person's hand would
        be mucked (beaten by a hand already shown), first ask whether to show it anyway.

        The showdown is played inside the action that ends the last round, so the action is
        tried on a copy (the game is deterministic from here: the copy ends the same way), and a
        yes adds the person's seat to ``game.show`` before the real action."""
        if self.seat in game.show or self.seat not in game.in_hand():
            game.act(action)
            return
        trial = copy.deepcopy(game)
        trial.act(action)  # an illegal action raises here, before any question
        mine = [i for i, e in enumerate(trial.history) if e.kind is K.MUCK and e.seat == self.seat]
        if mine:
            self.report(trial, until=mine[0])  # the action and the hands shown before mine
            if self.wants_to_show():
                game.show = game.show | {self.seat}
        game.act(action)

    def wants_to_show(self) -> bool:
        """Ask; blank, anything but yes, or the end of input mean no (the hand is mucked)."""
        self.out(say("show_anyway", self.korean))
        try:
            answer = self.stdin.readline().strip().lower()
        except KeyboardInterrupt:
            raise _Quit from None
        return answer in YES_WORDS

    def report(self, game: Game, until: int | None = None) -> None:
        """Print the events not printed yet (up to ``until``), as the person sees them."""
        history = game.view(self.seat).history
        for event in history[self.shown : until]:
            line = describe_event(event, self.seat, self.names, self.korean)
            if line:
                self.out(line)
        self.shown = len(history) if until is None else until

    def prompt(self, game: Game) -> str:
        view = game.view(self.seat)
        mine = say("your_hand", self.korean, hand=" ".join(str(c) for c in view.hand),
                   name=hand_name(view.hand, self.korean))  # fmt: skip
        if view.phase is Phase.DRAW:
            draw = DRAW_NAMES[self.korean][3 - view.draws_left]
            return f"{mine}; " + say("to_draw", self.korean, draw=draw, most=view.legal[0].amount)
        stacks = " ".join(str(s) for s in view.stacks)
        options = ", ".join(self.option_text(a) for a in view.legal)
        return f"{mine}; {say('stacks', self.korean, stacks=stacks)}; " + say(
            "to_act", self.korean, pot=view.pot, to_call=view.to_call, options=options
        )

    def option_text(self, action: Action) -> str:
        return action_name(action.kind, self.korean) + (
            f" {action.amount}" if action.amount else ""
        )

    def help_text(self, game: Game) -> list[str]:
        legal = game.legal_actions()
        if game.phase is Phase.DRAW:
            return [say("help_draw", self.korean, most=legal[0].amount)]
        lines = []
        for action in legal:
            total = game.round_bets[self.seat] + action.amount
            if action.amount:
                lines.append("  " + say("means", self.korean, action=self.option_text(action),
                                        amount=action.amount, total=total))  # fmt: skip
            else:
                lines.append("  " + self.option_text(action))
        return lines

    def read_words(self) -> list[str]:
        try:
            line = self.stdin.readline()
        except KeyboardInterrupt:
            raise _Quit from None
        if not line:
            raise _Quit
        return line.split()

    def person_acts(self, game: Game) -> None:
        while True:
            self.out(self.prompt(game))
            words = self.read_words()
            if not words:
                continue
            verb = words[0].lower()
            if verb in QUIT_WORDS:
                raise _Quit
            if verb in HELP_WORDS:
                for line in self.help_text(game):
                    self.out(line)
                continue
            try:
                self.act(game, self.parse(words, game))
                return
            except (IllegalActionError, ValueError) as error:
                self.out(say("not_allowed", self.korean, error=error))

    def parse(self, words: list[str], game: Game) -> Action:
        verb = words[0].lower()
        legal = game.legal_actions()
        if game.phase is Phase.DRAW:
            if verb in PAT_WORDS:
                return Action.draw()
            try:  # "draw Kh Qs", or the cards alone: "Kh Qs"
                thrown = parse_cards(" ".join(words[1:] if verb in DRAW_WORDS else words))
            except ValueError:
                if verb in DRAW_WORDS:
                    raise
                raise ValueError(say("draw_words", self.korean)) from None
            hand = game.view(self.seat).hand
            strangers = " ".join(str(card) for card in thrown if card not in hand)
            if strangers:  # the engine would name "seat N": say it to the person
                raise ValueError(say("not_in_hand", self.korean, cards=strangers))
            return Action.draw(thrown)
        kinds = {action.kind: action for action in legal}
        kind = KO_ACTIONS.get(words[0], verb)
        if (
            kind in CHECK_WORDS
            and K.CHECK not in kinds
            and K.CALL in kinds
            and kinds[K.CALL].amount == 0
        ):
            kind = K.CALL  # 체크 when nothing is to be called: a 콜 of nothing
        elif kind in FOLD_WORDS:
            kind = K.FOLD if K.FOLD in kinds else K.DIE
        elif verb in RAISE_WORDS and kind not in kinds:
            kind = next((k for k in (K.RAISE, K.BET, K.TTADANG, K.BBING) if k in kinds),
                        next((a.kind for a in legal if a.kind in BET_KINDS), kind))  # fmt: skip
        if kind not in kinds:
            options = ", ".join(self.option_text(a) for a in legal)
            raise ValueError(say("unknown_word", self.korean, options=options))
        chosen = kinds[kind]
        typed = words[1] if len(words) > 1 else ""
        if typed.isdigit() and int(typed) != chosen.amount and not chosen.max_amount:
            self.out(say("fixed_size", self.korean, action=self.option_text(chosen),
                         amount=chosen.amount, typed=typed))  # fmt: skip
        return Action(chosen.kind, chosen.amount)


def play(
    bots: Sequence[Bot],
    seat: int,
    stdin: TextIO,
    stdout: TextIO,
    *,
    hands: int = 1,
    seed: int | None = None,
    rules: RuleSet | None = None,
    korean: bool = False,
    stack: int = 200,
    names: Sequence[str] | None = None,
    save: Path | None = None,
) -> int:
    """Play ``hands`` hands; ``bots`` fill every seat but ``seat``. Prints the seed first (drawn
    when None; hand n deals from seed + n) and the total over the hands last, and returns it
    (chips won; a hand left part way loses the chips put in). ``save``: each hand as PHH, with
    ``_seed`` (the run's) and ``_hand`` (its number) beside the history."""
    seats = len(bots) + 1
    bot_names = list(names) if names is not None else ["bot"] * len(bots)
    table_names = [*bot_names[:seat], "you", *bot_names[seat:]]
    table = Table(bots, seat, stdin, stdout, korean=korean, names=table_names)
    seed = secrets.randbits(64) if seed is None else seed
    table.out(say("seed", korean, seed=seed))
    won = played = 0
    for number in range(hands):
        game = Game([stack] * seats, rules, button=number % seats,
                    seed=(seed + number) % 2**64)  # fmt: skip
        try:
            table.play_hand(game, number + 1)
        except (_Quit, KeyboardInterrupt):  # Ctrl-C wherever it lands: the hand is abandoned
            if game.stacks[seat] < stack:  # as a fold: what the person put in is lost
                played, won = played + 1, won - (stack - game.stacks[seat])
                table.out(say("left", korean, number=number + 1, amount=stack - game.stacks[seat]))
            break
        played += 1
        result = game.stacks[seat] - stack
        won += result
        table.out(say("result", korean, verb="won" if result >= 0 else "lost",
                      amount=abs(result), signed=result))  # fmt: skip
        if save is not None:
            path = save / f"hand-{number + 1:05d}.phh"
            text = phh.dumps(game, players=table_names) + f"_seed = {seed}\n_hand = {number + 1}\n"
            path.write_text(text, encoding="utf-8")
            table.out(say("saved", korean, path=path))
    table.out(say("total", korean, hands=played, chips=won))
    return won
