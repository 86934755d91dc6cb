"""The charts on a group's history pages, drawn on the server in the reader's language: wins by game on the history's
first page, a person's scores in each game on their page, everyone's scores on a game's page (each from stored rows,
companion.history.charts; each SVG with its own ids)."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext
from markupsafe import Markup

from companion.history import charts
from companion.history.bars import draw_bars
from companion.history.records import Person

from ..tables.charts import draw
from . import store
from .group_link import group


def wins(everyone: Sequence[Person]) -> tuple[Markup, ...]:
    """Each game's winners and their wins, as one bar chart (none before anyone has won)."""
    chart = charts.wins_by_game(store(), group().id, everyone, gettext("Wins by game"))
    if not chart.groups:
        return ()
    return (Markup(draw_bars(chart, charts.colours_of(everyone), "wins-chart")),)  # noqa: S704 - escaped text only


def person_scores(person: Person, everyone: Sequence[Person], day: charts.Day) -> tuple[Markup, ...]:
    """A person's scores over their latest plays, a chart per game, each play under its `day`."""
    found = charts.person_scores(
        store(), group().id, person, day, lambda game: gettext("%(game)s: scores, play by play", game=game)
    )
    colours = charts.colours_of(everyone)
    return tuple(
        Markup(draw(chart, colours, key=f"scores-chart-{n}"))  # noqa: S704 - escaped text only
        for n, chart in enumerate(found, 1)
    )


def game_scores(slug: str, everyone: Sequence[Person], day: charts.Day) -> tuple[Markup, ...]:
    """Everyone's scores over a game's latest plays, as one chart (none before a score counted), each play under its
    `day`."""
    title = gettext("Scores, play by play")
    chart = charts.game_scores(store(), group().id, slug, everyone, day, title)
    if not chart.labels:
        return ()
    return (Markup(draw(chart, charts.colours_of(everyone), key="scores-chart")),)  # noqa: S704 - escaped text only
