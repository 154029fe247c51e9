"""`badugi serve`: the web pages served by uvicorn, on 127.0.0.1 unless told otherwise (with a
warning then), and a clear message naming the extra when it is not installed."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from typing import Any

import pytest

from badugi_fast.cli import main
from badugi_fast.cli.commands import serve

pytest.importorskip("uvicorn", reason="the web extra is not installed")


def test_without_the_web_extra_serve_names_the_install_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(serve.importlib.util, "find_spec", lambda name: None)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'badugi_fast[web]'" in err and "starlette" in err


def _run_args(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    import uvicorn

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: seen.update(app=app, **kwargs))
    return seen


def test_serve_binds_loopback_by_default_and_answers_only_its_names(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen = _run_args(monkeypatch)
    assert main(["serve"]) == 0
    assert seen["host"] == "127.0.0.1" and seen["port"] == 8000
    err = capsys.readouterr().err
    assert "warning" not in err and "http://127.0.0.1:8000/" in err


def test_another_host_is_served_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen = _run_args(monkeypatch)
    assert main(["serve", "--host", "0.0.0.0", "--port", "8123"]) == 0
    assert seen["host"] == "0.0.0.0" and seen["port"] == 8123
    assert "warning: serving on 0.0.0.0, not 127.0.0.1" in capsys.readouterr().err


def test_a_port_out_of_range_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port is 0..65535" in capsys.readouterr().err


def test_serve_answers_in_a_real_process() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "badugi_fast", "serve", "--port", str(port)],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/hands?hands=As2d3h4c") as r:
                    page = r.read().decode()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.2)
        assert '<strong class="bf-rank">1</strong>' in page
    finally:
        process.terminate()
        process.wait(10)


def test_open_opens_the_index_in_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    _run_args(monkeypatch)
    opened: list[str] = []
    monkeypatch.setattr(serve.webbrowser, "open", opened.append)
    assert main(["serve", "--port", "8124", "--open"]) == 0
    assert opened == ["http://127.0.0.1:8124/"]
