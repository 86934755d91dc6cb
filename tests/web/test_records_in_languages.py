"""The history, the result sheet and the score pad in German, French and Dutch: a group's history pages (its plays,
a player's record, a game's scores, a backup that cannot be restored) hold no English of their own, write dates
and numbers as the reader's locale does, and a printout is in the language of the phone that asked for it."""

from __future__ import annotations

import io
import json
import re
from datetime import UTC, datetime

import pypdf
import pytest
from babel.dates import format_date

from companion.games import msg
from companion.history.play_rows import play_from, play_row
from companion.history.records import Play, Seat
from companion.printing import ResultSheet, pad_sheet
from companion.specs import GAMES, SPECS, table_rules
from companion.storage.log import standing
from companion.words import say
from tests.english import english_left

from ..test_history import koala_koalation, loaf_tie, nsp, oz_even
from .pages import enter_line, start
from .test_history_pages import add, history_of

LANGUAGES = ("de", "fr", "nl")
PLAYERS = ["Ana", "Ben", "Cy", "Ann", "Bob", "Dee", "Jo", "Lu"]
# Names, not English: the players', the games' as printed on their boxes, the app's, and the files' formats.
NAMES = [*PLAYERS, *(game.name for game in GAMES.values()), "Table Companion", "BG Stats", ".bgsplay", "CSV", "JSON"]

# How each language writes a play's moment, a day, and a win rate of one play in two.
MOMENT = {
    "de": r"\d{1,2}\. März 2025, \d\d:\d\d",
    "fr": r"\d{1,2} mars 2025, \d\d:\d\d",
    "nl": r"\d{1,2} mrt 2025, \d\d:\d\d",
}
DAY = {"de": r"\d{1,2}\. März 2025", "fr": r"\d{1,2} mars 2025", "nl": r"\d{1,2} mrt 2025"}
HALF = {"de": "50\xa0%", "fr": "50\xa0%", "nl": "50%"}
HISTORY = {"de": "Spielchronik", "fr": "Historique des parties", "nl": "Spelgeschiedenis"}
FOUR_PLAYS = {"de": "4 Partien", "fr": "4 parties", "nl": "4 potjes"}


def asking(language: str) -> dict[str, str]:
    return {"Accept-Language": f"{language},en;q=0.5"}


def main_of(html: str) -> str:
    """The page's own part: its <main>, without the header and footer every page shares."""
    found = re.search(r"<main>(.*)</main>", html, re.S)
    assert found, "no <main>"
    return found.group(1)


def lang_of(html: str) -> str:
    found = re.search(r'<html lang="([a-z]+)">', html)
    assert found, "no <html lang>"
    return found.group(1)


@pytest.fixture
def history(app):
    """A group with four finished tables: two of Next Station Paris, an Oz and a Koala whose players scored as one."""
    lines = {"Ana": (3, 2, 1), "Ben": (2, 2, 0)}
    add(
        app,
        lambda: nsp(lines),
        lambda: nsp({"Ana": (1, 1, 0), "Ben": (3, 2, 1)}),
        oz_even,
        koala_koalation,
    )
    return history_of(app)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_history_pages_hold_no_english(client, history, language):
    pages = [history, f"{history}/players/Ana", f"{history}/games/next-station-paris", f"{history}/games/koala"]
    for path in pages:
        response = client.get(path, headers=asking(language))
        assert response.status_code == 200, path
        html = response.get_data(as_text=True)
        assert lang_of(html) == language
        assert english_left(main_of(html), names=NAMES) == [], path


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_history_writes_its_dates_and_numbers_as_the_reader_s_locale_does(client, history, language):
    index = client.get(history, headers=asking(language)).get_data(as_text=True)
    assert re.search(MOMENT[language], index)
    assert f"<td>{HALF[language]}</td>" in index  # Ana and Ben won one play in two
    assert f"<h1>{HISTORY[language]}</h1>" in index
    assert f'<h2 aria-live="polite">{FOUR_PLAYS[language]}</h2>' in index
    player = client.get(f"{history}/players/Ana", headers=asking(language)).get_data(as_text=True)
    assert re.search(rf'<dd data-stat="last"><time datetime="[^"]+">{DAY[language]}</time>', player)
    game = client.get(f"{history}/games/next-station-paris", headers=asking(language)).get_data(as_text=True)
    average = re.search(r'<dd data-stat="average">([^<]+)</dd>', game).group(1)
    assert re.fullmatch(r"\d+,\d", average), average  # a decimal comma in all three


def test_a_few_sentences_read_as_translated(client, history):
    german = client.get(history, headers=asking("de")).get_data(as_text=True)
    assert "Jeder beendete Tisch von" in german
    assert ">Aus der Chronik löschen</button>" in german
    french = client.get(f"{history}/players/Ana", headers=asking("fr")).get_data(as_text=True)
    assert "<dt>Taux de victoire</dt>" in french and "Même personne, autre nom ?" in french
    dutch = client.get(f"{history}/games/oz", headers=asking("nl")).get_data(as_text=True)
    assert "Hoogste score: <strong" in dutch and "<h2>Meeste overwinningen</h2>" in dutch


def test_english_stays_as_it_was(client, history):
    index = client.get(history).get_data(as_text=True)
    assert re.search(r"\d\d Mar 2025, \d\d:\d\d", index)
    assert '<h2 aria-live="polite">4 plays</h2>' in index and "<td>50%</td>" in index
    assert lang_of(index) == "en"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_backup_that_cannot_be_restored_says_why_in_the_reader_s_language(app, client, history, language):
    game, setup, _ = loaf_tie()
    backup = {
        "format": "table-companion-plays",
        "version": 1,
        "plays": [
            {
                "game": "chess",
                "setup": setup,
                "created_at": "2025-03-01T19:00:00+00:00",
                "entries": [
                    {
                        "seq": 1,
                        "entry_id": "a",
                        "kind": "round",
                        "payload": {},
                        "author": "",
                        "at": "2025-03-01T19:00:00+00:00",
                    }
                ],
            },
            {
                "game": game,
                "setup": setup | {"colour": "red"},
                "created_at": "2025-03-01T19:00:00+00:00",
                "entries": [
                    {
                        "seq": 2,
                        "entry_id": "a",
                        "kind": "round",
                        "payload": {},
                        "author": "",
                        "at": "2025-03-01T19:00:00+00:00",
                    }
                ],
            },
        ],
    }
    upload = {"backup": (io.BytesIO(json.dumps(backup).encode()), "backup.json")}
    response = client.post(f"{history}/import", data=upload, headers=asking(language))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert lang_of(html) == language
    assert english_left(main_of(html), names=NAMES) == []
    wanted = {
        "de": ["hier heißt kein Spiel 'chess'", "unbekanntes Feld", "muss 1 sein", "Die Sicherung hat 3 Probleme"],
        "fr": ["aucun jeu ici ne s'appelle 'chess'", "champ inconnu", "doit être 1", "La sauvegarde a 3 problèmes"],
        "nl": ["geen spel hier heet 'chess'", "onbekend veld", "moet 1 zijn", "De reservekopie heeft 3 problemen"],
    }[language]
    shown = html.replace("&#39;", "'")
    assert all(sentence in shown for sentence in wanted), shown
    empty = client.post(f"{history}/import", data={}, headers=asking(language)).get_data(as_text=True)
    assert english_left(main_of(empty), names=NAMES) == []


def test_the_page_that_says_how_to_reach_a_history_holds_no_english(client):
    for language in LANGUAGES:
        html = client.get("/history", headers=asking(language)).get_data(as_text=True)
        assert english_left(main_of(html), names=NAMES) == [], language


# --- A play's stored sentences --------------------------------------------------------------------------------------


def test_a_stored_sentence_with_values_is_said_again_in_the_reader_s_language():
    """A reason kept with its message id comes back as the same English, and says itself in German; one stored
    before (the English alone) comes back as it was."""
    ended = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)
    reason = msg("rank %(rank)s", rank=2)
    play = Play("p1", "oz", ended, ended, (Seat("Ann", 3, 1, True), Seat("Bob", 1, 2, False, reason)))
    row = play_row(1, 1, play) | {"viewer_token": ""}
    assert row["seats"][1]["out"] == "rank 2" and "out_text" in row["seats"][1]
    assert "out_text" not in row["seats"][0]
    stored = json.loads(json.dumps(row, default=str)) | {"started": ended, "ended": ended}
    again = play_from(stored)
    assert again.seats[1].out == "rank 2"
    assert say(again.seats[1].out, "de") == "Platz 2"
    old = stored | {"seats": [{k: v for k, v in s.items() if k != "out_text"} for s in stored["seats"]]}
    assert play_from(old).seats[1].out == "rank 2" and say(play_from(old).seats[1].out, "de") == "rank 2"


def test_a_stored_sentence_whose_english_changed_keeps_the_stored_english():
    ended = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)
    play = Play("p1", "oz", ended, ended, (Seat("Bob", 1, 1, False, msg("rank %(rank)s", rank=2)),))
    row = play_row(1, 1, play) | {"viewer_token": ""}
    row["seats"][0]["out"] = "left early"
    assert play_from(row).seats[0].out == "left early"


# --- Printouts ------------------------------------------------------------------------------------------------------


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF-")
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages))


def sheet_of(app, table: str, language: str) -> ResultSheet:
    store = app.extensions["store"]
    row = store.by_token(table.rsplit("/", 1)[1])
    rules = table_rules()[row.game]
    state = rules.replay(row.setup, [s for s in standing(store.entries(row.id)) if s.active])
    played = store.entries(row.id)[-1].at
    return ResultSheet(
        GAMES[row.game], rules.result(state), played, False, tuple(row.setup["players"]), language=language
    )


SHEET = {
    "de": ["Next Station Paris Ergebnisse", "Zwischenstand: Das Spiel ist nicht vorbei", "In Führung: Ann", "Summe"],
    "fr": ["Next Station Paris résultats", "Scores provisoires : la partie n'est pas finie", "En tête : Ann", "Total"],
    "nl": ["Next Station Paris uitslag", "Tussenstand: het spel is nog niet afgelopen", "Aan kop: Ann", "Totaal"],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_result_sheet_is_in_the_language_of_the_phone_that_asked(app, client, language):
    table = start(client, "Ann", "Ben")
    enter_line(client, table, "Ann", 1, districts=4, stations=3, monuments=1)
    response = client.get(f"{table}/results.pdf", headers=asking(language))
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert all(sentence in text for sentence in SHEET[language]), text
    today = format_date(datetime.now(UTC), "long", locale=language)
    assert today in text
    sheet = sheet_of(app, table, language)
    html = sheet.job().html
    assert lang_of(html) == language
    # The breakdown's lines are the game's own sentences, in the game's catalogue: not this sheet's to translate.
    lines = [str(line.label) for p in sheet.result.players for line in p.breakdown]
    rules = [line.rule for p in sheet.result.players for line in p.breakdown]
    notes = [str(note) for note in sheet.result.notes]
    assert english_left(html, names=[*NAMES, *lines, *rules, *notes]) == []


def test_an_english_result_sheet_is_as_it_was(app, client):
    table = start(client, "Ann", "Ben")
    enter_line(client, table, "Ann", 1, districts=4, stations=3, monuments=1)
    sheet = sheet_of(app, table, "en")
    assert sheet.status == "Scores so far: the game is not over" and sheet.verdict == "Leading: Ann"
    assert sheet.date == f"{sheet.played.day} {sheet.played:%B %Y}"
    assert lang_of(sheet.job().html) == "en"


def test_a_sheet_s_flags_say_yes_and_no_in_its_language():
    flags = ResultSheet.flags({"fired": True, "points": 3, "bonus": False})
    assert [(str(label), str(value)) for label, value in flags] == [("Fired", "yes"), ("Bonus", "no")]
    assert [say(value, "fr") for _, value in flags] == ["oui", "non"]


PAD = {"de": ("Wertungsblock", "Datum"), "fr": ("bloc de score", "Date"), "nl": ("scoreblok", "Datum")}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_score_pad_is_in_the_language_of_the_phone_that_asked(client, language):
    response = client.get("/print/oz/score-pad.pdf?players=Ann&players=Bob", headers=asking(language))
    assert response.status_code == 200
    text = pdf_text(response.data)
    pad, date = PAD[language]
    assert f"Oz {pad}" in text and f"{date} ______________" in text
    english = client.get("/print/oz/score-pad.pdf?players=Ann&players=Bob")
    assert english.headers["ETag"] != response.headers["ETag"]
    html = pad_sheet(SPECS["oz"], ["Ann", "Bob"], language=language).job().html
    assert lang_of(html) == language
    own = re.search(r"<head>.*?</head>", html, re.S).group(0) + " ".join(
        re.findall(r'<header class="pad-head">.*?</header>', html, re.S)
    )
    assert english_left(own, names=NAMES) == []
    assert f"<small>{pad}</small>" in own


def test_an_english_score_pad_is_as_it_was():
    html = pad_sheet(SPECS["oz"], ["Ann", "Bob"]).job().html
    assert "<title>Oz score pad</title>" in html and "<p>Date ______________</p>" in html
    assert "<small>score pad</small>" in html


def test_english_left_finds_an_untranslated_sheet():
    """The checks above can fail: the English sheet is found to be English."""
    html = pad_sheet(SPECS["oz"], ["Ann", "Bob"]).job().html
    header = re.search(r'<header class="pad-head">.*?</header>', html, re.S).group(0)
    assert english_left(header + "<p>Printed by Table Companion. Each line names the rules section.</p>") != []
