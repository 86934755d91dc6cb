"""A table's chart of how its game went round by round: each game's data from its replayed table, drawn as one
well-formed SVG (players' colours, text in currentColor, every value as text) that the page and the result sheet
both show, small enough to send; games without rounds draw none."""

from __future__ import annotations

import gzip
import itertools
import re
import xml.etree.ElementTree as ET

import pytest

from companion import words
from companion.colours import PALETTE
from companion.games import msg
from companion.history import plays
from companion.printing import ResultSheet
from companion.specs import table_rules
from companion.tables.charts import LABEL_CHAR, LEFT, TITLE_CHARS, Chart, Series, draw, drawn
from companion.tables.replay import replay

from ..test_history import GAMES as FINISHED
from ..test_history import T0, home, loaf_angry, log, nsp
from .pages import post_entry
from .test_orleans_rounds_page import JO, begin, ready
from .test_orleans_table import holdings

SVG = "{http://www.w3.org/2000/svg}"
CHART = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" class="chart".*?</svg>', re.S)


def state_of(builder):
    game, setup, entries = builder()
    return table_rules()[game].chart(replay(table_rules()[game], setup, log(entries)).state)


def only(charts: tuple[Chart, ...]) -> Chart:
    (chart,) = charts
    return chart


def values(chart: Chart) -> dict[str, tuple[int | None, ...]]:
    return {s.player: s.values for s in chart.series}


def test_loaf_charts_each_player_s_reputation_after_each_round_as_the_engine_moved_it():
    game, setup, entries = loaf_angry()
    rules = table_rules()[game]
    table = replay(rules, setup, log(entries)).state
    chart = only(rules.chart(table))
    assert chart.labels == ("1", "2", "3", "4", "5")
    assert values(chart)["Ann"][-1] == table.game.player("Ann").reputation < 0
    for i, played in enumerate(table.played):
        moved = dict(table.moved(played))
        before = table.game_at(i)
        assert {p: values(chart)[p][i] for p in setup["players"]} == {
            p: before.player(p).reputation + moved.get(p, 0) for p in setup["players"]
        }


def test_next_station_paris_charts_line_points_added_up_round_by_round():
    chart = only(state_of(lambda: nsp({"Ana": (3, 2, 1), "Cy": (2, 2, 0)})))
    assert chart.labels == ("1", "2", "3", "4")
    assert values(chart) == {"Ana": (8, 16, 24, 32), "Cy": (4, 8, 12, 16)}  # 3 × 2 + 2 × 1 a round, 2 × 2


def test_orleans_charts_each_player_s_coins_as_each_round_began(client, app):
    table = ready(client)
    html = client.get(table).get_data(as_text=True)
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="chart"' not in html  # no round yet
    assert begin(client, table, "harvest", "B", (3, 1, 0)).status_code == 303
    row = app.extensions["store"].by_token(table.rsplit("/", 1)[-1])
    rules = table_rules()["orleans"]
    state = replay(rules, row.setup, app.extensions["store"].entries(row.id)).state
    coins, _ = rules.chart(state)
    assert values(coins) == {"Jo": (3,), "Kim": (0,), "Lou": (5,)}
    svg = chart_in(client.get(table).get_data(as_text=True))
    assert "1: Jo 3, Kim 0, Lou 5" in svg.find(f"{SVG}desc").text


def test_orleans_charts_each_player_s_development_track_space_beside_their_coins(client, app):
    table = ready(client)
    begin(client, table, "income", "A")
    assert post_entry(client, table, "event", event="income", phase="A").status_code == 303
    assert holdings(client, table, "Jo", **(JO | {"development_position": 16})).status_code == 303
    assert begin(client, table, "harvest", "A").status_code == 303
    store = app.extensions["store"]
    row = store.by_token(table.rsplit("/", 1)[-1])
    state = replay(table_rules()["orleans"], row.setup, store.entries(row.id)).state
    coins, development = table_rules()["orleans"].chart(state)
    assert values(development) == {"Jo": (14, 16), "Kim": (3, 3), "Lou": (8, 8)}  # as typed before each round
    assert [r.before["Jo"].development_position for r in state.rounds] == [14, 16]
    assert coins.labels == development.labels == ("1", "2")
    html = client.get(table).get_data(as_text=True)
    drawn_on_page = [ET.fromstring(svg) for svg in CHART.findall(html)]
    assert [t.find(f"{SVG}title").text for t in drawn_on_page] == [
        "Coins as each round began",
        "Development track space as each round began",
    ]
    assert drawn_on_page[1].find(f"{SVG}desc").text == "1: Jo 14, Kim 3, Lou 8; 2: Jo 16, Kim 3, Lou 8"
    sheet = sheet_of(app, row)
    assert all(svg in sheet for svg in CHART.findall(html))  # the result sheet prints both


def test_a_page_with_two_charts_has_no_id_twice_and_each_chart_names_its_own_words(client):
    table = ready(client)
    assert begin(client, table, "harvest", "B", (3, 1, 0)).status_code == 303
    html = client.get(table).get_data(as_text=True)
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    for tree in (ET.fromstring(svg) for svg in CHART.findall(html)):
        title, desc = tree.find(f"{SVG}title"), tree.find(f"{SVG}desc")
        assert tree.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert len(CHART.findall(html)) == 2


@pytest.mark.parametrize("game", ["oz", "koala", "lfg"])
def test_a_game_without_rounds_draws_no_chart(app, client, game):
    assert state_of(FINISHED[game]) == ()
    row = restored(app, FINISHED[game])
    assert 'class="chart"' not in page_of(client, row)
    assert 'class="chart"' not in sheet_of(app, row)


def restored(app, builder):
    store = app.extensions["store"]
    game, setup, entries = builder()
    (row,) = plays.restore(store, home(store), [(game, setup, T0, log(entries, T0))])
    return row


def page_of(client, row) -> str:
    return client.get(f"/v/{row.viewer_token}").get_data(as_text=True)


def chart_in(html: str) -> ET.Element:
    found = re.search(r'<svg xmlns="http://www.w3.org/2000/svg" class="chart".*?</svg>', html, re.S)
    assert found, "no chart"
    return ET.fromstring(found.group(0))


def test_the_page_and_the_result_sheet_show_the_same_well_formed_chart(app, client):
    row = restored(app, loaf_angry)
    html = page_of(client, row)
    svg = re.search(r'<svg xmlns="http://www.w3.org/2000/svg" class="chart".*?</svg>', html, re.S).group(0)
    tree = ET.fromstring(svg)
    assert tree.find(f"{SVG}title").text == "Reputation after each round"
    desc = tree.find(f"{SVG}desc").text
    assert desc.startswith("1: Ann ") and "; 5: Ann " in desc
    assert len(gzip.compress(svg.encode())) < 20_000 and len(gzip.compress(html.encode())) < 50_000
    assert svg in sheet_of(app, row)  # the sheet the results.pdf route prints carries the very same SVG


def test_each_line_is_its_player_s_colour_and_every_word_and_axis_follows_the_page_s_colour(app, client):
    row = restored(app, loaf_angry)
    tree = chart_in(page_of(client, row))
    assert tree.get("fill") == "currentColor"
    lines = [line.get("stroke") for line in tree.iter(f"{SVG}polyline")]
    assert lines == ["currentColor", PALETTE[0].hex, "currentColor", PALETTE[1].hex]  # Ann orange, Bob sky blue
    texts = list(tree.iter(f"{SVG}text"))
    assert texts and all(t.get("fill") is None and t.get("style") is None for t in texts)
    assert [t.text for t in texts][-2:] == ["Ann", "Bob"]  # the legend
    assert all(g.get("stroke") in (None, "currentColor") for g in tree.iter(f"{SVG}g"))


def test_a_long_game_s_chart_stays_far_within_its_size_budget():
    names = [f"Player {n}" for n in range(1, 6)]
    chart = Chart("Coins", tuple(str(n) for n in range(1, 19)), tuple(Series(p, tuple(range(18))) for p in names))
    svg = draw(chart, {})
    ET.fromstring(svg)
    assert len(gzip.compress(svg.encode())) < 20_000
    assert drawn((), {}) == () and drawn((Chart("Coins", (), ()),), {}) == ()


def test_the_chart_s_title_is_said_in_the_reader_s_language():
    chart = Chart(msg("Reputation after each round"), ("1",), (Series("Ann", (2,)),))
    titles = {
        lang: ET.fromstring(draw(chart, {}, lambda text, lang=lang: words.say(text, lang, "loaf")))
        .find(f"{SVG}title")
        .text
        for lang in ("de", "fr", "nl")
    }
    assert len(set(titles.values())) == 3 and "Reputation after each round" not in titles.values()


def sheet_of(app, row) -> str:
    captured = {}
    original = ResultSheet.job

    def job(self):
        made = original(self)
        captured["html"] = made.html
        return made

    ResultSheet.job = job
    try:
        with app.test_client() as client:
            assert client.get(f"/v/{row.viewer_token}/results.pdf").status_code == 200
    finally:
        ResultSheet.job = original
    return captured["html"]


def test_a_long_title_wraps_onto_lines_that_fit_and_the_chart_grows_to_hold_them():
    title = "Feld auf der Entwicklungsleiste zu Beginn jeder Runde"
    short, long = (ET.fromstring(draw(Chart(t, ("1", "2"), (Series("Ann", (1, 2)),)), {})) for t in ("Coins", title))
    drawn_title = [t.text for t in long.iter(f"{SVG}text") if t.get("font-size") == "15"]
    assert " ".join(drawn_title) == title and len(drawn_title) == 2
    assert all(len(line) <= TITLE_CHARS for line in drawn_title)
    assert long.find(f"{SVG}title").text == title
    assert float(long.get("viewBox").split()[3]) == float(short.get("viewBox").split()[3]) + 18


def test_a_line_breaks_where_a_player_has_no_value_and_a_value_alone_is_a_dot():
    chart = Chart("Scores", tuple(str(n) for n in range(1, 31)), (Series("Ann", (1, 2, None, 4, *([None] * 26))),))
    tree = ET.fromstring(draw(chart, {}))
    coloured = [p.get("points") for p in tree.iter(f"{SVG}polyline") if p.get("stroke") != "currentColor"]
    assert len(coloured) == 1 and len(coloured[0].split()) == 2  # 1 and 2 joined; 4 stands alone
    assert len(list(tree.iter(f"{SVG}circle"))) == 1  # past 25 labels only a value alone is a dot


def test_the_labels_under_the_axis_thin_out_evenly_from_the_first_to_the_last():
    days = tuple(f"{n:02d} Mar" for n in range(1, 31))
    tree = ET.fromstring(draw(Chart("Scores", days, (Series("Ann", tuple(range(30))),)), {}))
    shown = [t for t in tree.iter(f"{SVG}text") if t.text in days]
    assert shown[0].text == "01 Mar" and shown[-1].text == "30 Mar" and 3 <= len(shown) < 30
    assert shown[-1].get("text-anchor") == "end"  # kept inside the chart's edge
    xs = [float(t.get("x")) for t in shown]
    assert min(b - a for a, b in itertools.pairwise(xs)) >= 6 * LABEL_CHAR + 10  # room for each label
    rounds = tuple(str(n) for n in range(1, 11))
    tree = ET.fromstring(draw(Chart("Coins", rounds, (Series("Ann", (1,) * 10),)), {}))
    assert [t.text for t in tree.iter(f"{SVG}text") if t.text in rounds and t.get("x") != str(LEFT - 4)] == list(rounds)
