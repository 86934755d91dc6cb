"""Printables: score pads for every game, a table's result sheet, the cache and its ETags, the locked fetcher."""

from __future__ import annotations

import io
import re
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import urlencode

import pypdf
import pytest

from companion.games.koala import engine as koala
from companion.games.lfg import engine as lfg
from companion.games.loaf.engine.effects import MAX_REPUTATION, MIN_REPUTATION
from companion.games.next_station_paris import engine as next_station_paris
from companion.games.orleans import engine as orleans
from companion.games.orleans.engine import rounds as orleans_rounds
from companion.games.orleans.engine import torture as orleans_torture
from companion.games.orleans.spec import TORTURE_ITEMS
from companion.games.oz import engine as oz
from companion.printing import PRINTABLES, STATIC, LockedFetcher, render_pdf
from companion.printing.cache import PdfCache
from companion.printing.pool import RenderPool
from companion.specs import GAMES, SPECS, table_rules

from .pages import enter_line, post_entry, start

A4 = (595.3, 841.9)
LETTER = (612.0, 792.0)
NAMES = ["Zoë Ångström", '<img src="http://127.0.0.1:9/x.png">', "file:///etc/passwd", "Łukasz & Ñandú"]


def pdf_pages(data: bytes) -> list[pypdf.PageObject]:
    assert data.startswith(b"%PDF-")
    return list(pypdf.PdfReader(io.BytesIO(data)).pages)


def text_of(page: pypdf.PageObject) -> str:
    """The page's text with runs of whitespace made single spaces (a long name wraps in a narrow column)."""
    return re.sub(r"\s+", " ", page.extract_text())


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def size_of(page: pypdf.PageObject) -> tuple[float, float]:
    return float(page.mediabox.width), float(page.mediabox.height)


def same_size(actual: tuple[float, float], expected: tuple[float, float]) -> bool:
    return all(abs(a - e) < 1 for a, e in zip(actual, expected, strict=True))


def signed(value: int) -> str:
    return "0" if value == 0 else (f"−{-value}" if value < 0 else f"+{value}")


ROWS = {
    "loaf": [
        "Order",
        "Played",
        "Review card",
        "Cards left",
        "Reputation > 0",
        "Bonus points",
        "Minus points",
        "Fired?",
        "Total",
        "Happy",
        "Angry",
        *(signed(v) for v in range(MIN_REPUTATION, MAX_REPUTATION + 1)),
    ],
    "oz": [
        *(oz.display(c) for c in oz.CHARACTERS),
        "Cards in hand",
        *(f"Story {i}" for i in range(1, oz.MAX_STORIES + 1)),
        *(t.title for t in oz.STORY_TYPES),
        "Total",
    ],
    "orleans": [
        "Coins × 1",
        *(f"{g.capitalize()} × {orleans.GOOD_POINTS[g]}" for g in orleans.GOODS),
        "Trading stations",
        "Citizens",
        "Development level",
        "(Stations + citizens) × level",
        "Total",
        "Events",
        "Torture",
        *(TORTURE_ITEMS[item] for item in orleans_torture.ITEMS),
        "Harvest: " + " / ".join(map(str, orleans.PHASED_AMOUNTS["harvest"].values())) + " food",
    ],
    "next-station-paris": [
        *(f"{r} ·" for r in range(1, next_station_paris.ROUNDS + 1)),
        *(f"Interchanges, {k} lines × {v}" for k, v in next_station_paris.INTERCHANGE_POINTS.items()),
        *(f"× {v}" for v in next_station_paris.CROSSING_POINTS.values()),
        f"Objectives × {next_station_paris.OBJECTIVE_POINTS}",
        f"+ {next_station_paris.MONUMENT_POINTS} × monuments",
        "Total",
    ],
    "koala": [
        "White koala",
        "Black koala",
        *(food.capitalize() for food in koala.FOODS),
        "Food cards",
        "Cave points",
        "Feasts",
        "Team",
        "Koalations",
    ],
    "lfg": [*(role.capitalize() for role in lfg.ROLES), "Other heroes", "Renown", "Scoundrels", "Complete?"],
}


@pytest.mark.parametrize("slug", list(GAMES))
def test_each_pad_prints_its_title_names_and_rows_on_one_a4_page(client, slug):
    game = GAMES[slug]
    names = NAMES[: game.max_players]
    response = client.get(f"/print/{slug}/score-pad.pdf", query_string={"players": names})
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    pages = pdf_pages(response.data)
    assert len(pages) == 1
    assert same_size(size_of(pages[0]), A4)
    text = text_of(pages[0])
    assert f"{game.name} score pad" in text
    for name in names:
        assert squeezed(name) in squeezed(text), name
    missing = [row for row in ROWS[slug] if row not in text]
    assert not missing, missing


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_blank_pad_fits_one_page_and_long_names_too(client, slug):
    game = GAMES[slug]
    assert len(pdf_pages(client.get(f"/print/{slug}/score-pad.pdf").data)) == 1
    longest = [f"{chr(65 + i)}{'W' * 39}" for i in range(min(game.max_players, 10))]
    response = client.get(f"/print/{slug}/score-pad.pdf", query_string={"players": longest, "paper": "letter"})
    pages = pdf_pages(response.data)
    assert len(pages) == 1
    assert same_size(size_of(pages[0]), LETTER)
    for name in longest:
        assert name in squeezed(text_of(pages[0]))


@pytest.mark.parametrize("slug", ["loaf", "orleans"])
def test_two_pads_share_a_landscape_sheet(client, slug):
    response = client.get(f"/print/{slug}/score-pad.pdf?players=Ann&players=Béa&paper=Letter&pads=2")
    pages = pdf_pages(response.data)
    assert len(pages) == 1
    assert same_size(size_of(pages[0]), (LETTER[1], LETTER[0]))
    text = text_of(pages[0])
    assert text.count(f"{GAMES[slug].name} score pad") == 2
    assert squeezed(text).count("Béa") >= 2


def test_the_print_page_offers_a_form_per_game(client):
    response = client.get("/print")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    for slug in GAMES:
        assert f'action="/print/{slug}/score-pad"' in html
    assert 'name="paper"' in html and 'name="pads"' in html
    assert "<script>" not in html and " style=" not in html


def test_the_form_drops_blank_names_and_goes_to_the_pdf(client):
    response = client.get("/print/oz/score-pad?players=Ann&players=+&players=Ben&paper=letter&pads=2")
    assert response.status_code == 303
    assert response.headers["Location"] == "/print/oz/score-pad.pdf?players=Ann&players=Ben&paper=letter&pads=2"
    assert client.get("/print/nowhere/score-pad").status_code == 404


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"paper": "A3"}, "paper is A4 or Letter"),
        ({"pads": "3"}, "pads per sheet is 1 or 2"),
        ({"pads": "two"}, "pads per sheet is 1 or 2"),
        ({"paper": ["a4", "letter"]}, "give paper once"),
        ({"players": [f"P{i}" for i in range(11)]}, "at most 10 names"),
        ({"players": ["x" * 41]}, "41 characters long"),
        ({"players": ["Ann", " "]}, "name 2 is empty"),
        ({"players": ["Ann", "ann"]}, "ann is there twice"),
        ({"player": "Ann"}, "unknown option “player”"),
    ],
)
def test_bad_options_get_a_422_page_naming_the_problem(client, query, message):
    response = client.get("/print/koala/score-pad.pdf", query_string=query)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def query(pairs: list[tuple[str, str]]) -> str:
    return urlencode(pairs)


@pytest.mark.parametrize("path", ["/print/oz/score-pad.pdf", "/print/oz/score-pad"])
def test_an_address_with_thousands_of_names_or_options_gets_a_short_414(client, path):
    for pairs in ([("players", f"P{i}") for i in range(10_000)], [(f"o{i}", "x") for i in range(20_000)]):
        response = client.get(f"{path}?{query(pairs)}")
        assert response.status_code == 414
        assert "Location" not in response.headers
        assert len(response.data) < 1024
        assert "at most 8192" in response.get_data(as_text=True)
        assert "up to 10 names" in response.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/print/oz/score-pad.pdf", "/print/oz/score-pad"])
def test_an_address_with_more_options_than_a_form_sends_gets_a_short_400(client, path):
    response = client.get(f"{path}?{query([('players', '')] * 24)}")
    assert response.status_code == 400
    assert len(response.data) < 1024
    assert "24 options, at most 23" in response.get_data(as_text=True)


def test_the_form_redirects_with_only_a_pads_options_and_its_names(client):
    for pairs, problem in (
        ([("players", "Ann"), ("colour", "red")], "unknown option “colour”"),
        ([("players", f"P{i}") for i in range(5)], "Oz takes at most 4 names"),
        ([("players", "Ann"), ("paper", "A0")], "paper is A4 or Letter"),
    ):
        response = client.get(f"/print/oz/score-pad?{query(pairs)}")
        assert response.status_code == 422
        assert "Location" not in response.headers
        assert problem in response.get_data(as_text=True)
        assert len(response.data) < 64 * 1024


def test_the_longest_names_a_form_sends_still_redirect_within_bounds(client):
    names = [(("players", f"{i}" + "\U0001f3b2" * 39)) for i in range(10)] + [("paper", "letter"), ("pads", "2")]
    response = client.get(f"/print/koala/score-pad?{query(names)}")
    assert response.status_code == 303
    assert len(response.headers["Location"]) < 8 * 1024
    pdf = client.get(response.headers["Location"])
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"


def test_a_pad_takes_no_more_names_than_its_game_has_players(client):
    response = client.get("/print/oz/score-pad.pdf", query_string={"players": ["A", "B", "C", "D", "E"]})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Oz takes at most 4 names" in html
    assert 'value="E"' in html  # the names typed are kept in the form


def test_an_unknown_game_is_a_404(client):
    assert client.get("/print/chess/score-pad.pdf").status_code == 404


def test_the_same_pad_renders_once_then_comes_from_the_cache_with_an_etag(app, client):
    cache = app.extensions["print_cache"]
    url = "/print/lfg/score-pad.pdf?players=Kit&players=Ola"
    first = client.get(url)
    second = client.get(url)
    assert cache.renders == 1
    assert first.data == second.data
    etag = first.headers["ETag"]
    assert etag and etag == second.headers["ETag"]
    revalidated = client.get(url, headers={"If-None-Match": etag})
    assert revalidated.status_code == 304
    assert revalidated.data == b""
    assert cache.renders == 1
    other = client.get("/print/lfg/score-pad.pdf?players=Kit&players=Olá")
    assert other.headers["ETag"] != etag
    assert cache.renders == 2


@dataclass(frozen=True)
class Slow:
    """A printable that takes `seconds` to make its PDF."""

    pdf: bytes
    seconds: float = 0.0

    def render(self) -> bytes:
        time.sleep(self.seconds)
        return self.pdf


def test_phones_asking_at_once_get_one_render_and_old_pdfs_make_room():
    cache = PdfCache(RenderPool(workers=0, queue=5), max_bytes=25)
    started = threading.Barrier(6)
    answers: list[bytes] = []

    def ask() -> None:
        started.wait()
        answers.append(cache.fetch("a", lambda: Slow(b"%PDF-first", 0.2)))

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [b"%PDF-first"] * 6
    assert cache.renders == 1
    cache.fetch("b", lambda: Slow(b"%PDF-second"))
    cache.fetch("c", lambda: Slow(b"%PDF-third"))  # over 25 bytes: the least recently used goes
    assert cache.get("a") is None and cache.get("c") == b"%PDF-third"
    assert cache.renders == 3


class _Recorder(BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (the name http.server calls)
        self.hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        """Nothing logged: the test's output is the test's own."""


@pytest.fixture
def listener():
    """A local HTTP server that records every request made to it."""
    _Recorder.hits = []
    server = HTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", _Recorder.hits
    server.shutdown()
    server.server_close()


def test_the_fetcher_serves_only_the_apps_own_files(listener):
    url, hits = listener
    fetcher = LockedFetcher()
    css = fetcher.fetch((PRINTABLES / "print.css").as_uri())
    assert b"@page" in css.read()
    for refused in (
        f"{url}/x.png",
        "file:///etc/passwd",
        (PRINTABLES / ".." / "companion" / "__init__.py").as_uri(),
        "data:text/css,body{color:red}",
        f"file://127.0.0.1{STATIC / 'app.css'}",
    ):
        with pytest.raises(ValueError):
            fetcher.fetch(refused)
    assert hits == []


def test_a_render_fetches_nothing_from_outside(listener):
    url, hits = listener
    html = (
        f'<link rel="stylesheet" href="{url}/style.css"><style>@import url("{url}/more.css");'
        f' p {{ background: url("{url}/bg.png"); }}</style>'
        f'<p>hello</p><img src="{url}/img.png"><img src="file:///etc/passwd"><iframe src="{url}/frame"></iframe>'
    )
    pdf = render_pdf(html)
    assert "hello" in text_of(pdf_pages(pdf)[0])
    assert hits == []


def test_names_that_look_like_links_print_as_text_and_fetch_nothing(client, listener):
    url, hits = listener
    names = [f'<img src="{url}/a">', f"<link href={url}/b>", "file:///etc/passwd"]
    response = client.get("/print/oz/score-pad.pdf", query_string={"players": names})
    text = squeezed(text_of(pdf_pages(response.data)[0]))
    for name in names:
        assert squeezed(name) in text
    assert "root:" not in text
    assert hits == []


def _finish_nsp(client, table: str, players: list[str]) -> None:
    for round_no, color in enumerate(next_station_paris.COLORS, 1):
        for i, player in enumerate(players):
            response = enter_line(client, table, player, round_no, color=color, districts=2 + i, stations=3)
            assert response.status_code == 303
    bonus = {"interchanges_2": 1, "interchanges_3": 0, "interchanges_4": 0, "crossings_1": 0, "crossings_2": 0}
    for player in players:
        response = post_entry(client, table, "bonus", f"bonus-{player}", player=player, **bonus, objectives=1)
        assert response.status_code == 303, response.get_data(as_text=True)


def _result(app, table: str):
    store = app.extensions["store"]
    row = store.by_token(table.rsplit("/", 1)[1])
    rules = table_rules()[row.game]
    from companion.storage.log import standing

    return row, rules.result(rules.replay(row.setup, [s for s in standing(store.entries(row.id)) if s.active]))


def test_a_result_sheet_prints_every_total_with_its_breakdown_and_the_winner(app, client):
    players = ["Ann", "Béa <b>", "Cy"]
    table = start(client, *players)
    enter_line(client, table, "Ann", 1, districts=4, stations=3, monuments=1)
    response = client.get(f"{table}/results.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    pages = pdf_pages(response.data)
    assert same_size(size_of(pages[0]), A4)
    text = " ".join(text_of(p) for p in pages)
    row, result = _result(app, table)
    assert "Next Station Paris results" in text
    assert "not over" in text
    assert f"Leading: {result.winners[0]}" in text
    assert f"{row.created_at.day} {row.created_at:%B %Y}" in text
    for player in result.players:
        assert f"{player.name} · {player.score}" in text
        for line in player.breakdown:
            assert line.label in text and line.rule in text


def test_a_finished_table_names_its_winner_and_a_viewer_can_print_it_on_letter(app, client):
    players = ["Ann", "Ben"]
    table = start(client, *players)
    _finish_nsp(client, table, players)
    row, result = _result(app, table)
    assert len(result.winners) == 1
    response = client.get(f"/v/{row.viewer_token}/results.pdf?paper=letter")
    pages = pdf_pages(response.data)
    assert same_size(size_of(pages[0]), LETTER)
    text = text_of(pages[0])
    assert "Final scores" in text
    assert f"Winner: {result.winners[0]}" in text
    assert all(f"{p.name} · {p.score}" in text for p in result.players)


def test_a_result_sheet_changes_with_the_table_and_revalidates_with_a_304(app, client):
    table = start(client, "Ann")
    first = client.get(f"{table}/results.pdf")
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"
    assert client.get(f"{table}/results.pdf", headers={"If-None-Match": etag}).status_code == 304
    enter_line(client, table, "Ann", 1)
    second = client.get(f"{table}/results.pdf", headers={"If-None-Match": etag})
    assert second.status_code == 200
    assert second.headers["ETag"] != etag
    assert "Ann · 19" in text_of(pdf_pages(second.data)[0])


def test_result_sheet_options_and_unknown_tables(client):
    table = start(client, "Ann")
    response = client.get(f"{table}/results.pdf?paper=A5")
    assert response.status_code == 422
    assert response.mimetype == "text/plain"
    assert "paper is A4 or Letter" in response.get_data(as_text=True)
    assert client.get(f"{table}/results.pdf?size=big").status_code == 422
    assert client.get("/t/not-a-table/results.pdf").status_code == 404
    assert client.get("/v/not-a-table/results.pdf").status_code == 404


@pytest.mark.parametrize("slug", list(table_rules()))
def test_every_kind_of_table_gets_a_result_sheet_from_its_first_minute(client, slug):
    game = GAMES[slug]
    players = ["Ann", "Ben", "Cy", "Di", "Ed"][: max(game.min_players, 2)]
    response = client.post(f"/new/{slug}", data={"players": players})
    assert response.status_code == 303
    pages = pdf_pages(client.get(response.headers["Location"] + "/results.pdf").data)
    text = " ".join(text_of(p) for p in pages)
    assert f"{game.name} results" in text
    assert all(name in text for name in players) or "No scores yet" in text


def _boxes(box):
    yield box
    for child in getattr(box, "children", ()):
        yield from _boxes(child)


@pytest.mark.parametrize(("paper", "pads"), [("a4", 1), ("a4", 2), ("letter", 1), ("letter", 2)])
def test_the_orleans_pad_has_a_whole_row_for_every_round_inside_the_page(paper, pads):
    """Each round is a row of its own (not a background grid, whose lines a viewer draws a pixel off, cutting
    the last round short), every one as tall as the others and all of them above the page's foot."""
    import weasyprint

    from companion.printing import _fonts, _stylesheets, pad_sheet

    sheet = pad_sheet(SPECS["orleans"], ["Zoë Ångström", "Łukasz Ñandú", "Ann", "Ben"], paper, pads)
    job = sheet.job()
    html = weasyprint.HTML(string=job.html, base_url=PRINTABLES.as_uri() + "/", url_fetcher=LockedFetcher())
    document = html.render(stylesheets=list(_stylesheets(job.paper, job.landscape)), font_config=_fonts())
    assert len(document.pages) == 1
    page = document.pages[0]._page_box
    foot = page.content_box_y() + page.height
    groups = [
        b
        for b in _boxes(page)
        if getattr(b, "element_tag", "") == "tbody" and "lined" in (b.element.get("class") or "")
    ]
    assert len(groups) == pads
    for group in groups:
        rows = [row for row in group.children if row.element_tag == "tr"]
        assert len(rows) == orleans_rounds.ROUNDS
        assert max(row.height for row in rows) - min(row.height for row in rows) < 0.01
        assert rows[-1].position_y + rows[-1].height <= foot


@pytest.mark.parametrize(("paper", "pads", "players"), [("a4", 1, 4), ("letter", 2, 4), ("a4", 1, 2), ("a4", 1, 6)])
def test_the_orleans_end_of_game_table_is_real_rows_and_cells(paper, pads, players):
    """Each scoring line is a row of its own, like the events table: its lines are the cells' borders, not a ruled
    background's, which a viewer draws a pixel off the labels. Across a row, the players' boxes (the second of each
    shaded) are one cell's background tile, as many as there are players."""
    import weasyprint

    from companion.printing import _fonts, _stylesheets, pad_sheet

    names = ["Maximiliana Wolkenstein", "Bartholomew Featherstone", "Zoë Ångström-Lindqvist", "Łukasz Przybyszewski"]
    names += ["Henrietta Cholmondeley", "Oluwaseun Adebayo-Okonkwo"]  # a blank pad may be printed for more
    sheet = pad_sheet(SPECS["orleans"], names[:players], paper, pads)
    job = sheet.job()
    html = weasyprint.HTML(string=job.html, base_url=PRINTABLES.as_uri() + "/", url_fetcher=LockedFetcher())
    document = html.render(stylesheets=list(_stylesheets(job.paper, job.landscape)), font_config=_fonts())
    assert len(document.pages) == 1
    page = document.pages[0]._page_box
    foot = page.content_box_y() + page.height
    tables = [b for b in _boxes(page) if getattr(b, "element_tag", "") == "table" and b.element.get("class") == "end"]
    assert len({id(t.element) for t in tables}) == pads
    labels = sheet.facts["score_rows"]
    for table in {id(t.element): t for t in tables}.values():
        body = next(b for b in _boxes(table) if getattr(b, "element_tag", "") == "tbody")
        rows = [row for row in body.children if row.element_tag == "tr"]
        assert len(rows) == len(labels) + 2  # the score lines, the total, the development space
        cells = [[c for c in row.children if c.element_tag == "td"] for row in rows]
        assert [len(row) for row in cells] == [2] * len(rows)
        assert [row[0].element.text for row in cells[: len(labels)]] == [str(label) for label in labels]
        tiles = [row[1].element.get("class") for row in cells]
        assert tiles == [f"pairs{players}"] * (len(labels) + 1) + [f"cols{players}"]
        assert all(row[1].element.get("colspan") == str(players) for row in cells)
        heights = [row[0].height for row in cells[: len(labels)]]  # inside the borders (the total's is thicker)
        assert max(heights) - min(heights) < 0.01
        assert all(abs(row[0].height - row[1].height) < 0.01 for row in cells)
        assert rows[-1].position_y + rows[-1].height <= foot
