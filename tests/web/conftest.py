"""What the web tests share: the app in-process (Starlette's test client), and a real server
(uvicorn on a free port, in a thread) with headless Debian Chromium driven by Playwright."""

from __future__ import annotations

import shutil
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from badugi_fast.web import create_app

CHROMIUM = next(
    (p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None
)


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=True) as test_client:
        yield test_client


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The app served by uvicorn on 127.0.0.1 and a free port, as ``badugi serve`` serves it
    (the loopback names only); its base URL."""
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
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium from the Debian package (Playwright cannot download its own here)."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh browser context (no cookies) and page."""
    context = browser.new_context(base_url=server, locale="en-US")
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    yield tab
    context.close()
