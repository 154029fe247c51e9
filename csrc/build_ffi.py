"""cffi build script (API mode, out-of-line) for badugi_fast._badugi; used by setup.py."""

import os
import sys

from cffi import FFI

CSRC = "csrc"  # setuptools builds from the project root; sources must be relative paths

ffibuilder = FFI()
# Constants come from badugi.h through "...", so C stays their single source.
ffibuilder.cdef(
    """
    #define BF_NUM_CARDS ...
    #define BF_NUM_HANDS ...
    #define BF_NUM_RANKS ...
    int bf_rank(int a, int b, int c, int d);
    int bf_describe(int a, int b, int c, int d);
    size_t bf_rank_batch(const uint8_t *cards, size_t n, uint16_t *out);
    """
)
ffibuilder.set_source(
    "badugi_fast._badugi",
    '#include "badugi.h"',
    sources=[os.path.join(CSRC, "badugi.c"), os.path.join(CSRC, "badugi_table.c")],
    include_dirs=[CSRC],
    depends=[os.path.join(CSRC, "badugi.h")],
    extra_compile_args=[] if sys.platform == "win32" else ["-O3"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
