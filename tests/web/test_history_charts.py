"""A group's history charts: wins by game on the history's first page, a person's scores in each game on their page,
everyone's scores on a game's page. Each reads the stored rows (one bounded query, never a replay), each is a
well-formed SVG in the players' colours with its own ids, its numbers as text, small enough, and in the reader's
language."""

from __future__ import annotations

import gzip
import itertools
import re
import xml.etree.ElementTree as ET
from datetime import timedelta

import pytest
from sqlalchemy import event

from companion.colours import PALETTE
from companion.history import charts
from companion.history import plays as plays
from companion.history import queries as play_queries
from companion.history.bars import draw_bars
from companion.history.charts import Bar, BarChart, BarGroup
from companion.history.records import People
from companion.tables.charts import LEFT, Chart, Series, draw

from ..test_history import T0, home, keep, loaf_angry, nsp
from .test_history_pages import history_of

SVG = "{http://www.w3.org/2000/svg}"
CHART = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" class="chart".*?</svg>', re.S)
NOBODY = People({})
DAY = timedelta(days=1)


def day(moment):
    return moment.strftime("%d %b")


def three_nsp_plays(store):
    """Ana 32 then 48 then 8; Ben wins the second with 60, Cy plays the third; Ana wins the first and the third."""
    keep(
        store,
        (lambda: nsp({"Ana": (3, 2, 1), "Dee": (2, 2, 0)}), T0),
        (lambda: nsp({"ana": (4, 3, 0), "Ben": (5, 3, 0)}), T0 + DAY),
        (lambda: nsp({"ANA": (2, 1, 0), "Cy": (1, 1, 0)}), T0 + 2 * DAY),
    )


def everyone(store):
    return play_queries.everyone(store, home(store), NOBODY)


def values(chart: Chart) -> dict[str, tuple[int | None, ...]]:
    return {s.player: s.values for s in chart.series}


def counted_queries(store):
    executed: list[str] = []
    event.listen(store.engine, "before_cursor_execute", lambda *args: executed.append(args[2]))
    return executed


def test_wins_by_game_are_each_person_s_wins_read_from_the_stored_plays(store):
    three_nsp_plays(store)
    keep(store, (loaf_angry, T0 + 3 * DAY))
    found = everyone(store)
    stored = play_lookup_winners(store)
    group = home(store)
    executed = counted_queries(store)
    chart = charts.wins_by_game(store, group, found, "Wins by game")
    assert len(executed) == 1
    assert {g.label: {b.player: b.value for b in g.bars} for g in chart.groups} == stored
    (nsp_wins,) = [g for g in chart.groups if g.label == "Next Station Paris"]
    assert nsp_wins.bars == (Bar("ANA", 2), Bar("Ben", 1))  # the most wins first, a person by their latest spelling


def play_lookup_winners(store) -> dict[str, dict[str, int]]:
    """Each game's wins per person (as the history shows their name), counted from the stored plays themselves."""
    who = {p.key: p.name for p in everyone(store)}
    wins: dict[str, dict[str, int]] = {}
    for play in play_queries.page_of_plays(store, home(store), NOBODY).plays:
        for name in play.winners:
            game = wins.setdefault(play.game_name, {})
            shown = who[NOBODY.key(name)]
            game[shown] = game.get(shown, 0) + 1
    return wins


def test_a_person_s_scores_are_a_chart_per_game_oldest_first(store):
    three_nsp_plays(store)
    keep(store, (loaf_angry, T0 + 3 * DAY))
    ana = next(p for p in everyone(store) if p.key == "ana")
    group = home(store)
    executed = counted_queries(store)
    (only,) = charts.person_scores(store, group, ana, day, lambda game: f"{game}: scores")
    assert len(executed) == 1
    assert only.title == "Next Station Paris: scores"
    assert only.labels == ("01 Mar", "02 Mar", "03 Mar")
    assert values(only) == {"ANA": (32, 48, 8)}


def test_a_game_s_chart_has_everyone_s_scores_over_its_latest_plays_only(store, monkeypatch):
    three_nsp_plays(store)
    found = everyone(store)
    chart = charts.game_scores(store, home(store), "next-station-paris", found, day, "Scores")
    assert values(chart) == {
        "ANA": (32, 48, 8),
        "Ben": (None, 60, None),
        "Cy": (None, None, 4),
        "Dee": (16, None, None),
    }
    monkeypatch.setattr(charts, "GAME_LATEST", 2)
    group = home(store)
    executed = counted_queries(store)
    latest = charts.game_scores(store, group, "next-station-paris", found, day, "Scores")
    assert len(executed) == 1
    assert latest.labels == ("02 Mar", "03 Mar")
    assert values(latest) == {"ANA": (48, 8), "Ben": (60, None), "Cy": (None, 4)}


def test_a_deleted_play_is_in_no_chart(store):
    three_nsp_plays(store)
    last = play_queries.page_of_plays(store, home(store), NOBODY).plays[0]
    assert plays.delete_play(store, home(store), last.id)
    chart = charts.game_scores(store, home(store), "next-station-paris", everyone(store), day, "Scores")
    assert len(chart.labels) == 2 and "Cy" not in values(chart)
    wins = charts.wins_by_game(store, home(store), everyone(store), "Wins")
    assert [b.player for g in wins.groups for b in g.bars] == ["ana", "Ben"]  # now last spelled so


def page_charts(html: str) -> list[ET.Element]:
    return [ET.fromstring(svg) for svg in CHART.findall(html)]


def no_id_twice(html: str) -> None:
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]


@pytest.mark.parametrize(
    ("path", "titles"),
    [
        ("", ["Wins by game"]),
        ("/players/Ben", ["L'oaf: scores, play by play", "Next Station Paris: scores, play by play"]),
        ("/games/next-station-paris", ["Scores, play by play"]),
    ],
)
def test_each_history_page_draws_its_charts_well_formed_with_ids_of_their_own(client, app, path, titles):
    store = app.extensions["store"]
    three_nsp_plays(store)
    keep(store, (loaf_won_by_ben, T0 + 3 * DAY))
    html = client.get(history_of(app) + path).get_data(as_text=True)
    drawn = page_charts(html)
    assert [t.find(f"{SVG}title").text for t in drawn] == titles
    no_id_twice(html)
    for tree, svg in zip(drawn, CHART.findall(html), strict=True):
        title, desc = tree.find(f"{SVG}title"), tree.find(f"{SVG}desc")
        assert tree.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
        assert tree.get("fill") == "currentColor" and desc.text
        assert len(gzip.compress(svg.encode())) < 20_000


def loaf_won_by_ben():
    """L'oaf's Angry Boss game with Bob called Ben: Ben wins it (and played Next Station Paris)."""
    game, setup, entries = loaf_angry()
    return game, renamed(setup), [(kind, renamed(payload), version) for kind, payload, version in entries]


def renamed(value):
    if isinstance(value, dict):
        return {renamed(k): renamed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v) for v in value]
    return "Ben" if value == "Bob" else value


def test_the_wins_chart_gives_every_number_as_text_in_each_person_s_colour(client, app):
    store = app.extensions["store"]
    three_nsp_plays(store)
    (tree,) = page_charts(client.get(history_of(app)).get_data(as_text=True))
    assert tree.find(f"{SVG}desc").text == "Next Station Paris: ANA 2, Ben 1"
    bars = [r.get("fill") for r in tree.iter(f"{SVG}rect")]
    assert bars == [PALETTE[0].hex, PALETTE[1].hex]  # Ana plays most, then Ben (then by name)
    texts = [t.text for t in tree.iter(f"{SVG}text")]
    assert texts[1:] == ["Next Station Paris", "ANA", "2", "Ben", "1"]


def test_the_game_page_chart_colours_each_person_as_the_history_lists_them(client, app):
    store = app.extensions["store"]
    three_nsp_plays(store)
    (tree,) = page_charts(client.get(history_of(app) + "/games/next-station-paris").get_data(as_text=True))
    lines = [p.get("stroke") for p in tree.iter(f"{SVG}polyline") if p.get("stroke") != "currentColor"]
    dots = [c.get("fill") for c in tree.iter(f"{SVG}circle")]
    assert lines == [PALETTE[0].hex]  # Ana's line; Ben, Cy and Dee each played once: a dot each, no line
    assert dots == [PALETTE[0].hex] * 3 + [PALETTE[n].hex for n in (1, 2, 3)]  # a dot for every score
    assert tree.find(f"{SVG}desc").text.startswith("01 Mar: ANA 32, Dee 16; 02 Mar: ANA 48, Ben 60")


def test_a_group_without_plays_has_no_chart(client, app):
    html = client.get(history_of(app)).get_data(as_text=True)
    assert not CHART.findall(html)
    assert not CHART.findall(client.get(history_of(app) + "/games/koala").get_data(as_text=True))


@pytest.mark.parametrize(
    ("language", "title", "scores"),
    [
        ("de", "Siege nach Spiel", "Punkte, Partie für Partie"),
        ("fr", "Victoires par jeu", "Scores, partie après partie"),
        ("nl", "Overwinningen per spel", "Scores, potje na potje"),
    ],
)
def test_the_charts_speak_the_reader_s_language(client, app, language, title, scores):
    store = app.extensions["store"]
    three_nsp_plays(store)
    headers = {"Accept-Language": language}
    (wins,) = page_charts(client.get(history_of(app), headers=headers).get_data(as_text=True))
    game_page = client.get(history_of(app) + "/games/next-station-paris", headers=headers)
    (game,) = page_charts(game_page.get_data(as_text=True))
    assert wins.find(f"{SVG}title").text == title
    assert game.find(f"{SVG}title").text == scores
    assert "Mar" not in game.find(f"{SVG}desc").text or language == "en"


LONG = ["Ænéas Ólafsdóttir-Grünewald", "Zoë Çelik-Łukasiewicz", "François-Xavier Dubœuf", "Ågot Søndergård-Øvrebø"]
LONG += ["Íñigo Núñez de Arce y Muñoz", "Dagrún Þórhallsdóttir"]


def test_six_long_accented_names_and_fifty_plays_stay_within_the_budget_and_one_legend_column():
    chart = Chart("Scores", tuple(f"{n} Mar" for n in range(50)), tuple(Series(p, tuple(range(50))) for p in LONG))
    svg = draw(chart, {}, key="scores-chart")
    tree = ET.fromstring(svg)
    legend = [t for t in tree.iter(f"{SVG}text") if t.text in LONG]
    assert {t.get("x") for t in legend} == {str(LEFT + 20)}  # one a row: a long name never runs into the next
    assert len(gzip.compress(svg.encode())) < 20_000
    axis = [t for t in tree.iter(f"{SVG}text") if t.text and t.text.endswith("Mar")]
    assert 2 <= len(axis) <= 8  # the days that fit under the axis; every one is in the description
    bars = BarChart("Wins", tuple(BarGroup(f"Game {g}", tuple(Bar(p, 50 - g) for p in LONG)) for g in range(6)))
    drawn = draw_bars(bars, {}, "wins-chart")
    ET.fromstring(drawn)
    assert len(gzip.compress(drawn.encode())) < 20_000


def test_a_game_s_bars_stop_at_its_ten_winners_with_the_most_wins(store):
    names = [f"P{n:02d}" for n in range(12)]  # each wins once against the next; P00 wins again at the end
    pairs = [*itertools.pairwise(names), ("P00", "P11")]
    keep(store, *[(lambda a=a, b=b: nsp({a: (5, 4, 2), b: (1, 1, 0)}), T0 + n * DAY) for n, (a, b) in enumerate(pairs)])
    (game,) = charts.wins_by_game(store, home(store), everyone(store), "Wins").groups
    assert game.bars[0] == Bar("P00", 2) and len(game.bars) == charts.MOST_BARS
    assert [bar.player for bar in game.bars[1:]] == names[1:10]  # one win each: by name
