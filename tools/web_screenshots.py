"""Take the screenshots of ``badugi serve`` that docs/web.md shows: docs/images/web/VIEW-LANG.png,
and their manifest docs/images/web/screenshots.json.

Each shot is a URL and a few steps (wait for a stream to end, pick a node, play the hand out,
upload a file, step a replay), run in headless Chromium (Debian's, driven by Playwright) at a
fixed viewport against the app served as ``badugi serve`` serves it (uvicorn in a thread, on a
free port). The inputs are fixed and seeded, so the pages show the same thing every run.

The manifest keeps, for each shot, its URL, its steps, the viewport, the PNG's sha256, and a
fingerprint of what the page showed: the sha256 of its visible text (``document.body.innerText``,
white space folded) and of each same-origin style sheet and script it loaded, so that a change
of a template, the style or a script makes the shot stale. The test (tests/web/test_screenshots.py)
replays every shot with this code and compares the fingerprints, never the pixels: Chromium
draws the same page a pixel apart from one version (or machine) to the next, and a pixel test
would fail on every machine but the one that took the shots. The PNGs are checked only against
the sha256 the manifest gives them (the files that were taken, not others).

One piece of text is folded out of the fingerprint (``FOLDED``: a regex and its replacement):
the package's version in the footer, so that a release does not stale every shot with no page
changed. Nothing else the pages show varies from run to run: they show no clock or timing, the
Monte Carlo and the bots are seeded, and /play's random session id lives in a cookie, not in the
text (two runs write the same manifest, the PNGs' sha256 too on one machine).

Usage:
    python tools/web_screenshots.py           # take every shot, rewrite the PNGs and manifest
    python tools/web_screenshots.py --check   # exit 1 if a page no longer shows its manifest's
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import re
import shutil
import socket
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from badugi_fast.web import create_app

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "docs" / "images" / "web"
MANIFEST = OUT / "screenshots.json"
COMMAND = "python tools/web_screenshots.py"
CHROMIUM = next(
    (p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None
)
VIEWPORT = {"width": 1100, "height": 800}
SCALE = 1  # device pixels per CSS pixel: a 1100 px wide PNG, small enough for the docs
VIEWS = ("hands", "ranges", "odds", "solve", "play", "review")
# Text folded out of the fingerprint (pattern, replacement): see the module's docstring.
FOLDED = ((r"badugi_fast \S+$", "badugi_fast VERSION"),)
WAIT = 60_000  # ms for a stream or a bot to finish, on a loaded machine


@dataclass(frozen=True)
class Shot:
    """A view in a language, reached from ``url`` by ``steps``: each a list whose first item
    names what to do (see ``STEPS``) and the rest its arguments, so the manifest can hold them."""

    view: str
    lang: str
    url: str
    steps: tuple[tuple[str, ...], ...] = ()
    cut_height: int = 1800  # px: the picture is cut here (what matters is at the page's top)

    @property
    def name(self) -> str:
        return f"{self.view}-{self.lang}"


def _url(path: str, **query: str) -> str:
    return path + "?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in query.items())


# A hand of our own, written for the shot: heads-up at the blueprint's blinds (half and all of
# the small bet) and deep enough, so the review shows the blueprint's probabilities.
HISTORY = """\
PokerStars Game #20000000001:  Badugi Limit ($0.50/$1 USD) - 2026/12/01 12:00:00 ET
Table 'Docs' 2-max Seat #1 is the button
Seat 1: Hero ($20 in chips)
Seat 2: Lee ($20 in chips)
Hero: posts small blind $0.25
Lee: posts big blind $0.50
*** DEALING HANDS ***
Dealt to Hero [As 3h 8d Kh]
Hero: calls $0.25
Lee: checks
*** FIRST DRAW ***
Lee: discards 1 card
Hero: discards 1 card [Kh]
Dealt to Hero [As 3h 8d] [5c]
Lee: bets $0.50
Hero: calls $0.50
*** SECOND DRAW ***
Lee: stands pat
Hero: stands pat
Lee: bets $1
Hero: raises $1 to $2
Lee: calls $1
*** THIRD DRAW ***
Lee: stands pat
Hero: stands pat
Lee: checks
Hero: bets $1
Lee: calls $1
*** SHOW DOWN ***
Hero: shows [As 3h 8d 5c] (Badugi: 8,5,3,A)
Lee: mucks hand
Hero collected $8 from pot
*** SUMMARY ***
Total pot $8 | Rake $0
Seat 1: Hero (button) (small blind) showed [As 3h 8d 5c] and won ($8) with a Badugi: 8,5,3,A
Seat 2: Lee (big blind) mucked
"""
HANDS = _url("/hands", hands="As 2d 3h 4c;Kc Kd 5h 6s")
PLAY = _url("/play", vs="blueprint", rules="casino", seed="7")
PLAYED = (("play",), ("wait", '#play-table[data-done="yes"]'))
SHOTS = (
    Shot("hands", "en", HANDS),
    Shot("hands", "ko", HANDS + "&lang=ko"),
    Shot("ranges", "en", _url("/ranges", range="0.5:8-, 7-"), cut_height=1100),
    Shot(
        "odds", "en", _url("/odds", hand="Kc 2d 3h 3s", draws="3", vs="8-"),
        (("wait", '#odds-stream[data-state="done"]'),),
    ),
    Shot(
        "solve", "en", _url("/solve", ranges="7-; T-", pot="10", stacks="50"),
        (("wait", '#solve-stream[data-state="done"]'), ("select", "#solve-node", "1")),
    ),
    Shot("play", "en", PLAY, PLAYED),
    Shot("play", "ko", PLAY + "&lang=ko", PLAYED),
    Shot(
        "review", "en", "/review",
        (("upload", "#review-file", "mine.txt"), ("wait", 'body[data-reviewed="1"]'),
         *[("click", ".rv-hand >> nth=0 >> .rv-next")] * 6),  # the hero's call after the first draw
    ),
)  # fmt: skip


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def serving() -> Iterator[str]:
    """The app served by uvicorn on 127.0.0.1 and a free port, as ``badugi serve`` serves it
    (the loopback names only), in a thread; its base URL."""
    import uvicorn

    port = _free_port()
    hosts = ["127.0.0.1", "localhost"]
    config = uvicorn.Config(
        create_app(allowed_hosts=hosts), host="127.0.0.1", port=port, log_level="warning"
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(10)


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Headless Chromium from the Debian package (Playwright cannot download its own here)."""
    from playwright.sync_api import sync_playwright

    if CHROMIUM is None:
        raise RuntimeError("chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield launched
        finally:
            launched.close()


@contextlib.contextmanager
def new_page(browser: Any, base_url: str) -> Iterator[Any]:
    """A fresh context (no cookies) at the shots' viewport and scale, and its page."""
    context = browser.new_context(
        base_url=base_url, viewport=VIEWPORT, device_scale_factor=SCALE, locale="en-US",
        timezone_id="UTC", color_scheme="light", reduced_motion="reduce",
    )  # fmt: skip
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT)
        yield page
    finally:
        context.close()


def _play_out(page: Any) -> None:
    """Play the hand to its end as tests/support/web_play.py's person does: throw the cards
    outside the badugi, else call, else check."""
    for _ in range(40):
        if page.locator("#play-table").get_attribute("data-done") == "yes":
            return
        if page.locator("#draw-form").count():
            loose = page.locator("#draw-form .draw-card:not(:has(.bf-in-badugi))")
            for i in range(loose.count()):
                loose.nth(i).click()
            button = page.locator("#draw")
        else:
            button = page.locator('#action-form button:is([data-kind="call"], [data-kind="check"])')
        with page.expect_navigation():
            button.first.click()
    raise RuntimeError("the hand did not end in 40 moves")


def _upload(page: Any, selector: str, name: str) -> None:
    payload = {"name": name, "mimeType": "text/plain", "buffer": HISTORY.encode()}
    page.set_input_files(selector, payload)


# What a step may do: wait for a selector, click one, pick a select's option by its index,
# upload HISTORY under a file name, play the /play hand out.
STEPS: dict[str, Any] = {
    "wait": lambda page, selector: page.wait_for_selector(selector),
    "click": lambda page, selector: page.locator(selector).click(),
    "select": lambda page, selector, index: page.select_option(selector, index=int(index)),
    "upload": _upload,
    "play": _play_out,
}


def run(page: Any, shot: Shot) -> None:
    """Load the shot's URL and take its steps."""
    page.goto(shot.url)
    for verb, *args in shot.steps:
        STEPS[verb](page, *args)
    page.evaluate("document.fonts.ready")


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def visible_text(page: Any) -> str:
    """The page's visible text, white space folded, ``FOLDED`` applied line by line. Parts a
    browser skips while off screen (``content-visibility: auto``: the heat maps) are shown
    first, so their text counts wherever the page is scrolled."""
    page.evaluate(
        """() => document.querySelectorAll("[style*='content-visibility']")
              .forEach(e => { e.style.contentVisibility = "visible"; })"""
    )
    lines = []
    for line in page.evaluate("document.body.innerText").splitlines():
        line = " ".join(line.split())
        for pattern, replacement in FOLDED:
            line = re.sub(pattern, replacement, line)
        if line:
            lines.append(line)
    return "\n".join(lines)


def assets(page: Any) -> dict[str, str]:
    """The sha256 of each same-origin style sheet and script the page loaded, by path."""
    urls = page.evaluate(
        """() => [...document.styleSheets].map(s => s.href)
              .concat([...document.scripts].map(s => s.src))
              .filter(u => u && new URL(u).origin === location.origin)"""
    )
    return {urlsplit(u).path: _sha256(page.request.get(u).body()) for u in sorted(set(urls))}


def fingerprint(page: Any) -> dict[str, Any]:
    """What the page shows, as hashes: its visible text, and its style sheets and scripts."""
    return {"text_sha256": _sha256(visible_text(page).encode()), "assets": assets(page)}


def take(browser: Any, base_url: str, shot: Shot, png: Path | None = None) -> dict[str, Any]:
    """The shot's fingerprint, and its picture written to ``png`` when given."""
    with new_page(browser, base_url) as page:
        run(page, shot)
        if png is not None:
            height = min(shot.cut_height, page.evaluate("document.documentElement.scrollHeight"))
            clip = {"x": 0, "y": 0, "width": VIEWPORT["width"], "height": height}
            page.screenshot(path=png, full_page=True, clip=clip, animations="disabled")
        return fingerprint(page)


def entry(shot: Shot, printed: dict[str, Any], png: Path) -> dict[str, Any]:
    """The manifest's record of a shot."""
    return {
        "name": shot.name, "view": shot.view, "lang": shot.lang, "url": shot.url,
        "steps": [list(step) for step in shot.steps],
        "viewport": {**VIEWPORT, "device_scale_factor": SCALE}, "cut_height": shot.cut_height,
        "png": png.name, "png_sha256": _sha256(png.read_bytes()),
        "fingerprint": printed,
    }  # fmt: skip


def shot_of(record: dict[str, Any]) -> Shot:
    """The shot a manifest's record describes."""
    steps = tuple(tuple(step) for step in record["steps"])
    return Shot(record["view"], record["lang"], record["url"], steps, record["cut_height"])


def read_manifest() -> list[dict[str, Any]]:
    shots: list[dict[str, Any]] = json.loads(MANIFEST.read_text(encoding="utf-8"))["shots"]
    return shots


def write(browser: Any, base_url: str) -> None:
    """Take every shot: the PNGs and the manifest."""
    OUT.mkdir(parents=True, exist_ok=True)
    records = []
    for shot in SHOTS:
        png = OUT / f"{shot.name}.png"
        start = time.perf_counter()
        records.append(entry(shot, take(browser, base_url, shot, png), png))
        seconds = time.perf_counter() - start
        print(f"{png.relative_to(REPO)}: {png.stat().st_size:,} bytes, {seconds:.1f} s")
    manifest = {"command": COMMAND, "shots": records}
    MANIFEST.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def stale(browser: Any, base_url: str) -> list[str]:
    """The manifest's shots whose page no longer shows what the manifest says."""
    return [
        record["name"]
        for record in read_manifest()
        if take(browser, base_url, shot_of(record)) != record["fingerprint"]
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if a shot is stale")
    args = parser.parse_args(argv)
    with serving() as base_url, chromium() as browser:
        if not args.check:
            write(browser, base_url)
            return 0
        old = stale(browser, base_url)
    if old:
        print(f"stale screenshots: {', '.join(old)}: run {COMMAND}", file=sys.stderr)
        return 1
    print("the screenshots are current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
