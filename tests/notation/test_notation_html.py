"""A history summary drawn as HTML: every figure as ``badugi import`` prints it, the hero's row
marked, text escaped; ``PlayerSummary._repr_html_`` draws the same table."""

from __future__ import annotations

from pathlib import Path

from badugi_fast.notation.histories import read_histories, summarize
from badugi_fast.notation.histories.summary import table
from badugi_fast.notation.html import stat_texts, summary_html

FIXTURES = Path(__file__).parent / "histories" / "fixtures"


def test_each_figure_is_the_summarys_as_its_table_prints_it() -> None:
    figures = summarize(read_histories(FIXTURES / "merge.xml"))
    printed = table(figures).splitlines()[1:]
    drawn = summary_html(list(figures.values()), hero="Song")
    for line, s in zip(printed, sorted(figures.values(), key=lambda s: (-s.hands, s.name)),
                       strict=True):  # fmt: skip
        texts = stat_texts(s)
        for stat in ("vpip", "pfr", "wtsd", "wsd", "drawn", "net", "bb_per_100"):
            assert texts[stat] in line
            assert f'data-stat="{stat}">{texts[stat]}<' in drawn
    assert 'class="bf-player bf-hero" data-player="Song"' in drawn


def test_a_name_is_escaped_and_korean_headings_are_korean() -> None:
    figures = summarize(read_histories(FIXTURES / "merge.xml"))
    s = figures["Hero"]
    s.name = "<b>Hero</b>"
    drawn = summary_html([s], lang="ko")
    assert "<b>" not in drawn and "&lt;b&gt;Hero&lt;/b&gt;" in drawn
    assert "플레이어" in drawn and s._repr_html_() == summary_html([s])
