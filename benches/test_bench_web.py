"""The web room's answers (``badugi serve``, docs/web.md) against issue 35's target: every page
but a running solve loads within 200 ms on one core.

- in-process (Starlette's test client, so no network in the figure), the app warm (its
  ``warm()`` threads done, the blueprint read): each page, ``/odds``' whole stream, the first
  ``result`` of a solve's stream (informative: the running solve is exempt), a fresh ``/play``
  table (the redirect to a seeded URL and the page), the next hand where the bot acts first,
  an action against the blueprint, ``/review`` and an upload of our own synthetic history, the
  static files;
- a fresh server process: start, import and its first answer (informative: what the warming
  threads are for);
- in headless Chromium against uvicorn (skipped without chromium or playwright; the browser
  on the cores the server is not pinned to): each page's navigation, the browser's own timings
  (responseEnd, domContentLoadedEventEnd, loadEventEnd) in the extra info.

The pages run the C code on one thread (``web/limits.py``); run the figures on one core too:

    taskset -c 0 python -m pytest benches/test_bench_web.py --benchmark-only
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import threading
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

with warnings.catch_warnings():  # Starlette would rather have httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from badugi_fast.blueprint import load_blueprint
from badugi_fast.web import create_app

# the web tests' server and Chromium: tools/web_screenshots.py holds the one copy
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from web_screenshots import CHROMIUM, serving

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROUNDS = 20
ODDS = {"hand": "Kc 2d 3h 3s", "draws": "3", "vs": "8-"}  # docs/web.md's example
SOLVE = {"ranges": "7-; T-", "pot": "10", "stacks": "50"}
# The synthetic history of docs/web.md: our own text, in PokerStars' layout.
HISTORY = """\
PokerStars Game #10000000001:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET
Table 'Alpha III' 8-max Seat #2 is the button
Seat 2: Hero ($5 in chips)
Seat 4: Lee ($3.40 in chips)
Hero: posts small blind $0.10
Lee: posts big blind $0.25
*** DEALING HANDS ***
Dealt to Hero [As 3h 8h 6s]
Hero: raises $0.25 to $0.50
Lee: folds
Uncalled bet ($0.25) returned to Hero
Hero collected $0.50 from pot
*** SUMMARY ***
Total pot $0.50 | Rake $0
"""

# name: (path, query, a telling piece of the answer)
PAGES: dict[str, tuple[str, dict[str, str], str]] = {
    "index": ("/", {}, 'href="/ranges'),
    "hands, two compared": ("/hands", {"hands": "As 2d 3h 4c;Kc Kd 5h 6s"}, 'id="compared"'),
    "ranges": ("/ranges", {"range": "0.5:8-, 7-"}, "bf-range-hands"),
    "odds, the page": ("/odds", ODDS, "/odds/stream?"),
    "solve, the page": ("/solve", SOLVE, "/solve/stream?"),
    "review": ("/review", {}, 'type="file"'),
}
STATIC = ("style.css", "app.js")
FIRST_ANSWERS = {"index": "/", "ranges, the chart": "/ranges"}
BROWSER_PAGES = {
    "index": "/",
    "hands, two compared": "/hands?hands=As%202d%203h%204c;Kc%20Kd%205h%206s",
    "ranges": "/ranges?range=0.5:8-,%207-",
    "odds": "/odds?hand=Kc%202d%203h%203s&draws=3&vs=8-",
    "solve": "/solve?ranges=7-;%20T-&pot=10&stacks=50",
    "play": "/play?vs=blueprint",
    "review": "/review",
}
NAVIGATION = """() => { const n = performance.getEntriesByType('navigation')[0];
    return [n.responseEnd, n.domContentLoadedEventEnd, n.loadEventEnd]; }"""

web = pytest.mark.benchmark(group="web: a page's answer, in-process, the app warm")


def _wait_for_warming() -> None:
    """The app's ``warm()`` threads done, so that no bench pays for (or shares a core with)
    what they fill once a process; the blueprint read, as the first ``/play`` would."""
    for thread in threading.enumerate():
        if thread.name.startswith("badugi-web-warm"):
            thread.join()
    load_blueprint()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        _wait_for_warming()
        yield test_client


def _shown(path: str, query: dict[str, str]) -> str:
    """A URL as typed (unescaped), for the table."""
    return path + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def _record(benchmark: Any, url: str, answer: Any) -> None:
    benchmark.extra_info["url"] = url
    benchmark.extra_info["bytes"] = len(answer.content)


@web
@pytest.mark.parametrize("name", PAGES)
def test_a_page(benchmark: Any, client: TestClient, name: str) -> None:
    path, query, telling = PAGES[name]
    answer = benchmark.pedantic(client.get, (path,), {"params": query}, rounds=ROUNDS,
                                warmup_rounds=1)  # fmt: skip
    assert answer.status_code == 200 and telling in answer.text
    _record(benchmark, _shown(path, query), answer)


@web
@pytest.mark.parametrize("name", STATIC)
def test_a_static_file(benchmark: Any, client: TestClient, name: str) -> None:
    answer = benchmark.pedantic(client.get, (f"/static/{name}",), rounds=ROUNDS, warmup_rounds=1)
    shipped = resources.files("badugi_fast.web").joinpath("static", name).read_bytes()
    assert answer.status_code == 200 and answer.content == shipped
    _record(benchmark, f"/static/{name}", answer)


@web
def test_the_odds_stream_to_its_end(benchmark: Any, client: TestClient) -> None:
    """What the user waits for on ``/odds``: the best discard, the equity and the best discard
    against the range, streamed."""
    answer = benchmark.pedantic(client.get, ("/odds/stream",), {"params": ODDS}, rounds=ROUNDS,
                                warmup_rounds=1)  # fmt: skip
    events = re.findall(r"^event: (\w+)$", answer.text, re.M)
    assert answer.status_code == 200 and events[-1] == "done" and "failed" not in events
    assert events.count("result") == 3
    _record(benchmark, _shown("/odds/stream", ODDS), answer)


def _first_result(client: TestClient) -> str:
    """The stream of a solve read to its first ``result`` event (the page's first drawing),
    then closed: the server stops the solve between blocks."""
    with client.stream("GET", "/solve/stream", params=SOLVE) as response:
        assert response.status_code == 200
        lines = response.iter_lines()
        for line in lines:
            if line == "event: result":
                return str(next(lines))
    raise AssertionError("the solve's stream ended with no result")


@web
def test_a_solves_first_result(benchmark: Any, client: TestClient) -> None:
    data = benchmark.pedantic(_first_result, (client,), rounds=ROUNDS, warmup_rounds=1)
    assert data.startswith('data: {"step": "solve_start"') and "<svg" in data
    benchmark.extra_info["url"] = "/solve/stream (to its first result)"
    benchmark.extra_info["bytes"] = len(data)


def _fresh_table(client: TestClient, vs: str) -> Any:
    """A new browser's first visit: the redirect to a seeded URL, then the table's page."""
    client.cookies.clear()
    return client.get("/play", params={"vs": vs})


@web
@pytest.mark.parametrize("vs", ["blueprint", "search"])
def test_a_fresh_table(benchmark: Any, client: TestClient, vs: str) -> None:
    answer = benchmark.pedantic(_fresh_table, (client, vs), rounds=ROUNDS, warmup_rounds=1)
    assert [r.status_code for r in answer.history] == [303]
    assert answer.status_code == 200 and 'id="action-form"' in answer.text
    _record(benchmark, f"/play?vs={vs} (redirected)", answer)


def _fields(page: str, form: str) -> dict[str, str]:
    """The hidden fields of the form ``form`` (its id): the table, hand and step."""
    body = re.search(rf'<form[^>]*id="{form}".*?</form>', page, re.S)
    assert body is not None, page[:2000]
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', body.group(0)))


def _table_at_its_first_decision(client: TestClient, vs: str, seed: int) -> dict[str, str]:
    """A fresh table at the person's first decision: its action form's fields."""
    client.cookies.clear()
    page = client.get("/play", params={"vs": vs, "rules": "casino", "seed": str(seed)})
    assert page.status_code == 200
    return _fields(page.text, "action-form")


def _seeds() -> Callable[[], int]:
    counter = iter(range(1, 1 << 30))
    return lambda: next(counter)


@web
def test_a_call_against_the_blueprint(benchmark: Any, client: TestClient) -> None:
    """The person's call (or check) at a fresh table, the bot's answer and the page
    redrawn (the redirect followed)."""
    seed = _seeds()

    def fresh() -> tuple[tuple[Any, ...], dict[str, Any]]:
        fields = _table_at_its_first_decision(client, "blueprint", seed())
        return ("/play/act",), {"data": {**fields, "kind": "call"}}

    answer = benchmark.pedantic(client.post, setup=fresh, rounds=ROUNDS, warmup_rounds=1)
    assert [r.status_code for r in answer.history] == [303]
    assert answer.status_code == 200 and 'data-kind="call"' in answer.text
    _record(benchmark, "POST /play/act kind=call (redirected)", answer)


def _passive_move(page: str) -> dict[str, Any]:
    """A move that never folds and never bets: a call, else a check; a draw stands pat."""
    if 'id="draw-form"' in page:
        return {**_fields(page, "draw-form"), "kind": "draw"}
    offered = re.findall(r'name="kind" value="(\w+)"', page)
    return {**_fields(page, "action-form"), "kind": "call" if "call" in offered else "check"}


def _first_hand_played_out(client: TestClient, vs: str, seed: int) -> dict[str, str]:
    """A fresh table's first hand played to its showdown: the next-hand form's fields."""
    client.cookies.clear()
    page = client.get("/play", params={"vs": vs, "rules": "casino", "seed": str(seed)}).text
    for _ in range(40):
        if 'data-done="yes"' in page:
            return _fields(page, "next-form")
        answer = client.post("/play/act", data=_passive_move(page))
        assert answer.status_code == 200, answer.text[:2000]
        page = answer.text
    raise AssertionError("the hand did not end")


@web
@pytest.mark.parametrize("vs", ["blueprint", "search"])
def test_the_next_hand_where_the_bot_acts_first(
    benchmark: Any, client: TestClient, vs: str
) -> None:
    """A fresh table's first hand has the person on the button, acting first; in the next the
    bot has the button: its first action is in the page's time."""
    seed = _seeds()

    def played_out() -> tuple[tuple[Any, ...], dict[str, Any]]:
        return ("/play/next",), {"data": _first_hand_played_out(client, vs, seed())}

    answer = benchmark.pedantic(client.post, setup=played_out, rounds=ROUNDS // 4,
                                warmup_rounds=1)  # fmt: skip
    assert [r.status_code for r in answer.history] == [303]
    assert answer.status_code == 200 and 'data-hand="1" data-seat="0"' in answer.text
    log = re.findall(r'<li data-seat="(\d*)" data-kind="(\w+)"', answer.text)
    assert any(seat == "1" and kind != "post" for seat, kind in log), log  # the bot acted
    _record(benchmark, f"POST /play/next vs={vs} (redirected)", answer)


@web
def test_an_uploaded_history(benchmark: Any, client: TestClient) -> None:
    body = HISTORY.encode()
    answer = benchmark.pedantic(client.post, ("/review",),
                                {"params": {"name": "mine.txt"}, "content": body},
                                rounds=ROUNDS, warmup_rounds=1)  # fmt: skip
    assert answer.status_code == 200 and 'data-player="Hero"' in answer.text
    _record(benchmark, "POST /review?name=mine.txt (docs/web.md's history)", answer)


FIRST_ANSWER = """\
import sys, time, warnings
warnings.simplefilter("ignore")
from starlette.testclient import TestClient
from badugi_fast.web import create_app
with TestClient(create_app()) as client:
    started = time.perf_counter()
    answer = client.get(sys.argv[1])
    print(answer.status_code, time.perf_counter() - started)
"""


@pytest.mark.benchmark(group="web: a fresh server process, its first answer")
@pytest.mark.parametrize("name", FIRST_ANSWERS)
def test_a_fresh_process_first_answer(benchmark: Any, name: str) -> None:
    """Informative: a new process (interpreter, import, app started, warming threads started)
    to its first answer of the page, which may wait for what the warming fills; that answer
    alone is ``first_answer_ms``."""
    url = FIRST_ANSWERS[name]
    # -P: the installed package, not the source folder of the working directory (CI runs the
    # benches from a clone whose badugi_fast/ holds no built extension)
    argv = [sys.executable, "-P", "-c", FIRST_ANSWER, url]
    done = benchmark.pedantic(subprocess.run, (argv,), {"capture_output": True, "text": True,
                              "check": True}, rounds=3, warmup_rounds=0)  # fmt: skip
    status, seconds = done.stdout.split()
    assert status == "200"
    benchmark.extra_info["url"] = url
    benchmark.extra_info["first_answer_ms"] = 1000 * float(seconds)


# -- in the browser ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The app served by uvicorn on a free port, as ``badugi serve`` serves it, warm."""
    with serving() as base_url:
        _wait_for_warming()
        yield base_url


@contextmanager
def _off_the_servers_cores() -> Iterator[None]:
    """Processes started inside run on the cores the server (this process) is not pinned to,
    when there are any: the browser's work stays out of the server's figures."""
    if not hasattr(os, "sched_setaffinity"):
        yield
        return
    pinned = os.sched_getaffinity(0)
    others = set(range(os.cpu_count() or 1)) - pinned
    os.sched_setaffinity(0, others or pinned)
    try:
        yield
    finally:
        os.sched_setaffinity(0, pinned)


@pytest.fixture(scope="module")
def tab(server: str) -> Iterator[Any]:
    """A headless Chromium tab (the Debian package: Playwright cannot download its own here),
    on the cores the server does not run on."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with _off_the_servers_cores():
        playwright = sync_api.sync_playwright().start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
    try:
        yield browser.new_context(base_url=server, locale="en-US").new_page()
    finally:
        browser.close()
        playwright.stop()


@pytest.mark.benchmark(group="web: a page in headless Chromium, over uvicorn")
@pytest.mark.parametrize("name", BROWSER_PAGES)
def test_a_page_in_the_browser(benchmark: Any, tab: Any, name: str) -> None:
    """The navigation to its load event (``goto``'s own wait), and the browser's timings read
    back (a round trip of a millisecond or so, inside the figure)."""
    timings: list[list[float]] = []

    def load() -> Any:
        response = tab.goto(BROWSER_PAGES[name])
        timings.append(tab.evaluate(NAVIGATION))
        return response

    response = benchmark.pedantic(load, rounds=ROUNDS // 2, warmup_rounds=1)
    assert response.status == 200
    benchmark.extra_info["url"] = BROWSER_PAGES[name]
    for i, event in enumerate(("response_end", "dom_content_loaded", "load_event")):
        benchmark.extra_info[f"{event}_ms"] = statistics.median(t[i] for t in timings)
