"""A Koala table read in German, French and Dutch: the parts of the page the game draws hold no English, the
breakdown lines and notes of a finished game are said in the phone's language, the score pad prints in it, and a
refused entry says why in it."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from companion import words
from companion.games import Text
from companion.games.koala import engine as koala
from tests.english import english_left

from .pages import sit
from .test_koala_table import feasts_of, food_at, team_of
from .test_koala_table import koala as new_koala

PLAYERS = ["Ann", "Ben", "Cy", "Dee", "Eve"]
NAMES = [*PLAYERS, "Koala", "Red", "Blue"]
LANGUAGES = ["de", "fr", "nl"]


@pytest.fixture(params=LANGUAGES)
def language(request) -> str:
    return request.param


def speaking(client, language: str):
    """The client as a phone whose browser asks for `language`."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    return client


def element(html: str, start: str) -> str:
    """The element whose start tag matches `start` (a regex), up to its matching end tag."""
    found = re.search(start, html)
    assert found, f"no element {start!r} on the page"
    tag = re.match(r"<(\w+)", found.group(0)).group(1)
    depth, at = 0, found.start()
    for step in re.finditer(rf"<(/?){tag}\b[^>]*>", html[at:]):
        depth += -1 if step.group(1) else 1
        if depth == 0:
            return html[at : at + step.end()]
    raise AssertionError(f"{start!r} is never closed")


def game_parts(html: str, *starts: str) -> str:
    """The parts of the page Koala's own templates draw, without the breakdowns the shared macro draws."""
    parts = "\n".join(element(html, start) for start in starts)
    return re.sub(r'<ul class="breakdown">.*?</ul>', "", parts, flags=re.S)


SCORES = r'<section class="card" aria-labelledby="scores-title">'
RING = r'<section aria-labelledby="ring-title">'
COUNTS = r'<form class="card koala-all"'
TEAMS = r'<div class="card teams">'


def team_table(client) -> str:
    """Five players in teams, a few entries in: two caves counted, two players' feasts, three team cards."""
    table = new_koala(client, *PLAYERS, teams=True)
    food_at(client, table, 1, pizza=5)
    food_at(client, table, 2, hamburger=5)
    feasts_of(client, table, 1, "Ann", 0)
    feasts_of(client, table, 4, "Dee", 1)
    for index, (name, team) in enumerate([("Ann", "Red"), ("Ben", "Blue"), ("Cy", "Red")], start=1):
        assert team_of(client, table, index, name, team).status_code == 303
    return table


def finish(client, table) -> None:
    food_at(client, table, 5, spaghetti=5)
    for cave in (3, 4):
        food_at(client, table, cave)
    for index, name in enumerate(PLAYERS, start=1):
        feasts_of(client, table, index, name, 1 if name == "Dee" else 0)
    team_of(client, table, 4, "Dee", "Blue")
    team_of(client, table, 5, "Eve", "?")


KEY_SENTENCES = {
    "de": ["Zwischenstand", "Rund um den Tisch", "Essens- und Festmahlkarten", "die Teamkarten von Dee, Eve"],
    "fr": ["Scores pour l'instant", "Autour de la table", "Cartes nourriture et festin", "Grotte 1"],
    "nl": ["Tussenstand", "Rond de tafel", "Voedsel- en feestmaalkaarten", "de teamkaarten van Dee, Eve"],
}


def test_the_table_page_speaks_the_phones_language(client, language):
    table = team_table(speaking(client, language))
    html = client.get(table).get_data(as_text=True)
    assert f'<html lang="{language}">' in html
    parts = game_parts(html, SCORES, RING, COUNTS, TEAMS)
    assert english_left(parts, names=NAMES) == []
    for sentence in KEY_SENTENCES[language]:
        assert sentence in html
    assert "Scores so far" not in html and "Around the table" not in html


def test_the_english_page_is_as_it_was(client):
    html = client.get(team_table(client)).get_data(as_text=True)
    assert "Scores so far" in html and "the team cards of Dee, Eve" in html
    assert english_left(game_parts(html, SCORES, RING, COUNTS, TEAMS), names=NAMES) != []  # the check can fail


def test_a_players_own_phone_gets_its_steps_in_its_language(client, language):
    table = team_table(speaking(client, language))
    sit(client, table, "Eve")
    html = client.get(table).get_data(as_text=True)
    own = game_parts(html, r'<section class="card own-step"', r"<h2>[^<]*</h2>\s*<p class=\"small muted\">")
    assert english_left(own, names=NAMES) == []
    feasts_of(client, table, 5, "Eve", 0)
    html = client.get(table).get_data(as_text=True)
    own = game_parts(html, r'<details class="card own-saved"', r'<section class="card own-step"')
    assert english_left(own, names=NAMES) == []
    assert {"de": "Deine Teamkarte", "fr": "Ta carte d'équipe", "nl": "Jouw teamkaart"}[language] in own
    for part in re.findall(r'<details class="card koala-part".*?</details>', html, re.S):
        assert english_left(re.sub(r'<ul class="breakdown">.*?</ul>', "", part, flags=re.S), names=NAMES) == []


def test_a_finished_game_says_every_line_and_note_in_the_phones_language(client, language):
    table = team_table(speaking(client, language))
    finish(client, table)
    html = client.get(table).get_data(as_text=True)
    parts = game_parts(html, SCORES)
    assert english_left(parts, names=NAMES) == []
    winner = {"de": "Team Red (Ann &amp; Cy &amp; Eve) gewinnt", "fr": "Équipe Red (Ann &amp; Cy &amp; Eve) gagne"}
    assert winner.get(language, "Team Red (Ann &amp; Cy &amp; Eve) wint") in parts
    joins = {"de": "Eve (?) kommt zu Team Red (Ann und Cy)", "fr": "Eve (?) rejoint équipe Red (Ann et Cy)"}
    assert joins.get(language, "Eve (?) sluit aan bij team Red (Ann en Cy)") in parts


def said_everywhere(result, language) -> list[tuple[str, str]]:
    """Every breakdown line and note of a result, as English and as said in `language`."""
    texts = [line.label for player in result.players for line in player.breakdown] + list(result.notes)
    assert all(isinstance(text, Text) for text in texts)
    return [(str(text), words.say(text, language)) for text in texts]


@pytest.mark.parametrize("teams", [False, True])
def test_every_breakdown_line_and_note_is_said_in_the_language(language, teams):
    players = [koala.Player(name, feasts) for name, feasts in zip(PLAYERS, (1, 1, 1, 0, 1), strict=True)]
    if teams:
        players = [
            koala.Player(p.name, p.feasts, team) for p, team in zip(players, ["A", "B", "A", "B", "?"], strict=True)
        ]
    caves = [
        koala.Cave("Ann", None, pizza=4, hamburger=2),
        koala.Cave("Ben", None, pizza=4),
        koala.Cave("Cy", None, spaghetti=3),
        koala.Cave("Dee", None),
        koala.Cave("Eve", None, hamburger=2),
    ]
    result = koala.score(players, caves, teams)
    assert result.notes, "a game with a note to say"
    for english, said in said_everywhere(result, language):
        assert english_left(said, names=NAMES) == [], (english, said)
        assert said != english


TIED = {
    "de": "Ann und Ben haben gleich viele Punkte (1 Punkt) und gleich viel Essen in ihren Höhlen (je 3 Karten): "
    "sie teilen sich den Sieg.",
    "fr": "Ann et Ben sont à égalité à 1 point et en nourriture dans leurs grottes (3 cartes chacun) : "
    "ils partagent la victoire.",
    "nl": "Ann en Ben staan gelijk op 1 punt en op voedsel in hun grotten (elk 3 kaarten): ze delen de overwinning.",
}


def test_a_tie_on_points_and_food_is_a_note_in_the_language(language):
    players = [koala.Player(n) for n in ("Ann", "Ben", "Cy")]
    caves = [koala.Cave("Ann", None, pizza=3), koala.Cave("Ben", None, pizza=3), koala.Cave("Cy", None)]
    result = koala.score(players, caves)
    (english, said), *_ = [pair for pair in said_everywhere(result, language) if pair[0] in result.notes]
    assert english == "Ann and Ben tie on 1 point and on food in their caves (3 cards each): they share the win."
    assert said == TIED[language]


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


PAD_WORDS = {
    "de": ["Höhlen", "Weißer Koala (sitzt)", "Koalitionen, einsame Koalas oder Teams", "Höhlenpunkte"],
    "fr": ["Grottes", "Koala blanc (assis)", "Koalitions, koalas seuls ou équipes", "Points de grotte"],
    "nl": ["Grotten", "Witte koala (zit)", "Koalities, eenzame koala's of teams", "Grotpunten"],
}
PAD_ENGLISH = ["White koala", "Cave points", "Koalations, lone koalas or teams", "food cards in each cave"]


def test_the_score_pad_prints_in_the_phones_language(client, language):
    response = speaking(client, language).get("/print/koala/score-pad.pdf", query_string={"players": PLAYERS[:3]})
    assert response.status_code == 200
    text = " ".join(pdf_text(response.data).split())
    for wording in PAD_WORDS[language]:
        assert wording in text
    for english in PAD_ENGLISH:
        assert english not in text
    own = text[text.index(PAD_WORDS[language][0]) :]  # the pad's own part, below the shared header
    assert english_left(own, names=NAMES) == []


def test_the_english_score_pad_is_as_it_was(client):
    text = " ".join(pdf_text(client.get("/print/koala/score-pad.pdf").data).split())
    assert all(english in text for english in PAD_ENGLISH)


def errors(html: str) -> list[str]:
    return re.findall(r'class="error" role="alert">([^<]*)<', html)


REFUSED = {
    "de": "es gibt nur 22 Pizza-Karten und die anderen Höhlen haben 22: in diese Höhle passen höchstens 0",
    "fr": "il n&#39;existe que 22 cartes pizza et les autres grottes en ont 22 : cette grotte peut en avoir 0 au plus",
    "nl": "er zijn maar 22 pizza-kaarten en de andere grotten hebben er 22: deze grot kan er hoogstens 0 hebben",
}


def test_a_refused_entry_says_why_in_the_phones_language(client, language):
    table = new_koala(speaking(client, language), "Ann", "Ben", "Cy")
    assert food_at(client, table, 1, pizza=22).status_code == 303
    response = food_at(client, table, 2, pizza=1)
    assert response.status_code == 422
    said = errors(response.get_data(as_text=True))
    assert REFUSED[language] in said
    assert english_left(" ".join(said), names=NAMES) == []


def test_the_new_table_options_speak_the_phones_language(client, language):
    html = speaking(client, language).get("/new/koala").get_data(as_text=True)
    options = element(html, r'<fieldset class="field koala-options">')
    assert english_left(options, names=NAMES) == []
    assert {"de": "In Teams spielen", "fr": "Jouer en équipes", "nl": "In teams spelen"}[language] in options


def edit_forms(client, table) -> list[str]:
    """What Koala's correction form draws for each entry of the table (inside the shared page's form)."""
    html = client.get(table).get_data(as_text=True)
    forms = []
    for url in sorted(set(re.findall(r'href="([^"]+/entries/\d+/edit)"', html))):
        page = client.get(url).get_data(as_text=True)
        forms.append(re.search(r'name="entry_id"[^>]*>(.*?)<div class="row">', page, re.S).group(1))
    return forms


def test_the_correction_forms_speak_the_phones_language(client, language):
    table = team_table(speaking(client, language))
    forms = edit_forms(client, table)
    assert len(forms) >= 6  # the log's latest: food, feasts and team cards
    for form in forms:
        assert english_left(form, names=NAMES) == []
    assert any({"de": "Höhle 2", "fr": "Grotte 2", "nl": "Grot 2"}[language] in form for form in forms)
