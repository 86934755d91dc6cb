"""The rules search page: a game's own words first, any query survives, the table's game carried from every page
of that game, and the results block served alone to htmx so the page answers as the player types."""

import re

import pytest

from companion import rules
from companion.rules.search import search
from tests.conftest import make_app
from tests.rules.test_rules_search import HOSTILE

from .pages import start
from .test_rules_pages import Page, get_page

OWN_WORDS = [
    ("torture", "orleans"),
    ("fired", "loaf"),
    ("koalation", "koala"),
    ("scoundrel", "lfg"),
    ("interchange", "next-station-paris"),
    ("Glinda", "oz"),
]
HTMX = {"HX-Request": "true"}


@pytest.fixture(scope="module")
def reader(tmp_path_factory):
    """One app for the tests that only read pages (they change nothing), so each test needs no app of its own."""
    return make_app(tmp_path_factory.mktemp("rules-search")).test_client()


def hidden_game(page: Page) -> list[str | None]:
    return [i.get("value") for i in page.inputs if i.get("name") == "game" and i.get("type") == "hidden"]


@pytest.mark.parametrize(("query", "game"), OWN_WORDS)
def test_a_games_own_words_put_it_first_on_the_search_page(reader, query, game):
    page, html = get_page(reader, f"/rules?q={query}")
    assert page.hits, html
    assert page.hits[0][0] == game
    first_game, first_section = page.hits[0]
    assert f"/rules/{first_game}#{first_section}" in page.links
    assert f'value="{query}"' in html


def test_the_search_page_lists_what_the_search_finds_in_the_same_order(reader):
    page, html = get_page(reader, "/rules?q=points")
    assert page.hits == [(hit.game, hit.section) for hit in search("points")]
    assert len(page.hits) > 3
    assert "<mark>points</mark>" in html.lower()


@pytest.mark.parametrize("query", [q for q in HOSTILE if "\ud800" not in q], ids=range(len(HOSTILE) - 1))
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_hostile_queries_get_a_plain_page(reader, query, headers):
    response = reader.get("/rules", query_string={"q": query, "game": query[:50]}, headers=headers)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<script>alert" not in html
    for word in ("fts5", "syntax error", "sqlite", "Traceback"):
        assert word not in html.lower()
    page = Page(html)
    if query.strip() and not page.hits and "Nothing found for" not in html:
        assert "/rules/orleans#quick-reference" in page.links  # only stop words: the list of guides


def test_a_long_query_is_shortened_where_it_is_shown(reader):
    _, html = get_page(reader, "/rules?q=" + "torture " * 400)
    heading = re.search(r'<h2 id="results-title"[^>]*>(.*?)</h2>', html, re.S)[1]
    assert len(heading) < 300 and "…" in heading


def test_a_query_with_markup_is_escaped(reader):
    _, html = get_page(reader, "/rules?q=%3Cb%3Etorture%3C/b%3E")
    assert "<b>torture</b>" not in html
    assert "&lt;b&gt;torture&lt;/b&gt;" in html


def test_an_empty_query_shows_the_list_of_guides(reader):
    for url in ("/rules?q=", "/rules?q=+++"):
        page, html = get_page(reader, url)
        assert page.hits == [] and "Nothing found" not in html
        assert "/rules/orleans#quick-reference" in page.links


@pytest.mark.parametrize("raw", ["%FF%FE", "%ED%A0%80", "%00", "a&q=b", "%22%28%2A", "torture%20" * 300])
def test_odd_encodings_on_the_search_page_get_a_page(reader, raw):
    response = reader.get("/rules?q=" + raw)
    assert response.status_code == 200
    assert "<h1>Search the rules</h1>" in response.get_data(as_text=True)


# Search as you type


def test_the_search_box_asks_as_the_player_types_and_still_works_as_a_form(reader):
    page, html = get_page(reader, "/rules")
    box = next(i for i in page.inputs if i.get("id") == "rules-q")
    assert box["name"] == "q" and box["hx-get"] == "/rules" and box["hx-target"] == "#rules-results"
    assert box["hx-trigger"].startswith("input changed delay:") and box["hx-include"] == "closest form"
    assert box["hx-replace-url"] == "true"
    form = next(f for f in page.forms if f.get("aria-label") == "Search all six games")
    assert form["action"] == "/rules" and form["method"] == "get"
    assert page.ids["rules-results"] == "div" and page.ids["results-status"] == "p"
    assert 'role="status"' in html[html.index('id="results-status"') - 60 :][:120]


def test_htmx_gets_only_the_results_block_and_the_status_to_announce(reader):
    full = reader.get("/rules?q=what+if+I+can%27t+pay")
    part = reader.get("/rules?q=what+if+I+can%27t+pay", headers=HTMX)
    assert part.status_code == 200 and "HX-Request" in part.headers["Vary"] and "HX-Request" in full.headers["Vary"]
    html = part.get_data(as_text=True)
    assert "<html" not in html and "<h1>" not in html and 'id="rules-q"' not in html
    assert Page(html).hits == Page(full.get_data(as_text=True)).hits
    assert Page(html).hits[0] == ("orleans", "torture")
    status = re.search(r'<div hx-swap-oob="innerHTML:#results-status">(.*?)</div>', html, re.S)[1]
    assert status.startswith(f"{len(Page(html).hits)} sections for") and "can&#39;t pay" in status
    assert "hx-swap-oob" not in full.get_data(as_text=True)


def test_htmx_with_an_emptied_box_gets_the_guides_back(reader):
    html = reader.get("/rules?q=", headers=HTMX).get_data(as_text=True)
    assert "<html" not in html and "/rules/koala#quick-reference" in Page(html).links
    assert '<div hx-swap-oob="innerHTML:#results-status"></div>' in html


def test_a_history_restore_gets_the_whole_page(reader):
    response = reader.get("/rules?q=tie", headers={**HTMX, "HX-History-Restore-Request": "true"})
    html = response.get_data(as_text=True)
    assert "<html" in html and 'id="rules-q"' in html and "hx-swap-oob" not in html


# The table's game


def test_the_search_page_carries_the_tables_game_and_ranks_it_first(reader):
    page, html = get_page(reader, "/rules?q=who+wins+a+draw&game=koala")
    assert page.hits[0] == ("koala", "winner")
    assert hidden_game(page) == ["koala"]  # the page's own form
    assert "/rules?game=koala" in page.links  # the header's search keeps the game too
    assert "Answers from Koala come first." in html
    assert "/rules?q=who+wins+a+draw" in page.links  # the same question, every game alike
    part = Page(reader.get("/rules?q=who+wins+a+draw&game=oz", headers=HTMX).get_data(as_text=True))
    assert part.hits[0] == ("oz", "winner")


@pytest.mark.parametrize("game", ["chess", "", "Koala", "../oz", "koala\x00"])
def test_a_game_param_that_names_no_game_is_ignored(reader, game):
    page, html = get_page(reader, f"/rules?q=who+wins+a+draw&game={game}")
    assert hidden_game(page) == [] and "come first" not in html
    assert page.hits == [(hit.game, hit.section) for hit in search("who wins a draw")]


@pytest.mark.parametrize("game", rules.games())
def test_a_guide_page_searches_its_own_game_first(reader, game):
    page, _ = get_page(reader, f"/rules/{game}")
    assert f"/rules?game={game}" in page.links  # the header's search


@pytest.mark.parametrize("game", ["loaf", "orleans", "lfg"])
def test_a_table_pages_rules_search_carries_its_game(client, game):
    players = ("Ann", "Bob", "Cid") if game == "orleans" else ("Ann", "Bob")
    table = start(client, *players, game=game)
    page, _ = get_page(client, table)
    assert f"/rules?game={game}" in page.links  # the header's search
    hits = Page(client.get(f"/rules?q=who+wins+a+tie&game={game}").get_data(as_text=True)).hits
    assert hits[0] == (game, "winner")


def test_pages_of_no_game_carry_none(client):
    for url in ("/", "/rules", "/rules?q=tie", "/join"):
        page, _ = get_page(client, url)
        assert hidden_game(page) == [], url
        assert "/rules" in page.links, url
