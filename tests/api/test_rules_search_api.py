"""GET /api/v1/rules/search?q=: the contract in API.md, best first, and any query answered with 200 and JSON."""

import re

import pytest

from companion import rules
from companion.rules.search import search
from tests.conftest import make_app
from tests.rules.test_rules_search import HOSTILE

URL = "/api/v1/rules/search"
OWN_WORDS = [
    ("torture", "orleans"),
    ("fired", "loaf"),
    ("koalation", "koala"),
    ("scoundrel", "lfg"),
    ("interchange", "next-station-paris"),
    ("Glinda", "oz"),
]


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """One app for the whole module: searching changes nothing."""
    return make_app(tmp_path_factory.mktemp("rules-api")).test_client()


def results(api, q, status=200, **params):
    response = api.get(URL, query_string={"q": q, **params})
    assert response.status_code == status
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"results"} and isinstance(body["results"], list)
    return body["results"]


def test_the_example_of_the_contract(api):
    first = results(api, "torture")[0]
    assert {key: first[key] for key in ("game", "section", "title", "url")} == {
        "game": "orleans",
        "section": "torture",
        "title": rules.section("orleans/torture").title,
        "url": "/rules/orleans#torture",
    }
    assert "torture" in first["snippet"].lower()


@pytest.mark.parametrize(("query", "game"), OWN_WORDS)
def test_a_games_own_words_put_it_first(api, query, game):
    found = results(api, query)
    assert found and found[0]["game"] == game


def test_every_result_has_the_contract_fields_and_points_at_a_real_section(api):
    found = results(api, "points")
    assert len(found) > 3
    for hit in found:
        assert {"game", "section", "title", "snippet", "url"} <= set(hit)
        assert all(isinstance(hit[key], str) for key in ("game", "section", "title", "snippet", "url"))
        section = rules.section(f"{hit['game']}/{hit['section']}")
        assert hit["title"] == section.title
        assert hit["url"] == section.url == f"/rules/{hit['game']}#{hit['section']}"
        assert hit["game_title"] == rules.guide(hit["game"]).title


def test_results_come_best_first_in_the_search_engines_order(api):
    for query in ("points", "take back", "winner", "torture glinda"):
        assert [(h["game"], h["section"]) for h in results(api, query)] == [
            (hit.game, hit.section) for hit in search(query)
        ], query


def test_snippets_are_plain_text_and_the_marked_copy_is_escaped(api):
    hit = results(api, "don't have coins")[0]
    assert "<" not in hit["snippet"] and "&#39;" not in hit["snippet"] and "'" in hit["snippet"]
    assert "<mark>" in hit["snippet_html"]
    assert "<" not in re.sub(r"</?mark>", "", hit["snippet_html"])
    assert re.sub(r"</?mark>", "", hit["snippet_html"]).replace("&#39;", "'") == hit["snippet"]


@pytest.mark.parametrize("query", [q for q in HOSTILE if "\ud800" not in q], ids=range(len(HOSTILE) - 1))
def test_hostile_queries_answer_200_with_a_plain_list(api, query):
    for hit in results(api, query):
        assert "<" not in hit["snippet"] or "<" in query
        assert "<" not in re.sub(r"</?mark>", "", hit["snippet_html"])


@pytest.mark.parametrize("url", [URL, URL + "?q=", URL + "?q=+%20+", URL + "?x=torture", URL + "?q=%22%28%2A"])
def test_no_words_is_an_empty_list(api, url):
    response = api.get(url)
    assert response.status_code == 200
    assert response.get_json() == {"results": []}


@pytest.mark.parametrize("url", [URL + "?q=%FF%FE", URL + "?q=%ED%A0%80", URL + "?q=a&q=b", URL + "?q=%00"])
def test_odd_encodings_still_answer_a_list(api, url):
    response = api.get(url)
    assert response.status_code == 200
    assert isinstance(response.get_json()["results"], list)


def test_the_search_needs_no_session_or_csrf_token(tmp_path):
    csrf_app = make_app(tmp_path, WTF_CSRF_ENABLED=True).test_client()
    response = csrf_app.get(URL, query_string={"q": "Glinda"})
    assert response.status_code == 200
    assert response.get_json()["results"][0]["game"] == "oz"
    assert "Set-Cookie" not in response.headers


@pytest.mark.parametrize("csrf_on", [False, True])
def test_other_methods_are_a_json_405_that_says_get(tmp_path, csrf_on):
    client = make_app(tmp_path, WTF_CSRF_ENABLED=csrf_on).test_client()
    for method in (client.post, client.put, client.delete):
        response = method(URL, json={"q": "torture"})
        assert response.status_code == 405
        assert "GET" in response.get_json()["errors"][0]["msg"]
        assert "GET" in response.headers["Allow"]


def test_the_openapi_document_describes_the_search(api):
    doc = api.get("/api/v1/openapi.json").get_json()
    operation = doc["paths"][URL]["get"]
    assert [p["name"] for p in operation["parameters"]] == ["q", "game"]
    assert all(p["in"] == "query" and not p["required"] for p in operation["parameters"])
    schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
    item = schema["properties"]["results"]["items"]
    assert set(item["required"]) == {"game", "section", "title", "snippet", "url"}
    assert "/api/v1/next-station-paris/score" in doc["paths"]


@pytest.mark.parametrize("game", rules.games())
def test_the_tables_game_answers_first(api, game):
    found = results(api, "who wins a draw", game=game)
    assert (found[0]["game"], found[0]["section"]) == (game, "winner")
    assert [(h["game"], h["section"]) for h in found] == [
        (hit.game, hit.section) for hit in search("who wins a draw", game=game)
    ]


def test_a_question_in_a_players_words_finds_its_section(api):
    assert results(api, "what if I can't pay")[0]["url"] == "/rules/orleans#torture"
    assert results(api, "what happens on a tie")[0]["section"] == "winner"


@pytest.mark.parametrize("game", ["", "chess", "Koala", "%00", "\x00", "oz" * 5000, "'; DROP TABLE sections; --"])
def test_a_game_that_names_no_game_is_ignored(api, game):
    assert results(api, "who wins a draw", game=game) == results(api, "who wins a draw")


@pytest.mark.parametrize("query", ["x" * 10240, "\x00" * 100, '" OR "a" OR "', "NEAR(a b) AND NOT c*"])
def test_any_query_with_any_game_answers_a_list(api, query):
    for game in (None, "orleans", "nowhere"):
        params = {} if game is None else {"game": game}
        assert isinstance(results(api, query, **params), list)
