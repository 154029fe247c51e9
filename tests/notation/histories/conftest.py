"""Fixtures for the hand-history tests: the folder of history files written for them (made-up
hands in each room's line shapes; no room's file is copied)."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def fixtures() -> Path:
    return FIXTURES
