"""A limited request says how long to wait in the reader's language: the join code's, a new table's, a new group's
and an import's 429 on the pages, and the API's when Accept-Language asks for a language."""

from __future__ import annotations

import io
import re

import pytest

from companion.groups.limits import Taken
from companion.web.limiting import wait_words
from tests.conftest import make_app
from tests.english import english_left

from .languages_parts import LANGUAGES, header
from .pages import start
from .test_import_limits import group_token

PLAYERS = ["Ana", "Ben"]
# The wait of a refused request, as each language says it (60 seconds for a code, 60 minutes for the rest).
SECONDS = {"de": "warte 60 Sekunden", "fr": "attends 60 secondes", "nl": "wacht 60 seconden"}
MINUTES = {"de": "warte 60 Minuten", "fr": "attends 60 minutes", "nl": "wacht 60 minuten"}
WAITS = {
    "de": ("warte 1 Sekunde", "warte 40 Sekunden", "warte 2 Minuten", "warte 12 Minuten"),
    "fr": ("attends 1 seconde", "attends 40 secondes", "attends 2 minutes", "attends 12 minutes"),
    "nl": ("wacht 1 seconde", "wacht 40 seconden", "wacht 2 minuten", "wacht 12 minuten"),
}


def alert(html: str) -> str:
    [said] = re.findall(r'<p\b[^>]*role="alert"[^>]*>(.*?)</p>', html, re.S)
    return said


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_wait_is_said_in_the_readers_language(tmp_path, language):
    app = make_app(tmp_path)
    with app.test_request_context("/", headers=header(language)):
        said = [wait_words(Taken(seconds)) for seconds in (0.5, 40, 120, 700)]
    assert tuple(said) == WAITS[language]
    with app.test_request_context("/"):
        assert wait_words(Taken(40)) == "wait 40 seconds" and wait_words(Taken(700)) == "wait 12 minutes"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_join_code_says_the_wait_in_the_readers_language(tmp_path, language):
    client = make_app(tmp_path, JOIN_ATTEMPTS=1).test_client()
    client.get("/join?code=AAAAAA", headers=header(language))
    refused = client.get("/join?code=AAAAAA", headers=header(language))
    assert refused.status_code == 429
    said = alert(refused.get_data(as_text=True))
    assert SECONDS[language] in said and english_left(said) == [] and "wait" not in said


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_table_and_group_say_the_wait_in_the_readers_language(tmp_path, language):
    client = make_app(tmp_path, NEW_TABLES_LIMIT=1).test_client()
    assert client.post("/new/oz", data={"players": PLAYERS}, headers=header(language)).status_code == 303
    table = client.post("/new/oz", data={"players": PLAYERS}, headers=header(language))
    group = client.post("/groups/new", data={"name": "Thursday"}, headers=header(language))
    for refused in (table, group):
        assert refused.status_code == 429
        said = alert(refused.get_data(as_text=True))
        assert MINUTES[language] in said and english_left(said) == [] and "wait" not in said
    api = client.post("/api/v1/tables", json={"game": "oz", "players": PLAYERS}, headers=header(language))
    assert api.status_code == 429 and MINUTES[language] in api.get_json()["errors"][0]["msg"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_import_says_the_wait_in_the_readers_language(tmp_path, language):
    app = make_app(tmp_path, IMPORTS_LIMIT=1)
    client = app.test_client()
    token = group_token(app, start(client, *PLAYERS))
    for _ in range(2):
        refused = client.post(
            f"/g/{token}/history/import",
            data={"backup": (io.BytesIO(b"not json"), "backup.json")},
            headers=header(language),
        )
    assert refused.status_code == 429
    said = alert(refused.get_data(as_text=True))
    assert MINUTES[language] in said and "wait" not in said
