# Types of the cffi extension built from csrc/ by csrc/build_ffi.py.
from typing import Any

ffi: Any

class _Lib:
    BF_NUM_CARDS: int
    BF_NUM_HANDS: int
    BF_NUM_RANKS: int
    def bf_rank(self, a: int, b: int, c: int, d: int, /) -> int: ...
    def bf_describe(self, a: int, b: int, c: int, d: int, /) -> int: ...
    def bf_rank_batch(self, cards: Any, n: int, out: Any, /) -> int: ...

lib: _Lib
