"""Where the repository's files are, for tests that read its tools, examples and documents."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
