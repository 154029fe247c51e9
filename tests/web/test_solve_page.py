"""``/solve`` in-process: the streamed solve gives ``solve_last_round``'s own solution for the
same input; hostile input (bad and huge ranges, pot and stacks out of range, an overlong
query, a tree too large) gets the library's or the bound's message and a 400, never a
traceback; concurrent solves get their own results; a cancelled stream stops between blocks."""

from __future__ import annotations

import html
import json
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from starlette.testclient import TestClient

from badugi_fast.game import Rules
from badugi_fast.solve import LastRoundSolution, solve_last_round
from badugi_fast.solve import html as solve_html
from badugi_fast.solve.cfr import Blocks
from badugi_fast.web import limits

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
SMALL = {"ranges": "7-; T-", "pot": "10", "stacks": "50"}


def as_the_page_solves(ranges: list[str], pot: int, stacks: int) -> LastRoundSolution:
    """``solve_last_round`` on the page's input: casino rules, its iterations and threads."""
    rules = Rules(small_bet=2, cap_heads_up=True)
    return solve_last_round(ranges, pot=pot, stacks=stacks, rules=rules,
                            iterations=limits.MAX_SOLVE_ITERATIONS,
                            threads=limits.SOLVE_THREADS)  # fmt: skip


def _alert(page: str) -> str:
    found = re.search(r'<p class="error" role="alert">(.*?)</p>', page, re.S)
    assert found is not None, page[:500]
    return html.unescape(found.group(1))


def _events(text: str) -> list[tuple[str, dict[str, Any]]]:
    found = re.findall(r"event: (\w+)\ndata: (.*)\n\n", text)
    return [(name, json.loads(data)) for name, data in found]


def _values(drawn: str) -> list[float]:
    return [float(v) for v in re.findall(r'data-value="([^"]+)"', drawn)]


def test_the_page_links_its_stream_and_refills_the_form(client: TestClient) -> None:
    page = client.get("/solve", params=SMALL).text
    assert 'id="solve-stream"' in page and "/solve/stream?ranges=7-%3B+T-" in page
    assert 'value="7-; T-"' in page and 'value="10"' in page
    empty = client.get("/solve").text
    assert 'id="solve-stream"' not in empty and 'id="ranges-input"' in empty


def test_the_stream_gives_the_librarys_solution(client: TestClient) -> None:
    events = _events(client.get("/solve/stream", params=SMALL).text)
    names = [name for name, _ in events]
    assert names[:2] == ["progress", "result"] and names[-1] == "done"
    steps = [data["step"] for name, data in events if name == "result"]
    assert steps[0] == "solve_start" and steps[-1] == "solve_solution"
    assert set(steps[1:-1]) == {"solve_block"}
    sol = as_the_page_solves(["7-", "T-"], 10, 50)
    assert len(steps) - 2 == len(sol.curve) - 1  # a block per measurement after the start
    final = [data["html"] for name, data in events if name == "result"][-1]
    assert _values(final) == list(sol.value)
    for node in solve_html.decision_nodes(sol):  # every node's grid, the library's own
        assert solve_html.grid_html(sol, node.history) in final
    curves = [data["html"] for name, data in events if name == "result"][:-1]
    points = [c.count('class="bf-curve-point"') for c in curves]
    assert points == list(range(1, len(sol.curve) + 1))  # the curve grows block by block


def test_korean_rules_and_words(client: TestClient) -> None:
    query = {**SMALL, "rules": "korean", "raises": "0", "lang": "ko"}
    events = _events(client.get("/solve/stream", params=query).text)
    final = [data["html"] for name, data in events if name == "result"][-1]
    assert "족보별 전략" in final and "삥" in final


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"ranges": "7-"}, "ranges: two ranges separated by ';', got 1"),
        ({"ranges": "7-; T-; 8-"}, "ranges: two ranges separated by ';', got 3"),
        ({"ranges": "7-; Xx"}, "range element 1 'Xx' (at character 0)"),
        ({**SMALL, "pot": "-1"}, "pot is a whole number from 0 to 100,000, not '-1'"),
        ({**SMALL, "pot": "1e9"}, "pot is a whole number"),
        ({**SMALL, "stacks": "100001"}, "stacks is a whole number from 0 to 100,000"),
        ({**SMALL, "stacks": "1 2 3"}, "stacks: one number (both players) or two"),
        ({**SMALL, "rules": "poker"}, "rules are casino or korean, not 'poker'"),
        ({**SMALL, "iterations": "1001"}, "iterations is a whole number from 1 to 1,000"),
        ({**SMALL, "target": "0"}, "target is a fraction of the pot from 0.0001 to 1"),
        ({**SMALL, "target": "nan"}, "target is a fraction of the pot"),
        ({**SMALL, "raises": "9"}, "raises is a whole number from 0 to 3"),
        ({**SMALL, "rules": "korean", "raises": "3"}, "at most 100 nodes; these rules make 605"),
    ],
)
def test_bad_input_is_a_400_with_its_message(
    client: TestClient, query: dict[str, str], message: str
) -> None:
    page = client.get("/solve", params=query)
    assert page.status_code == 400 and message in _alert(page.text)
    stream = client.get("/solve/stream", params=query)
    assert stream.status_code == 400 and message in stream.text


def test_huge_ranges_and_an_overlong_query_are_refused(client: TestClient) -> None:
    huge = ", ".join(["8-"] * 400)  # 1,598 characters: past a range's bound
    page = client.get("/solve", params={"ranges": f"{huge}; any"})
    assert page.status_code == 400 and "at most 1,000 characters" in _alert(page.text)
    too_long = client.get("/solve", params={"ranges": "8-," * 800 + "; any"})
    assert too_long.status_code == 400 and "at most 2,001 characters" in _alert(too_long.text)
    assert client.get("/solve", params={"ranges": "x" * 5000}).status_code == 414


def test_what_the_library_refuses_ends_the_stream_with_its_message(client: TestClient) -> None:
    events = _events(client.get("/solve/stream", params={"ranges": "As2d3h4c; As2d3h4c"}).text)
    assert events[-1] == (
        "failed",
        {"message": "ranges: every hand of ranges[0] shares a card with every hand of ranges[1]"},
    )


def test_concurrent_solves_get_their_own_results(client: TestClient) -> None:
    asked = [("7-; T-", 10), ("8-; 9-", 12), ("T-; 7-", 20)] * 2

    def fetch(item: tuple[str, int]) -> list[float]:
        query = {"ranges": item[0], "pot": str(item[1]), "stacks": "50"}
        events = _events(client.get("/solve/stream", params=query).text)
        return _values([data["html"] for name, data in events if name == "result"][-1])

    with ThreadPoolExecutor(6) as pool:
        got = list(pool.map(fetch, asked))
    for (ranges, pot), values in zip(asked, got, strict=True):
        sol = as_the_page_solves([r.strip() for r in ranges.split(";")], pot, 50)
        assert values == list(sol.value)


def test_a_cancelled_stream_stops_between_blocks(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The client goes away after the first block: the server runs no further block."""
    blocks: list[int] = []
    original = Blocks.next

    def counted(self: Blocks) -> tuple[int, float, float]:
        blocks.append(threading.get_ident())
        time.sleep(0.05)
        return original(self)

    monkeypatch.setattr(Blocks, "next", counted)
    query = {"ranges": "8-; any", "pot": "12", "stacks": "100", "target": "0.0001"}
    with client.stream("GET", "/solve/stream", params=query) as response:
        for line in response.iter_lines():
            if "solve_block" in line and line.startswith("data") and '"result"' not in line:
                break
    seen = len(blocks)
    time.sleep(1.0)
    assert len(blocks) <= seen + 1  # at most the block running when it went away
    assert client.get("/solve", params=SMALL).status_code == 200


def test_the_blocks_stop_at_the_solves_time_bound(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past ``SOLVE_SECONDS`` no block starts: the solution is the average strategy so far,
    its exploitability measured."""
    monkeypatch.setattr(limits, "SOLVE_SECONDS", 0.0)
    events = _events(client.get("/solve/stream", params=SMALL).text)
    steps = [data["step"] for name, data in events if name == "result"]
    assert steps == ["solve_start", "solve_solution"]
    assert '<span class="bf-solve-iterations">0</span>' in events[-2][1]["html"]


def test_a_block_past_the_time_bound_ends_the_stream(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "SECONDS", 0.05)
    monkeypatch.setattr(Blocks, "next", lambda self: time.sleep(0.5))
    events = _events(client.get("/solve/stream", params=SMALL).text)
    assert events[-1] == ("failed", {"message": "this took longer than 0.05 s; ask for less"})


def test_no_chips_behind_solves_to_a_note(client: TestClient) -> None:
    events = _events(client.get("/solve/stream", params={**SMALL, "stacks": "0"}).text)
    final = [data["html"] for name, data in events if name == "result"][-1]
    assert "goes straight to the showdown" in final and "solve-node" not in final


def test_the_server_warms_the_solver_at_startup(monkeypatch: pytest.MonkeyPatch) -> None:
    from badugi_fast.solve import ranges
    from badugi_fast.web import create_app, solve_page

    solve_page.warm()  # the hand classes the first solve would otherwise wait for
    assert ranges.hand_classes.cache_info().currsize >= 1  # type: ignore[attr-defined]
    warmed = threading.Event()
    monkeypatch.setattr(solve_page, "warm", warmed.set)
    with TestClient(create_app()) as warm:
        assert warm.get("/solve").status_code == 200
        assert warmed.wait(10)
