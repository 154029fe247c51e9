"""The pages in headless Chromium (Debian's, driven by Playwright): each loaded from its URL,
typed into, clicked, toggled to Korean; what the page shows is checked against the library."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

import badugi_fast as bf
from badugi_fast.web import limits

pytestmark = [pytest.mark.browser, pytest.mark.filterwarnings("ignore::DeprecationWarning")]


def test_the_index_links_to_each_view(page: Any) -> None:
    page.goto("/")
    page.click(".pages a[href^='/ranges']")
    assert page.url.endswith("/ranges?range=8-")
    assert page.locator(".bf-range-hands").inner_text() == f"{len(bf.parse_range('8-')):,}"


def test_hands_from_the_url_show_the_librarys_ranks_and_names(page: Any) -> None:
    page.goto("/hands?hands=" + quote("As 2d 3h 4c;Kc Kd 5h 6s"))
    ranks = page.locator("#hands .bf-rank").all_inner_texts()
    assert ranks == [str(bf.evaluate("As 2d 3h 4c")), str(bf.evaluate("Kc Kd 5h 6s"))]
    best = page.locator("#compared tr.bf-best .bf-name").all_inner_texts()
    assert best == [bf.describe("As 2d 3h 4c").name]


def test_a_typed_hand_is_described(page: Any) -> None:
    page.goto("/hands")
    page.fill("#hands-input", "Kc 2d 3h 3c")
    page.click("#show")
    hand = bf.describe("Kc 2d 3h 3c")
    assert page.locator("#hands .bf-rank").inner_text() == str(hand.rank)
    marked = page.locator("#hands .bf-in-badugi").evaluate_all("es => es.map(e => e.dataset.card)")
    assert sorted(marked) == sorted(str(c) for c in hand.cards)


def test_clicked_cards_make_a_hand(page: Any) -> None:
    page.goto("/hands")
    for card in ("7c", "5d", "3h", "2s", "Kc"):  # the fifth card starts a second hand
        page.click(f'.deck-card[data-card="{card}"]')
    assert page.input_value("#hands-input") == "7c 5d 3h 2s\nKc"
    page.click("#clear")
    for card in ("7c", "5d", "3h", "2s"):
        page.click(f'.deck-card[data-card="{card}"]')
    page.click("#show")
    assert page.locator("#hands .bf-rank").inner_text() == str(bf.evaluate("7c 5d 3h 2s"))


def test_a_bad_hand_shows_the_librarys_message(page: Any) -> None:
    response = page.goto("/hands?hands=" + quote("As 2d 3h Xx"))
    assert response.status == 400
    with pytest.raises(ValueError) as caught:
        bf.describe("As 2d 3h Xx")
    assert page.locator(".error").inner_text() == str(caught.value)


def test_the_korean_toggle_is_remembered(page: Any) -> None:
    page.goto("/hands?hands=" + quote("As 4c 5d 6d"))
    page.click("#lang-toggle")
    page.wait_for_selector('html[lang="ko"]')
    hand = bf.describe("As 4c 5d 6d")
    assert page.locator("#hands .bf-hand-name strong").inner_text() == hand.name_ko
    page.goto("/ranges?range=8-")  # another page, the cookie keeps Korean
    assert page.locator("html").get_attribute("lang") == "ko"
    assert "족보" in page.locator(".bf-range-classes").inner_text()
    page.click("#lang-toggle")
    page.wait_for_selector('html[lang="en"]')
    assert page.url.endswith("/ranges?range=8-")


def test_a_typed_range_shows_its_hands_and_heat_maps(page: Any) -> None:
    page.goto("/ranges")
    assert page.locator("#chart .bf-heatmap").count() == 4
    page.fill("#range-input", "top 15%")
    page.click("#show")
    assert page.locator(".bf-range-hands").inner_text() == f"{len(bf.parse_range('top 15%')):,}"
    assert page.locator("#range .bf-heatmap").count() == 4
    assert "range=top+15%25" in page.url


def test_odds_from_the_url(page: Any) -> None:
    page.goto("/odds?hand=" + quote("As 2d 3c 3h") + "&draws=2")
    odds = bf.draw_odds("As 2d 3c 3h", 2)
    assert page.locator(".bf-odds-badugi").inner_text() == f"{100 * odds.badugi:.2f} %"
    assert page.locator("#odds svg.bf-chart").count() == 2
    assert page.input_value("#draws-input") == "2"


def test_the_odds_longer_answers_stream_in_with_progress(page: Any) -> None:
    page.goto("/odds?hand=" + quote("Kc 2d 3h 3s") + "&draws=3&vs=" + quote("8-"))
    page.wait_for_selector('#odds-stream[data-state="done"]', timeout=60_000)
    assert page.locator(".odds-step").count() == 3
    expected = bf.equity(
        ["Kc 2d 3h 3s", "8-"],
        3,
        trials=limits.MAX_ODDS_TRIALS,
        max_exact=limits.MAX_ODDS_EXACT,
        seed=1,
        threads=1,
    )
    shown = page.locator('.odds-step[data-step="equity"] .bf-equity').first.inner_text()
    assert shown == f"{100 * expected.equity[0]:.2f} %"
    best = bf.best_discard("Kc 2d 3h 3s", 3)[0]
    first = page.locator('.odds-step[data-step="best_discard"] .bf-discard-option').first
    thrown = first.locator("td").first.locator(".bf-card")
    assert thrown.evaluate_all("es => es.map(e => e.dataset.card)") == [
        str(c) for c in best.discard
    ]
    progress = page.locator("#odds-stream progress")
    assert progress.get_attribute("value") == progress.get_attribute("max") == "3"


def test_cancel_stops_the_stream(page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first step is slowed down; cancelled during it, the page shows no result and the
    server runs no later step."""
    import time

    from badugi_fast.web import pages

    later: list[str] = []
    slow_best = pages.best_discard

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(1.5)
        return slow_best(*args, **kwargs)

    monkeypatch.setattr(pages, "best_discard", slow)
    monkeypatch.setattr(pages, "equity", lambda *a, **k: later.append("equity"))
    page.goto("/odds?hand=" + quote("Kc 2d 3h 3s") + "&draws=3&vs=" + quote("8-"))
    page.wait_for_selector("#odds-stream .status:has-text('(1/3)')")
    page.click("#cancel")
    assert page.locator("#odds-stream").get_attribute("data-state") == "cancelled"
    assert page.locator("#odds-stream .status").inner_text() == "cancelled"
    page.wait_for_timeout(2500)
    assert page.locator(".odds-step").count() == 0
    assert later == []
