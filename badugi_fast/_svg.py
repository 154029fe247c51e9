"""Small SVG pictures drawn in Python, for the HTML views (``hands/html.py``,
``draws/html.py``, the web pages): a bar chart and a grid of coloured cells. Standard library
only; every picture is self-contained (inline attributes, a ``<title>`` per bar or cell for its
exact value), so a notebook and a page draw it alike, with no script and no network."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

__all__ = ["Cell", "bar_chart", "colour", "grid"]

FONT = 'font-family="system-ui,sans-serif" font-size="11"'


def colour(value: float, hue: tuple[int, int, int] = (38, 110, 200)) -> str:
    """White at 0 to ``hue`` at 1 (``value`` clipped to [0, 1])."""
    t = min(max(value, 0.0), 1.0)
    r, g, b = (round(255 + (c - 255) * t) for c in hue)
    return f"#{r:02x}{g:02x}{b:02x}"


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    title: str,
    tips: Sequence[str] | None = None,
    percent: bool = True,
    width: int = 560,
    bar: int = 18,
    label_width: int = 150,
) -> str:
    """A horizontal bar chart, one bar per label, scaled to the largest value; each bar's
    ``<title>`` holds its tip (its label and value by default)."""
    top = max([*values, 0.0]) or 1.0
    room = width - label_width - 70
    height = 24 + bar * len(labels)
    parts = [
        f'<svg class="bf-chart" role="img" xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" {FONT}>'
        f"<title>{escape(title)}</title>"
        f'<text x="0" y="13" font-weight="600">{escape(title)}</text>'
    ]
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        y = 20 + i * bar
        shown = f"{100 * value:.2f} %" if percent else f"{value:,.4g}"
        tip = tips[i] if tips is not None else f"{label}: {shown}"
        length = room * value / top
        parts.append(
            f'<g class="bf-bar"><title>{escape(tip)}</title>'
            f'<text x="{label_width - 6}" y="{y + bar - 6}" text-anchor="end">{escape(label)}'
            f'</text><rect x="{label_width}" y="{y + 2}" width="{length:.1f}" '
            f'height="{bar - 4}" fill="#2a6fc9"/>'
            f'<text x="{label_width + length + 4:.1f}" y="{y + bar - 6}">{escape(shown)}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


@dataclass(frozen=True)
class Cell:
    """One cell of a grid: its place, the text in it, its tip, and a value in [0, 1] for its
    colour (None: an empty cell, drawn grey)."""

    row: int
    column: int
    text: str
    tip: str
    value: float | None
    outlined: bool = False


def grid(
    cells: Sequence[Cell],
    rows: Sequence[str],
    columns: Sequence[str],
    *,
    title: str,
    size: int = 26,
    hue: tuple[int, int, int] = (38, 110, 200),
) -> str:
    """A heat map: ``rows`` down the left, ``columns`` across the top, each cell coloured by
    its value (white 0 to ``hue`` 1), its ``<title>`` the tip. A browser lays it out only when
    it nears the screen (``content-visibility``, its size given so the page does not move):
    /ranges draws eight of these, and their hundreds of text elements were most of its load."""
    left, head = 28, 34
    width, height = left + size * len(columns) + 2, head + size * len(rows) + 2
    parts = [
        f'<svg class="bf-heatmap" role="img" xmlns="http://www.w3.org/2000/svg" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" {FONT} '
        f'style="content-visibility:auto;contain-intrinsic-size:{width}px {height}px">'
        f"<title>{escape(title)}</title>"
        f'<text x="0" y="12" font-weight="600">{escape(title)}</text>'
    ]
    for j, name in enumerate(columns):
        x = left + j * size + size / 2
        parts.append(f'<text x="{x}" y="{head - 6}" text-anchor="middle">{escape(name)}</text>')
    for i, name in enumerate(rows):
        y = head + i * size + size / 2 + 4
        parts.append(f'<text x="{left - 6}" y="{y}" text-anchor="end">{escape(name)}</text>')
    for cell in cells:
        x, y = left + cell.column * size, head + cell.row * size
        fill = "#eeeeee" if cell.value is None else colour(cell.value, hue)
        ink = "#fff" if cell.value is not None and cell.value > 0.6 else "#222"
        stroke = 'stroke="#d4a017" stroke-width="2.5"' if cell.outlined else 'stroke="#fff"'
        parts.append(
            f'<g class="bf-cell"><title>{escape(cell.tip)}</title>'
            f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" {stroke}/>'
            f'<text x="{x + size / 2}" y="{y + size / 2 + 4}" text-anchor="middle" '
            f'font-size="9" fill="{ink}">{escape(cell.text)}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)
