"""A bar chart of the group's history drawn as an inline SVG, in the table charts' style (companion.tables.charts):
text and edges in currentColor so it reads in the dark scheme, each bar its player's colour over a faint edge, the
title and every number also text for screen readers (<title> and <desc>).

Bars run across, each player's name above their bar and the number at its end, so long names keep the whole width
of a phone."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from companion.colours import Colour
from companion.history.charts import BarChart
from companion.tables.charts import CLOSING, WIDTH, colour_of, opening

TITLE_ROW, GROUP_ROW, BAR_ROW = 26, 24, 38
BAR_HEIGHT, VALUE_ROOM = 12, 34


def described(chart: BarChart) -> str:
    """Every bar as words, a game at a time: "<game>: Ann 3, Bob 1; <another game>: Cy 2"."""
    return "; ".join(
        f"{escape(group.label)}: " + ", ".join(f"{escape(bar.player)} {bar.value}" for bar in group.bars)
        for group in chart.groups
    )


def draw_bars(chart: BarChart, colours: Mapping[str, Colour], key: str) -> str:
    """The chart as an inline SVG element; `key` names its title and description (ids `key-title`, `key-desc`)."""
    rows = sum(len(group.bars) for group in chart.groups)
    height = TITLE_ROW + GROUP_ROW * len(chart.groups) + BAR_ROW * rows + 4
    most = max((bar.value for group in chart.groups for bar in group.bars), default=1) or 1
    parts = [opening(key, chart.title, described(chart), height)]
    order = {bar.player: n for n, bar in enumerate(b for g in chart.groups for b in g.bars)}
    top = TITLE_ROW
    for group in chart.groups:
        parts.append(f'<text x="0" y="{top + 17}" font-size="14" font-weight="bold">{escape(group.label)}</text>')
        top += GROUP_ROW
        for bar in group.bars:
            colour = colour_of(colours, bar.player, order[bar.player])
            parts.append(_bar(bar.player, bar.value, colour, top, bar.value / most))
            top += BAR_ROW
    parts.append(CLOSING)
    return "".join(parts)


def _bar(player: str, value: int, colour: str, top: int, share: float) -> str:
    """One row: the name, then the bar (at least a sliver) and its number at its end."""
    length = max(3.0, round((WIDTH - VALUE_ROOM) * share, 1))
    return (
        f'<text x="0" y="{top + 14}" font-size="14">{escape(player)}</text>'
        f'<rect x="1" y="{top + 19}" width="{length}" height="{BAR_HEIGHT}" fill="{colour}" stroke="currentColor" '
        f'stroke-opacity="0.5"/><text x="{length + 6}" y="{top + 30}" font-size="14" font-weight="bold">{value}</text>'
    )
