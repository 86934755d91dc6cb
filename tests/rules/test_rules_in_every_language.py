"""The rules reference read on a German, French or Dutch phone: the pages (list, guide, search, offline) speak the
phone's language, the guides written in it are shown in it with every "why" link's section in place, a guide not
written in it yet is the English one, said so and marked lang="en", and the search API answers in the language
Accept-Language asks for (English by default)."""

from __future__ import annotations

import re

import pytest

from companion import rules
from companion.rules.search import search
from tests.conftest import make_app
from tests.english import english_left

NAMES = ["L'oaf", "Oz", "Orléans", "Next Station Paris", "Koala", "LFG: Looking For Group", "Table Companion"]
# Names a guide cites: the site its rules come from, the other games of its series.
CITED = ["Board Game Arena", "Next Station London"]
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
LANGUAGES = ("de", "fr", "nl")


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return make_app(tmp_path_factory.mktemp("rules-languages")).test_client()


def main(html: str) -> str:
    """The page's own part: what is inside <main>, without the header and footer around it."""
    found = re.search(r"<main\b.*?</main>", html, re.S)
    assert found, "no <main>"
    return found.group(0)


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1)


def read(client, url: str, language: str) -> str:
    answer = client.get(url, headers={"Accept-Language": language})
    assert answer.status_code == 200, url
    return answer.get_data(as_text=True)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "url", ["/rules", "/rules/offline", "/rules?q=torture", "/rules?q=qqqzzz", "/rules?q=Gleichstand&game=oz"]
)
def test_the_rules_pages_leave_no_english_but_the_english_guides_marked_as_such(client, url, language):
    html = read(client, url, language)
    assert english_left(main(html), names=NAMES + CITED) == []
    assert english_left(title(html), names=NAMES) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", rules.games())
def test_a_guide_page_reads_in_the_phones_language_with_every_section_in_place(client, game, language):
    html = read(client, f"/rules/{game}", language)
    assert english_left(main(html), names=NAMES + CITED) == []
    guide = rules.guide(game, language)
    assert re.findall(r'<section class="rule[^"]*" aria-labelledby="([^"]+)"', html) == list(rules.guide(game).anchors)
    for section in guide.sections:
        assert f'<h2 id="{section.anchor}"' in html
    written = guide.language == language
    assert ("This guide" not in html) and (('lang="en"' in main(html)) != written)


def test_a_german_phone_reads_the_german_guide_and_search(client):
    html = main(read(client, "/rules/orleans", "de"))
    assert "Folter" in html and "Inhalt" in html and "Siehe auch" in html and "Andere Spiele" in html
    assert '<h2 id="torture">Folter</h2>' in html
    assert 'lang="en"' not in html
    found = main(read(client, "/rules?q=kein+Geld&game=orleans", "de"))
    assert "Abschnitte zu „" in found and 'data-section="torture"' in found
    assert "<mark>" in found and "Antworten aus Orléans kommen zuerst." in found
    listed = main(read(client, "/rules", "de"))
    assert "Regelübersicht" in listed and "Kurzübersicht" in listed and "So rechnet die App" in listed
    assert "Nichts gefunden zu „" in main(read(client, "/rules?q=qqqzzz", "de"))
    offline = main(read(client, "/rules/offline", "de"))
    assert "Keine Verbindung" in offline and "<strong>Auf Seite suchen</strong>" in offline


def test_a_language_without_its_guide_shows_the_english_one_and_says_so(client, monkeypatch):
    monkeypatch.setattr(rules, "written_in", lambda language: ())
    rules.guide.cache_clear()
    try:
        html = main(read(client, "/rules/koala", "de"))
    finally:
        rules.guide.cache_clear()
    assert "Diese Anleitung gibt es noch nicht auf Deutsch, darum hier auf Englisch." in html
    assert '<div class="body" lang="en">' in html and "Inhalt" in html
    assert english_left(html, names=NAMES) == []


def test_the_search_api_answers_in_the_language_asked_for_and_english_by_default(client):
    german = client.get("/api/v1/rules/search?q=Folter&game=orleans", headers=GERMAN).get_json()["results"]
    assert german[0]["section"] == "torture" and german[0]["title"] == "Folter"
    assert german[0]["url"] == "/rules/orleans#torture" and "<mark>Folter</mark>" in german[0]["snippet_html"]
    english = client.get("/api/v1/rules/search?q=torture&game=orleans").get_json()["results"]
    assert english[0]["title"] == "Torture"
    client.set_cookie("lang", "de")  # the phone's choice is the pages'; the API still reads Accept-Language
    try:
        assert client.get("/api/v1/rules/search?q=torture").get_json()["results"][0]["title"] == "Torture"
    finally:
        client.delete_cookie("lang")


def test_the_german_search_stems_ignores_accents_and_reads_players_words():
    first = search("Steuer", game="orleans", language="de")[0]
    assert (first.game, first.section, first.language) == ("orleans", "taxes", "de")
    assert search("Muenzen Einkommen", game="orleans", language="de")[0].section == "income"
    assert search("Kase", game="orleans", language="de")[0].section in {"goods", "harvest"}
    assert search("pleite", game="orleans", language="de")[0].section == "torture"
    assert search("wer gewinnt bei Gleichstand", game="koala", language="de")[0].section == "winner"
    assert search("zu dritt Handkarten", game="oz", language="de")[0].section == "hand-size"


def test_a_german_question_is_not_answered_by_the_english_index():
    assert search("Folter", language="en") == []
    assert [hit.language for hit in search("Folter", language="de")] == ["de"] * len(search("Folter", language="de"))


def test_every_stem_lines_up_with_the_words_fts5_reads():
    """The index is built from one stem per word, its content is the text as written: both must have the same
    words in the same places, or the snippets would mark the wrong ones."""
    import sqlite3

    from companion.rules.search import _rows, stemmed

    connection = sqlite3.connect(":memory:")
    connection.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')")
    connection.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    for language in ("en", "de"):
        for rowid, row in enumerate(_rows(language), start=1):
            for text in row[:3]:
                connection.execute("DELETE FROM t")
                connection.execute("INSERT INTO t (rowid, body) VALUES (?, ?)", (rowid, text))
                written = connection.execute("SELECT count(*) FROM v").fetchone()[0]
                assert written == len(stemmed(text, language).split()), (language, text[:60])
