"""The blueprint's strategy file, and the lookup a bot plays it by.

The file (little-endian), version 1::

    magic        8 bytes   b"BFBLUEPR"
    version      uint16    1
    abstraction  uint16    1, 2 or 3 (abstraction.py; its sizes follow, and must match this reading)
    buckets      uint32    212
    public       uint32    6440, 19160 or 40760 (abstractions 1, 2 and 3)
    slots        uint32    3
    ranks        uint8     the deck: its lowest ranks (13 for the real game)
    suits        uint8     its first suits (4)
    draws        uint8     draws in a hand (3)
    cap_heads_up uint8     1 (the raise cap binds heads-up)
    small_bet    uint64    the rules trained for: Rules(small_bet=..., cap_heads_up=True)
    iterations   uint64    training iterations
    seed         uint64    the training seed
    payload      uint64    the payload's length in bytes
    sha256       32 bytes  the payload's sha256
    payload      zlib      uint16 [infosets x slots]: each information set's average strategy
                           in units of 1/65535 over its legal slots (sum 65535), or all zero
                           where training never reached it (played uniformly)

Reading checks each field and names the first that is wrong: a file of the wrong size, magic,
version, abstraction or sha256, or rules outside what the trainer plays, is a ValueError.
Reading is bounded: ``load`` checks the header before it reads the payload and refuses a file
longer than the largest valid one unread, and the payload never decompresses to more than the
table.
"""

from __future__ import annotations

import dataclasses
import errno
import hashlib
import math
import os
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .._badugi import ffi, lib
from .._runtime.validate import file_path, real
from ..game.actions import Action, View
from ..game.rules import Rules, RuleSet
from .abstraction import (
    ABSTRACTIONS,
    BUCKETS,
    SLOTS,
    check_abstraction,
    infosets,
    public_count,
    read_decision,
)

MAGIC = b"BFBLUEPR"
VERSION = 1
HEADER = struct.Struct("<8sHHIIIBBBBQQQQ32s")
ONE = 65535  # a probability of 1 in the file


def table_bytes(abstraction: int) -> int:
    """The table's bytes, decompressed."""
    return infosets(abstraction) * SLOTS * 2


def max_payload(abstraction: int) -> int:
    """The most zlib's deflate makes of the table (its bound): no valid payload is longer."""
    n = table_bytes(abstraction)
    return n + (n >> 12) + (n >> 14) + (n >> 25) + 13


MAX_PAYLOAD = max(max_payload(a) for a in ABSTRACTIONS)  # of any abstraction
MIN_STACK_BETS = 24  # four bets a round, small bets twice and big bets twice: 24 small bets


@dataclass(frozen=True)
class ShippedStrategy:
    """A strategy file shipped in the package, loadable by its ``name`` (``load_blueprint("v1")``)
    and pinned by its sha256, so a strategy that is no longer the default stays comparable."""

    name: str
    file: str  # beside this module; how it was trained: its header and docs/blueprint.md
    sha256: str

    @property
    def path(self) -> Path:
        return Path(__file__).with_name(self.file)


SHIPPED_STRATEGIES: dict[str, ShippedStrategy] = {
    s.name: s
    for s in (
        ShippedStrategy(
            "v1", "blueprint.bin",
            "d38522142c38b9327783fed8e27b4628d78a88d85a15f889c896bafd4b2c8f82",
        ),
        ShippedStrategy(  # abstraction 2, trained as v1 was (docs/blueprint.md)
            "v2", "blueprint-v2.bin",
            "c33a39388d075bdc52e430dd14fe36d34f1f742551f0a360107394c6afcaf797",
        ),
        ShippedStrategy(  # v2's run by Linear CFR, twice as long (docs/blueprint.md)
            "v3", "blueprint-v3.bin",
            "7b1a3de676f7dad18c4278d1784f084367724959e8b2980ff8a8b46d5c571abd",
        ),
    )
}  # fmt: skip
DEFAULT_STRATEGY = "v2"  # what blueprint_bot() and search() play (v1 until 2026-12-03)

# The default's file and sha256. None would mean no trained file ships, and blueprint_bot()
# would then need a path.
SHIPPED = SHIPPED_STRATEGIES[DEFAULT_STRATEGY].path
SHIPPED_SHA256: str | None = SHIPPED_STRATEGIES[DEFAULT_STRATEGY].sha256


class StrategyFileError(ValueError):
    """A strategy file that cannot be read as the blueprint's (the message names why)."""


def check_threshold(threshold: object) -> float:
    """A threshold of ``Blueprint.thresholded`` as a float: TypeError unless it is a number,
    ValueError unless 0 < threshold <= 1 (NaN too)."""
    if not 0 < (value := real("threshold", threshold)) <= 1:
        raise ValueError(f"threshold is in (0, 1], not {threshold}")
    return value


@dataclass(frozen=True, eq=False)
class Blueprint:
    """A trained strategy: the deck and rules it was trained for, and its table (``table[i]``:
    information set i's probabilities in units of 1/65535).

    Two blueprints are equal when their content is: the same header fields (deck, rules,
    iterations, seed) and the same table, value for value. The hash reads the header fields
    only, so it holds while a table is edited in place (an edited blueprint may stop being equal
    to another, never hash apart from one it equals)."""

    ranks: int
    suits: int
    draws: int
    small_bet: int
    iterations: int
    seed: int
    table: npt.NDArray[np.uint16] = field(repr=False)
    abstraction: int = 1  # abstraction.py's: what each information set sees
    _c: list[Any] = field(default_factory=list, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, least, most in (
            ("ranks", 1, 13), ("suits", 1, 4), ("draws", 0, 3), ("small_bet", 2, 1 << 32),
        ):  # fmt: skip
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} is a whole number, not {type(value).__name__}")
            if not least <= value <= most:
                raise StrategyFileError(f"{name} is {least} .. {most}, not {value}")
        if self.small_bet % 2:
            raise StrategyFileError(
                f"small_bet is even (blinds of half a bet), not {self.small_bet}"
            )
        if self.ranks * self.suits < 8:
            raise StrategyFileError(
                f"the deck holds at least 8 cards, not {self.ranks * self.suits}"
            )
        try:
            check_abstraction(self.abstraction)
        except ValueError as error:
            raise StrategyFileError(str(error)) from None
        if self.table.shape != (self.infosets, SLOTS) or self.table.dtype != np.uint16:
            raise StrategyFileError(
                f"the table of abstraction {self.abstraction} is uint16 "
                f"[{self.infosets}, {SLOTS}], not {self.table.dtype} {self.table.shape}"
            )
        sums = self.table.sum(axis=1, dtype=np.int64)
        wrong = np.flatnonzero((sums != 0) & (sums != ONE))
        if len(wrong):
            raise StrategyFileError(
                f"information set {wrong[0]}'s probabilities sum to {sums[wrong[0]]}/{ONE}, not 1"
            )

    def _header(self) -> tuple[int, ...]:
        return (
            self.ranks, self.suits, self.draws, self.small_bet, self.iterations, self.seed,
            self.abstraction,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Blueprint):
            return NotImplemented
        return self._header() == other._header() and bool(np.array_equal(self.table, other.table))

    def __hash__(self) -> int:
        return hash(self._header())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # a plain value across processes: the C struct (_c) is made again where it is played;
        # the shipped strategy goes by its digest (each block of a distributed run would
        # otherwise carry its 8 MB table), read once per process where it lands
        for (_, digest), shipped in _SHIPPED_READ.items():
            if self is shipped:
                return _shipped_with, (digest,)
        return type(self), (
            self.ranks, self.suits, self.draws, self.small_bet, self.iterations, self.seed,
            self.table, self.abstraction,
        )  # fmt: skip

    @property
    def public_count(self) -> int:
        """The public indices of the blueprint's abstraction."""
        return public_count(self.abstraction)

    @property
    def infosets(self) -> int:
        """The information sets of the blueprint's abstraction (the table's rows)."""
        return infosets(self.abstraction)

    def infoset(self, bucket: Any, public: int) -> Any:
        """The information set(s) of a private ``bucket`` (or an array of them) at a public
        index."""
        return bucket * self.public_count + public

    @property
    def rules(self) -> Rules:
        return Rules(small_bet=self.small_bet, cap_heads_up=True)

    @property
    def most_thrown(self) -> int:
        """The most cards a draw may throw on this deck (all those outside the two hands)."""
        return min(4, self.ranks * self.suits - 8)

    def check_rules(self, rules: RuleSet | None, stacks: tuple[int, ...] | None = None) -> None:
        """ValueError unless the blueprint was trained for these rules (and deep enough stacks)."""
        if rules != self.rules:
            trained = f"Rules(small_bet={self.small_bet}, cap_heads_up=True)"
            if not isinstance(rules, Rules):
                raise ValueError(
                    f"the blueprint was trained for {trained}, not {type(rules).__name__}"
                )
            differ = ", ".join(
                f"{f.name}={getattr(rules, f.name)!r}"
                for f in dataclasses.fields(Rules)
                if getattr(rules, f.name) != getattr(self.rules, f.name)
            )
            raise ValueError(f"the blueprint was trained for {trained}, not rules with {differ}")
        least = self.least_stack
        if stacks is not None and min(stacks) < least:
            raise ValueError(
                f"the blueprint plays stacks of at least {least} chips (four bets a round), "
                f"not {min(stacks)}"
            )

    @property
    def least_stack(self) -> int:
        """The shallowest stack the blueprint plays: four bets a round never bind."""
        return MIN_STACK_BETS * self.small_bet

    @property
    def real_game(self) -> bool:
        """Trained on the full deck with three draws: the game ``Game`` and the C engines deal."""
        return (self.ranks, self.suits, self.draws) == (13, 4, 3)

    def check_game(self, rules: RuleSet | None, stacks: tuple[int, ...] | list[int]) -> None:
        """ValueError unless ``Game`` under these rules and stacks is the game the blueprint was
        trained for: the real deck (not a small deck of the OpenSpiel family), heads-up, its
        rules, stacks deep enough."""
        if not self.real_game:
            raise ValueError(
                f"the blueprint was trained on {self.ranks} ranks, {self.suits} suits and "
                f"{self.draws} draws; the engines deal 52 cards and three draws"
            )
        if len(stacks) != 2:
            raise ValueError(f"the blueprint plays heads-up, not {len(stacks)} seats")
        self.check_rules(rules, tuple(stacks))

    def c_strategy(self) -> Any:
        """The bf_bp_strategy the C engines play (made once; it points into ``table``), or
        ValueError for a blueprint of a small deck, which they do not deal."""
        if not self.real_game:
            raise ValueError("only a blueprint of the real game (52 cards, three draws) plays in C")
        if not self._c:
            table = np.ascontiguousarray(self.table, dtype=np.uint16)
            strategy = ffi.new("bf_bp_strategy *")
            strategy.table = ffi.from_buffer("uint16_t[]", table)
            strategy.table_len = table.size
            strategy.small_bet = self.small_bet
            strategy.abstraction = self.abstraction
            if not lib.bf_bp_strategy_valid(strategy):
                raise StrategyFileError("the strategy's table or rules do not fit the C engines")
            self._c.append((strategy, table))
        return self._c[0][0]

    def row(self, infoset: int, slots: list[int]) -> list[float]:
        """The probabilities of the legal ``slots`` at an information set (uniform where the
        training never reached it)."""
        if not 0 <= infoset < self.infosets:
            raise ValueError(f"an information set is 0 .. {self.infosets - 1}, not {infoset}")
        weights = [int(self.table[infoset, slot]) for slot in slots]
        total = sum(weights)
        if total == 0:
            return [1.0 / len(slots)] * len(slots)
        return [w / total for w in weights]

    def rows(
        self, infosets: npt.NDArray[np.integer], legal: npt.NDArray[np.bool_]
    ) -> npt.NDArray[np.float64]:
        """``row`` for many decisions at once: at each information set of ``infosets``, the
        probability of each of the ``SLOTS`` slots among that row of ``legal`` (0 off it;
        uniform over the legal slots where the training never reached the set)."""
        infosets = np.asarray(infosets, dtype=np.int64)
        legal = np.asarray(legal, dtype=bool)
        if infosets.ndim != 1:
            raise ValueError(f"infosets is one information set a decision, not {infosets.shape}")
        if legal.shape != (len(infosets), SLOTS) or not legal.any(axis=1).all():
            raise ValueError(
                f"legal holds a row of {SLOTS} slots per information set, at least one legal"
            )
        if len(infosets) and not (infosets.min() >= 0 and infosets.max() < self.infosets):
            raise ValueError(f"an information set is 0 .. {self.infosets - 1}")
        weights = self.table[infosets].astype(np.float64) * legal
        total = weights.sum(axis=1, keepdims=True)
        uniform = legal / legal.sum(axis=1, keepdims=True)
        out: npt.NDArray[np.float64] = np.where(
            total > 0, weights / np.where(total > 0, total, 1.0), uniform
        )
        return out

    def thresholded(self, threshold: float) -> Blueprint:
        """This strategy thresholded (Ganzfried, Sandholm and Waugh, "Strategy Purification
        and Thresholding", AAMAS 2012): at each information set the probabilities below
        ``threshold`` (0 < threshold <= 1) are set to 0 and the rest scaled to sum to 1. The
        likeliest slots always stay (all of a tie: a set trained to even odds stays even), so a
        threshold above 1/2 keeps the likeliest alone (purification). docs/blueprint.md
        measures what it changes. A new blueprint with this one's header (its iterations and
        seed: saved, it reads as the trained file it came from); this one is not changed.
        Unreached sets stay unreached (played uniformly). The slots a decision cannot take
        must hold 0, as in every trained table: the lookup scales over the legal slots."""
        threshold = check_threshold(threshold)
        table = self.table.astype(np.uint32)  # 65535 x 65535 fits: no product overflows
        top = table.max(axis=1, keepdims=True)
        # a slot stays at a count of threshold x ONE or more (less a hair of float error, so
        # that 0.2 keeps 13107, which is exactly 0.2 of ONE), and the likeliest always
        least = math.ceil(float(threshold) * ONE - 1e-9)
        kept = np.where((table >= least) | (table == top), table, 0)
        share = kept.sum(axis=1)
        scaled = kept * ONE // np.maximum(share, 1)[:, None]
        first_top = table.argmax(axis=1)  # the rounding's few units go to the likeliest slot
        rows = np.arange(len(table))
        scaled[rows, first_top] += np.where(share > 0, ONE - scaled.sum(axis=1), 0).astype(
            np.uint32
        )
        return dataclasses.replace(self, table=scaled.astype(np.uint16))

    def probabilities(self, view: View) -> list[tuple[Action, float]]:
        """The legal actions of a view's decision with the blueprint's probability of each."""
        decision = self.read(view)
        slots = sorted(decision.actions)
        return list(
            zip(
                [decision.actions[s] for s in slots], self.row(decision.infoset, slots), strict=True
            )
        )

    def read(self, view: View) -> Any:
        """The decision of ``view`` in the blueprint's abstraction (``read_decision``)."""
        return read_decision(view, self.small_bet, self.most_thrown, abstraction=self.abstraction)

    # -- the file ------------------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        payload = zlib.compress(self.table.astype("<u2").tobytes(), 9)
        header = HEADER.pack(
            MAGIC, VERSION, self.abstraction, BUCKETS, self.public_count, SLOTS, self.ranks,
            self.suits,
            self.draws, 1, self.small_bet, self.iterations, self.seed, len(payload),
            hashlib.sha256(payload).digest(),
        )  # fmt: skip
        return header + payload

    @classmethod
    def from_bytes(cls, data: bytes) -> Blueprint:
        if len(data) < HEADER.size:
            raise StrategyFileError(
                f"a strategy file holds a {HEADER.size}-byte header, not {len(data)} bytes"
            )
        fields = _read_header(bytes(data[: HEADER.size]))
        abstraction, ranks, suits, draws, small_bet, iterations, seed, length, digest = fields
        size = table_bytes(abstraction)
        payload = data[HEADER.size :]
        if len(payload) != length:
            raise StrategyFileError(
                f"the payload is {length} bytes by the header, not the {len(payload)} in the file"
            )
        if hashlib.sha256(payload).digest() != digest:
            raise StrategyFileError("the payload's sha256 is not the header's: a damaged file")
        # never more than the table out of the decompressor, however small the payload
        inflate = zlib.decompressobj()
        try:
            raw = inflate.decompress(payload, size)
        except zlib.error as error:
            raise StrategyFileError(f"the payload does not decompress: {error}") from None
        if inflate.unconsumed_tail or not inflate.eof:
            raise StrategyFileError(
                f"the payload decompresses to more than the table's {size} bytes, or does not end"
            )
        if inflate.unused_data:
            raise StrategyFileError(
                f"the payload holds {len(inflate.unused_data)} bytes after its compressed table"
            )
        if len(raw) != size:
            raise StrategyFileError(f"the table is {size} bytes, not {len(raw)}")
        table = np.frombuffer(raw, dtype="<u2").astype(np.uint16).reshape(-1, SLOTS)
        return cls(ranks, suits, draws, small_bet, iterations, seed, table, abstraction)

    def save(self, path: str | Path) -> str:
        """Writes the file; returns its sha256 (hex)."""
        data = self.to_bytes()
        Path(path).write_bytes(data)
        return hashlib.sha256(data).hexdigest()

    @classmethod
    def load(cls, path: str | Path, sha256: str | None = None) -> Blueprint:
        """Reads a strategy file; with ``sha256`` (64 hex digits, either case), the whole file
        must have that digest."""
        path, sha256 = file_path("a strategy file", path), _checked_digest(sha256)
        # the header first, then the payload it declares (checked against the file's size and
        # the abstraction's bound): a wrong or oversized file is refused before it is read
        with open(path, "rb") as file:
            size = os.fstat(file.fileno()).st_size
            if size > HEADER.size + MAX_PAYLOAD:
                raise StrategyFileError(
                    f"{path}: {size} bytes; a strategy file holds at most "
                    f"{HEADER.size + MAX_PAYLOAD}"
                )
            head = file.read(HEADER.size)
            if len(head) < HEADER.size:
                raise StrategyFileError(
                    f"a strategy file holds a {HEADER.size}-byte header, not {len(head)} bytes"
                )
            length = _read_header(head)[7]
            if length != size - HEADER.size:
                raise StrategyFileError(
                    f"the payload is {length} bytes by the header, "
                    f"not the {size - HEADER.size} in the file"
                )
            data = head + file.read(length + 1)  # read(n) sets n bytes aside first
        if sha256 is not None and hashlib.sha256(data).hexdigest() != sha256:
            raise StrategyFileError(
                f"{path}: sha256 {hashlib.sha256(data).hexdigest()}, not the pinned {sha256}"
            )
        return cls.from_bytes(data)


def _read_header(head: bytes) -> tuple[int, int, int, int, int, int, int, int, bytes]:
    """A header's fields the blueprint keeps (abstraction, ranks, suits, draws, small_bet,
    iterations, seed) and the payload's length and sha256, or StrategyFileError naming the
    first wrong field."""
    (magic, version, abstraction, buckets, public, slots, ranks, suits, draws, cap,
     small_bet, iterations, seed, length, digest) = HEADER.unpack_from(head)  # fmt: skip
    if magic != MAGIC:
        raise StrategyFileError(f"not a blueprint strategy file: magic {magic!r}")
    if version != VERSION:
        raise StrategyFileError(f"strategy file version {version}; this reads version {VERSION}")
    if abstraction not in ABSTRACTIONS:
        raise StrategyFileError(
            f"abstraction {abstraction}; this reads abstractions {ABSTRACTIONS}"
        )
    if (buckets, public, slots) != (BUCKETS, public_count(abstraction), SLOTS):
        raise StrategyFileError(
            f"abstraction {abstraction} of {buckets} buckets, {public} public states and "
            f"{slots} slots; this reads abstraction {abstraction} as "
            f"({BUCKETS}, {public_count(abstraction)}, {SLOTS})"
        )
    if cap != 1:
        raise StrategyFileError(f"cap_heads_up is 1 (the rules trained for), not {cap}")
    if length > max_payload(abstraction):
        raise StrategyFileError(
            f"the payload is {length} bytes by the header; a compressed table holds at most "
            f"{max_payload(abstraction)}"
        )
    return abstraction, ranks, suits, draws, small_bet, iterations, seed, length, digest


def load_blueprint(path: str | Path | None = None, sha256: str | None = None) -> Blueprint:
    """The default shipped strategy (``path`` None), a shipped one by its name (a ``str`` of
    ``SHIPPED_STRATEGIES``: ``"v1"``), or a strategy file (any other ``str``, or a ``Path``:
    ``Path("v1")`` for a file of that name); checked against ``sha256`` when given. A shipped
    strategy is checked against its pinned sha256 and read once a process: every call gives the
    same object."""
    sha256 = _checked_digest(sha256)
    if path is not None:
        path = file_path("a strategy file", path)
    if isinstance(path, str) and path in SHIPPED_STRATEGIES:
        named = SHIPPED_STRATEGIES[path]
        if sha256 is not None and sha256 != named.sha256:
            raise StrategyFileError(
                f"the shipped strategy {path!r} has sha256 {named.sha256}, not {sha256}"
            )
        return _shipped(named.path, named.sha256)
    if isinstance(path, str) and not os.path.exists(path):
        names = ", ".join(SHIPPED_STRATEGIES)
        raise FileNotFoundError(
            errno.ENOENT, f"No such strategy file, nor a shipped strategy so named ({names})", path
        )
    if path is not None:
        return Blueprint.load(path, sha256)
    if SHIPPED_SHA256 is None or not SHIPPED.is_file():
        raise FileNotFoundError(
            "this build ships no trained blueprint: train one with tools/train_blueprint.py "
            "--out FILE and pass its path"
        )
    if sha256 is not None and sha256 != SHIPPED_SHA256:
        raise StrategyFileError(f"the shipped strategy has sha256 {SHIPPED_SHA256}, not {sha256}")
    return _shipped(SHIPPED, SHIPPED_SHA256)


def _checked_digest(sha256: object) -> str | None:
    """None, or a sha256 as 64 hex digits (either case), lower-cased as hashlib writes it."""
    if sha256 is None:
        return None
    if not isinstance(sha256, str):
        raise TypeError(f"sha256 is a str of 64 hex digits, not {type(sha256).__name__}")
    if len(sha256) != 64 or any(c not in "0123456789abcdefABCDEF" for c in sha256):
        raise ValueError(f"sha256 is 64 hex digits, not {sha256!r}")
    return sha256.lower()


def _shipped(path: Path, digest: str) -> Blueprint:
    key = (path, digest)
    if key not in _SHIPPED_READ:
        shipped = Blueprint.load(path, digest)
        shipped.table.setflags(write=False)  # one object for every caller: nobody edits it
        _SHIPPED_READ[key] = shipped
    return _SHIPPED_READ[key]


_SHIPPED_READ: dict[tuple[Path, str], Blueprint] = {}  # the shipped file, read once a process


def _shipped_with(digest: str) -> Blueprint:
    """The shipped strategy where a pickle of it lands, which must be the sender's file."""
    if digest == SHIPPED_SHA256:
        return load_blueprint()
    for named in SHIPPED_STRATEGIES.values():
        if named.sha256 == digest:
            return load_blueprint(named.name)
    raise StrategyFileError(
        f"the shipped blueprint here has sha256 {SHIPPED_SHA256}, not the sender's "
        f"{digest}: install the same badugi_fast on every worker"
    )


__all__ = [
    "DEFAULT_STRATEGY",
    "SHIPPED",
    "SHIPPED_SHA256",
    "SHIPPED_STRATEGIES",
    "Blueprint",
    "ShippedStrategy",
    "StrategyFileError",
    "load_blueprint",
]
