"""``/solve`` in headless Chromium (Debian's, driven by Playwright): a solve loaded from its
URL and typed into the form, its curve growing as the blocks run, a node picked and its grid
checked against ``solve_last_round``'s own solution, Korean, and a cancel."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import quote

import numpy as np
import pytest

from badugi_fast.game import Rules
from badugi_fast.solve import LastRoundSolution, solve_last_round
from badugi_fast.solve import html as solve_html
from badugi_fast.solve.cfr import Blocks
from badugi_fast.web import limits

pytestmark = [pytest.mark.browser, pytest.mark.filterwarnings("ignore::DeprecationWarning")]
URL = "/solve?ranges=" + quote("7-; T-") + "&pot=10&stacks=50"


def as_the_page_solves(ranges: list[str], pot: int, stacks: int) -> LastRoundSolution:
    """``solve_last_round`` on the page's input: casino rules, its iterations and threads."""
    rules = Rules(small_bet=2, cap_heads_up=True)
    return solve_last_round(ranges, pot=pot, stacks=stacks, rules=rules,
                            iterations=limits.MAX_SOLVE_ITERATIONS,
                            threads=limits.SOLVE_THREADS)  # fmt: skip


@pytest.fixture(scope="module")
def sol() -> LastRoundSolution:
    return as_the_page_solves(["7-", "T-"], 10, 50)


def _slow_blocks(monkeypatch: pytest.MonkeyPatch, seconds: float) -> list[int]:
    ran: list[int] = []
    original = Blocks.next

    def slow(self: Blocks) -> tuple[int, float, float]:
        ran.append(1)
        time.sleep(seconds)
        return original(self)

    monkeypatch.setattr(Blocks, "next", slow)
    return ran


def test_a_solve_from_its_url_draws_its_curve_as_it_runs(
    page: Any, sol: LastRoundSolution, monkeypatch: pytest.MonkeyPatch
) -> None:
    _slow_blocks(monkeypatch, 0.15)
    page.goto(URL)
    page.wait_for_selector("#solve-curve .bf-curve-point >> nth=3")  # four measurements in
    assert page.locator("#solve-stream").get_attribute("data-state") == "running"
    page.wait_for_selector('#solve-stream[data-state="done"]', timeout=60_000)
    shown = page.locator(".bf-solve-value").evaluate_all("es => es.map(e => e.dataset.value)")
    assert [float(v) for v in shown] == list(sol.value)
    points = page.locator("#solve-final-curve .bf-curve-point")
    assert points.count() == len(sol.curve)
    assert page.locator(".bf-solve-iterations").inner_text() == f"{sol.iterations:,}"


def test_a_picked_nodes_grid_is_the_librarys_strategy(page: Any, sol: LastRoundSolution) -> None:
    page.goto(URL)
    page.wait_for_selector('#solve-stream[data-state="done"]', timeout=60_000)
    nodes = solve_html.decision_nodes(sol)
    labels = page.locator("#solve-node option").all_inner_texts()
    assert labels == [solve_html.history_label(n.history) for n in nodes]
    facing = next(n for n in nodes if [str(a.kind) for a in n.history] == ["check", "bet"])
    page.select_option("#solve-node", label=solve_html.history_label(facing.history))
    grid = page.locator(f'.solve-node[data-node="{facing.index}"]')
    assert grid.is_visible() and page.locator('.solve-node[data-node="0"]').is_hidden()
    cells = grid.locator(".bf-share").evaluate_all("es => es.map(e => e.dataset.p)")
    names, shares, _, ev, _ = solve_html.class_strategy(sol, facing.history)
    reached = np.isfinite(shares).all(axis=1)
    assert np.array_equal(np.array(cells, dtype=float), shares[reached].ravel())
    kept = [name for name, r in zip(names, reached, strict=True) if r]
    assert grid.locator(".bf-class").all_inner_texts() == kept
    evs = grid.locator(".bf-ev").evaluate_all("es => es.map(e => e.dataset.ev)")
    assert np.array_equal(np.array(evs, dtype=float), ev[reached])
    texts = grid.locator(".bf-share").all_inner_texts()
    assert texts == [f"{100 * p:.1f}" for p in shares[reached].ravel()]


def test_a_typed_solve_in_korean(page: Any) -> None:
    page.goto("/solve")
    page.fill("#ranges-input", "8-; 9-")
    page.fill("#pot-input", "12")
    page.click("#show")
    page.wait_for_selector('#solve-stream[data-state="done"]', timeout=60_000)
    assert "ranges=8-%3B+9-" in page.url
    sol = as_the_page_solves(["8-", "9-"], 12, 100)
    shown = page.locator(".bf-solve-value").evaluate_all("es => es.map(e => e.dataset.value)")
    assert [float(v) for v in shown] == list(sol.value)
    page.click("#lang-toggle")
    page.wait_for_selector('html[lang="ko"]')
    page.wait_for_selector('#solve-stream[data-state="done"]', timeout=60_000)
    root = page.locator('.solve-node[data-node="0"]')
    assert "족보별 전략" in root.inner_text()
    names, _, _, _, _ = solve_html.class_strategy(sol, [], "ko")
    assert root.locator(".bf-class").first.inner_text() == names[0]
    assert page.locator("#solve-node option").first.inner_text() == "라운드 시작"


def test_bad_ranges_show_the_librarys_message(page: Any) -> None:
    response = page.goto("/solve?ranges=" + quote("7-; Xx"))
    assert response.status == 400
    assert "range element 1 'Xx'" in page.locator(".error").inner_text()


def test_cancel_stops_the_solve_between_blocks(page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    ran = _slow_blocks(monkeypatch, 0.5)
    page.goto("/solve?ranges=" + quote("8-; any") + "&pot=12&stacks=100&target=0.0001")
    page.wait_for_selector("#solve-curve .bf-curve-point >> nth=1")
    page.click("#cancel")
    assert page.locator("#solve-stream").get_attribute("data-state") == "cancelled"
    page.wait_for_timeout(500)
    seen = len(ran)
    page.wait_for_timeout(2000)
    assert len(ran) <= seen + 1
    assert page.locator("#solve-result").inner_html() == ""
