"""Each phone its language: the phone's own choice (the language page), else what its browser asks for, else
English; the JSON API answers in English unless Accept-Language asks otherwise; a poll's answer and a printout
are kept apart by language, so a phone never gets another language's copy."""

from __future__ import annotations

import re

import pytest

from tests.conftest import make_app

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path).test_client()


def lang_of(html: str) -> str:
    found = re.search(r'<html lang="([a-z]+)">', html)
    assert found, "no <html lang>"
    return found.group(1)


def test_a_page_speaks_the_language_the_browser_asks_for(client):
    page = client.get("/language", headers=GERMAN).get_data(as_text=True)
    assert lang_of(page) == "de"
    assert "<h1>Sprache</h1>" in page
    assert lang_of(client.get("/language", headers={"Accept-Language": "fr-BE"}).get_data(as_text=True)) == "fr"
    assert lang_of(client.get("/language", headers={"Accept-Language": "nl"}).get_data(as_text=True)) == "nl"


def test_a_browser_that_asks_for_none_of_them_reads_english(client):
    page = client.get("/language", headers={"Accept-Language": "ja, es;q=0.8"}).get_data(as_text=True)
    assert lang_of(page) == "en" and "<h1>Language</h1>" in page
    assert lang_of(client.get("/language").get_data(as_text=True)) == "en"


def test_the_phones_own_choice_comes_before_its_browser(client):
    answer = client.post("/language", data={"lang": "nl", "next": "/rules?q=tie"}, headers=GERMAN)
    assert answer.status_code == 303 and answer.headers["Location"] == "/rules?q=tie"
    assert "lang=nl" in answer.headers["Set-Cookie"] and "Max-Age=31536000" in answer.headers["Set-Cookie"]
    assert lang_of(client.get("/language", headers=GERMAN).get_data(as_text=True)) == "nl"


@pytest.mark.parametrize("target", ["https://elsewhere.example/", "//elsewhere.example/", "/\\elsewhere", ""])
def test_the_choice_goes_back_to_this_site_only(client, target):
    answer = client.post("/language", data={"lang": "fr", "next": target})
    assert answer.headers["Location"] == "/"


def test_a_language_the_app_does_not_speak_changes_nothing(client):
    answer = client.post("/language", data={"lang": "xx", "next": "/"})
    assert answer.status_code == 303 and "Set-Cookie" not in answer.headers
    client.set_cookie("lang", "xx")
    assert lang_of(client.get("/language").get_data(as_text=True)) == "en"


def test_the_api_answers_in_english_whatever_the_phone_chose(client, tmp_path):
    client.post("/language", data={"lang": "de", "next": "/"})
    bad = {"game": "oz", "players": ["Ann"]}
    chose_german = client.post("/api/v1/tables", json=bad)
    plain = make_app(tmp_path / "other").test_client().post("/api/v1/tables", json=bad)
    assert chose_german.status_code == plain.status_code == 422
    assert chose_german.get_json() == plain.get_json()
    assert "Accept-Language" in chose_german.headers["Vary"]
    assert "Cookie" not in chose_german.headers["Vary"].split(", ")


def test_every_page_says_what_it_varies_on(client):
    assert "Accept-Language" in client.get("/language").headers["Vary"]
    client.post("/language", data={"lang": "fr", "next": "/"})
    vary = client.get("/language").headers["Vary"]
    assert "Accept-Language" in vary and "Cookie" in vary


def test_a_poll_is_answered_per_language(client):
    table = client.post("/new/oz", data={"players": ["Ann", "Ben"]}).headers["Location"]
    english = client.get(table + "/live", headers={"HX-Request": "true"})
    german = client.get(table + "/live", headers={"HX-Request": "true", **GERMAN})
    assert english.headers["ETag"] != german.headers["ETag"]
    again = client.get(table + "/live", headers={"HX-Request": "true", "If-None-Match": english.headers["ETag"]})
    assert again.status_code == 304
    crossed = client.get(
        table + "/live", headers={"HX-Request": "true", "If-None-Match": english.headers["ETag"], **GERMAN}
    )
    assert crossed.status_code == 200
