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
LEFT, RIGHT, TOP, BOTTOM = 32, 10, 34, 24
LEGEND_ROW = 20
LEGEND_SHARED = 16  # the longest name two legend entries fit side by side with
TITLE_CHARS, TITLE_LINE = 32, 18  # what a line of the title holds at its size, and how far apart its lines are
LABEL_CHAR = 8  # how wide a character under the axis is, about
DOTTED = 25  # up to this many labels, every value is a dot on its line as well
CLOSING = "</g></svg>"


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


def _shown_labels(labels: Sequence[str], width: int) -> list[int]:
    """The labels under the axis that fit side by side, spread evenly from the first to the last when not all do;
    every value stays in the description."""
    room = max((len(label) for label in labels), default=1) * LABEL_CHAR + 10
    fits = max(2, (width - room) // room + 1)  # the last label is drawn ending at the edge: a whole room of its own
    if len(labels) <= fits:
        return list(range(len(labels)))
    return sorted({round(i * (len(labels) - 1) / (fits - 1)) for i in range(fits)})


def title_lines(title: str) -> list[str]:
    """The title in lines that fit the chart's width, words kept whole."""
    lines: list[str] = []
    for word in title.split():
        if lines and len(lines[-1]) + 1 + len(word) <= TITLE_CHARS:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def opening(key: str, title: str, described: str, height: int) -> str:
    """A chart's SVG element opened with its title and description (ids `key-title`, `key-desc`), the title drawn
    at the top in as many lines as it takes, and the group the rest is drawn in, below it (closed by CLOSING);
    `described` is escaped already, `title` not yet."""
    lines = title_lines(title)
    below = (len(lines) - 1) * TITLE_LINE
    drawn = "".join(
        f'<text x="0" y="{14 + n * TITLE_LINE}" font-size="15" font-weight="bold" aria-hidden="true">{escape(line)}'
        "</text>"
        for n, line in enumerate(lines)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {height + below}" role="img" '
        f'aria-labelledby="{key}-title {key}-desc" font-size="13" fill="currentColor">'
        f'<title id="{key}-title">{escape(title)}</title><desc id="{key}-desc">{described}</desc>{drawn}'
        f'<g transform="translate(0 {below})">'
    )


def colour_of(colours: Mapping[str, Colour], player: str, n: int) -> str:
    """A player's colour: their own, else the palette's `n`th."""
    return colours.get(player, PALETTE[n % len(PALETTE)]).hex


def _legend(players: Sequence[str], colours: Mapping[str, Colour]) -> tuple[int, list[str]]:
    """The legend under the plot (its height, its parts): two names a row, or one when a name is too long to share."""
    per_row = 2 if all(len(name) <= LEGEND_SHARED for name in players) else 1
    column = (WIDTH - LEFT - RIGHT) // per_row
    parts = []
    for n, player in enumerate(players):
        left, top = LEFT + (n % per_row) * column, HEIGHT + (n // per_row) * LEGEND_ROW
        parts.append(
            f'<rect x="{left}" y="{top + 3}" width="14" height="11" fill="{colour_of(colours, player, n)}" '
            f'stroke="currentColor" stroke-opacity="0.5"/><text x="{left + 20}" y="{top + 13}">{escape(player)}</text>'
        )
    return -(-len(players) // per_row) * LEGEND_ROW, parts


Point = tuple[float, float] | None  # where a value is drawn; None where the player has none


def _runs(points: Sequence[Point]) -> list[list[tuple[float, float]]]:
    """The points in runs without a gap."""
    runs: list[list[tuple[float, float]]] = [[]]
    for point in points:
        if point is None:
            runs.append([])
        else:
            runs[-1].append(point)
    return [run for run in runs if run]


def _line(points: Sequence[Point], colour: str, dotted: bool) -> str:
    """A player's line over a faint currentColor edge, broken where they have no value; a value alone between
    gaps (and every value, when `dotted`) is also a dot."""
    runs = _runs(points)
    parts = []
    for run in (run for run in runs if len(run) > 1):
        joined = " ".join(f"{px},{py}" for px, py in run)
        parts.append(f'<polyline points="{joined}" stroke="currentColor" stroke-opacity="0.35" stroke-width="4.5"/>')
        parts.append(f'<polyline points="{joined}" stroke="{colour}" stroke-width="2.5"/>')
    dots = [point for run in runs for point in run] if dotted else [run[0] for run in runs if len(run) == 1]
    parts += [f'<circle cx="{cx}" cy="{cy}" r="3" fill="{colour}" stroke="currentColor"/>' for cx, cy in dots]
    return "".join(parts)


def draw(chart: Chart, colours: Mapping[str, Colour], saying: Say = str, key: str = "chart") -> str:
    """The chart as an inline SVG element, its words as `saying` says them; `key` names its title and description
    (ids `key-title`, `key-desc`), so give each chart on a page its own."""

    def say(text: str) -> str:
        return escape(str(saying(text)))

    values = [v for s in chart.series for v in s.values if v is not None]
    ticks = _ticks(min([0, *values]), max([0, *values]))
    low, high = ticks[0], ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = len(chart.labels)

    def x(i: int) -> float:
        return round(LEFT + (plot_w * i / (count - 1) if count > 1 else plot_w / 2), 1)

    def y(v: int) -> float:
        return round(TOP + plot_h * (high - v) / (high - low or 1), 1)

    labels = [say(label) for label in chart.labels]
    described = "; ".join(
        f"{label}: " + ", ".join(f"{escape(s.player)} {s.values[i]}" for s in chart.series if s.values[i] is not None)
        for i, label in enumerate(labels)
    )
    legend_height, legend = _legend([s.player for s in chart.series], colours)
    parts = [
        opening(key, str(saying(chart.title)), described, HEIGHT + legend_height),
        '<g stroke="currentColor" stroke-opacity="0.25" stroke-width="1">',
    ]
    parts += [f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(t)}" y2="{y(t)}"/>' for t in ticks]
    parts.append('</g><g text-anchor="end">')
    parts += [f'<text x="{LEFT - 4}" y="{y(t) + 4}">{t}</text>' for t in ticks]
    parts.append('</g><g text-anchor="middle">')
    for i in _shown_labels(labels, plot_w):
        last = count > 1 and i == count - 1 and len(labels[i]) * LABEL_CHAR / 2 > RIGHT  # kept inside the edge
        anchor = ' text-anchor="end"' if last else ""
        parts.append(f'<text x="{x(i)}" y="{HEIGHT - 6}"{anchor}>{labels[i]}</text>')
    parts.append('</g><g fill="none" stroke-linejoin="round" stroke-linecap="round">')
    for n, series in enumerate(chart.series):
        points = [None if v is None else (x(i), y(v)) for i, v in enumerate(series.values)]
        parts.append(_line(points, colour_of(colours, series.player, n), count <= DOTTED))
    parts += ["</g>", *legend, CLOSING]
    return "".join(parts)


def drawn(charts: Sequence[Chart], colours: Mapping[str, Colour], saying: Say = str) -> tuple[str, ...]:
    """The charts drawn (ids `chart-1-title`, `chart-2-title`...), leaving out any with nothing to show yet (no
    round played); none for a game without rounds."""
    shown = [chart for chart in charts if chart.labels and chart.series]
    return tuple(draw(chart, colours, saying, f"chart-{n}") for n, chart in enumerate(shown, 1))


def rounds_of(count: int) -> tuple[str, ...]:
    """The labels of `count` rounds ("1", "2"...): the chart's title says what they count."""
    return tuple(str(n) for n in range(1, count + 1))
