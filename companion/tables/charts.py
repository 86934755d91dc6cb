"""A table's charts of how its game went round by round: the game gives plain data (a title, a label per round, each
player's value after each round), each drawn here as an SVG line chart the page and the result sheet both show.

Axes and text are drawn in currentColor, so the chart reads in the page's dark scheme as in print; each player's
line is their colour over a faint currentColor edge (white and black lines stay visible on either background). The
title and every value are also text for screen readers (<title> and <desc>), their ids the chart's own `key`, so
several charts share a page."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from companion.colours import PALETTE, Colour

WIDTH, HEIGHT = 340, 200
LEFT, RIGHT, TOP, BOTTOM = 30, 10, 34, 24
LEGEND_ROW = 18


@dataclass(frozen=True)
class Series:
    """One player's values, a value per label (None where the player has none yet)."""

    player: str
    values: tuple[int | None, ...]


@dataclass(frozen=True)
class Chart:
    title: str  # a Text, said in the reader's language
    labels: tuple[str, ...]  # one per round, in order (Texts too)
    series: tuple[Series, ...]


def no_chart(state: Any) -> tuple[Chart, ...]:
    """A game without rounds: no chart."""
    return ()


def _ticks(low: int, high: int) -> list[int]:
    step = max(1, -(-(high - low) // 4))
    first = low - low % step
    return list(range(first, high + step, step))


Say = Callable[[str], str]  # a Text in the reader's language (companion.words.say, which lives above this layer)


def _shown_labels(labels: Sequence[str], width: int) -> set[int]:
    """The labels under the axis that fit side by side (every other, every third... when they crowd), the last
    always; every value stays in the description."""
    widest = max((len(label) for label in labels), default=1)
    room = max(1, width // (widest * 7 + 8))
    every = -(-len(labels) // room)
    return {i for i in range(len(labels)) if i % every == 0} | {len(labels) - 1}


def draw(chart: Chart, colours: Mapping[str, Colour], saying: Say = str, key: str = "chart") -> str:
    """The chart as an inline SVG element, its words as `saying` says them; `key` names its title and description
    (ids `key-title`, `key-desc`), so give each chart on a page its own."""

    def say(text: str) -> str:
        return escape(str(saying(text)))

    values = [v for s in chart.series for v in s.values if v is not None]
    ticks = _ticks(min([0, *values]), max([0, *values]))
    low, high = ticks[0], ticks[-1]
    legend_rows = -(-len(chart.series) // 2)
    height = HEIGHT + legend_rows * LEGEND_ROW
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = len(chart.labels)

    def x(i: int) -> float:
        return round(LEFT + (plot_w * i / (count - 1) if count > 1 else plot_w / 2), 1)

    def y(v: int) -> float:
        return round(TOP + plot_h * (high - v) / (high - low or 1), 1)

    title = say(chart.title)
    described = "; ".join(
        f"{say(label)}: "
        + ", ".join(f"{escape(s.player)} {s.values[i]}" for s in chart.series if s.values[i] is not None)
        for i, label in enumerate(chart.labels)
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-labelledby="{key}-title {key}-desc" font-size="12" fill="currentColor">',
        f'<title id="{key}-title">{title}</title><desc id="{key}-desc">{described}</desc>',
        f'<text x="0" y="14" font-size="15" font-weight="bold" aria-hidden="true">{title}</text>',
        '<g stroke="currentColor" stroke-opacity="0.25" stroke-width="1">',
    ]
    parts += [f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(t)}" y2="{y(t)}"/>' for t in ticks]
    parts.append('</g><g text-anchor="end">')
    parts += [f'<text x="{LEFT - 4}" y="{y(t) + 4}">{t}</text>' for t in ticks]
    parts.append('</g><g text-anchor="middle">')
    labels = [say(label) for label in chart.labels]
    shown = _shown_labels(labels, plot_w)
    parts += [f'<text x="{x(i)}" y="{HEIGHT - 6}">{label}</text>' for i, label in enumerate(labels) if i in shown]
    parts.append('</g><g fill="none" stroke-linejoin="round" stroke-linecap="round">')
    for n, series in enumerate(chart.series):
        colour = colours.get(series.player, PALETTE[n % len(PALETTE)]).hex
        points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(series.values) if v is not None)
        if not points:
            continue
        parts.append(f'<polyline points="{points}" stroke="currentColor" stroke-opacity="0.35" stroke-width="4.5"/>')
        parts.append(f'<polyline points="{points}" stroke="{colour}" stroke-width="2.5"/>')
        if " " not in points:  # a single value draws no line: a dot shows it
            cx, cy = points.split(",")
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="4" fill="{colour}" stroke="currentColor"/>')
    parts.append("</g>")
    for n, series in enumerate(chart.series):
        colour = colours.get(series.player, PALETTE[n % len(PALETTE)]).hex
        left, top = LEFT + (n % 2) * plot_w // 2, HEIGHT + (n // 2) * LEGEND_ROW
        parts.append(
            f'<rect x="{left}" y="{top + 2}" width="14" height="10" fill="{colour}" stroke="currentColor" '
            f'stroke-opacity="0.5"/><text x="{left + 20}" y="{top + 11}">{escape(series.player)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def drawn(charts: Sequence[Chart], colours: Mapping[str, Colour], saying: Say = str) -> tuple[str, ...]:
    """The charts drawn (ids `chart-1-title`, `chart-2-title`...), leaving out any with nothing to show yet (no
    round played); none for a game without rounds."""
    shown = [chart for chart in charts if chart.labels and chart.series]
    return tuple(draw(chart, colours, saying, f"chart-{n}") for n, chart in enumerate(shown, 1))


def rounds_of(count: int) -> tuple[str, ...]:
    """The labels of `count` rounds ("1", "2"...): the chart's title says what they count."""
    return tuple(str(n) for n in range(1, count + 1))
