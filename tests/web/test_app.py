"""The web pages in-process: each answers from its query string with the library's own
figures; hostile input (malformed queries, huge ranges, overlong text, unknown cards, a large
body, a foreign Host) gets the library's or the bound's message and a 4xx, never a traceback;
concurrent requests neither fail nor mix their answers."""

from __future__ import annotations

import html
import re
from concurrent.futures import ThreadPoolExecutor
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
