"""``/play``: heads-up against the blueprint or a search bot, a table per browser session.

Each browser gets a random session id in a cookie; the server keeps its table (``Table``) in a
bounded store (``Sessions``: least recently used out, and out after ``limits.PLAY_IDLE``
seconds idle), each table behind its own lock, so two browsers never share a game and one
browser's two requests (a reload while the bot thinks, a double click) take their turns.
``Game`` decides every legal action and every amount: the page offers ``legal_actions()`` as
buttons and hands what is clicked to ``Game.act``, whose ``IllegalActionError`` (the library's
message) the page shows. The bot decides in the request's worker thread, within the request's
time bound (``limits.SECONDS``). The blueprint bot is a frozen view of the default shipped strategy,
made per table. The search bots (``search``, the default safe one; ``unsafe:0.2``, re-solving
from the beliefs alone over the blueprint thresholded at 0.2, the least exploitable bot
measured over the default blueprint, docs/search.md; the command line's names) keep their
re-solves behind a lock "so one bot may serve several threads" (its docstring), so one of
each serves every table (each holds up to 140 MB of beliefs).

A table is reproduced by its URL (``/play?vs=search&rules=casino&seed=7``): hand n (from 0)
deals from ``seed + n`` and the bot's decisions draw from the hand's stream, so the same link
and the same clicks give the same hands. The seats alternate: the person is the button
(seat 1) in hands 0, 2, ... and the big blind (seat 0) in the others; the game always seats
the big blind at 0 and the button at 1, as ``solve.beliefs`` reads a history. At each hand's
end the page shows the bot's cards and the bot's belief over the person's hand
(``solve.beliefs`` with the bot's strategy, the bot the observer), and keeps the hand's PHH
(``notation.phh.dumps``) for download.

Both bots play the game the blueprint was trained for: casino fixed limit, heads-up, the raise
cap binding heads-up. Under Korean rules ``check_game`` refuses them; the page says so with the
library's message and offers the casino table.
"""

from __future__ import annotations

import dataclasses
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar
from urllib.parse import parse_qs, urlencode

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from .. import __version__
from ..blueprint import BlueprintBot, load_blueprint
from ..cards import Card, card_id
from ..game.actions import KO_NAMES, Action, ActionKind, Event, Phase
from ..game.bots import Bot
from ..game.rules import KoreanRules, RuleSet
from ..game.state import Game
from ..hands.hand import describe
from ..hands.html import LANGUAGES, card_html, hand_html
from ..hands.naming import class_ranks, english_name, korean_name
from ..notation import phh
from ..solve import beliefs
from ..solve.resolving import TREMBLE, SearchBot
from . import limits
from .words import page_words

T = TypeVar("T")
K = ActionKind
OPPONENTS = ("blueprint", "search", "unsafe:0.2")
UNSAFE_THRESHOLD = 0.2  # the blueprint under the unsafe search: its least exploitable form
RULE_SETS = ("casino", "korean")
STACK = 200  # chips each seat starts every hand with, as ``badugi play``
BIG_BLIND, BUTTON = 0, 1  # the seats, as solve.beliefs reads a heads-up history
SESSION_COOKIE = "play"
BELIEF_ROWS = 8  # the likeliest hand classes shown
FORM_FIELDS = 16  # the most fields a form may send (the draw's has 8)
_SEED_LIMIT = 2**64

_search_bots: dict[str, SearchBot] = {}
_search_lock = threading.Lock()


def search_bot(name: str = "search") -> SearchBot:
    """The process's one search bot of that name (made on first use), safe for several
    threads: ``search`` on the default blueprint, ``unsafe:0.2`` unsafe over it thresholded."""
    makers = {
        "search": lambda: SearchBot(load_blueprint()),
        "unsafe:0.2": lambda: SearchBot(load_blueprint().thresholded(UNSAFE_THRESHOLD), safe=False),
    }
    if name not in makers:
        raise ValueError(f"a search bot is {' or '.join(makers)}, not {name[:40]!r}")
    with _search_lock:
        if name not in _search_bots:
            _search_bots[name] = makers[name]()
        return _search_bots[name]


@dataclass(frozen=True)
class Options:
    """A table's inputs, from the query string: the opponent, the rules and the seed."""

    vs: str
    rules: str
    seed: int

    @classmethod
    def read(cls, query: Mapping[str, str]) -> Options | None:
        """The checked options; None when the seed is missing (the page draws one and
        redirects, so the URL reproduces the table). ValueError naming the field."""
        vs = query.get("vs", "") or OPPONENTS[0]
        rules = query.get("rules", "") or RULE_SETS[0]
        if vs not in OPPONENTS:
            raise ValueError(
                f"vs is {', '.join(OPPONENTS[:-1])} or {OPPONENTS[-1]}, not {vs[:40]!r}"
            )
        if rules not in RULE_SETS:
            raise ValueError(f"rules is {' or '.join(RULE_SETS)}, not {rules[:40]!r}")
        seed = query.get("seed", "").strip()
        if not seed:
            return None
        if len(seed) > 20 or not seed.isdigit() or int(seed) >= _SEED_LIMIT:
            raise ValueError(f"seed is a whole number 0 .. 2**64 - 1, not {seed[:40]!r}")
        return cls(vs, rules, int(seed))

    def query(self) -> str:
        return urlencode({"vs": self.vs, "rules": self.rules, "seed": self.seed})


def table_rules(name: str) -> RuleSet:
    """The rules of a table: the blueprint's own (casino fixed limit), or the Korean rooms'."""
    return KoreanRules() if name == "korean" else load_blueprint().rules


def opponent(name: str) -> Bot:
    """The bot of a table: a blueprint bot of its own, or the process's search bot so named."""
    return BlueprintBot(load_blueprint()) if name == "blueprint" else search_bot(name)


def check_table(options: Options) -> None:
    """ValueError, the bot's own (``check_game``), when it does not play these rules."""
    bot: Any = opponent(options.vs)
    bot.check_game(table_rules(options.rules), [STACK, STACK])


@dataclass
class Finished:
    """A hand played to its end: its number, the person's seat and result, its PHH text."""

    number: int
    seat: int
    result: int
    text: str


@dataclass
class Belief:
    """The bot's belief over the person's hand at the hand's end: its likeliest classes
    (rank, share), and the share of the class the person held (its rank)."""

    rows: list[tuple[int, float]]
    held: int
    held_share: float


class Table:
    """One browser's table: the options, the bot, the hand in play and the hands finished.
    Every method but ``__init__`` is called with ``lock`` held (``Sessions.run``)."""

    def __init__(self, options: Options) -> None:
        self.id = secrets.token_urlsafe(8)
        self.options = options
        self.rules = table_rules(options.rules)
        self.bot = opponent(options.vs)
        self.number = 0
        self.total = 0
        self.finished: deque[Finished] = deque(maxlen=limits.PLAY_SAVED_HANDS)
        self.belief: Belief | None = None
        self.belief_error = ""
        self.bot_error = ""
        self.held: list[tuple[Card, ...]] = []
        self.game = self._deal()

    @property
    def seat(self) -> int:
        """The person's seat this hand: the button first, then the big blind, in turn."""
        return BUTTON if self.number % 2 == 0 else BIG_BLIND

    @property
    def bot_seat(self) -> int:
        return 1 - self.seat

    def _deal(self) -> Game:
        self.belief, self.belief_error = None, ""
        seed = (self.options.seed + self.number) % _SEED_LIMIT
        self.game = Game([STACK, STACK], self.rules, button=BUTTON, seed=seed)
        self.held = [tuple(hand) for hand in self.game.hands]
        self._advance()
        return self.game

    def _advance(self) -> None:
        """The bot's decisions until the person's turn or the hand's end. A bot that refuses
        its decision (a ValueError: never, in the game it was trained for) leaves the hand
        where it is, its message in ``bot_error``; the next look at the page asks it again."""
        game = self.game
        self.bot_error = ""
        try:
            while not game.done and game.actor == self.bot_seat:
                self._act(self.bot(game.view(self.bot_seat)))
        except ValueError as error:
            self.bot_error = str(error)
            return
        if game.done:
            self._finish()

    def _act(self, action: Action) -> None:
        """``Game.act``, keeping each seat's hand as last held: a fold empties the game's
        (into the muck), and the page still shows both hands at the hand's end."""
        self.game.act(action)
        self.held = [
            tuple(now) or before for now, before in zip(self.game.hands, self.held, strict=True)
        ]

    def look(self) -> None:
        """Before the page is drawn: the bot's turn, if a refusal left it there."""
        if not self.game.done and self.game.actor == self.bot_seat:
            self._advance()

    def _finish(self) -> None:
        game = self.game
        result = game.stacks[self.seat] - STACK
        self.total += result
        players = ["you", self.options.vs] if self.seat == 0 else [self.options.vs, "you"]
        text = phh.dumps(game, players=players) + (
            f"_seed = {self.options.seed}\n_hand = {self.number}\n"
        )
        self.finished.append(Finished(self.number, self.seat, result, text))
        view = game.view(self.bot_seat)
        # a bot that folded has no hand in its view: it still knows the cards it held
        seen = dataclasses.replace(view, hand=self.held[self.bot_seat]) if not view.hand else view
        try:
            # the search bot's tremble: a person who leaves the blueprint still has a belief
            found = beliefs(self.bot, view, observer=seen, tremble=TREMBLE)
        except ValueError as error:  # the library's reason, shown in the page
            self.belief_error = str(error)
            return
        held = describe(self.held[self.seat]).rank
        shares = found.classes(self.seat)
        self.belief = Belief(found.top(self.seat, BELIEF_ROWS), held, float(shares[held]))

    def act(self, form: Mapping[str, list[str]]) -> None:
        """The person's action from the page's form: ``table``, ``hand`` and ``step`` (the
        moment the page was drawn: a stale page is refused), ``kind``, ``amount`` (optional)
        and, for a draw, ``card`` (each card thrown). ``Game.act`` decides; its
        IllegalActionError (a ValueError) says why not."""
        moment = (self.id, str(self.number), str(len(self.game.history)))
        sent = tuple((form.get(name) or [""])[0] for name in ("table", "hand", "step"))
        if sent != moment:
            raise Stale("this page was out of date (another tab or an earlier click): "
                        "here is the table as it is now")  # fmt: skip
        kind = (form.get("kind") or [""])[0][:20]
        amount = (form.get("amount") or ["0"])[0][:12]
        if not amount.isdigit():
            raise ValueError(f"an action's amount is a whole number of chips, not {amount!r}")
        if self.game.done:
            raise ValueError("the hand is over: deal the next one")
        if self.game.actor != self.seat:  # never, as the bot acts before the page is drawn
            raise ValueError("it is not your turn")
        if kind == K.DRAW:
            thrown = form.get("card", [])
            if len(thrown) > 4:
                raise ValueError(f"a draw throws at most 4 cards, not {len(thrown)}")
            action = Action.draw([card_id(c) for c in thrown])
        else:
            action = Action(kind, int(amount))
        self._act(action)
        self._advance()

    def next_hand(self, form: Mapping[str, list[str]]) -> None:
        """The next hand (the seats change), once this one is over."""
        sent = tuple((form.get(name) or [""])[0] for name in ("table", "hand"))
        if sent != (self.id, str(self.number)):
            raise Stale("this page was out of date: here is the table as it is now")
        if not self.game.done:
            raise ValueError("the hand is still being played")
        self.number += 1
        self._deal()

    def phh(self, number: int) -> Finished | None:
        return next((f for f in self.finished if f.number == number), None)


class Stale(ValueError):
    """A form drawn at an earlier moment of the table (another tab, a second click)."""


@dataclass
class Session:
    table: Table | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    seen: float = field(default_factory=time.monotonic)


class Sessions:
    """The tables of the browsers: at most ``most``, the least recently used out first, and
    any idle ``idle`` seconds out; each behind its own lock."""

    def __init__(self, most: int = limits.PLAY_SESSIONS, idle: float = limits.PLAY_IDLE) -> None:
        self.most, self.idle = most, idle
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._sessions)

    def find(self, sid: str | None) -> Session | None:
        """The session ``sid``, brought to the front; None when there is none (or it went)."""
        now = time.monotonic()
        with self._lock:
            for old in [k for k, s in self._sessions.items() if now - s.seen > self.idle]:
                del self._sessions[old]
            session = self._sessions.get(sid) if sid is not None else None
            if session is not None:
                self._sessions.move_to_end(sid)  # type: ignore[arg-type]
                session.seen = now
            return session

    def open(self, sid: str | None) -> tuple[str, Session]:
        """The session ``sid``, or a new one (its id new) when there is none."""
        session = self.find(sid)
        if session is not None and sid is not None:
            return sid, session
        with self._lock:
            while len(self._sessions) >= self.most:
                self._sessions.popitem(last=False)
            sid = secrets.token_urlsafe(16)
            self._sessions[sid] = Session()
            return sid, self._sessions[sid]

    @staticmethod
    def run(session: Session, work: Callable[[], T], deadline: float) -> T:
        """``work`` with the session's lock held, waiting for it until ``deadline`` at most
        (TimeoutError: the table is busy with another request of this browser)."""
        if not session.lock.acquire(timeout=max(0.0, deadline - time.monotonic())):
            raise TimeoutError
        try:
            if time.monotonic() > deadline:  # the request has answered already
                raise TimeoutError
            return work()
        finally:
            session.lock.release()


# -- what the page shows ----------------------------------------------------------------------


def action_word(kind: str, words: Mapping[str, str], lang: str) -> str:
    """An action's name in the page's language (Korean: the rooms' words); the dealer's events
    (a show, a burn) have the page's own phrases."""
    key = f"play_kind_{kind}"
    if key in words:
        return words[key]
    return KO_NAMES.get(kind, str(kind)) if lang == "ko" else str(kind)


def log_line(event: Event, seat: int, words: Mapping[str, str], lang: str) -> dict[str, Any]:
    """One line of the action log, as the person saw it (the bot's drawn cards unseen)."""
    who = words["play_dealer"] if event.seat is None else (
        words["play_you"] if event.seat == seat else words["play_bot"])  # fmt: skip
    cards = ""
    if event.kind is K.DRAW:
        what = (words["play_pat"] if not event.amount
                else words["play_draws"].format(count=event.amount))  # fmt: skip
        if event.cards:
            cards = (
                " ".join(str(c) for c in event.cards)
                + " → "
                + " ".join(str(c) for c in event.received)
            )
    elif event.kind in (K.SHOW, K.MUCK):
        what = action_word(event.kind, words, lang)
        cards = " ".join(str(c) for c in event.cards)
    else:
        what = action_word(event.kind, words, lang)
        if event.amount:
            what += f" {event.amount}"
    return {"seat": "" if event.seat is None else event.seat, "kind": str(event.kind),
            "amount": event.amount, "who": who, "what": what, "cards": cards}  # fmt: skip


def share_text(share: float) -> str:
    """A share of a belief as the page prints it: two decimals of a per cent, and a share too
    small for them said so rather than shown as none."""
    return "< 0.01 %" if 0 < share < 5e-5 else f"{100 * share:.2f} %"


def _draw_cards(hand: tuple[Card, ...]) -> list[dict[str, Any]]:
    counted = set(describe(hand).cards)
    return [
        {"card": str(c), "html": Markup(card_html(c, marked=c in counted)), "counted": c in counted}
        for c in hand
    ]


def table_context(table: Table, lang: str) -> dict[str, Any]:
    """What play.html shows of a table (the drawn parts are the library's renderers')."""
    words = page_words(lang)
    game = table.game
    seat = table.seat
    view = game.view(seat)
    context: dict[str, Any] = {
        "table": table,
        "hand": table.number,
        "step": len(game.history),
        "seat": seat,
        "button": seat == BUTTON,
        "done": game.done,
        "your_turn": game.actor == seat,
        "phase": str(game.phase),
        "pot": game.pot,
        "stacks": {"you": game.stacks[seat], "bot": game.stacks[1 - seat]},
        "bets": {"you": game.round_bets[seat], "bot": game.round_bets[1 - seat]},
        "mine": Markup(hand_html(describe(table.held[seat]), lang)),
        "log": [log_line(e, seat, words, lang) for e in view.history if e.kind is not K.DEAL],
        "total": table.total,
        "bot_error": table.bot_error,
        "finished": [{"number": f.number, "result": f.result} for f in reversed(table.finished)],
    }
    if game.actor == seat:
        legal = game.legal_actions()
        if game.phase is Phase.DRAW:
            context["draw"] = {"most": legal[0].amount, "cards": _draw_cards(view.hand)}
        else:
            context["actions"] = [
                {"kind": str(a.kind), "amount": a.amount,
                 "label": action_word(a.kind, words, lang) + (f" {a.amount}" if a.amount else "")}
                for a in legal
            ]  # fmt: skip
    if game.done:
        last = table.finished[-1]
        context["result"] = last.result
        context["theirs"] = Markup(hand_html(describe(table.held[1 - seat]), lang))
        if table.belief is not None:
            belief = table.belief
            context["belief"] = {
                "rows": [
                    {"rank": rank, "share": share_text(share), "held": rank == belief.held,
                     "name": english_name(class_ranks(rank)),
                     "name_ko": korean_name(class_ranks(rank))}
                    for rank, share in belief.rows
                ],
                "held": belief.held,
                "held_share": share_text(belief.held_share),
                "held_name": english_name(class_ranks(belief.held)),
                "held_name_ko": korean_name(class_ranks(belief.held)),
            }  # fmt: skip
        context["belief_error"] = table.belief_error
    return context


# -- the endpoints ----------------------------------------------------------------------------


class Templates(Protocol):
    def TemplateResponse(self, request: Request, name: str, context: dict[str, Any],
                         status_code: int = 200) -> Response: ...  # fmt: skip


Bounded = Callable[[Callable[[], Any]], Awaitable[Any]]


class PlayPage:
    """The endpoints of ``/play`` over one ``Sessions``: the page (GET ``/play``), the
    person's action and the next hand (POST ``/play/act``, ``/play/next``: each answered by a
    redirect to the page, or the page with the library's message), and a finished hand's PHH
    (GET ``/play/hand/N.phh``)."""

    def __init__(self, templates: Templates, language: Callable[[Request], str],
                 bounded: Bounded, sessions: Sessions | None = None) -> None:  # fmt: skip
        self.templates, self.language, self.bounded = templates, language, bounded
        self.sessions = Sessions() if sessions is None else sessions

    def routes(self) -> list[Route]:
        return [
            Route("/play", self.page),
            Route("/play/act", self.act, methods=["POST"]),
            Route("/play/next", self.next_hand, methods=["POST"]),
            Route("/play/hand/{number:int}.phh", self.download),
        ]

    def _render(self, request: Request, lang: str, status: int = 200, *,
                options: Options | None = None, play: dict[str, Any] | None = None,
                message: str = "", refused: str = "") -> Response:  # fmt: skip
        """play.html; ``play``: the table's ``table_context``, read with its lock held."""
        shown = options or Options(OPPONENTS[0], RULE_SETS[0], 0)
        context: dict[str, Any] = {
            "words": page_words(lang),
            "lang": lang,
            "version": __version__,
            "path": request.url.path,
            "options": shown,
            "query": shown.query(),
            "opponents": OPPONENTS,
            "rule_sets": RULE_SETS,
            "message": message,
            "refused": refused,
            "play": play,
            "fixed": _fixed_language(request),
        }
        response = self.templates.TemplateResponse(request, "play.html", context,
                                                   status_code=status)  # fmt: skip
        response.headers["cache-control"] = "no-store"
        return response

    def _too_long(self) -> str:
        return (f"this took longer than {limits.SECONDS:g} s (or your other tab is still "
                "waiting for the bot); reload the page")  # fmt: skip

    async def page(self, request: Request) -> Response:
        lang = self.language(request)
        query = {k: v[:100] for k, v in request.query_params.items() if k != "lang"}
        try:
            options = Options.read(query)
        except ValueError as error:
            return self._render(request, lang, 400, message=str(error))
        if options is None:  # a seed of its own, in the URL: a link reproduces the table
            drawn = Options(query.get("vs") or OPPONENTS[0], query.get("rules") or RULE_SETS[0],
                            secrets.randbits(32))  # fmt: skip
            return RedirectResponse(f"/play?{drawn.query()}{_fixed_language(request)}", 303)
        try:
            check_table(options)
        except ValueError as error:  # the bots play only the game they were trained for
            return self._render(request, lang, 400, options=options, refused=str(error))
        sid, session = self.sessions.open(request.cookies.get(SESSION_COOKIE))

        def show() -> dict[str, Any]:
            if session.table is None or session.table.options != options:
                session.table = Table(options)
            session.table.look()
            return table_context(session.table, lang)

        try:
            play = await self._run(session, show)
        except TimeoutError:
            response = self._render(request, lang, 503, options=options, message=self._too_long())
        else:
            response = self._render(request, lang, options=options, play=play)
        response.set_cookie(SESSION_COOKIE, sid, httponly=True, samesite="lax")
        return response

    async def _run(self, session: Session, work: Callable[[], T]) -> T:
        deadline = time.monotonic() + limits.SECONDS
        result: T = await self.bounded(lambda: Sessions.run(session, work, deadline))
        return result

    async def _post(self, request: Request, change: Callable[[Table, dict[str, list[str]]], None]
                    ) -> Response:  # fmt: skip
        lang = self.language(request)
        body = (await request.body()).decode("utf-8", "replace")
        try:
            form = parse_qs(body, max_num_fields=FORM_FIELDS)
        except ValueError:  # more fields than any form of the page sends
            message = f"a form of /play has at most {FORM_FIELDS} fields"
            return self._render(request, lang, 400, message=message)
        session = self.sessions.find(request.cookies.get(SESSION_COOKIE))
        table = session.table if session is not None else None
        if session is None or table is None:
            message = page_words(lang)["play_no_table"]
            return self._render(request, lang, 400, message=message)

        def apply() -> tuple[Options, ValueError | None, dict[str, Any]]:
            current = session.table
            assert current is not None
            try:
                change(current, form)
            except ValueError as error:  # IllegalActionError too: the library's message
                return current.options, error, table_context(current, lang)
            return current.options, None, {}

        try:
            options, error, play = await self._run(session, apply)
        except TimeoutError:  # the table is another request's now: not read here
            return self._render(request, lang, 503, options=table.options,
                                message=self._too_long())  # fmt: skip
        if error is not None:
            status = 409 if isinstance(error, Stale) else 400
            return self._render(request, lang, status, options=options, play=play,
                                message=str(error))  # fmt: skip
        return RedirectResponse(f"/play?{options.query()}{_fixed_language(request)}", 303)

    async def act(self, request: Request) -> Response:
        return await self._post(request, Table.act)

    async def next_hand(self, request: Request) -> Response:
        return await self._post(request, Table.next_hand)

    async def download(self, request: Request) -> Response:
        number = request.path_params["number"]
        session = self.sessions.find(request.cookies.get(SESSION_COOKIE))

        def find() -> tuple[Options, Finished | None] | None:
            table = session.table if session is not None else None
            return None if table is None else (table.options, table.phh(number))

        try:
            found = None if session is None else await self._run(session, find)
        except TimeoutError:
            return PlainTextResponse(self._too_long(), 503)
        hand = found[1] if found is not None else None
        if found is None or hand is None:
            return PlainTextResponse(f"no finished hand {number} at your table", 404)
        name = f"badugi-{found[0].vs}-{found[0].seed}-{number}.phh"
        headers = {"content-disposition": f'attachment; filename="{name}"',
                   "cache-control": "no-store"}  # fmt: skip
        return PlainTextResponse(hand.text, headers=headers)


def _fixed_language(request: Request) -> str:
    """``&lang=..`` when the URL fixes the page's language (a link's), for the forms and the
    redirects to keep; else nothing (the toggle's cookie decides)."""
    asked = request.query_params.get("lang")
    return f"&lang={asked}" if asked in LANGUAGES else ""


__all__ = ["OPPONENTS", "RULE_SETS", "STACK", "Options", "PlayPage", "Sessions", "Table"]
