"""A refused form, a 422 of the API and a refused backup say what is wrong in the reader's language, with no
English left: pydantic's errors (a choice not offered, an unknown field, JSON that is none) and the schemas' own
(Orléans' coin spaces), a list of choices joined with the reader's "or"."""

from __future__ import annotations

import io
import re

import pytest

from tests.conftest import make_app
from tests.english import english_left

from .languages_parts import LANGUAGES, header
from .pages import post_entry, start
from .test_import_limits import group_token

OR = {"de": " oder ", "fr": " ou ", "nl": " of "}
ONE_OF = {"de": "muss eins davon sein", "fr": "doit être parmi", "nl": "moet een hiervan zijn"}
NOT_JSON = {
    "de": "ist kein JSON (in Zeile 1, Spalte 2)",
    "fr": "n’est pas du JSON (ligne 1, colonne 2)",
    "nl": "is geen JSON (regel 1, kolom 2)",
}
UNKNOWN = {
    "de": "unbekanntes Feld",
    "fr": "champ inconnu",
    "nl": "onbekend veld",
}


def alerts(html: str) -> str:
    return " ".join(re.findall(r'<p\b[^>]*class="error"[^>]*>(.*?)</p>', html, re.S))


def speaking(tmp_path, language: str):
    """A phone that chose `language`: every page it opens is in it."""
    client = make_app(tmp_path).test_client()
    assert client.post("/language", data={"lang": language, "next": "/"}).status_code == 303
    return client


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_choice_the_form_does_not_offer_is_refused_in_the_readers_words(tmp_path, language):
    client = speaking(tmp_path, language)
    table = start(client, "Ann", "Ben", game="oz")
    fields = {"player": "Ann", "dorothy": "1", "s1_type": "wizard", "s1_points": "2"}
    refused = post_entry(client, table, "hand", "hand-Ann", **fields)
    assert refused.status_code == 422
    said = alerts(refused.get_data(as_text=True))
    assert ONE_OF[language] in said and f"{OR[language]}&#39;plus_minus&#39;" in said
    assert " or " not in said
    assert english_left(re.sub(r"&#39;\w*&#39;", "", said)) == []  # the choices are codes, not words


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("spaces", ["7, twelve", "0, 12", ""])
def test_a_schemas_own_refusal_is_in_the_readers_words(tmp_path, language, spaces):
    client = speaking(tmp_path, language)
    refused = client.post("/new/orleans", data={"players": ["Jo", "Ana"], "coin_spaces": spaces})
    assert refused.status_code == 422
    said = alerts(refused.get_data(as_text=True))
    assert said and english_left(said) == []
    for english in ("with commas between", "numbered 1 to", "at least one coin space"):
        assert english not in said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_apis_422_is_in_the_language_it_asks_for(tmp_path, language):
    client = make_app(tmp_path).test_client()
    body = {"game": "oz", "players": ["Ann", "Ben"], "colour": "blue"}
    answer = client.post("/api/v1/tables", json=body, headers=header(language))
    assert answer.status_code == 422
    [error] = answer.get_json()["errors"]
    assert error["loc"] == "colour" and error["msg"].startswith(UNKNOWN[language])
    english = client.post("/api/v1/tables", json=body).get_json()["errors"][0]["msg"]
    assert english == "unknown field: remove it or check its spelling"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_backup_that_is_no_json_says_so_in_the_readers_words(tmp_path, language):
    app = make_app(tmp_path)
    client = app.test_client()
    token = group_token(app, start(client, "Ann", "Ben"))
    sent = {"backup": (io.BytesIO(b"not json"), "backup.json")}
    refused = client.post(f"/g/{token}/history/import", data=sent, headers=header(language))
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert NOT_JSON[language] in html and "Invalid JSON" not in html


def api_undo(client, language: str | None = None):
    """An undo of a table's first entry through the API, sent after two clock entries: neither the last entry that
    counts nor the clock's last."""
    table = client.post("/api/v1/tables", json={"game": "oz", "players": ["Ann", "Ben"]}).get_json()
    token = table["edit"].rsplit("/", 1)[1]
    for seq, action in enumerate(("start", "pause")):
        body = {"kind": "clock", "payload": {"action": action}, "entry_id": f"c{seq}", "base_version": seq}
        assert client.post(f"/api/v1/tables/{token}/entries", json=body).status_code == 201
    body = {"kind": "undo", "payload": {"target": 1}, "entry_id": "u1", "base_version": 2}
    headers = header(language) if language else {}
    return client.post(f"/api/v1/tables/{token}/entries", json=body, headers=headers)


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_undo_the_api_refuses_says_what_may_be_undone_in_the_language_it_asks_for(tmp_path, language):
    refused = api_undo(make_app(tmp_path).test_client(), language)
    assert refused.status_code == 422
    said = " ".join(problem["msg"] for problem in refused.get_json()["errors"])
    assert said and english_left(said) == []


def test_an_undo_the_api_refuses_names_both_entries_that_may_be_undone(tmp_path):
    refused = api_undo(make_app(tmp_path).test_client())
    said = "only the last entry that counts, the clock's last entry or one that cannot be replayed can be undone"
    assert [(p["loc"], p["msg"]) for p in refused.get_json()["errors"]] == [("payload.target", said)]
