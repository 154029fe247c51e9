"""cffi build script (API mode, out-of-line) for badugi_fast._badugi; used by setup.py.

The C core sits in one folder per job, listed in LAYERS from the lowest: a file includes only
files of its own folder or of a folder listed before it, written from csrc/ ("eval/badugi.h"),
so the includes run one way (tests/c/test_include_direction.py checks it). A new folder is one
more entry in LAYERS; a folder of C files missing from it stops the build.

Every C file of a folder is part of the core, and a header's declarations for Python sit in a
.cdef file beside it. The cdefs are read folder by folder in LAYERS order and, inside a folder,
after the cdefs of the headers their own header includes (then by name), so a type is declared
before a cdef uses it and the order never depends on the file system. The tests (sanitizers,
strict warnings) build from these same lists.
"""

import os
import re
import sys

from cffi import FFI

CSRC = "csrc"  # setuptools builds from the project root; sources must be relative paths
LAYERS = ("eval", "common", "draws", "game", "notation", "play", "blueprint", "solve")

_HERE = os.path.dirname(os.path.abspath(__file__))
_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def _here(path: str) -> str:
    """A path from csrc/ ("eval/badugi.h") as a path on this machine."""
    return os.path.join(_HERE, *path.split("/"))


def _unlisted_folders() -> list[str]:
    """Folders of csrc/ holding C files that LAYERS does not list."""
    return sorted(
        name
        for name in os.listdir(_HERE)
        if name not in LAYERS
        and os.path.isdir(_here(name))
        and any(file.endswith((".c", ".h", ".cdef")) for file in os.listdir(_here(name)))
    )


def _names(layer: str, suffix: str) -> list[str]:
    """The files of one folder with this suffix, as paths from csrc/ ("eval/lookup.c")."""
    return [f"{layer}/{name}" for name in sorted(os.listdir(_here(layer))) if name.endswith(suffix)]


def _includes(path: str) -> set[str]:
    """The quoted includes of a file of csrc/, as paths from csrc/."""
    with open(_here(path), encoding="utf-8") as source:
        return set(_INCLUDE.findall(source.read()))


def _cdef_order(layer: str) -> list[str]:
    """The folder's cdefs, each after those of the headers its header includes from the folder."""
    headers = {cdef[: -len(".cdef")] + ".h": cdef for cdef in _names(layer, ".cdef")}
    missing = sorted(cdef for header, cdef in headers.items() if not os.path.exists(_here(header)))
    if missing:
        raise RuntimeError(f"a .cdef without its header beside it: {', '.join(missing)}")
    needs = {header: _includes(header) & set(headers) for header in headers}
    order: list[str] = []
    while needs:
        ready = sorted(header for header, wanted in needs.items() if wanted <= set(order))
        if not ready:
            raise RuntimeError(f"headers of {layer}/ include each other: {sorted(needs)}")
        order.append(ready[0])
        del needs[ready[0]]
    return [headers[header] for header in order]


if _unlisted_folders():
    raise RuntimeError(f"csrc/ folders missing from build_ffi.LAYERS: {_unlisted_folders()}")

SOURCES = tuple(f"{CSRC}/{path}" for layer in LAYERS for path in _names(layer, ".c"))
HEADERS = tuple(f"{CSRC}/{path}" for layer in LAYERS for path in _names(layer, ".h"))
CDEFS = tuple(f"{CSRC}/{path}" for layer in LAYERS for path in _cdef_order(layer))

ffibuilder = FFI()
for cdef_path in CDEFS:
    with open(_here(cdef_path[len(CSRC) + 1 :]), encoding="utf-8") as cdef_file:
        ffibuilder.cdef(cdef_file.read())
ffibuilder.set_source(
    "badugi_fast._badugi",
    "".join(f'#include "{cdef[len(CSRC) + 1 : -len(".cdef")]}.h"\n' for cdef in CDEFS),
    sources=list(SOURCES),
    include_dirs=[CSRC],
    depends=[*HEADERS, *CDEFS],
    extra_compile_args=[] if sys.platform == "win32" else ["-O3", "-pthread"],
    extra_link_args=[] if sys.platform == "win32" else ["-pthread"],  # solve/: its threads
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
