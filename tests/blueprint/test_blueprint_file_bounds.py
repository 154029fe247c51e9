"""Reading a strategy file takes bounded time and memory whatever the file: the header is checked
before the payload is read, a file longer than the largest valid one is refused unread, and the
payload never decompresses to more than the table (issue 33)."""

from __future__ import annotations

import hashlib
import tracemalloc
import zlib
from pathlib import Path
from typing import BinaryIO

import pytest

from badugi_fast.blueprint import Blueprint, StrategyFileError, strategy
from badugi_fast.blueprint.abstraction import ABSTRACTIONS, BUCKETS, SLOTS, public_count
from badugi_fast.blueprint.strategy import HEADER


def _bounds(abstraction: int) -> tuple[int, int]:
    """An abstraction's table in bytes, and zlib's bound on what deflate makes of it: the
    longest valid payload."""
    table = BUCKETS * public_count(abstraction) * SLOTS * 2
    return table, table + (table >> 12) + (table >> 14) + (table >> 25) + 13


TABLE_BYTES, MAX_PAYLOAD_1 = _bounds(1)
MAX_PAYLOAD = max(_bounds(a)[1] for a in ABSTRACTIONS)  # the longest payload of any file


def _peak(read: object) -> tuple[int, BaseException | None]:
    """The most memory ``read()`` held (Python allocations), and what it raised."""
    tracemalloc.start()
    try:
        read()  # type: ignore[operator]
        raised = None
    except Exception as error:  # returned to the test to check
        raised = error
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak, raised


def _with_payload(blueprint: Blueprint, payload: bytes) -> bytes:
    fields = list(HEADER.unpack_from(blueprint.to_bytes()))
    fields[13], fields[14] = len(payload), hashlib.sha256(payload).digest()
    return HEADER.pack(*fields) + payload


def test_a_file_longer_than_the_largest_valid_one_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.bin"
    with open(path, "wb") as file:  # 500 MB, sparse: nothing is written
        file.truncate(500 << 20)
    peak, raised = _peak(lambda: Blueprint.load(path))
    assert isinstance(raised, StrategyFileError)
    assert f"at most {HEADER.size + MAX_PAYLOAD}" in str(raised)
    assert peak < 1 << 20


def test_a_file_is_read_in_reads_no_longer_than_itself(
    blueprint: Blueprint, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An abstraction 1 file is read with reads of its own length, not of the largest
    abstraction's payload (``read(n)`` sets n bytes aside before it reads)."""
    path = tmp_path / "one.bin"
    blueprint.save(path)
    asked: list[int] = []

    class Reads:
        def __init__(self, file: BinaryIO) -> None:
            self.file = file

        def read(self, n: int = -1) -> bytes:
            asked.append(n)
            return self.file.read(n)

        def __getattr__(self, name: str) -> object:
            return getattr(self.file, name)

        def __enter__(self) -> Reads:
            return self

        def __exit__(self, *exc: object) -> None:
            self.file.close()

    monkeypatch.setattr(strategy, "open", lambda p, mode: Reads(open(p, mode)), raising=False)
    assert Blueprint.load(path) == blueprint
    assert asked and 0 < max(asked) <= path.stat().st_size + 1 < MAX_PAYLOAD


def test_a_file_with_a_wrong_magic_is_refused_before_its_payload_is_read(
    tmp_path: Path,
) -> None:
    path = tmp_path / "other.bin"
    with open(path, "wb") as file:  # as long as a valid file may be, zero bytes: no magic
        file.truncate(HEADER.size + MAX_PAYLOAD)
    peak, raised = _peak(lambda: Blueprint.load(path))
    assert isinstance(raised, StrategyFileError)
    assert "magic" in str(raised)
    assert peak < 1 << 20


def test_a_header_declaring_a_payload_longer_than_its_table_is_refused(
    blueprint: Blueprint,
) -> None:
    fields = list(HEADER.unpack_from(blueprint.to_bytes()))
    assert fields[2] == 1  # abstraction 1: bounded by its own table, not the largest one's
    fields[13] = MAX_PAYLOAD_1 + 1
    with pytest.raises(StrategyFileError, match=f"at most {MAX_PAYLOAD_1}"):
        Blueprint.from_bytes(HEADER.pack(*fields))
    largest = max(ABSTRACTIONS)
    fields[2], fields[4], fields[13] = largest, public_count(largest), MAX_PAYLOAD + 1
    with pytest.raises(StrategyFileError, match=f"at most {MAX_PAYLOAD}"):
        Blueprint.from_bytes(HEADER.pack(*fields))


def test_a_payload_that_inflates_past_the_table_is_refused_with_bounded_memory(
    blueprint: Blueprint, tmp_path: Path
) -> None:
    deflate = zlib.compressobj(9)
    zeros = bytes(1 << 20)
    bomb = b"".join(deflate.compress(zeros) for _ in range(128)) + deflate.flush()
    assert len(bomb) < 1 << 20  # 128 MB of table from a payload under 1 MB
    path = tmp_path / "bomb.bin"
    path.write_bytes(_with_payload(blueprint, bomb))
    peak, raised = _peak(lambda: Blueprint.load(path))
    assert isinstance(raised, StrategyFileError)
    assert "more than the table" in str(raised)
    assert peak < 3 * TABLE_BYTES


def test_the_decompressor_is_never_asked_for_more_than_the_table(
    blueprint: Blueprint, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[int] = []
    original = zlib.decompressobj

    class Counting:
        def __init__(self) -> None:
            self.inner = original()

        def decompress(self, data: bytes, max_length: int = 0) -> bytes:
            asked.append(max_length)
            return self.inner.decompress(data, max_length)

        def __getattr__(self, name: str) -> object:
            return getattr(self.inner, name)

    monkeypatch.setattr(strategy.zlib, "decompressobj", Counting)
    assert strategy.MAX_PAYLOAD == MAX_PAYLOAD
    again = Blueprint.from_bytes(blueprint.to_bytes())
    assert (again.table == blueprint.table).all()
    assert asked and all(0 < n <= TABLE_BYTES for n in asked)


def test_a_payload_with_bytes_after_its_table_is_refused(blueprint: Blueprint) -> None:
    payload = zlib.compress(blueprint.table.astype("<u2").tobytes(), 9) + b"tail"
    with pytest.raises(StrategyFileError, match="after its compressed table"):
        Blueprint.from_bytes(_with_payload(blueprint, payload))
