"""The application: Starlette routes over the pages, Jinja2 templates, the package's own static
files, and the limits every request meets.

Starlette is a small, typed ASGI toolkit (the base of FastAPI) with a test client that runs
the app in-process, a streaming response for server-sent events, and static files read from a
package; Jinja2 escapes everything the templates insert unless it is the library's own drawn
HTML; uvicorn serves it (``badugi serve``). See docs/web.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import anyio
import jinja2
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..hands.html import LANGUAGES
from . import limits, pages
from .words import page_words

PageOf = Callable[[Mapping[str, str], str], pages.Page]
LANG_COOKIE = "lang"
# Our own script and style sheet only; the drawings carry inline styles.
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; script-src 'self'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


class Limits:
    """ASGI middleware: a query string past ``limits.MAX_QUERY`` characters gets 414 and a body
    past ``limits.MAX_BODY`` bytes 413 (by its Content-Length, or as it streams in), before any
    page runs; every response gets the security headers."""

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
        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > limits.MAX_BODY:
            message = f"a request body is at most {limits.MAX_BODY:,} bytes"
            await PlainTextResponse(message, 413)(scope, receive, send)
            return
        seen = 0

        async def capped() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limits.MAX_BODY:
                raise ValueError(f"a request body is at most {limits.MAX_BODY:,} bytes")
            return message

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    *message.get("headers", []),
                    *((k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()),
                ]
            await send(message)

        await self.app(scope, capped, headed)


def language(request: Request) -> str:
    """The page's language: ``?lang=`` (so a link fixes it), else the toggle's cookie, else
    English."""
    for wanted in (request.query_params.get("lang"), request.cookies.get(LANG_COOKIE)):
        if wanted in LANGUAGES:
            return str(wanted)
    return "en"


def create_app(allowed_hosts: Sequence[str] | None = None) -> Starlette:
    """The web application. ``allowed_hosts``: the Host headers answered (the others get 400),
    which ``badugi serve`` sets to the loopback names when it binds to 127.0.0.1, so that a web
    page elsewhere cannot reach the server through a name of its own (DNS rebinding); None
    answers every host."""
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("badugi_fast.web", "templates"),
        autoescape=True,
    )
    templates = Jinja2Templates(env=environment)

    def render(request: Request, page: pages.Page, lang: str, status: int = 200) -> Response:
        context = {
            "words": page_words(lang),
            "lang": lang,
            "inputs": page.inputs,
            "drawn": {k: _markup(v) for k, v in page.drawn.items()},
            "version": __version__,
            "path": request.url.path,
        }
        return templates.TemplateResponse(request, page.template, context, status_code=status)

    def endpoint(make: PageOf) -> Callable[[Request], Any]:
        async def run(request: Request) -> Response:
            lang = language(request)
            query = {k: v for k, v in request.query_params.items() if k != "lang"}
            try:
                with anyio.fail_after(limits.SECONDS):
                    page = await run_in_threadpool(partial(make, query, lang))
            except ValueError as error:  # the library's own message, or a bound's
                failed = pages.Page("error.html", {"message": str(error)})
                return render(request, failed, lang, 400)
            except TimeoutError:
                message = f"this took longer than {limits.SECONDS:g} s; ask for less"
                failed = pages.Page("error.html", {"message": message})
                return render(request, failed, lang, 503)
            return render(request, page, lang)

        return run

    async def not_found(request: Request, exc: Exception) -> Response:
        lang = language(request)
        page = pages.Page("error.html", {"message": page_words(lang)["not_found"]})
        return render(request, page, lang, 404)

    routes = [
        Route("/", endpoint(pages.index)),
        Route("/hands", endpoint(pages.hands)),
        Route("/ranges", endpoint(pages.ranges)),
        Route("/odds", endpoint(pages.odds)),
        Mount("/static", StaticFiles(packages=[("badugi_fast.web", "static")]), name="static"),
    ]
    middleware = [Middleware(Limits)]
    if allowed_hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    return Starlette(routes=routes, middleware=middleware, exception_handlers={404: not_found})


def _markup(value: Any) -> Any:
    """The library's drawn HTML, escaped by its renderers, marked safe for the templates."""
    if isinstance(value, str):
        return Markup(value)
    if isinstance(value, list):
        return [_markup(v) for v in value]
    return value
