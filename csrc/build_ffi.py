"""cffi build script (API mode, out-of-line) for badugi_fast._badugi; used by setup.py."""

import os
import sys

from cffi import FFI

CSRC = "csrc"  # setuptools builds from the project root; sources must be relative paths

# Every C file of csrc/ is part of the core, and every header's declarations for Python sit in a
# .cdef file beside it: the tests (sanitizers, strict warnings) build from these same lists.
_HERE = os.path.dirname(os.path.abspath(__file__))
_FOLDERS = ("", "solve")  # csrc/ itself and its layer folders


def _files(suffix: str) -> tuple[str, ...]:
    return tuple(
        os.path.join(CSRC, folder, name) if folder else os.path.join(CSRC, name)
        for folder in _FOLDERS
        for name in sorted(os.listdir(os.path.join(_HERE, folder)))
        if name.endswith(suffix)
    )


SOURCES = _files(".c")
HEADERS = _files(".h")
CDEFS = _files(".cdef")

ffibuilder = FFI()
for cdef_path in CDEFS:
    with open(os.path.join(_HERE, os.path.relpath(cdef_path, CSRC)), encoding="utf-8") as cdef_file:
        ffibuilder.cdef(cdef_file.read())
ffibuilder.set_source(
    "badugi_fast._badugi",
    "".join(f'#include "{os.path.splitext(os.path.relpath(cdef, CSRC))[0]}.h"\n' for cdef in CDEFS),
    sources=list(SOURCES),
    include_dirs=[CSRC],
    depends=[*HEADERS, *CDEFS],
    extra_compile_args=[] if sys.platform == "win32" else ["-O3", "-pthread"],
    extra_link_args=[] if sys.platform == "win32" else ["-pthread"],
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
