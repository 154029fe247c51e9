# Types of the cffi extension built from csrc/ by csrc/build_ffi.py.
from typing import Any

ffi: Any

class _Lib:
    BF_NUM_CARDS: int
    BF_NUM_HANDS: int
    BF_NUM_RANKS: int
    BF_KERNEL_SCALAR: int
    BF_KERNEL_AVX2: int
    BF_KERNEL_AVX512: int
    def bf_rank(self, a: int, b: int, c: int, d: int, /) -> int: ...
    def bf_describe(self, a: int, b: int, c: int, d: int, /) -> int: ...
    def bf_rank_batch(self, cards: Any, n: int, out: Any, /) -> int: ...
    def bf_kernel_supported(self, kernel: int, /) -> int: ...
    def bf_best_kernel(self) -> int: ...
    def bf_rank_batch_kernel(self, kernel: int, cards: Any, n: int, out: Any, /) -> int: ...

lib: _Lib
