"""The history writes its numbers as the reader's locale does once they reach the thousands: play counts, wins,
scores, score ranges and averages ("1.001" in German and Dutch, "1 001" in French); in English as it always was
("1001")."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from tests.test_history import entry, oz_even, setup_of

from .languages_parts import LANGUAGES, header
from .test_history_pages import add, history_of

OZ_PLAYS = 1001
THOUSANDS = {"de": ".", "fr": "\u202f", "nl": ".", "en": ""}  # how each writes 1001: "1.001", "1 001", "1001"
DECIMAL = {"de": ",", "fr": ",", "nl": ",", "en": "."}
PLAYS = {"de": "Partien", "fr": "parties", "nl": "potjes", "en": "plays"}


def orleans_in_the_thousands():
    """An Orléans play both of whose players score over a thousand: Jo 1005, Lu 1000."""
    holdings = {"Jo": {"coins": 1000, "trading_stations": 4}, "Lu": {"coins": 999, "citizens": 1}}
    entries = [entry("orleans", "holdings", player=p, **h) for p, h in holdings.items()]
    return "orleans", setup_of("orleans", ["Jo", "Lu"]), [*entries, entry("orleans", "end")]


@pytest.fixture
def history(app):
    add(app, *[oz_even] * OZ_PLAYS, orleans_in_the_thousands, gap=timedelta(minutes=30))
    return history_of(app)


def thousands(number: int, language: str) -> str:
    head, tail = divmod(number, 1000)
    return f"{head}{THOUSANDS[language]}{tail:03d}"


@pytest.mark.parametrize("language", [*LANGUAGES, "en"])
def test_the_play_counts_are_written_as_the_readers_locale_does(client, history, language):
    index = client.get(history, headers=header(language)).get_data(as_text=True)
    everything, oz = thousands(OZ_PLAYS + 1, language), thousands(OZ_PLAYS, language)
    assert f'<h2 aria-live="polite">{everything} {PLAYS[language]}</h2>' in index
    assert f"Oz ({oz})</option>" in index and f">{oz} {PLAYS[language]}</span>" in index
    assert re.search(rf">Ann</a></td><td>{oz}</td><td>{oz}</td>", index)  # Ann's plays and wins
    ann = client.get(f"{history}/players/Ann", headers=header(language)).get_data(as_text=True)
    assert f'<dd data-stat="plays">{oz}</dd>' in ann and f'<dd data-stat="wins">{oz}</dd>' in ann


@pytest.mark.parametrize("language", [*LANGUAGES, "en"])
def test_scores_and_averages_are_written_as_the_readers_locale_does(client, history, language):
    game = client.get(f"{history}/games/orleans", headers=header(language)).get_data(as_text=True)
    assert f'<strong data-stat="highest-by">{thousands(1005, language)}</strong>' in game
    assert f'<dd data-stat="average">{thousands(1002, language)}{DECIMAL[language]}5</dd>' in game
    ranges = re.findall(r'<th scope="row">([^<]+)</th>', game)
    assert ranges and all(re.fullmatch(rf"1{re.escape(THOUSANDS[language])}00\d(–1.*)?", r) for r in ranges), ranges
    assert re.search(rf'<span class="pts">{thousands(1005, language)}</span>', game)  # Jo's score on the play card
    jo = client.get(f"{history}/players/Jo", headers=header(language)).get_data(as_text=True)
    assert f'<td data-stat="best">{thousands(1005, language)}</td>' in jo
