"""/play in-process: a whole hand played through the endpoints to its end, checked against the
same hand replayed in ``Game``; its PHH downloaded and read back; bad actions refused with the
library's message; two browsers never mixing their tables; the session store's bounds."""

from __future__ import annotations

import dataclasses
import html
import re
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from support.web_play import STACK, person, replay

from badugi_fast.blueprint import blueprint_bot, load_blueprint
from badugi_fast.cards import parse_cards
from badugi_fast.game import Action, Game, KoreanRules
from badugi_fast.game.actions import ActionKind, Phase
from badugi_fast.hands.hand import describe
from badugi_fast.notation import phh
from badugi_fast.solve import beliefs

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from badugi_fast.web import create_app
from badugi_fast.web.play_page import OPPONENTS, TREMBLE, Options, Sessions, Table, share_text

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def app() -> Any:
    return create_app(warm=False)


@pytest.fixture
def browser(app: Any) -> Iterator[TestClient]:
    """One browser: a client with its own cookies."""
    with TestClient(app) as client:
        yield client


def _alert(page: str) -> str:
    found = re.search(r'<p class="error" role="alert">(.*?)</p>', page, re.S)
    assert found is not None, page[:2000]
    return html.unescape(found.group(1))


def _fields(page: str, form: str) -> dict[str, str]:
    """The hidden fields of the form ``form`` (its id)."""
    body = re.search(rf'<form[^>]*id="{form}".*?</form>', page, re.S)
    assert body is not None, page[:2000]
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', body.group(0)))


def _attr(page: str, name: str) -> str:
    found = re.search(rf'<section id="play-table"[^>]*{name}="([^"]*)"', page, re.S)
    assert found is not None
    return found.group(1)


def _cards(page: str) -> list[str]:
    hand = re.search(r'<div id="your-hand"[^>]*>(.*?)</div>\s*</div>', page, re.S)
    assert hand is not None
    return re.findall(r'data-card="(\w\w)"', hand.group(1))


def _log(page: str) -> list[tuple[str, str, str]]:
    return re.findall(r'<li data-seat="(\d*)" data-kind="(\w+)" data-amount="(\d+)">', page)


def _move(page: str) -> dict[str, Any]:
    """The form ``person`` sends at this page: its hand from the page, its choice by the
    actions offered (calls, else checks; throws the cards outside its badugi)."""
    if 'id="draw-form"' in page:
        form = _fields(page, "draw-form")
        view_hand = tuple(parse_cards(" ".join(_cards(page))))
        probe = Game([STACK, STACK])  # a View of this hand in a draw: all person reads
        view = dataclasses.replace(probe.view(0), hand=view_hand, phase=Phase.DRAW)
        thrown = [str(c) for c in person(view).cards]
        return {**form, "kind": "draw", "card": thrown}
    form = _fields(page, "action-form")
    offered = re.findall(r'name="kind" value="(\w+)"', page)
    kind = next(k for k in ("call", "check", offered[0]) if k in offered)
    return {**form, "kind": kind}


def _play_to_the_end(client: TestClient, url: str) -> str:
    page = client.get(url)
    assert page.status_code == 200, page.text[:500]
    for _ in range(40):
        if _attr(page.text, "data-done") == "yes":
            return page.text
        page = client.post("/play/act", data=_move(page.text))
        assert page.status_code == 200, _alert(page.text)
    raise AssertionError("the hand did not end")


def _check_against_replay(page: str, vs: str, seed: int, number: int) -> Game:
    game, seat = replay(vs, seed, number)
    assert int(_attr(page, "data-seat")) == seat
    seen = [e for e in game.view(seat).history if e.kind is not ActionKind.DEAL]
    expected = [("" if e.seat is None else str(e.seat), str(e.kind), str(e.amount)) for e in seen]
    assert _log(page) == expected
    assert f'<span class="stack" id="your-stack">{game.stacks[seat]}</span>' in page
    assert f'<span class="stack" id="bot-stack">{game.stacks[1 - seat]}</span>' in page
    assert f'data-result="{game.stacks[seat] - STACK}"' in page
    return game


def test_a_link_without_a_seed_gets_one_so_that_it_reproduces_the_table(
    browser: TestClient,
) -> None:
    answer = browser.get("/play?vs=search", follow_redirects=False)
    assert answer.status_code == 303
    assert re.fullmatch(r"/play\?vs=search&rules=casino&seed=\d+", answer.headers["location"])


def test_a_hand_played_through_the_endpoints_ends_as_game_plays_it(browser: TestClient) -> None:
    page = _play_to_the_end(browser, "/play?vs=blueprint&rules=casino&seed=7")
    game = _check_against_replay(page, "blueprint", 7, 0)
    seat = 1
    bot = blueprint_bot()
    view = game.view(1 - seat)
    belief = beliefs(bot, view, observer=view, tremble=TREMBLE)
    top = belief.top(seat, 8)
    shown = re.findall(r'<tr data-rank="(\d+)"', page)
    assert shown == [str(rank) for rank, _ in top]
    assert f"{100 * top[0][1]:.2f} %" in page
    held = describe(game.hands[seat]).rank
    said = re.search(r'<p id="belief-held" data-rank="(\d+)">(.*?)</p>', page, re.S)
    assert said is not None and said.group(1) == str(held)
    assert f"had {share_text(belief.classes(seat)[held])} of" in html.unescape(said.group(2))
    theirs = re.search(r'<div id="their-hand">(.*?)</div>\s*</div>', page, re.S)
    assert theirs is not None
    assert re.findall(r'data-card="(\w\w)"', theirs.group(1)) == [
        str(c) for c in game.hands[1 - seat]
    ]


def test_the_finished_hand_downloads_as_phh_that_replays_to_the_same_end(
    browser: TestClient,
) -> None:
    _play_to_the_end(browser, "/play?vs=blueprint&rules=casino&seed=7")
    game, _ = replay("blueprint", 7, 0)
    answer = browser.get("/play/hand/0.phh")
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    read = phh.loads(answer.text)
    assert read.stacks == game.stacks
    assert read.history == game.history
    assert browser.get("/play/hand/1.phh").status_code == 404


def test_the_next_hand_changes_the_seats_and_deals_from_the_next_seed(
    browser: TestClient,
) -> None:
    page = _play_to_the_end(browser, "/play?vs=blueprint&rules=casino&seed=11")
    _check_against_replay(page, "blueprint", 11, 0)
    answer = browser.post("/play/next", data=_fields(page, "next-form"))
    assert answer.status_code == 200
    assert _attr(answer.text, "data-hand") == "1"
    page = answer.text
    for _ in range(40):
        if _attr(page, "data-done") == "yes":
            break
        page = browser.post("/play/act", data=_move(page)).text
    _check_against_replay(page, "blueprint", 11, 1)
    assert browser.get("/play/hand/0.phh").status_code == 200  # the earlier hand is kept


def _dealt(seed: int) -> Game:
    return Game([STACK, STACK], load_blueprint().rules, button=1, seed=seed)


def test_the_persons_fold_ends_the_hand_with_both_hands_shown(browser: TestClient) -> None:
    page = browser.get("/play?vs=blueprint&rules=casino&seed=7").text
    answer = browser.post("/play/act", data={**_fields(page, "action-form"), "kind": "fold"})
    assert answer.status_code == 200, answer.text[:2000]
    page = answer.text
    game = _dealt(7)
    mine, theirs = (tuple(str(c) for c in hand) for hand in (game.hands[1], game.hands[0]))
    game.act(Action(ActionKind.FOLD))
    assert _attr(page, "data-done") == "yes" and ("1", "fold", "0") in _log(page)
    assert f'data-result="{game.stacks[1] - STACK}"' in page
    assert tuple(_cards(page)) == mine
    shown = re.search(r'<div id="their-hand">(.*?)</div>\s*</div>', page, re.S)
    assert shown is not None and tuple(re.findall(r'data-card="(\w\w)"', shown.group(1))) == theirs
    assert '<table id="belief">' in page
    assert phh.loads(browser.get("/play/hand/0.phh").text).history == game.history


def test_the_bots_fold_ends_the_hand_with_both_hands_shown(browser: TestClient) -> None:
    """Seed 5's second hand: the bot, on the button, folds at once."""
    page = _play_to_the_end(browser, "/play?vs=blueprint&rules=casino&seed=5")
    answer = browser.post("/play/next", data=_fields(page, "next-form"))
    assert answer.status_code == 200, answer.text[:2000]
    page = answer.text
    game = _check_against_replay(page, "blueprint", 5, 1)
    assert _attr(page, "data-done") == "yes" and ("1", "fold", "0") in _log(page)
    dealt = _dealt(6).hands
    assert tuple(_cards(page)) == tuple(str(c) for c in dealt[0])
    shown = re.search(r'<div id="their-hand">(.*?)</div>\s*</div>', page, re.S)
    assert shown is not None
    assert re.findall(r'data-card="(\w\w)"', shown.group(1)) == [str(c) for c in dealt[1]]
    assert phh.loads(browser.get("/play/hand/1.phh").text).history == game.history
    assert '<table id="belief">' in page  # the bot's belief about you, though it folded


def test_the_search_bot_plays_a_hand_to_the_end(browser: TestClient) -> None:
    page = _play_to_the_end(browser, "/play?vs=search&rules=casino&seed=3")
    _check_against_replay(page, "search", 3, 0)
    assert '<table id="belief">' in page


def test_an_illegal_action_shows_the_engines_message_and_changes_nothing(
    browser: TestClient,
) -> None:
    page = browser.get("/play?vs=blueprint&rules=casino&seed=7").text
    form = _fields(page, "action-form")
    game, seat = Game([STACK, STACK], blueprint_bot().blueprint.rules, button=1, seed=7), 1
    for kind, amount in (("bet", "0"), ("raise", "5"), ("hold", "0")):
        answer = browser.post("/play/act", data={**form, "kind": kind, "amount": amount})
        assert answer.status_code == 400
        with pytest.raises(ValueError) as caught:
            game.act(Action(kind, int(amount)))
        assert _alert(answer.text) == str(caught.value)
        assert _attr(answer.text, "data-seat") == str(seat)
    assert browser.get("/play?vs=blueprint&rules=casino&seed=7").text.count("<li data-seat") == 2


def test_a_draw_of_a_card_not_in_the_hand_shows_the_engines_message(browser: TestClient) -> None:
    page = browser.get("/play?vs=blueprint&rules=casino&seed=7").text
    while 'id="draw-form"' not in page:
        page = browser.post("/play/act", data=_move(page)).text
        assert _attr(page, "data-done") == "no"
    mine = _cards(page)
    stranger = next(c for c in ("As", "Ks", "Qs", "Js") if c not in mine)
    form = {**_fields(page, "draw-form"), "kind": "draw", "card": [stranger]}
    answer = browser.post("/play/act", data=form)
    assert answer.status_code == 400
    game, bot = (
        Game([STACK, STACK], blueprint_bot().blueprint.rules, button=1, seed=7),
        blueprint_bot(),
    )
    while game.phase is not Phase.DRAW or game.actor != 1:  # the same hand, to the same draw
        view = game.view(game.actor)  # type: ignore[arg-type]
        game.act(person(view) if game.actor == 1 else bot(view))
    with pytest.raises(ValueError) as refused:
        game.act(Action.draw([stranger]))
    assert _alert(answer.text) == str(refused.value)
    bad = browser.post("/play/act", data={**form, "card": ["Xx"]})
    assert bad.status_code == 400
    with pytest.raises(ValueError) as caught:
        parse_cards("Xx")
    assert _alert(bad.text) == str(caught.value)


def test_a_stale_page_is_refused_and_shows_the_table_as_it_is(browser: TestClient) -> None:
    page = browser.get("/play?vs=blueprint&rules=casino&seed=7").text
    move = _move(page)
    assert browser.post("/play/act", data=move).status_code == 200
    again = browser.post("/play/act", data=move)  # the same click a second time
    assert again.status_code == 409
    assert "out of date" in _alert(again.text)


def test_korean_rules_show_the_bots_own_refusal(browser: TestClient) -> None:
    for vs in OPPONENTS:
        answer = browser.get(f"/play?vs={vs}&rules=korean&seed=7")
        assert answer.status_code == 400
        with pytest.raises(ValueError) as caught:
            blueprint_bot().check_game(KoreanRules(), [STACK, STACK])
        assert _alert(answer.text) == str(caught.value)
        assert 'href="/play?vs=' + vs + '&amp;rules=casino&amp;seed=7"' in answer.text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("vs=god", "vs is blueprint, search or unsafe:0.2, not 'god'"),
        ("rules=nl", "rules is casino or korean, not 'nl'"),
        ("seed=-1", "seed is a whole number 0 .. 2**64 - 1, not '-1'"),
        ("seed=" + "9" * 30, "seed is a whole number 0 .. 2**64 - 1, not '" + "9" * 30 + "'"),
        ("seed=18446744073709551616", "seed is a whole number 0 .. 2**64 - 1, not "
         "'18446744073709551616'"),
        ("vs=<script>", "vs is blueprint, search or unsafe:0.2, not '<script>'"),
    ],
)  # fmt: skip
def test_bad_options_show_their_message_with_a_400(
    browser: TestClient, query: str, message: str
) -> None:
    answer = browser.get("/play?" + query)
    assert answer.status_code == 400
    assert _alert(answer.text) == message
    assert "<script>" not in answer.text.split("<main>")[1]


def test_an_action_without_a_table_is_refused(app: Any) -> None:
    with TestClient(app) as stranger:
        answer = stranger.post("/play/act", data={"kind": "call"})
        assert answer.status_code == 400
        assert "no table for this browser" in _alert(answer.text)
        assert stranger.get("/play/hand/0.phh").status_code == 404


@pytest.mark.parametrize("vs", OPPONENTS)
def test_two_browsers_play_their_own_tables_at_once(app: Any, vs: str) -> None:
    """Two browsers (their own cookies) play two seeds in turn and at once; each ends as its
    own replay, whatever the other did meanwhile (the search bot: one for both tables)."""
    with TestClient(app) as first, TestClient(app) as second:
        pages = {
            1: first.get(f"/play?vs={vs}&rules=casino&seed=1").text,
            2: second.get(f"/play?vs={vs}&rules=casino&seed=2").text,
        }
        clients = {1: first, 2: second}
        for _ in range(40):
            going = [s for s in pages if _attr(pages[s], "data-done") == "no"]
            if not going:
                break
            with ThreadPoolExecutor(2) as pool:
                sent = {s: pool.submit(clients[s].post, "/play/act", data=_move(pages[s]))
                        for s in going}  # fmt: skip
                for s, answer in sent.items():
                    assert answer.result().status_code == 200
                    pages[s] = answer.result().text
        for seed in (1, 2):
            _check_against_replay(pages[seed], vs, seed, 0)


def test_many_reloads_at_once_neither_fail_nor_mix(browser: TestClient) -> None:
    url = "/play?vs=blueprint&rules=casino&seed=5"
    first = browser.get(url).text
    with ThreadPoolExecutor(4) as pool:
        pages = list(pool.map(lambda _: browser.get(url), range(8)))
    assert all(p.status_code == 200 for p in pages)
    assert {_fields(p.text, "action-form")["table"] for p in pages} == {
        _fields(first, "action-form")["table"]
    }


def test_the_session_store_keeps_the_most_recent_and_drops_the_idle() -> None:
    store = Sessions(most=2, idle=3600)
    a, _ = store.open(None)
    b, _ = store.open(None)
    assert store.find(a) is not None  # a is now the most recent
    c, _ = store.open(None)  # b, the least recently used, goes
    assert len(store) == 2 and store.find(b) is None
    assert store.find(a) is not None and store.find(c) is not None
    again, _ = store.open("forged-id")  # an unknown id gets a new session, not its own id
    assert again != "forged-id"
    idle = Sessions(most=2, idle=0.0)
    d, _ = idle.open(None)
    assert idle.find(d) is None


def test_a_busy_table_answers_503_within_the_bound(browser: TestClient, monkeypatch: Any) -> None:
    """A table whose lock another request holds past the bound answers 503, and the held
    request's table is untouched."""
    from badugi_fast.web import limits

    page = browser.get("/play?vs=blueprint&rules=casino&seed=7").text
    store = next(
        r.endpoint.__self__.sessions  # type: ignore[attr-defined]
        for r in browser.app.routes  # type: ignore[attr-defined]
        if getattr(r, "path", "") == "/play"
    )
    monkeypatch.setattr(limits, "SECONDS", 0.3)
    sid = browser.cookies["play"]
    session = store.find(sid)
    with session.lock:
        answer = browser.post("/play/act", data=_move(page))
    assert answer.status_code == 503
    assert browser.get("/play?vs=blueprint&rules=casino&seed=7").text.count("<li data-seat") == 2


def test_a_form_of_too_many_fields_is_refused(browser: TestClient) -> None:
    browser.get("/play?vs=blueprint&rules=casino&seed=7")
    form = "&".join(f"f{i}=1" for i in range(100))
    kind = {"content-type": "application/x-www-form-urlencoded"}
    answer = browser.post("/play/act", content=form, headers=kind)
    assert answer.status_code == 400
    assert _alert(answer.text) == "a form of /play has at most 16 fields"


def test_a_bot_that_refuses_its_decision_leaves_the_hand_where_it_is() -> None:
    """Its message is kept for the page; the next look asks the bot again."""
    table = Table(Options("blueprint", "casino", 7))
    played = table.bot

    def refuses(view: Any) -> Action:
        raise ValueError("not in the abstraction")

    table.bot = refuses
    form = {"table": [table.id], "hand": ["0"], "step": [str(len(table.game.history))],
            "kind": ["call"]}  # fmt: skip
    table.act(form)
    assert table.bot_error == "not in the abstraction"
    assert table.game.actor == table.bot_seat and not table.game.done
    table.bot = played
    table.look()
    assert table.bot_error == "" and table.game.actor != table.bot_seat


def test_a_share_too_small_for_two_decimals_is_said_so() -> None:
    assert share_text(0.0) == "0.00 %"
    assert share_text(1e-6) == "< 0.01 %"
    assert share_text(0.12345) == "12.35 %"


def test_a_language_fixed_by_the_link_stays_through_the_hand(browser: TestClient) -> None:
    page = browser.get("/play?vs=blueprint&rules=casino&seed=7&lang=ko").text
    assert '<html lang="ko">' in page and 'action="/play/act?lang=ko"' in page
    answer = browser.post("/play/act?lang=ko", data=_move(page), follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/play?vs=blueprint&rules=casino&seed=7&lang=ko"
    assert "블라인드" in browser.get(answer.headers["location"]).text


def test_a_reload_while_the_bot_thinks_waits_and_shows_its_decision(browser: TestClient) -> None:
    """The bot is slowed down; a reload sent while it thinks answers after it has acted, with
    the table as the finished request left it, never half of it."""
    import threading
    import time

    url = "/play?vs=blueprint&rules=casino&seed=7"
    page = browser.get(url).text
    store = next(
        r.endpoint.__self__.sessions  # type: ignore[attr-defined]
        for r in browser.app.routes  # type: ignore[attr-defined]
        if getattr(r, "path", "") == "/play"
    )
    table = store.find(browser.cookies["play"]).table
    played, thinking = table.bot, threading.Event()

    def slow(view: Any) -> Action:
        thinking.set()
        time.sleep(1.0)
        return played(view)

    table.bot = slow
    acting = threading.Thread(target=lambda: browser.post("/play/act", data=_move(page)))
    acting.start()
    assert thinking.wait(10)
    reloaded = browser.get(url)  # sent while the bot sleeps
    acting.join()
    assert reloaded.status_code == 200
    assert reloaded.text == browser.get(url).text  # the state after the bot's decision
    assert _log(reloaded.text)[-1][0] == "0"  # the bot's (seat 0, the big blind) decision
