"""Each player's figures over imported hands (``summarize``) as an HTML table.

The one drawing of a history summary for people: ``PlayerSummary._repr_html_`` (Jupyter) and
``badugi serve``'s ``/review`` page call ``summary_html``. Standard library only; inline styles,
``bf-`` classes the pages' style sheet also styles; every number is the summary's own, shown
as ``badugi import`` prints it (``summary.table``): shares to a tenth of a per cent, cards
drawn to two decimals.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Protocol

from ..hands.html import LANGUAGES


# What is drawn of a player's summary. ``PlayerSummary`` imports this module for its
# ``_repr_html_``, so it names its shape rather than importing it back.
class PlayerSummary(Protocol):
    name: str
    hands: int
    stood_pat: int
    snowed: int

    @property
    def net_text(self) -> str: ...
    @property
    def bb_per_100(self) -> float: ...
    @property
    def vpip(self) -> float: ...
    @property
    def pfr(self) -> float: ...
    @property
    def wtsd(self) -> float: ...
    @property
    def wsd(self) -> float: ...
    @property
    def drawn(self) -> list[float | None]: ...


# (data-stat, English heading, Korean heading)
COLUMNS = (
    ("player", "player", "플레이어"),
    ("hands", "hands", "판 수"),
    ("net", "net", "손익"),
    ("bb_per_100", "bb/100", "bb/100"),
    ("vpip", "VPIP", "VPIP"),
    ("pfr", "PFR", "PFR"),
    ("wtsd", "WTSD", "WTSD"),
    ("wsd", "W$SD", "W$SD"),
    ("drawn", "drawn 1/2/3", "드로우 1/2/3"),
    ("stood_pat", "stood pat", "패스"),
    ("snowed", "snowed", "스노우"),
)
TABLE_STYLE = "border-collapse:collapse;font:13px system-ui,sans-serif;margin:.4em 0"
CELL_STYLE = "padding:2px 8px;border-bottom:1px solid #ddd;text-align:right"
HERO_STYLE = "background:#fff4d6;font-weight:600"


def share(value: float) -> str:
    """A share as the summary's text table writes it: ``33.3%``."""
    return f"{100 * value:.1f}%"


def stat_texts(s: PlayerSummary) -> dict[str, str]:
    """Each column's text for one player, by its ``data-stat`` name."""
    return {
        "player": s.name,
        "hands": f"{s.hands:,}",
        "net": s.net_text,
        "bb_per_100": f"{s.bb_per_100:+.1f}",
        "vpip": share(s.vpip),
        "pfr": share(s.pfr),
        "wtsd": share(s.wtsd),
        "wsd": share(s.wsd),
        "drawn": "/".join("-" if d is None else f"{d:.2f}" for d in s.drawn),
        "stood_pat": str(s.stood_pat),
        "snowed": str(s.snowed),
    }


def summary_html(
    summaries: Sequence[PlayerSummary], hero: str | None = None, lang: str = "en"
) -> str:
    """The players' figures as a table, most hands first, a row each (``data-player``), a cell
    per figure (``data-stat``); ``hero``'s row marked (``bf-hero``)."""
    i = LANGUAGES.index(lang) if lang in LANGUAGES else 0
    head = "".join(
        f'<th style="{CELL_STYLE}" data-stat="{key}">{escape(words[i])}</th>'
        for key, *words in COLUMNS
    )
    rows = []
    for s in sorted(summaries, key=lambda s: (-s.hands, s.name)):
        texts = stat_texts(s)
        is_hero = s.name == hero
        style = f' style="{HERO_STYLE}"' if is_hero else ""
        cells = "".join(
            f'<td style="{CELL_STYLE}" data-stat="{key}">{escape(texts[key])}</td>'
            for key, *_ in COLUMNS
        )
        rows.append(
            f'<tr class="bf-player{" bf-hero" if is_hero else ""}"'
            f' data-player="{escape(s.name)}"{style}>{cells}</tr>'
        )
    return (
        f'<table class="bf-summary" style="{TABLE_STYLE}"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


__all__ = ["COLUMNS", "PlayerSummary", "share", "stat_texts", "summary_html"]
