"""The app's shared pages in German, French and Dutch: the home page, a new table's form and its refusals, the join
page, a group's page, the error page, the print index, and the parts of a table's page, log and correction page that
every game shares, with no English left on them (the players' and the games' names aside); the JSON API's problems
in the Accept-Language's language (English without one); the scripts' words and the web app manifest in the page's
language. The games' own parts are their packages' (tests/web/test_<game>_in_languages.py)."""

from __future__ import annotations

import json
import re

import pytest

from companion import words
from companion.specs import GAMES, SPECS
from tests.conftest import make_app
from tests.english import english_left
from tests.web.pages import enter_line, sit, start

LANGUAGES = ("de", "fr", "nl")
PLAYERS = ("Ann", "Ben")
GROUP = "Ann and Ben"  # the group of the tables an English phone starts (a name, kept as it was given)
# The players', the group's, the games' and the app's own names; and each game's blurb and the title of the cards a
# group keeps for it as its package says them (the games' words, not the shared pages').
NAMES = [*PLAYERS, GROUP, "Table Companion", *(game.name for game in GAMES.values())]


def names(language: str) -> list[str]:
    games = [words.say(game.blurb, language) for game in GAMES.values()]
    games += [words.say(spec.kept.title, language) for spec in SPECS.values() if spec.kept]
    return NAMES + [str(said) for said in games]


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path).test_client()


def asked(language: str) -> dict[str, str]:
    return {"Accept-Language": language}


def get(client, url: str, language: str, status: int = 200) -> str:
    response = client.get(url, headers=asked(language))
    assert response.status_code == status, (url, response.status_code)
    return response.get_data(as_text=True)


def element(html: str, opening: str) -> str:
    """The element whose opening tag matches the regex `opening`, with everything inside it."""
    found = re.search(opening, html)
    assert found, f"no {opening} on the page"
    tag = re.match(r"<(\w+)", found.group(0)).group(1)
    depth, at = 0, found.start()
    for mark in re.finditer(rf"<(/?){tag}\b[^>]*>", html[at:]):
        depth += -1 if mark.group(1) else 1
        if depth == 0:
            return html[at : at + mark.end()]
    raise AssertionError(f"{opening} is never closed")


def main(html: str) -> str:
    """The page without its <head> (the title is read too) and with its header and main."""
    return element(html, r"<title>") + element(html, r"<body>")


def left(html: str, language: str) -> list[str]:
    return english_left(html, names=names(language))


def text(html: str) -> str:
    """What a fragment reads, tags dropped and spaces joined (non-breaking ones too)."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("\u00a0", " ").split())


def group_link(client, language: str) -> str:
    return re.search(r'class="group-now" href="(/g/[^"]+)"', get(client, "/", language)).group(1)


HEADINGS = {"de": "Was spielt ihr?", "fr": "À quoi jouez-vous ?", "nl": "Wat spelen jullie?"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_page(client, language):
    html = get(client, "/", language)
    assert left(main(html), language) == []
    assert HEADINGS[language] in text(html)
    start(client, *PLAYERS, game="oz")  # a phone with a group: the page says so
    assert left(main(get(client, "/", language)), language) == []


def test_the_home_page_is_english_without_a_language(client):
    html = client.get("/").get_data(as_text=True)
    assert "<h1>What are you playing?</h1>" in html
    assert left(main(html), "de") != []  # the check finds English where there is some


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_new_table_form_and_what_it_refuses(client, language):
    assert left(main(get(client, "/new/oz", language)), language) == []
    refused = client.post("/new/oz", data={"players": ["Ann", "ann"]}, headers=asked(language))
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert left(main(html), language) == []
    duplicate = {
        "de": "ann sitzt schon an diesem Tisch",
        "fr": "ann est déjà à cette table",
        "nl": "ann zit al aan deze tafel",
    }
    assert duplicate[language] in text(html)
    alone = client.post("/new/oz", data={"players": ["Ann"]}, headers=asked(language)).get_data(as_text=True)
    assert left(main(alone), language) == []
    one = {"de": "1 Name wurde angegeben", "fr": "1 nom a été donné", "nl": "er is 1 naam opgegeven"}
    assert one[language] in text(alone)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_join_page_and_a_code_no_table_has(client, language):
    assert left(main(get(client, "/join", language)), language) == []
    html = get(client, "/join?code=ZZZ 999", language, status=404)
    assert left(main(html), language) == []
    unknown = {
        "de": "Kein Tisch hat diesen Code",
        "fr": "Aucune table n’a ce code",
        "nl": "Geen tafel heeft die code",
    }
    assert unknown[language] in text(html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_group_page(client, language):
    made = client.post("/new/oz", data={"players": list(PLAYERS)}, headers=asked(language))
    assert made.status_code == 303
    html = get(client, group_link(client, language), language)
    assert left(main(html), language) == []
    named = {"de": "Ann und Ben", "fr": "Ann et Ben", "nl": "Ann en Ben"}
    assert f'<h1 class="name">{named[language]}</h1>' in html, "a group is named in the language of its phone"


def test_a_group_started_from_an_english_phone_keeps_its_english_name(client):
    start(client, *PLAYERS, game="oz")
    html = client.get(group_link(client, "en")).get_data(as_text=True)
    assert '<h1 class="name">Ann and Ben</h1>' in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_error_page(client, language):
    html = get(client, "/nothing-here", language, status=404)
    assert left(main(html), language) == []
    found = {"de": "Nicht gefunden", "fr": "Introuvable", "nl": "Niet gevonden"}
    assert f"<h1>{found[language]}</h1>" in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_print_index(client, language):
    html = get(client, "/print", language)
    assert left(main(html), language) == []


@pytest.fixture
def table(client) -> str:
    """A Next Station Paris table with one entry, this phone seated as Ann."""
    table = start(client, *PLAYERS, seat="Ann")
    assert enter_line(client, table, "Ann", 1).status_code == 303
    return table


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_table_pages_shared_parts(client, table, language):
    html = get(client, table, language)
    for part in (
        element(html, r'<div class="table-head">'),
        element(html, r'<section id="table-tools"'),
        element(element(html, r'<ol class="log"'), r'<div class="row">'),
        re.search(r"<summary>[^<]*\(1\)</summary>", html).group(0),
    ):
        assert left(part, language) == [], part
    you = {"de": "Du:", "fr": "Toi :", "nl": "Jij:"}
    assert you[language] in text(element(html, r'<div class="table-head">'))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_new_tables_code_first_and_who_are_you(client, language):
    table = start(client, *PLAYERS, seat=None)
    asking = get(client, table, language)
    assert left(element(asking, r"<section class=\"card seat-ask\""), language) == []
    sit(client, table, "Ann")
    first = get(client, table, language)
    assert left(element(first, r'<section class="card share share-first"'), language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_watch_page_says_it_only_watches(client, table, language):
    watch = re.search(r'href="(/v/[^"]+)"', get(client, table, "en")).group(1)
    html = get(client, watch, language)
    assert left(element(html, r'<p class="banner">'), language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_log_page_and_the_correction_page(client, table, language):
    log = get(client, table + "/log", language)
    assert left(element(log, r"<h1>") + element(log, r'<p><a class="button quiet"'), language) == []
    assert left(element(element(log, r'<ol class="log"'), r'<div class="row">'), language) == []
    edit = get(client, table + "/entries/1/edit", language)
    assert left(element(edit, r"<h1>") + element(edit, r'<div class="row">\s*<button type="submit">'), language) == []
    saved = {"de": "Korrektur speichern", "fr": "Enregistrer la correction", "nl": "Verbetering opslaan"}
    assert saved[language] in edit


def test_the_language_page_s_choice_reads_every_page_in_it(client, table):
    assert client.post("/language", data={"lang": "nl", "next": table}).status_code == 303
    html = client.get(table, headers=asked("de")).get_data(as_text=True)
    assert '<html lang="nl">' in html
    assert left(element(html, r'<section id="table-tools"'), "nl") == []
    assert "Deze tafel delen" in html
    home = client.get("/").get_data(as_text=True)
    assert left(main(home), "nl") == [] and HEADINGS["nl"] in home


def test_the_apis_problems_are_german_when_asked_and_english_otherwise(client):
    bad = {"game": "oz", "players": ["Ann"]}
    german = client.post("/api/v1/tables", json=bad, headers=asked("de"))
    english = client.post("/api/v1/tables", json=bad)
    assert german.status_code == english.status_code == 422
    assert english.get_json()["errors"] == [{"loc": "players", "msg": "Oz is for 2 to 4 players; 1 name was given"}]
    assert german.get_json()["errors"] == [
        {"loc": "players", "msg": "Oz ist für 2 bis 4 Spieler; 1 Name wurde angegeben"}
    ]
    missing = client.post("/api/v1/tables", json={"players": ["Ann", "Ben"]}, headers=asked("de")).get_json()
    assert {"loc": "game", "msg": "dieses Feld ist Pflicht"} in missing["errors"]
    not_json = client.post("/api/v1/tables", data="{", headers=asked("de") | {"Content-Type": "application/json"})
    assert not_json.get_json()["errors"][0]["msg"] == "der Body ist kein gültiges JSON"


def scripts_words(html: str) -> dict[str, str]:
    return json.loads(re.search(r'<script type="application/json" id="words">(.*?)</script>', html).group(1))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_scripts_words_are_the_pages_language(client, language):
    english = scripts_words(client.get("/join").get_data(as_text=True))
    said = scripts_words(get(client, "/join", language))
    assert set(said) == set(english)
    for key, wording in said.items():
        assert wording != english[key] or not re.search("[a-z]", wording), key
        read = re.sub(r"\{\w+\}", " ", wording)  # what the script fills in
        assert english_left(f"<p>{read}</p>") == [], (key, wording)
        assert set(re.findall(r"\{\w+\}", wording)) == set(re.findall(r"\{\w+\}", english[key])), key
    waiting = {
        "de": " Nichts, was du eingegeben hast, geht verloren: {n} Einträge warten aufs Senden",
        "fr": " Rien de ce que tu as saisi n’est perdu : {n} entrées attendent d’être envoyées",
        "nl": " Niets van wat je invoerde gaat verloren: {n} invoeren wachten om verstuurd te worden",
    }
    assert said["lostMany"].replace("\u00a0", " ").startswith(waiting[language])


def test_the_scripts_english_is_as_it_was(client):
    said = scripts_words(client.get("/join").get_data(as_text=True))
    assert said["lostOne"].replace("{n}", "1") == (
        " Nothing you typed is lost: 1 entry waits to be sent; it goes as soon as the table answers."
    )
    assert said["serverProblem"].replace("{status}", "500") == "The server had a problem (500)."
    for script in ("app.js", "live.js"):
        source = client.get(f"/static/{script}").get_data(as_text=True)
        assert "Nothing you typed is lost" not in source and "was recorded on another phone" not in source


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_manifest_is_the_pages_language(client, language):
    html = get(client, "/", language)
    href = re.search(r'<link rel="manifest" href="([^"]+)"', html).group(1)
    manifest = client.get(href).get_json(force=True)
    english = client.get(re.search(r'<link rel="manifest" href="([^"]+)"', get(client, "/", "en")).group(1))
    assert manifest["name"] == "Table Companion"
    assert manifest["short_name"] != english.get_json(force=True)["short_name"]
    assert 0 < len(manifest["short_name"]) <= 12
    assert english_left(f"<p>{manifest['description']}</p>") == []
    assert manifest["icons"] == english.get_json(force=True)["icons"]


@pytest.mark.parametrize(("language", "someone"), [("de", "Jemand"), ("fr", "Quelqu’un"), ("nl", "Iemand")])
def test_an_entry_by_none_of_the_players_is_by_someone_in_the_readers_language(client, language, someone):
    table = start(client, *PLAYERS, seat="")
    assert enter_line(client, table, "Ann", 1).status_code == 303
    log = element(get(client, table + "/log", language), r'<ol class="log"')
    assert f'<span class="small muted">{someone}, ' in log
    assert '<span class="small muted">Someone, ' in client.get(table + "/log").get_data(as_text=True)
