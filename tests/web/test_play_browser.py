"""/play in headless Chromium (Debian's, driven by Playwright): a hand loaded from its URL and
played to its end by clicking (the cards thrown clicked one by one), the log and the stacks
checked against the same hand replayed in ``Game``, its PHH downloaded and read back, the page
toggled to Korean mid-hand, the Korean rules refused in the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from support.web_play import STACK, replay

from badugi_fast.blueprint import blueprint_bot
from badugi_fast.game import KoreanRules
from badugi_fast.game.actions import ActionKind
from badugi_fast.notation import phh

pytestmark = [pytest.mark.browser, pytest.mark.filterwarnings("ignore::DeprecationWarning")]


def _click_one_move(page: Any) -> None:
    """What support.web_play.person does, by clicking: throw the cards outside the badugi
    (each clicked), else call, else check."""
    if page.locator("#draw-form").count():
        loose = page.locator("#draw-form .draw-card:not(:has(.bf-in-badugi))")
        for i in range(loose.count()):
            loose.nth(i).click()
        thrown = loose.count()
        assert page.locator("#draw").get_attribute("data-thrown") == str(thrown)
        assert page.locator("#draw-form input:checked").count() == thrown
        with page.expect_navigation():
            page.click("#draw")
        return
    for kind in ("call", "check"):
        button = page.locator(f'#action-form button[data-kind="{kind}"]')
        if button.count():
            with page.expect_navigation():
                button.click()
            return
    raise AssertionError("no call or check offered")


def _play_to_the_end(page: Any) -> None:
    for _ in range(40):
        if page.locator("#play-table").get_attribute("data-done") == "yes":
            return
        _click_one_move(page)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize(("vs", "seed"), [("blueprint", 7), ("search", 3), ("unsafe:0.2", 5)])
def test_a_hand_played_by_clicking_ends_as_game_plays_it(
    page: Any, tmp_path: Path, vs: str, seed: int
) -> None:
    response = page.goto(f"/play?vs={vs}&rules=casino&seed={seed}")
    assert response.status == 200
    assert page.locator(".card-back").count() == 4  # the bot's cards unseen while playing
    _play_to_the_end(page)
    game, seat = replay(vs, seed, 0)
    assert unquote(page.url).endswith(f"/play?vs={vs}&rules=casino&seed={seed}")
    seen = [e for e in game.view(seat).history if e.kind is not ActionKind.DEAL]
    log = page.locator("#log li").evaluate_all(
        "items => items.map(i => [i.dataset.seat, i.dataset.kind, i.dataset.amount])"
    )
    assert log == [["" if e.seat is None else str(e.seat), str(e.kind), str(e.amount)]
                   for e in seen]  # fmt: skip
    assert page.locator("#your-stack").inner_text() == str(game.stacks[seat])
    assert page.locator("#bot-stack").inner_text() == str(game.stacks[1 - seat])
    assert page.locator("#result").get_attribute("data-result") == str(game.stacks[seat] - STACK)
    theirs = page.locator("#their-hand .bf-card").evaluate_all("es => es.map(e => e.dataset.card)")
    assert theirs == [str(c) for c in game.hands[1 - seat]]
    assert page.locator("#belief tbody tr").count() == 8
    with page.expect_download() as caught:
        page.click("#download")
    saved = tmp_path / "hand.phh"
    caught.value.save_as(saved)
    read = phh.loads(saved.read_text(encoding="utf-8"))
    assert read.stacks == game.stacks and read.history == game.history
    with page.expect_navigation():
        page.click("#next")
    assert page.locator("#play-table").get_attribute("data-hand") == "1"
    assert page.locator("#play-table").get_attribute("data-seat") == "0"  # the seats changed


def test_the_korean_toggle_keeps_the_hand_and_speaks_korean(page: Any) -> None:
    page.goto("/play?vs=blueprint&rules=casino&seed=7")
    _click_one_move(page)
    before = page.locator("#log li").count()
    page.click("#lang-toggle")
    page.wait_for_selector('html[lang="ko"]')
    assert page.locator("#log li").count() == before  # the same table, at the same moment
    assert "블라인드" in page.locator("#log").inner_text()
    assert page.locator("h1").inner_text() == "게임"
    _play_to_the_end(page)
    assert page.locator("#result").inner_text().endswith(("땄습니다", "잃었습니다"))


def test_korean_rules_are_refused_in_the_page_with_the_bots_message(page: Any) -> None:
    page.goto("/play?vs=search&rules=casino&seed=7")
    page.select_option("#rules-input", "korean")
    with page.expect_navigation():
        page.click("#new-table")
    with pytest.raises(ValueError) as caught:
        blueprint_bot().check_game(KoreanRules(), [STACK, STACK])
    assert page.locator("#refused .error").inner_text() == str(caught.value)
    assert page.locator("#play-table").count() == 0
    with page.expect_navigation():
        page.click("#casino-instead")
    assert page.locator("#play-table").count() == 1
    assert page.input_value("#vs-input") == "search"
