"""``/review`` in-process: every fixture format and PHH uploaded and summarised as the library
summarises it, the blueprint's probabilities where it plays, and hostile uploads (too large,
malformed, empty, many at once)."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from html import unescape
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from starlette.testclient import TestClient

from badugi_fast.cards import hand_ids
from badugi_fast.game import Game, KoreanRules
from badugi_fast.game.actions import Action
from badugi_fast.notation import phh
from badugi_fast.notation.histories import read_histories, summarize
from badugi_fast.notation.histories.from_phh import read_any
from badugi_fast.notation.html import stat_texts
from badugi_fast.web import limits, review_page
from badugi_fast.web.review_page import blueprint_refusal, blueprint_units

FIXTURES = Path(__file__).parents[1] / "notation" / "histories" / "fixtures"
FILES = sorted(p.name for p in FIXTURES.iterdir())


def _cell(page: str, player: str, stat: str) -> str:
    row = re.search(rf'<tr class="bf-player[^"]*" data-player="{re.escape(player)}".*?</tr>', page)
    assert row is not None
    cell = re.search(rf'data-stat="{stat}">([^<]*)<', row.group(0))
    assert cell is not None
    return unescape(cell.group(1))


def _upload(client: TestClient, data: bytes, **query: str) -> object:
    return client.post("/review", params={"name": "upload.txt", **query}, content=data)


def _phhs(name: str) -> bytes:
    hands = [h for h in read_histories(FIXTURES / name) if h.imported]
    return "".join(f"[{k + 1}]\n{h.phh}\n" for k, h in enumerate(hands)).encode()


def test_the_review_page_has_its_file_field(client: TestClient) -> None:
    page = client.get("/review")
    assert page.status_code == 200 and 'id="review-file"' in page.text
    assert "/static/review.js" in page.text


@pytest.mark.parametrize("name", FILES)
def test_each_fixture_is_summarised_as_the_library_summarises_it(
    client: TestClient, name: str
) -> None:
    data = (FIXTURES / name).read_bytes()
    answer = _upload(client, data)
    assert answer.status_code == 200, answer.text
    figures = summarize(h for h in read_any(data, "upload.txt") if h.imported)
    for player, summary in figures.items():
        for stat in ("hands", "vpip", "pfr", "wtsd", "drawn", "stood_pat", "snowed", "net"):
            assert _cell(answer.text, player, stat) == stat_texts(summary)[stat]
    hero = max(figures.values(), key=lambda s: (s.hands, [-ord(c) for c in s.name])).name
    assert f'data-hero="{hero}"' in answer.text.replace("&#39;", "'")
    assert 'class="rv-hand"' in answer.text


def test_a_phhs_file_is_reviewed_like_its_room_file(client: TestClient) -> None:
    room = _upload(client, (FIXTURES / "merge.xml").read_bytes())
    phh = _upload(client, _phhs("merge.xml"), name="merge.phhs")
    assert phh.status_code == 200, phh.text
    for stat in ("hands", "vpip", "pfr", "wtsd", "drawn", "stood_pat"):
        assert _cell(phh.text, "Hero", stat) == _cell(room.text, "Hero", stat)
    assert phh.text.count('class="rv-hand"') == room.text.count('class="rv-hand"') == 3


def test_the_hero_is_chosen_by_the_query(client: TestClient) -> None:
    answer = _upload(client, (FIXTURES / "merge.xml").read_bytes(), hero="Song")
    assert 'data-hero="Song"' in answer.text
    assert '<option value="Song" selected>' in answer.text


def test_the_blueprint_speaks_at_the_heroes_heads_up_decisions(client: TestClient) -> None:
    answer = _upload(client, (FIXTURES / "merge.xml").read_bytes()).text
    first = answer.split('class="rv-hand"')[1]
    probabilities = [float(p) for p in re.findall(r'data-p="([0-9.]+)"', first)]
    assert probabilities and first.count("rv-taken") >= 1
    tables = first.split('<table class="rv-blueprint">')[1:]
    for table in tables:
        ps = [float(p) for p in re.findall(r'data-p="([0-9.]+)"', table)]
        assert sum(ps) == pytest.approx(1, abs=1e-4)


def test_a_multiway_hand_says_the_blueprint_does_not_play_it(client: TestClient) -> None:
    answer = _upload(client, (FIXTURES / "pokerstars_cash.txt").read_bytes()).text
    assert "the blueprint plays heads-up only" in answer
    assert 'class="rv-choice' not in answer
    game = next(iter(read_histories(FIXTURES / "pokerstars_cash.txt"))).game
    assert game is not None and blueprint_refusal(game, "ko") == "4인 게임: 블루프린트는 헤즈업만"


def test_an_oversize_upload_gets_413(client: TestClient) -> None:
    answer = _upload(client, b"x" * (limits.MAX_BODY + 1))
    assert answer.status_code == 413


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"hello\nworld\n", "upload.txt:line 1: 2 line(s) outside any hand"),
        (b'variant = "FB"\n', "upload.txt:line 1: the history lacks the field"),
        (b"", "upload.txt: the file is empty"),
    ],
)
def test_a_malformed_file_shows_the_librarys_message(
    client: TestClient, data: bytes, message: str
) -> None:
    answer = _upload(client, data)
    assert answer.status_code == 400 and message in answer.text
    assert "Traceback" not in answer.text


def test_a_broken_hand_is_named_by_its_line(client: TestClient) -> None:
    text = (FIXTURES / "pokerstars_cash.txt").read_text(encoding="utf-8-sig")
    broken = text.replace("Hero: calls $0.25", "Hero: juggles $0.25", 1).encode()
    expected = [p for h in read_any(broken, "upload.txt") for p in h.problems]
    answer = _upload(client, broken)
    assert answer.status_code == 400
    assert expected and expected[0] in answer.text and ":line " in expected[0]


def test_concurrent_uploads_get_their_own_reviews(client: TestClient) -> None:
    files = ["merge.xml", "kingsclub.txt", "fulltilt.txt", "pokerstars_cash.txt"] * 3

    def one(name: str) -> tuple[str, str]:
        return name, _upload(client, (FIXTURES / name).read_bytes(), name=name).text

    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(one, files))
    for name, text in answers:
        assert f"{name}: " in text
        hands = [h for h in read_histories(FIXTURES / name) if h.imported]
        ids = {h.hand_id for h in hands}
        shown = set(re.findall(r"<h3>\w+ #([0-9-]+)</h3>", text))
        assert shown and shown <= ids


def test_the_hands_replayed_are_capped_but_every_hand_is_counted(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(limits, "MAX_REVIEW_HANDS", 1)
    answer = _upload(client, (FIXTURES / "merge.xml").read_bytes()).text
    assert answer.count('class="rv-hand"') == 1
    assert "1 / 3" in answer and _cell(answer, "Hero", "hands") == "3"


def test_an_upload_is_never_a_path(client: TestClient, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("PokerStars Hand #1: no", encoding="utf-8")
    answer = _upload(client, str(secret).encode(), name=str(secret))
    assert answer.status_code == 400 and "outside any hand" in answer.text


def _searches(text: str) -> list[tuple[str, str, str]]:
    """(the hand's PHH, the hero's seat, the action line) of each search button."""
    found = []
    for part in text.split('<section class="rv-hand"')[1:]:
        seat, phh_text = re.search(r'data-seat="(\d+)" data-phh="([^"]*)"', part).groups()  # type: ignore[union-attr]
        for step in re.findall(r'class="rv-ask rv-search" data-step="(\d+)"', part):
            found.append((unescape(phh_text), seat, step))
    return found


def _ask(client: TestClient, url: str, query: dict[str, str], phh_text: str) -> Any:
    """An on-demand question, asked again after a 503: a cold process on a loaded machine may
    pass the time bound, and the solve then goes on in its thread and is kept for the next."""
    for _ in range(3):
        answer = client.post(url, params=query, content=phh_text.encode())
        if answer.status_code != 503:
            break
    return answer


def test_the_search_bot_answers_a_last_round_decision_on_demand(client: TestClient) -> None:
    searches = _searches(_upload(client, (FIXTURES / "merge.xml").read_bytes()).text)
    assert searches
    phh_text, seat, step = searches[0]
    answer = _ask(client, "/review/search", {"step": step, "seat": seat}, phh_text)
    assert answer.status_code == 200, answer.text
    ps = [float(p) for p in re.findall(r'data-p="([0-9.]+)"', answer.text)]
    assert sum(ps) == pytest.approx(1, abs=1e-4) and answer.text.count("rv-taken") == 1


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"step": "x", "seat": "0"}, "step and seat are whole numbers"),
        ({"step": "3", "seat": "0"}, "is not seat 0's bet in the last round"),
        ({"step": "999", "seat": "0"}, "the hand has no action 999"),
    ],
)
def test_a_search_off_a_last_round_decision_is_refused(
    client: TestClient, query: dict[str, str], message: str
) -> None:
    phh_text = _searches(_upload(client, (FIXTURES / "merge.xml").read_bytes()).text)[0][0]
    answer = client.post("/review/search", params=query, content=phh_text.encode())
    assert answer.status_code == 400 and message in answer.text


def test_a_search_of_a_multiway_hand_says_why_not(client: TestClient) -> None:
    hand = next(h for h in read_histories(FIXTURES / "pokerstars_cash.txt") if h.imported)
    assert hand.phh is not None
    answer = client.post(
        "/review/search", params={"step": "5", "seat": "0"}, content=hand.phh.encode()
    )
    assert answer.status_code == 400 and "heads-up only" in answer.text


def test_a_hand_in_the_blueprints_chips_keeps_its_actions() -> None:
    hand = next(h for h in read_histories(FIXTURES / "merge.xml") if h.imported)
    assert hand.phh is not None
    scaled, unit = blueprint_units(hand.phh, 10)
    assert unit == 5
    ours, theirs = phh.loads(hand.phh, unknown_cards=True), phh.loads(scaled, unknown_cards=True)
    assert [(e.kind, e.seat, e.cards) for e in ours.history] == [
        (e.kind, e.seat, e.cards) for e in theirs.history
    ]
    bets = ("post", "call", "bet", "raise")
    assert [e.amount for e in ours.history if e.kind in bets] == [
        e.amount * unit for e in theirs.history if e.kind in bets
    ]


def test_the_chips_given_up_come_from_the_last_round_solver(client: TestClient) -> None:
    phh_text, seat, step = _searches(_upload(client, (FIXTURES / "merge.xml").read_bytes()).text)[0]
    query = {"step": step, "seat": seat}
    answer = _ask(client, "/review/solve", query, phh_text)
    assert answer.status_code == 200, answer.text
    chips = {
        a: float(v)
        for a, v in re.findall(r'data-action="([^"]*)" data-chips="([-0-9.]+)"', answer.text)
    }
    taken = re.search(r'class="rv-value rv-taken" data-action="([^"]*)"', answer.text)
    assert taken is not None
    given = re.search(r'<strong data-chips="([-0-9.]+)">', answer.text)
    assert given is not None
    assert float(given.group(1)) == pytest.approx(
        max(chips.values()) - chips[taken.group(1)], abs=1e-3
    )
    # the library's own numbers: the solver's action values for the hero's hand, in the hand's chips
    view, _, unit = review_page._last_round_decision(phh_text.encode(), query, "en")
    found = review_page._solver_bot().resolve_view(view)
    assert found is not None
    resolved, history, _ = found
    values = resolved.solution.action_values(history)
    hands = resolved.solution.hands(resolved.searcher)
    at = np.flatnonzero((np.sort(hands, axis=1) == sorted(hand_ids(view.hand))).all(axis=1))[0]
    assert sorted(chips.values()) == pytest.approx(sorted(values[at] * unit), abs=1e-3)


def test_a_korean_hand_says_the_blueprint_does_not_play_it(client: TestClient) -> None:
    game = Game([1000, 1000], KoreanRules(ante=10), button=1, seed=3)
    while not game.done:
        action = game.legal_actions()[0]
        game.act(Action.draw() if action.kind == "draw" else action)
    text = phh.dumps(game, players=["Kim", "Lee"])
    answer = _upload(client, text.encode(), name="korean.phh", hero="Lee")
    assert answer.status_code == 200, answer.text
    assert "Korean rules: the blueprint plays casino fixed limit only" in answer.text
    assert 'class="rv-choice' not in answer.text
    figures = summarize(read_any(text.encode(), "korean.phh"))
    assert _cell(answer.text, "Lee", "net") == stat_texts(figures["Lee"])["net"]


def test_a_100_mb_upload_is_refused(client: TestClient) -> None:
    """A 100 MB upload, streamed with no Content-Length to tell its size: 413 once the body
    passes the cap (the page never holds more than the cap of it, nor writes any of it)."""
    chunk = b"x" * (1 << 20)
    answer = client.post("/review", params={"name": "big.txt"}, content=(chunk for _ in range(100)))
    assert answer.status_code == 413
    assert "at most 1,048,576 bytes" in answer.text


def test_a_show_names_the_hand_shown(client: TestClient) -> None:
    """A show's amount is the hand's rank (``Event``): the replay names the hand instead."""
    for name in FILES[:3]:
        page = unescape(_upload(client, (FIXTURES / name).read_bytes()).text)  # type: ignore[attr-defined]
        shown = re.findall(r"shows ([^;<]*)[;<]", page)
        assert shown and all(s.endswith("badugi") or "-card " in s for s in shown), shown
