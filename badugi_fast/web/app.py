"""The application: Starlette routes over the pages, Jinja2 templates, the package's own static
files, and the limits every request meets.

Starlette is a small, typed ASGI toolkit (the base of FastAPI) with a test client that runs
the app in-process, a streaming response for server-sent events, and static files read from a
package; Jinja2 escapes everything the templates insert unless it is the library's own drawn
HTML; uvicorn serves it (``badugi serve``). See docs/web.md.
"""

from __future__ import annotations

import json
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence, Sized
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, TypeVar

import anyio
import anyio.to_thread
import jinja2
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..hands.html import LANGUAGES
from . import limits, pages, review_page, solve_page
from .play_page import PlayPage
from .words import page_words

T = TypeVar("T")
PageOf = Callable[[Mapping[str, str], str], pages.Page]
StepsOf = Callable[[Mapping[str, str], str], Iterable[pages.Step]]
UploadOf = Callable[[bytes, Mapping[str, str], str], pages.Page]
LANG_COOKIE = "lang"
# Our own script and style sheet only; the drawings carry inline styles.
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; script-src 'self'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


class BodyTooLarge(Exception):
    """A request body that grew past ``limits.MAX_BODY`` bytes as it streamed in."""


class Limits:
    """ASGI middleware: a query string past ``limits.MAX_QUERY`` characters gets 414 and a body
    past ``limits.MAX_BODY`` bytes 413 (by its Content-Length before any page runs, or as it
    streams in, when a page reads it); every response gets the security headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if len(scope.get("query_string", b"")) > limits.MAX_QUERY:
            message = f"a query string is at most {limits.MAX_QUERY:,} characters"
            await PlainTextResponse(message, 414)(scope, receive, send)
            return
        too_large = f"a request body is at most {limits.MAX_BODY:,} bytes"
        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > limits.MAX_BODY:
            await PlainTextResponse(too_large, 413)(scope, receive, send)
            return
        seen = 0
        started = False

        async def capped() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limits.MAX_BODY:
                raise BodyTooLarge
            return message

        async def headed(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [
                    *message.get("headers", []),
                    *((k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()),
                ]
            await send(message)

        try:
            await self.app(scope, capped, headed)
        except BodyTooLarge:
            if started:
                raise
            await PlainTextResponse(too_large, 413)(scope, receive, headed)


def language(request: Request) -> str:
    """The page's language: ``?lang=`` (so a link fixes it), else the toggle's cookie, else
    English."""
    for wanted in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        if wanted in LANGUAGES:
            return str(wanted)
    return "en"


def _query(request: Request) -> dict[str, str]:
    """A page's inputs: the query string less the language."""
    return {k: v for k, v in request.query_params.items() if k != "lang"}


class Site:
    """The templates and the endpoints that render through them."""

    def __init__(self) -> None:
        environment = jinja2.Environment(
            loader=jinja2.PackageLoader("badugi_fast.web", "templates"),
            autoescape=True,
        )
        self.templates = Jinja2Templates(env=environment)

    def render(self, request: Request, page: pages.Page, lang: str, status: int = 200) -> Response:
        context = {
            "words": page_words(lang),
            "lang": lang,
            "inputs": page.inputs,
            "drawn": {k: _markup(v) for k, v in page.drawn.items()},
            "version": __version__,
            "path": request.url.path,
        }
        return self.templates.TemplateResponse(request, page.template, context, status_code=status)

    def endpoint(self, make: PageOf) -> Callable[[Request], Any]:
        """The endpoint of a page: its function run in a worker thread, bounded in time; a
        ValueError (the library's own message, or a bound's) is shown with a 400."""

        async def run(request: Request) -> Response:
            lang = language(request)
            try:
                page = await _bounded(partial(make, _query(request), lang))
            except ValueError as error:
                return self.render(request, pages.Page("error.html", {"message": str(error)}),
                                   lang, 400)  # fmt: skip
            except TimeoutError:
                return self.render(request, pages.Page("error.html", {"message": _too_long()}),
                                   lang, 503)  # fmt: skip
            return self.render(request, page, lang)

        return run

    def upload_endpoint(self, make: UploadOf) -> Callable[[Request], Any]:
        """The endpoint of a page made from a request's body (a file, read in memory, never
        written; the body is capped by ``Limits``): its function run as ``endpoint``'s, a
        ValueError's message sent as plain text with a 400 (the page's script shows it)."""

        async def run(request: Request) -> Response:
            lang = language(request)
            data = await request.body()
            try:
                page = await _bounded(partial(make, data, _query(request), lang))
            except ValueError as error:
                return PlainTextResponse(str(error), 400)
            except TimeoutError:
                return PlainTextResponse(_too_long(), 503)
            return self.render(request, page, lang)

        return run

    async def not_found(self, request: Request, exc: Exception) -> Response:
        lang = language(request)
        page = pages.Page("error.html", {"message": page_words(lang)["not_found"]})
        return self.render(request, page, lang, 404)


def streamed(steps_of: StepsOf) -> Callable[[Request], Any]:
    """The endpoint of a page's longer steps as server-sent events: ``progress`` before each
    step, ``result`` (its drawing) after it, then ``done``; ``failed`` with the library's
    message when a step refuses its input. ``steps_of`` checks the query (a ValueError is a
    400 before any work) and gives the steps: a list (its length the progress's total) or an
    iterator the stream advances between steps (``/solve``'s blocks: total None). A client
    that goes away (the page closed, or its cancel button) ends the stream: Starlette cancels
    it, and the step running finishes its bounded work in its thread, its result dropped."""

    async def stream(request: Request) -> Response:
        lang = language(request)
        words = page_words(lang)
        try:
            steps = await _bounded(partial(steps_of, _query(request), lang))
        except ValueError as error:
            return PlainTextResponse(str(error), 400)
        except TimeoutError:
            return PlainTextResponse(_too_long(), 503)

        async def events() -> AsyncIterator[str]:
            total = len(steps) if isinstance(steps, Sized) else None
            done = 0
            for name, run in steps:  # an iterator's own code between steps is cheap Python
                yield _event("progress", done=done, total=total, step=name, label=words[name])
                try:
                    drawn = await _bounded(run)
                except ValueError as error:
                    yield _event("failed", message=str(error))
                    return
                except TimeoutError:
                    yield _event("failed", message=_too_long())
                    return
                yield _event("result", step=name, html=drawn)
                done += 1
            yield _event("done", done=done, total=done if total is None else total)

        headers = {"cache-control": "no-store"}
        return StreamingResponse(events(), media_type="text/event-stream", headers=headers)

    return stream


# /odds' longer steps (``pages.odds_steps``), streamed.
odds_stream = streamed(pages.odds_steps)


@asynccontextmanager
async def _warming(app: Starlette) -> AsyncIterator[None]:
    """At startup, ``pages.warm`` in a thread of its own: the server answers at once, and the
    first requests find the caches filled (or fill them themselves, if they come first)."""
    threading.Thread(target=pages.warm, name="badugi-web-warm", daemon=True).start()
    threading.Thread(target=solve_page.warm, name="badugi-web-warm-solve", daemon=True).start()
    threading.Thread(target=review_page.warm, name="badugi-web-warm-review", daemon=True).start()
    yield


def create_app(allowed_hosts: Sequence[str] | None = None, *, warm: bool = True) -> Starlette:
    """The web application. ``allowed_hosts``: the Host headers answered (the others get 400),
    which ``badugi serve`` sets to the loopback names when it binds to 127.0.0.1, so that a web
    page elsewhere cannot reach the server through a name of its own (DNS rebinding); None
    answers every host. ``warm``: fill the caches of the first requests at startup."""
    site = Site()
    routes = [
        Route("/", site.endpoint(pages.index)),
        Route("/hands", site.endpoint(pages.hands)),
        Route("/ranges", site.endpoint(pages.ranges)),
        Route("/odds", site.endpoint(pages.odds)),
        Route("/odds/stream", odds_stream),
        Route("/solve", site.endpoint(solve_page.solve)),
        Route("/solve/stream", streamed(solve_page.solve_steps)),
        Route("/review", site.endpoint(review_page.review_page), methods=["GET"]),
        Route("/review", site.upload_endpoint(review_page.review), methods=["POST"]),
        Route("/review/search", site.upload_endpoint(review_page.search), methods=["POST"]),
        Route("/review/solve", site.upload_endpoint(review_page.given_up), methods=["POST"]),
        Mount("/static", StaticFiles(packages=[("badugi_fast.web", "static")]), name="static"),
    ]
    routes += PlayPage(site.templates, language, _bounded).routes()  # a table per browser
    middleware = [Middleware(Limits)]
    if allowed_hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    return Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={404: site.not_found},
        lifespan=_warming if warm else None,
    )


async def _bounded(work: Callable[[], T]) -> T:
    """``work`` in a worker thread, given up after ``limits.SECONDS`` (TimeoutError): the
    request answers then, and the thread finishes its bounded work, its result dropped."""
    with anyio.fail_after(limits.SECONDS):
        return await anyio.to_thread.run_sync(work, abandon_on_cancel=True)


def _too_long() -> str:
    return f"this took longer than {limits.SECONDS:g} s; ask for less"


def _event(name: str, **data: Any) -> str:
    """One server-sent event: its name and a JSON object (one line: JSON escapes newlines)."""
    return f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def _markup(value: str | list[str]) -> Markup | list[Markup]:
    """The library's drawn HTML, escaped by its renderers, marked safe for the templates."""
    return [Markup(v) for v in value] if isinstance(value, list) else Markup(value)
