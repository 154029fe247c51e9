"""The screenshots in docs/web.md are current: each shot of docs/images/web/screenshots.json,
replayed in headless Chromium by tools/web_screenshots.py's own code, shows the same text and
loads the same style sheets and scripts as when it was taken; each PNG is the one taken; every
view has its shot. The pixels are not compared (the tool's docstring says why)."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from support.tools import load_tool

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
screenshots = load_tool("web_screenshots")
STALE = f"run {screenshots.COMMAND} and commit docs/images/web"


def _records() -> list[dict[str, Any]]:
    return screenshots.read_manifest() if screenshots.MANIFEST.exists() else []


def test_the_manifest_holds_every_shot_and_every_view() -> None:
    shots = [screenshots.shot_of(record) for record in _records()]
    assert shots == list(screenshots.SHOTS), f"the shots changed: {STALE}"
    taken = {(shot.view, shot.lang) for shot in shots}
    assert {(view, "en") for view in screenshots.VIEWS} <= taken
    assert {("hands", "ko"), ("play", "ko")} <= taken


@pytest.mark.parametrize("record", _records(), ids=lambda record: record["name"])
def test_each_png_is_the_one_taken(record: dict[str, Any]) -> None:
    png = screenshots.OUT / record["png"]
    assert png.is_file(), f"{png.name} is missing: {STALE}"
    assert hashlib.sha256(png.read_bytes()).hexdigest() == record["png_sha256"], STALE


@pytest.mark.browser
@pytest.mark.parametrize("record", _records(), ids=lambda record: record["name"])
def test_each_page_shows_what_its_shot_showed(
    browser: Any, server: str, record: dict[str, Any]
) -> None:
    shown = screenshots.take(browser, server, screenshots.shot_of(record))
    assert shown == record["fingerprint"], f"{record['name']} is stale: {STALE}"
