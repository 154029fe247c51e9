"""Pictures for `odds --plot` and `simulate --plot`, with matplotlib (the optional [plot] extra).

matplotlib is imported inside each function, so the command line and the library never load it
unless a picture is asked for.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ...draws import DrawOdds
from ..common import BadInput

# English labels: matplotlib's bundled font has no Hangul.
SIZE_LABELS = {4: "four-card badugi", 3: "three-card", 2: "two-card", 1: "one-card"}
SIZE_COLOURS = {4: "#2a9d8f", 3: "#e9c46a", 2: "#f4a261", 1: "#e76f51"}


def pyplot() -> Any:
    """matplotlib.pyplot on its file-only backend, or a BadInput saying what to install."""
    try:
        import matplotlib
    except ImportError:
        raise BadInput("--plot needs matplotlib: pip install 'badugi_fast[plot]'") from None
    matplotlib.use("Agg")  # files only, no window
    import matplotlib.pyplot as plt

    return plt


def check_picture_path(path: str, option: str = "--plot") -> None:
    """Before any work: the picture's format is one matplotlib writes, named by the file's
    extension (BadInput: exit 1), and its folder exists and takes a new file (OSError: exit 2),
    so a long run never ends in an error it could have met at the start."""
    if not path:
        raise BadInput(f"{option} needs a file name, e.g. {option} result.png")
    pyplot()  # matplotlib, or what to install
    from matplotlib.backend_bases import FigureCanvasBase

    formats = FigureCanvasBase.get_supported_filetypes()
    extension = Path(path).suffix.lower().lstrip(".")
    if extension not in formats:
        names = ", ".join(sorted(formats))
        got = f"'.{extension}'" if extension else "no extension"
        raise BadInput(f"{option} {path!r}: the file's extension names the picture's format,"
                       f" one of {names}; got {got}")  # fmt: skip
    folder = Path(path).parent
    if not folder.exists():
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(folder))
    if not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))
    if Path(path).is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if not os.access(folder, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(folder))


def save(figure: Any, path: str) -> None:
    """``figure.savefig(path)``, then a line on stderr naming the file written (stdout stays
    the command's answer, JSON under ``--json``); matplotlib's ValueError (a format it does not
    write) is bad input, an OSError stays one (the command line's exit 2)."""
    try:
        figure.savefig(path)
    except ValueError as error:
        raise BadInput(f"--plot {path!r}: {error}") from None
    finally:
        pyplot().close(figure)
    print(f"wrote the picture to {os.path.abspath(path)}", file=sys.stderr)


def odds_picture(path: str, hand: str, by_draws: Sequence[DrawOdds]) -> None:
    """Left: the final size after 0..N draws (stacked bars). Right: the probability of each
    final class (rank) after all N draws, coloured by size."""
    plt = pyplot()
    figure, (sizes_axis, ranks_axis) = plt.subplots(1, 2, figsize=(11, 4.5), dpi=100)
    draws = np.arange(len(by_draws))
    bottom = np.zeros(len(by_draws))
    for size in (4, 3, 2, 1):
        share = np.array([odds.sizes[size] for odds in by_draws])
        sizes_axis.bar(draws, share, bottom=bottom, color=SIZE_COLOURS[size],
                       label=SIZE_LABELS[size])  # fmt: skip
        bottom += share
    sizes_axis.set_xticks(draws, [f"{d} draw(s)" for d in draws])
    sizes_axis.set_ylabel("probability")
    sizes_axis.set_title(f"{hand}: final badugi size")
    sizes_axis.legend(loc="lower left", fontsize=8)
    final = by_draws[-1]
    ranks = np.arange(len(final.ranks))
    for size, (lo, hi) in {4: (1, 715), 3: (716, 1001), 2: (1002, 1079), 1: (1080, 1092)}.items():
        shown = (ranks >= lo) & (ranks <= hi) & (final.ranks > 0)
        # Lines of a fixed width, not bars: a bar one rank wide is under a pixel here (1,092
        # ranks), and the renderer may drop it, the largest included.
        ranks_axis.vlines(ranks[shown], 0, final.ranks[shown], colors=SIZE_COLOURS[size],
                          linewidth=1.5)  # fmt: skip
    top = int(np.argmax(final.ranks))
    ranks_axis.set_xlim(0, len(final.ranks))
    ranks_axis.set_ylim(0, 1.15 * final.ranks[top])
    ranks_axis.annotate(f"rank {top}: {100 * final.ranks[top]:.1f} %",
                        (top, final.ranks[top]), xytext=(4, 2), textcoords="offset points",
                        fontsize=8)  # fmt: skip
    ranks_axis.set_xlabel("final rank (1 = best)")
    ranks_axis.set_ylabel("probability")
    ranks_axis.set_title(f"final class after {len(by_draws) - 1} draw(s)")
    figure.tight_layout()
    save(figure, path)


def simulate_picture(path: str, names: Sequence[str], won: npt.NDArray[np.int64], unit_chips: int,
                     unit: str) -> None:  # fmt: skip
    """Each seat's running result in units, with a band of ±2 standard errors of the sum."""
    plt = pyplot()
    figure, axis = plt.subplots(figsize=(9, 4.5), dpi=100)
    hands = np.arange(1, len(won) + 1)
    results = won / unit_chips
    running = np.cumsum(results, axis=0)
    for seat, name in enumerate(names):
        # The spread of a sum of n hands is sqrt(n) times a hand's standard deviation.
        spread = 2 * results[:, seat].std() * np.sqrt(hands)
        line = axis.plot(hands, running[:, seat], label=f"seat {seat}: {name}")[0]
        axis.fill_between(hands, running[:, seat] - spread, running[:, seat] + spread,
                          color=line.get_color(), alpha=0.2)  # fmt: skip
    axis.axhline(0, color="black", linewidth=0.8)
    axis.set_xlabel("hands")
    axis.set_ylabel(f"running result ({unit}s)")
    axis.set_title("each seat's running result, ±2 standard errors")
    axis.legend(loc="upper left", fontsize=8)
    figure.tight_layout()
    save(figure, path)
