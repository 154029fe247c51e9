"""The web pages in-process: each answers from its query string with the library's own
figures; hostile input (malformed queries, huge ranges, overlong text, unknown cards, a large
body, a foreign Host) gets the library's or the bound's message and a 4xx, never a traceback;
concurrent requests neither fail nor mix their answers."""

from __future__ import annotations

import html
import json
import re
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

import pytest
from starlette.testclient import TestClient

import badugi_fast as bf
from badugi_fast.web import create_app, limits

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _alert(page: str) -> str:
    found = re.search(r'<p class="error" role="alert">(.*?)</p>', page, re.S)
    assert found is not None, page[:500]
    return html.unescape(found.group(1))


def _error_of(call: Any) -> str:
    with pytest.raises(ValueError) as caught:
        call()
    return str(caught.value)


def test_no_word_of_the_pages_is_shadowed_by_a_dict_method() -> None:
    """Jinja reads ``words.clear`` as the dict's method: no key may be one."""
    from badugi_fast.web.words import WORDS

    assert not set(WORDS) & set(dir(dict))


def test_the_index_links_every_view(client: TestClient) -> None:
    page = client.get("/").text
    for path in ("/hands?", "/odds?", "/ranges?"):
        assert f'href="{path}' in page


def test_hands_shows_each_hands_rank_and_names(client: TestClient) -> None:
    response = client.get("/hands", params={"hands": "As 2d 3h 4c\nKc Kd 5h 6s"})
    assert response.status_code == 200
    for text in ("As 2d 3h 4c", "Kc Kd 5h 6s"):
        hand = bf.describe(text)
        assert f'<strong class="bf-rank">{hand.rank}</strong>' in response.text
        assert html.escape(hand.name) in response.text and hand.name_ko in response.text
    assert 'class="bf-hand-row bf-best"' in response.text


def test_hands_are_separated_by_lines_or_semicolons(client: TestClient) -> None:
    by_lines = client.get("/hands", params={"hands": "As 2d 3h 4c\nKc Kd 5h 6s"}).text
    by_semicolons = client.get("/hands", params={"hands": "As 2d 3h 4c;Kc Kd 5h 6s"}).text
    strip = re.compile(r"<textarea.*?</textarea>", re.S)
    assert strip.sub("", by_lines) == strip.sub("", by_semicolons)


@pytest.mark.parametrize(
    ("hands", "call"),
    [
        ("As 2d 3h Xx", lambda: bf.describe("As 2d 3h Xx")),
        ("As 2d 3h", lambda: bf.describe("As 2d 3h")),
        ("As As 3h 4c", lambda: bf.describe("As As 3h 4c")),
        ("<script>alert(1)</script>", lambda: bf.describe("<script>alert(1)</script>")),
        ("\x00\x01 ♠", lambda: bf.describe("\x00\x01 ♠")),
    ],
)
def test_a_bad_hand_shows_the_librarys_message_with_a_400(
    client: TestClient, hands: str, call: Any
) -> None:
    response = client.get("/hands", params={"hands": hands})
    assert response.status_code == 400
    assert _alert(response.text) == _error_of(call)
    assert "<script>alert" not in response.text
    assert "Traceback" not in response.text


def test_too_many_hands_are_refused(client: TestClient) -> None:
    many = ";".join(["As 2d 3h 4c"] * (limits.MAX_HANDS + 1))
    response = client.get("/hands", params={"hands": many})
    assert response.status_code == 400
    assert f"at most {limits.MAX_HANDS} hands" in _alert(response.text)


def test_ranges_show_the_ranges_count_and_the_chart(client: TestClient) -> None:
    response = client.get("/ranges", params={"range": "0.5:8-, 7-"})
    assert response.status_code == 200
    r = bf.parse_range("0.5:8-, 7-")
    assert f'<strong class="bf-range-hands">{len(r):,}</strong>' in response.text
    assert html.escape(str(r)) in response.text  # the canonical text
    assert response.text.count('class="bf-heatmap"') == 8  # the range's four and the chart's


@pytest.mark.parametrize("text", ["garbage", "8-, ,", "!!", "top 0%", "0:8-", "Kx Kd 5h 6s"])
def test_a_bad_range_shows_the_librarys_message_with_a_400(client: TestClient, text: str) -> None:
    response = client.get("/ranges", params={"range": text})
    assert response.status_code == 400
    assert _alert(response.text) == _error_of(lambda: bf.parse_range(text))


def test_a_huge_range_text_is_refused_before_it_is_read(client: TestClient) -> None:
    text = ", ".join(["8-"] * 400)
    assert len(text) > limits.MAX_RANGE_TEXT and len(text) < limits.MAX_QUERY
    response = client.get("/ranges", params={"range": text})
    assert response.status_code == 400
    assert f"range is at most {limits.MAX_RANGE_TEXT:,} characters" in _alert(response.text)


def test_the_widest_range_is_drawn_within_its_bounds(client: TestClient) -> None:
    response = client.get("/ranges", params={"range": "any"})
    assert response.status_code == 200
    assert "270,725</strong>" in response.text and "and 1,032 more classes" in response.text


def test_odds_show_the_librarys_odds(client: TestClient) -> None:
    response = client.get("/odds", params={"hand": "As 2d 3c 3h", "draws": "3"})
    assert response.status_code == 200
    odds = bf.draw_odds("As 2d 3c 3h", 3)
    assert f"{100 * odds.badugi:.2f} %" in response.text
    assert str(odds.badugi_fraction) in response.text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"hand": "As 2d 3c 3h", "draws": "4"}, "draws"),
        ({"hand": "As 2d 3c 3h", "draws": "-1"}, "whole numbers"),
        ({"hand": "As 2d 3c", "draws": "1"}, "a hand has 4 cards"),
        ({"hand": "As 2d 3c 3h", "draws": "3", "seed": "x"}, "whole numbers"),
    ],
)
def test_bad_odds_queries_are_400s(client: TestClient, query: dict[str, str], message: str) -> None:
    response = client.get("/odds", params=query)
    assert response.status_code == 400
    assert message in _alert(response.text)


def test_a_monte_carlo_query_is_bounded_and_repeats(client: TestClient) -> None:
    query = {"hand": "Kc Kd Kh Ks", "draws": "3", "seed": "7"}
    first, again = client.get("/odds", params=query).text, client.get("/odds", params=query).text
    assert f"{limits.MAX_ODDS_TRIALS:,} trials" in first
    assert first == again


def test_an_overlong_query_string_gets_414(client: TestClient) -> None:
    response = client.get("/hands?hands=" + "A" * (limits.MAX_QUERY + 1))
    assert response.status_code == 414
    assert "query string is at most" in response.text


def test_a_large_body_gets_413_before_any_view(client: TestClient) -> None:
    response = client.post("/hands", content=b"x" * (limits.MAX_BODY + 1))
    assert response.status_code == 413
    assert "request body is at most" in response.text


def test_a_post_is_not_a_view(client: TestClient) -> None:
    assert client.post("/hands", content=b"x").status_code == 405


def test_an_unknown_page_is_a_404_page(client: TestClient) -> None:
    response = client.get("/../etc/passwd")
    assert response.status_code == 404
    assert "no such page" in response.text


def test_a_static_path_never_leaves_the_package(client: TestClient) -> None:
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/../../cards.py"):
        assert client.get(path).status_code == 404


def test_the_language_comes_from_the_query_then_the_cookie(client: TestClient) -> None:
    hand = bf.describe("As 4c 5d 6d")
    korean = client.get("/hands", params={"hands": "As 4c 5d 6d", "lang": "ko"}).text
    assert '<html lang="ko">' in korean and "순위" in korean
    assert korean.index(hand.name_ko) < korean.index(html.escape(hand.name))
    cookie = TestClient(create_app(), cookies={"lang": "ko"})
    assert '<html lang="ko">' in cookie.get("/").text
    assert '<html lang="en">' in cookie.get("/", params={"lang": "en"}).text
    assert '<html lang="en">' in client.get("/", params={"lang": "xx"}).text


def test_pages_forbid_scripts_from_elsewhere(client: TestClient) -> None:
    policy = client.get("/").headers["content-security-policy"]
    assert "script-src 'self'" in policy and "default-src 'self'" in policy


def test_a_foreign_host_is_refused_when_serving_loopback() -> None:
    local = TestClient(create_app(allowed_hosts=["127.0.0.1", "localhost"]))
    assert local.get("/", headers={"host": "evil.example"}).status_code == 400
    assert local.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 200


def test_concurrent_requests_get_their_own_answers(client: TestClient) -> None:
    hands = ["As 2d 3h 4c", "Kc Kd 5h 6s", "7c 5d 3h 2s", "Qh Jh 9c 8d"] * 4

    def fetch(text: str) -> tuple[str, str]:
        return text, client.get("/hands", params={"hands": text}).text

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(fetch, hands))
    for text, page in answers:
        assert f'<strong class="bf-rank">{bf.evaluate(text)}</strong>' in page
    with ThreadPoolExecutor(4) as pool:
        ranges = list(
            pool.map(lambda t: client.get("/ranges", params={"range": t}), ["7-", "8-"] * 2)
        )
    counts = [f">{len(bf.parse_range(t)):,}</strong>" for t in ("7-", "8-") * 2]
    assert [count in r.text for count, r in zip(counts, ranges, strict=True)] == [True] * 4


def _events(text: str) -> list[tuple[str, dict[str, Any]]]:
    found = re.findall(r"event: (\w+)\ndata: (.*)\n\n", text)
    return [(name, json.loads(data)) for name, data in found]


def test_the_odds_stream_sends_each_step_with_its_progress(client: TestClient) -> None:
    query = {"hand": "Kc 2d 3h 3s", "draws": "3", "vs": "8-", "seed": "1"}
    response = client.get("/odds/stream", params=query)
    assert response.headers["content-type"].startswith("text/event-stream")
    events = _events(response.text)
    names = [name for name, _ in events]
    assert names == ["progress", "result"] * 3 + ["done"]
    assert [data["done"] for name, data in events if name == "progress"] == [0, 1, 2]
    results = {data["step"]: data["html"] for name, data in events if name == "result"}
    expected = bf.equity(
        ["Kc 2d 3h 3s", "8-"],
        3,
        trials=limits.MAX_ODDS_TRIALS,
        max_exact=limits.MAX_ODDS_EXACT,
        seed=1,
        threads=1,
    )
    assert f"{100 * expected.equity[0]:.2f} %" in results["equity"]
    best = bf.best_discard("Kc 2d 3h 3s", 3)[0]
    first_row = results["best_discard"].split("</tr>")[1]
    assert re.findall(r'data-card="(\w\w)"', first_row)[: len(best.discard)] == [
        str(c) for c in best.discard
    ]


def test_the_odds_stream_says_what_the_library_refuses(client: TestClient) -> None:
    query = {"hand": "Kc 2d 3h 3s", "draws": "3", "vs": "Kc 2d 3h 3s"}
    events = _events(client.get("/odds/stream", params=query).text)
    assert events[-1][0] == "failed"
    with pytest.raises(ValueError) as caught:
        bf.equity(["Kc 2d 3h 3s", "Kc 2d 3h 3s"], 3, seed=1)
    assert events[-1][1]["message"] == str(caught.value)


def test_the_odds_stream_refuses_bad_input_before_any_work(client: TestClient) -> None:
    response = client.get("/odds/stream", params={"hand": "Kc 2d 3h", "draws": "3"})
    assert response.status_code == 400 and response.text == "a hand has 4 cards, got 3: 'Kc 2d 3h'"
    response = client.get("/odds/stream", params={"hand": "Kc 2d 3h 3s", "vs": "nonsense"})
    assert response.status_code == 400 and "range element 1" in response.text


def test_no_draws_leave_nothing_to_stream(client: TestClient) -> None:
    events = _events(client.get("/odds/stream", params={"hand": "Kc 2d 3h 3s", "draws": "0"}).text)
    assert events == [("done", {"done": 0, "total": 0})]
    page = client.get("/odds", params={"hand": "Kc 2d 3h 3s", "draws": "0"}).text
    assert 'id="odds-stream"' not in page


def test_a_body_that_streams_past_the_cap_gets_413() -> None:
    """No page reads a body yet (uploads come later): a small app that does, behind the same
    middleware, is stopped once the body passes the cap, though no Content-Length told."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route

    from badugi_fast.web.app import Limits

    async def upload(request: Request) -> PlainTextResponse:
        return PlainTextResponse(str(len(await request.body())))

    routes = [Route("/upload", upload, methods=["POST"])]
    app = Starlette(routes=routes, middleware=[Middleware(Limits)])
    chunks = (b"x" * 65536 for _ in range(limits.MAX_BODY // 65536 + 2))
    response = TestClient(app).post("/upload", content=chunks)
    assert response.status_code == 413
    assert TestClient(app).post("/upload", content=iter([b"abc"])).text == "3"


def test_a_page_past_its_time_gets_503(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from badugi_fast.web import pages

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.5)
        return bf.describe(*args, **kwargs)

    def slow_discard(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.5)
        return bf.best_discard(*args, **kwargs)

    monkeypatch.setattr(limits, "SECONDS", 0.05)
    monkeypatch.setattr(pages, "describe", slow)
    response = client.get("/hands", params={"hands": "As 2d 3h 4c"})
    assert response.status_code == 503
    assert "longer than 0.05 s" in _alert(response.text)
    stream = client.get("/odds/stream", params={"hand": "Kc 2d 3h 3s"})
    assert stream.status_code == 503 and "longer than 0.05 s" in stream.text
    monkeypatch.setattr(pages, "describe", bf.describe)
    monkeypatch.setattr(pages, "best_discard", slow_discard)
    events = _events(client.get("/odds/stream", params={"hand": "Kc 2d 3h 3s"}).text)
    assert events[-1] == ("failed", {"message": "this took longer than 0.05 s; ask for less"})


def test_an_empty_odds_form_computes_nothing(client: TestClient) -> None:
    page = client.get("/odds").text
    assert 'id="hand-input"' in page and 'id="odds"' not in page
    assert _events(client.get("/odds/stream").text) == [("done", {"done": 0, "total": 0})]


def test_the_server_warms_its_caches_at_startup_unless_told_not_to(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    from badugi_fast.web import pages

    warmed = threading.Event()
    monkeypatch.setattr(pages, "warm", warmed.set)
    with TestClient(create_app(warm=False)) as cold:
        assert cold.get("/").status_code == 200
    assert not warmed.is_set()
    with TestClient(create_app()) as warm:
        assert warm.get("/").status_code == 200
        assert warmed.wait(10)


def test_warming_fills_what_the_first_pages_read() -> None:
    from badugi_fast.draws import html as drawings
    from badugi_fast.web import pages

    pages.warm()
    assert drawings._chart_per_cell_made.cache_info().currsize == 1


@pytest.mark.parametrize(
    ("path", "field", "most"),
    [
        ("/hands", "hands", limits.MAX_HANDS * 64),
        ("/odds", "hand", 256),
        ("/odds", "vs", limits.MAX_RANGE_TEXT),
        ("/odds/stream", "vs", limits.MAX_RANGE_TEXT),
    ],
)
def test_an_overlong_field_is_refused_by_its_bound(
    client: TestClient, path: str, field: str, most: int
) -> None:
    query = {"hand": "As 2d 3h 4c", field: "A" * (most + 1)}
    response = client.get(path, params=query)
    assert response.status_code == 400
    message = f"{field} is at most {most:,} characters, got {most + 1:,}"
    assert message in (response.text if path.endswith("stream") else _alert(response.text))


def test_a_repeated_field_counts_once(client: TestClient) -> None:
    response = client.get("/hands?hands=Xx&hands=" + "As 2d 3h 4c".replace(" ", "%20"))
    assert response.status_code == 200
    assert '<strong class="bf-rank">1</strong>' in response.text


# The English a Korean page may show: the hands' English names beside the Korean ones
# ("56K 베이스 (three-card K-6-5)"), names of things (rooms, formats, the package and its
# version, the language toggle's "English") and the library's identifiers (a policy's name).
_ENGLISH_IN_KOREAN = {"badugi", "fast", "dev", "card", "one", "two", "three", "English", "default"}
_ENGLISH_IN_KOREAN |= {"PHH", "KiB", "PokerStars", "Full", "Tilt", "KingsClub", "Merge"}
_VIEWS = {
    "/": {},
    "/hands": {"hands": "As 2d 3h 4c;Kc Kd 5h 6s"},
    "/ranges": {"range": "8-"},
    "/odds": {"hand": "Kc 2d 3h 3s", "draws": "3", "vs": "8-"},
    "/solve": {"ranges": "7-; T-", "pot": "10", "stacks": "50"},
    "/play": {"vs": "blueprint", "rules": "casino", "seed": "7"},
    "/review": {},
}


def _visible_text(page: str) -> str:
    page = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("path", list(_VIEWS))
def test_a_korean_page_says_everything_in_korean(path: str) -> None:
    korean = TestClient(create_app()).get(path, params={**_VIEWS[path], "lang": "ko"})
    assert korean.status_code == 200 and '<html lang="ko">' in korean.text
    english = set(re.findall(r"[A-Za-z][A-Za-z']{2,}", _visible_text(korean.text)))
    assert english <= _ENGLISH_IN_KOREAN, sorted(english - _ENGLISH_IN_KOREAN)


def test_the_chart_cells_are_made_once_when_asked_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server's first /ranges beside its warm-up waits for one computation, not two."""
    from badugi_fast.draws import html as drawings

    made = []
    original = drawings._chart_per_cell_made.__wrapped__

    def counted() -> Any:
        made.append(1)
        return original()

    monkeypatch.setattr(drawings, "_chart_per_cell_made", cache(counted))
    with ThreadPoolExecutor(4) as pool:
        cells = list(pool.map(lambda _: drawings._chart_per_cell(), range(4)))
    assert len(made) == 1 and all(c is cells[0] for c in cells)
