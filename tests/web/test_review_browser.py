"""``/review`` in headless Chromium (Debian's, driven by Playwright): a fixture uploaded by the
file field, its summary checked against the library's, a hand stepped through, another hero
chosen, Korean toggled, a bad file's message shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from badugi_fast.notation.histories import read_histories, summarize
from badugi_fast.notation.html import stat_texts

pytestmark = [pytest.mark.browser, pytest.mark.filterwarnings("ignore::DeprecationWarning")]
FIXTURES = Path(__file__).parents[1] / "notation" / "histories" / "fixtures"


def _upload(page: Any, path: Path, reviewed: int = 1) -> None:
    page.set_input_files("#review-file", str(path))
    page.wait_for_selector(f'body[data-reviewed="{reviewed}"]')


def test_an_uploaded_file_shows_the_librarys_summary(page: Any) -> None:
    page.goto("/review")
    _upload(page, FIXTURES / "merge.xml")
    figures = summarize(read_histories(FIXTURES / "merge.xml"))
    for player, summary in figures.items():
        row = page.locator(f'#review-summary tr[data-player="{player}"]')
        for stat, text in stat_texts(summary).items():
            assert row.locator(f'td[data-stat="{stat}"]').inner_text() == text
    assert page.locator("#hero-select").input_value() == "Hero"
    assert page.locator("tr.bf-hero").get_attribute("data-player") == "Hero"


def test_a_hand_is_stepped_through(page: Any) -> None:
    page.goto("/review")
    _upload(page, FIXTURES / "merge.xml")
    hand = page.locator(".rv-hand").first
    frames = int(hand.get_attribute("data-frames"))
    assert hand.locator(".rv-frame:visible").count() == 1
    assert hand.locator(".rv-at").inner_text() == f"1 / {frames}"
    decision = -1
    for k in range(1, frames):
        hand.locator(".rv-next").click()
        assert hand.locator(".rv-at").inner_text() == f"{k + 1} / {frames}"
        shown = hand.locator(".rv-frame:visible")
        if decision < 0 and shown.locator(".rv-blueprint").count():
            decision = k
            ps = [float(p) for p in shown.locator(".rv-choice").evaluate_all(
                "rows => rows.map(r => r.dataset.p)")]  # fmt: skip
            assert sum(ps) == pytest.approx(1, abs=1e-4)
            assert shown.locator(".rv-taken").count() == 1
    assert decision > 0
    hand.locator(".rv-next").click()  # past the end: stays at the last frame
    assert hand.locator(".rv-at").inner_text() == f"{frames} / {frames}"
    hand.locator(".rv-prev").click()
    assert hand.locator(".rv-at").inner_text() == f"{frames - 1} / {frames}"


def test_another_hero_is_chosen(page: Any) -> None:
    page.goto("/review")
    _upload(page, FIXTURES / "merge.xml")
    page.select_option("#hero-select", "Song")
    page.wait_for_selector('body[data-reviewed="2"]')
    assert page.locator("tr.bf-hero").get_attribute("data-player") == "Song"
    assert page.locator("#review-hands").get_attribute("data-hero") == "Song"


def test_korean_is_toggled(page: Any) -> None:
    page.goto("/review")
    page.click("#lang-toggle")
    page.wait_for_selector('html[lang="ko"]')
    _upload(page, FIXTURES / "pokerstars_cash.txt")
    assert "플레이어" in page.locator("#review-summary thead").inner_text()
    assert "헤즈업만" in page.locator(".rv-blueprint-note").first.inner_text()


def test_a_bad_file_shows_the_librarys_message(page: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("hello\nworld\n", encoding="utf-8")
    page.goto("/review")
    page.set_input_files("#review-file", str(bad))
    page.wait_for_selector("#review-error:not([hidden])")
    message = page.locator("#review-error").inner_text()
    assert "bad.txt:line 1: 2 line(s) outside any hand" in message


def test_the_search_bot_is_asked_at_a_last_round_decision(page: Any) -> None:
    page.goto("/review")
    _upload(page, FIXTURES / "merge.xml")
    hand = page.locator(".rv-hand", has=page.locator(".rv-search")).first
    button = hand.locator(".rv-search").first
    while not button.is_visible():
        hand.locator(".rv-next").click()
    button.click()
    out = hand.locator(".rv-search-out[data-done]")
    out.wait_for(timeout=30_000)
    ps = [float(p) for p in out.locator(".rv-choice").evaluate_all(
        "rows => rows.map(r => r.dataset.p)")]  # fmt: skip
    assert sum(ps) == pytest.approx(1, abs=1e-4)
    assert out.locator(".rv-taken").count() == 1


def test_the_chips_given_up_are_asked_at_a_last_round_decision(page: Any) -> None:
    page.goto("/review")
    _upload(page, FIXTURES / "merge.xml")
    hand = page.locator(".rv-hand", has=page.locator(".rv-solve")).first
    button = hand.locator(".rv-solve").first
    while not button.is_visible():
        hand.locator(".rv-next").click()
    button.click()
    out = hand.locator(".rv-solve-out[data-done]")
    out.wait_for(timeout=30_000)
    if out.locator(".rv-solve-table").count() == 0:  # 503 on a cold, loaded machine: again
        button.click()
        out.locator(".rv-solve-table").wait_for(timeout=30_000)
    chips = [float(c) for c in out.locator(".rv-value").evaluate_all(
        "rows => rows.map(r => r.dataset.chips)")]  # fmt: skip
    taken = float(out.locator(".rv-value.rv-taken").get_attribute("data-chips"))
    given = float(out.locator(".rv-given-up strong").get_attribute("data-chips"))
    assert given == pytest.approx(max(chips) - taken, abs=1e-3)
