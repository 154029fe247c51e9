"""The C core's folders are layers: a file of csrc/ includes only files of its own folder or of a
lower one (csrc/build_ffi.py's LAYERS, lowest first: eval, common, draws, game, notation, play,
blueprint, solve), every include names its file from csrc/ ("eval/badugi.h") and that file
exists, and every C file of csrc/ is one the extension builds (build_ffi.SOURCES): no orphan,
nothing at csrc/'s top but the build script."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

CSRC = Path(__file__).resolve().parents[2] / "csrc"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
C_SUFFIXES = (".c", ".h", ".cdef")


def include_problems(csrc: Path, layers: Sequence[str]) -> list[str]:
    """Every quoted include under csrc that names a missing file, a file outside the layers, or
    a file of a higher layer than the includer's; one line each."""
    level = {layer: i for i, layer in enumerate(layers)}
    problems = []
    for path in sorted(csrc.rglob("*")):
        if path.suffix not in (".c", ".h"):
            continue
        source = path.relative_to(csrc).as_posix()
        folder = source.split("/")[0]
        for target in INCLUDE.findall(path.read_text(encoding="utf-8")):
            where = target.split("/")[0]
            says = f'{source} includes "{target}"'
            if not (csrc / target).is_file():
                problems.append(f"{says}: no such file from csrc/")
            elif folder not in level or where not in level:
                problems.append(f"{says}: outside the layers {layers}")
            elif level[where] > level[folder]:
                problems.append(f"{says}: {where}/ is above {folder}/")
    return problems


def test_every_include_runs_down_the_layers(build_ffi: ModuleType) -> None:
    assert include_problems(CSRC, build_ffi.LAYERS) == []


def test_the_layers_are_the_folders_of_csrc(build_ffi: ModuleType) -> None:
    folders = sorted(p.name for p in CSRC.iterdir() if p.is_dir() and p.name[0] not in "._")
    assert sorted(build_ffi.LAYERS) == folders
    at_top = sorted(p.name for p in CSRC.iterdir() if p.is_file() and p.suffix in C_SUFFIXES)
    assert at_top == []


def test_every_c_file_of_csrc_is_built_into_the_extension(build_ffi: ModuleType) -> None:
    on_disk = sorted(f"csrc/{p.relative_to(CSRC).as_posix()}" for p in CSRC.rglob("*.c"))
    assert sorted(build_ffi.SOURCES) == on_disk
    headers = sorted(f"csrc/{p.relative_to(CSRC).as_posix()}" for p in CSRC.rglob("*.h"))
    assert sorted(build_ffi.HEADERS) == headers


def test_every_cdef_sits_beside_its_header_and_is_read_in_layer_order(
    build_ffi: ModuleType,
) -> None:
    cdefs = sorted(f"csrc/{p.relative_to(CSRC).as_posix()}" for p in CSRC.rglob("*.cdef"))
    assert sorted(build_ffi.CDEFS) == cdefs
    for cdef in cdefs:
        assert (CSRC.parent / cdef).with_suffix(".h").is_file(), cdef
    folders = [cdef.split("/")[1] for cdef in build_ffi.CDEFS]
    assert folders == sorted(folders, key=build_ffi.LAYERS.index)


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


LAYERS = ("eval", "common", "draws", "game", "play", "blueprint", "solve")
GOOD = {
    "eval/badugi.h": "#include <stdint.h>\n",
    "common/deal.h": '#include "eval/badugi.h"\n',
    "draws/engine.h": '#include "common/deal.h"\n',
    "game/hand_state.h": '#include "draws/engine.h"\n',
    "play/loop.c": '#include "game/hand_state.h"\n#include "eval/badugi.h"\n',
    "blueprint/player.c": '#include "play/loop.c"\n',
}


def test_the_check_passes_includes_that_run_down(tmp_path: Path) -> None:
    assert include_problems(write(tmp_path, GOOD), LAYERS) == []


@pytest.mark.parametrize(
    ("name", "text", "problem"),
    [
        (
            "common/deal.c",
            '#include "play/loop.c"\n',
            'common/deal.c includes "play/loop.c": play/ is above common/',
        ),
        (
            "play/seats.c",
            '#include "blueprint/player.c"\n',
            'play/seats.c includes "blueprint/player.c": blueprint/ is above play/',
        ),
        (
            "eval/text.c",
            '  #  include "draws/engine.h"\n',
            'eval/text.c includes "draws/engine.h": draws/ is above eval/',
        ),
        (
            "draws/trial.c",
            '#include "engine.h"\n',
            'draws/trial.c includes "engine.h": no such file from csrc/',
        ),
        (
            "tools/tree.c",
            '#include "play/loop.c"\n',
            'tools/tree.c includes "play/loop.c": outside the layers '
            "('eval', 'common', 'draws', 'game', 'play', 'blueprint', 'solve')",
        ),
    ],
)
def test_the_check_names_an_include_that_runs_up_or_goes_astray(
    tmp_path: Path, name: str, text: str, problem: str
) -> None:
    root = write(tmp_path, {**GOOD, name: text})
    assert include_problems(root, LAYERS) == [problem]
