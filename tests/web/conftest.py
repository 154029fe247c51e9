"""What the web tests share: the app in-process (Starlette's test client), and a real server
(uvicorn on a free port, in a thread) with headless Debian Chromium driven by Playwright."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from support.tools import load_tool

from badugi_fast.web import create_app

# tools/web_screenshots.py serves the app and finds Chromium as these tests do: one copy, there.
screenshots = load_tool("web_screenshots")
CHROMIUM = screenshots.CHROMIUM


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=True) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The app served by uvicorn on a free port of 127.0.0.1, as ``badugi serve`` serves it;
    its base URL."""
    with screenshots.serving() as base_url:
        yield base_url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium from the Debian package (Playwright cannot download its own here)."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run installs it)")
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with screenshots.chromium() as launched:
        yield launched


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh browser context (no cookies) and page."""
    context = browser.new_context(base_url=server, locale="en-US")
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    yield tab
    context.close()
