"""A sentence two games' catalogues say in two ways (German's "none" is "keiner" for a L'oaf card, "keine" for an
Oz story) reads as its own game says it on that game's pages, sheets and API answers; a word the app and a game
both use for different things (a player's colour, a Next Station line's) is told apart by its context."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from companion import words
from companion.catalogues import folders
from companion.games import msg
from companion.printing import _env, pad_sheet
from companion.specs import SPECS

from .languages_parts import header
from .pages import start

LANGUAGES = ("de", "fr", "nl")


def said_by(folder, language):
    po = folder.po(language)
    if not po.exists():
        return {}
    with po.open("rb") as source:
        catalogue = read_po(source)
    return {(m.context, m.id): m.string for m in catalogue if isinstance(m.id, str) and m.id and m.string}


def said_two_ways(language):
    """{(context, msgid): {catalogue folder: msgstr}} for the sentences two catalogues translate differently."""
    found: dict[tuple, dict] = {}
    for folder in folders():
        for key, string in said_by(folder, language).items():
            found.setdefault(key, {})[folder.translations] = string
    return {key: ways for key, ways in found.items() if len(set(ways.values())) > 1}


def read(translations, key):
    context, msgid = key
    return translations.pgettext(context, msgid) if context else translations.gettext(msgid)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_game_reads_its_own_catalogue_first(language):
    games = {path: slug for slug, path in words.games().items()}
    checked = 0
    for key, ways in said_two_ways(language).items():
        for folder, string in ways.items():
            if folder in games:
                assert read(words.translations(language, games[folder]), key) == string, (key, folder)
                checked += 1
    assert checked or language == "nl"


def test_only_a_word_whose_form_follows_what_it_names_is_said_two_ways():
    """French and German give "none" the gender of the card or story it stands for, and French "not entered yet"
    that of an Oz hand (la main); anything else says one thing everywhere."""
    two_ways = {language: sorted(msgid for _, msgid in said_two_ways(language)) for language in LANGUAGES}
    assert two_ways == {"de": ["none"], "fr": ["none", "not entered yet"], "nl": []}


def test_the_app_s_colours_and_a_next_station_line_s_are_told_apart():
    assert words.translations("fr", "next-station-paris").gettext("blue") == "bleue"
    assert words.translations("fr", "next-station-paris").pgettext("colour", "blue") == "bleu"
    assert words.translations("de").pgettext("colour", "green") == "grün"
    assert words.translations("de", "next-station-paris").gettext("green") == "Grün"


@pytest.mark.parametrize(
    ("language", "game", "said"), [("de", "oz", "keine"), ("de", "loaf", "keiner"), ("fr", "oz", "aucune")]
)
def test_a_printout_speaks_as_its_game(language, game, said):
    env = _env((), language, game)
    assert env.from_string("{{ gettext('none') }}").render() == said
    assert env.globals["say"](msg("none")) == said


def test_a_next_station_page_names_its_lines_as_the_game_does_and_a_player_s_colour_as_the_app_does(client):
    table = start(client, "Ann", "Bea")
    page = client.get(table, headers=header("fr")).get_data(as_text=True)
    assert re.search(r'class="chip green"></span>\s*verte<', page)
    assert re.search(r'class="sr-only">vert<', page)


def test_an_oz_page_says_none_as_oz_does_and_the_loaf_pad_as_loaf_does(client):
    table = start(client, "Ann", "Bea", game="oz")
    page = client.get(table, headers=header("de")).get_data(as_text=True)
    assert re.search(r'<option value=""[^>]*>keine</option>', page)
    french = client.get(table, headers=header("fr")).get_data(as_text=True)
    assert "pas encore saisie" in french  # a hand (la main), where the other games' catalogues say "saisi"
    html = pad_sheet(SPECS["loaf"], ("Ann", "Bea"), language="de").job().html
    assert re.search(r"<td>keiner</td>", html)
