"""Every kind of page, in German, French and Dutch: the page set the browser tests walk (every game's table
empty, mid-game and finished, its log, correction and watch pages, the rules, the group and its history, the print
index...) fetched by the same phone with Accept-Language, and by a phone that chose the language on the language
page; none shows an English sentence (names aside). And every game's score pad and finished table's result sheet,
as PDF text, the same."""

from __future__ import annotations

import io

import pypdf
import pytest

from companion.specs import SPECS
from tests.browser.every_page import SETUPS, build
from tests.english import english_left

LANGUAGES = ("de", "fr", "nl")
# What is never translated: the players of the page set, the app's and the games' names as printed, Oz's cards.
NAMES = ["Table Companion", "Ann", "Ana", "Ben", "Bob", "Cy", "Jo", "Di"]
NAMES += [spec.game.name for spec in SPECS.values()] + ["Next Station London", "Board Game Arena"]
# The groups the page set's tables are in, named by the English phone that started them: a name, kept as given.
NAMES += ["Ana and Ben", "Ann and Ben", "Ann, Ben and Cy", "Jo and Ana", "Ann and Bob"]


def english_on(html: str) -> list[str]:
    return english_left(html, NAMES)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    site, server = build(tmp_path_factory.mktemp("pages"))
    with server:  # only its socket is needed (the pages are fetched through the client): closed when done
        yield site


def fetch(site, path: str, language: str, chosen: bool = False):
    client = site.app.test_client()
    cookie = site.cookies[0]
    client.set_cookie(cookie["name"], cookie["value"])
    if chosen:
        assert client.post("/language", data={"lang": language, "next": "/"}).status_code == 303
        return client.get(path, headers={"Accept-Language": "en"})
    return client.get(path, headers={"Accept-Language": language})


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def page_names(site) -> list[str]:
    return sorted(site.paths)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_speaks_the_phones_language(site, language):
    left = {}
    for name, path in sorted(site.paths.items()):
        html = fetch(site, path, language).get_data(as_text=True)
        assert f'<html lang="{language}">' in html, name
        if found := english_on(html):
            left[name] = found
    assert left == {}


def test_a_language_chosen_on_the_phone_is_every_pages(site):
    for name in ("home", "group", "history", "oz-finished", "loaf-mid", "rules-index"):
        html = fetch(site, site.paths[name], "de", chosen=True).get_data(as_text=True)
        assert '<html lang="de">' in html
        assert english_on(html) == [], name


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_pad_and_result_sheet_speaks_the_phones_language(site, language):
    left = {}
    for slug, spec in SPECS.items():
        if spec.pad is not None:
            pad = fetch(site, f"/print/{slug}/score-pad.pdf", language)
            assert pad.status_code == 200, slug
            if found := english_left(pdf_text(pad.data), NAMES):
                left[f"pad {slug}"] = found
    for game in SETUPS:
        sheet = fetch(site, site.paths[f"{game}-finished"] + "/results.pdf", language)
        assert sheet.status_code == 200, game
        if found := english_left(pdf_text(sheet.data), NAMES):
            left[f"results {game}"] = found
    assert left == {}
