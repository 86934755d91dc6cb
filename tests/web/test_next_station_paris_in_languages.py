"""A Next Station Paris table read in German, French and Dutch: the scores, the round's line forms and the
bonus forms, every breakdown line and note of a finished game, a refused line's problem, the messages the page's
script shows as it is typed, and the score pad say nothing in English."""

from __future__ import annotations

import html as markup
import json
import re

import pytest

from companion import words
from companion.games.next_station_paris import engine as nsp
from companion.games.next_station_paris import table as nsp_table
from tests.english import english_left

from .languages_parts import LANGUAGES, header, parts, pdf_text
from .pages import post_entry, start

PLAYERS = ["Ann", "Bea"]
NAMES = [*PLAYERS, "Next Station Paris"]
COLORS = ["blue", "green", "orange", "purple"]


def post(client, table, language, kind, player, **fields):
    return post_entry(client, table, kind, f"{kind}-{player}", headers=header(language), player=player, **fields)


def line(client, table, language, player, round_no, districts=3, stations=2, monuments=1):
    fields = {"round": round_no, "color": COLORS[round_no - 1], "districts": districts}
    fields |= {"max_stations_in_district": stations, "monuments": monuments}
    return post(client, table, language, "line", player, **fields)


def page(client, table, language):
    return client.get(table, headers=header(language)).get_data(as_text=True)


def nsp_parts(html):
    """What the Next Station Paris templates print: the scores (without the app's breakdown list), the headings
    and hints of the round, and each form."""
    scores = parts(html, "section", aria_labelledby="scores-title")
    assert scores
    found = [re.sub(r'<ul class="breakdown">.*?</ul>', "", part, flags=re.S) for part in scores]
    live = html[html.index('id="live"') :]
    found += re.findall(r"<h2>.*?</h2>\s*<p class=\"small muted\">.*?</p>", live, flags=re.S)
    found += parts(html, "form", class_="card")
    return found


def assert_no_english(html):
    for part in nsp_parts(html):
        assert english_left(part, names=NAMES) == [], part[:400]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_round_in_play_reads_in_the_phones_language(client, language):
    table = start(client, *PLAYERS)
    assert line(client, table, language, "Ann", 1).status_code == 303
    html = page(client, table, language)
    assert 'name="color" value="blue"' in html
    assert_no_english(html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bonus_forms_and_a_finished_game_read_in_the_phones_language(client, language):
    table = start(client, *PLAYERS)
    for round_no in range(1, 5):
        for player in PLAYERS:
            assert line(client, table, language, player, round_no).status_code == 303
    html = page(client, table, language)
    assert 'name="interchanges_2"' in html
    assert_no_english(html)
    for player in PLAYERS:
        assert post(client, table, language, "bonus", player, interchanges_2=2, objectives=1).status_code == 303
    html = page(client, table, language)
    assert "★" in html
    assert_no_english(html)


@pytest.mark.parametrize(
    ("language", "sentences"),
    [
        ("de", ["Runde 2 von 4", "Linie von Ann eintragen", "Meiste Stationen in einem Bezirk", "Blau"]),
        ("fr", ["Manche 2 sur 4", "Saisir la ligne de Ann", "Plus de stations dans un quartier", "bleue"]),
        ("nl", ["Ronde 2 van 4", "Lijn van Ann invoeren", "Meeste stations in één wijk", "blauw"]),
    ],
)
def test_key_sentences_read_as_translated(client, language, sentences):
    table = start(client, *PLAYERS)
    for player in PLAYERS:
        assert line(client, table, language, player, 1).status_code == 303
    html = markup.unescape(page(client, table, language))
    for sentence in sentences:
        assert sentence in html, sentence


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_breakdown_line_and_note_is_said_in_the_language(language):
    lines = tuple(nsp.SubwayLine(color, 3, 2, monuments) for color, monuments in zip(COLORS, (0, 1, 2, 0), strict=True))
    sheets = [
        nsp.Sheet("Ann", lines, {2: 1, 3: 2, 4: 1}, {1: 1, 2: 2}, 1),
        nsp.Sheet("Bea", lines, {2: 1, 3: 2, 4: 1}, {1: 1, 2: 2}, 1),
        nsp.Sheet("Cy", lines[:2], {2: 3}, {1: 2, 2: 1}, 2),
    ]
    result = nsp.score(sheets)
    texts = [line.label for player in result.players for line in player.breakdown] + list(result.notes)
    assert len(texts) > 15 and result.notes
    for text in texts:
        told = words.say(text, language)
        assert told != text, text
        assert english_left(told, names=NAMES + ["Cy"]) == [], told
    entry = {"player": "Ann", "round": 2, "line": {"color": "green", "districts": 3, "max_stations_in_district": 2}}
    for said in (
        nsp_table.describe("line", entry),
        nsp_table.describe("bonus", {"player": "Ann"}),
        nsp_table.step(nsp.new_table(PLAYERS), "line", entry).label,
        nsp_table.step(nsp.new_table(PLAYERS), "bonus", entry).label,
    ):
        told = words.say(said, language)
        assert told != said and english_left(told, names=NAMES) == [], told


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("de", "eine Linie fährt höchstens 13 Stationen an, also durch höchstens 13 Bezirke"),
        ("fr", "une ligne dessert au plus 13 stations, donc traverse au plus 13 quartiers"),
        ("nl", "een lijn doet hoogstens 13 stations aan, dus gaat door hoogstens 13 wijken"),
    ],
)
def test_a_line_the_map_cannot_hold_is_refused_in_the_phones_language(client, language, refusal):
    table = start(client, *PLAYERS)
    response = line(client, table, language, "Ann", 1, districts=99)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert refusal in html
    assert "passes through at most" not in html
    assert_no_english(html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bonus_the_map_cannot_hold_is_refused_in_the_phones_language(client, language):
    table = start(client, *PLAYERS)
    for round_no in range(1, 5):
        for player in PLAYERS:
            assert line(client, table, language, player, round_no).status_code == 303
    response = post(client, table, language, "bonus", "Ann", objectives=40)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert words.say(nsp.bonus_limit_problems({}, {}, 40, 4, "")[0].msg, language) in markup.unescape(html)
    assert_no_english(html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_gives_its_script_the_messages_in_the_phones_language(client, language):
    table = start(client, *PLAYERS)
    html = page(client, table, language)
    says = json.loads(markup.unescape(re.search(r"data-nsp-line [^>]*data-says='([^']*)'", html).group(1)))
    assert says["districts"] == words.say(nsp.limits.script_messages()["districts"], language)
    assert "%(max)s" in says["districts"]
    for told in says.values():
        assert english_left(told) == [], told
    english = json.loads(markup.unescape(re.search(r"data-says='([^']*)'", page(client, table, "en")).group(1)))
    assert (
        english["districts"] == "a line visits at most %(max)s stations, so it passes through at most %(max)s districts"
    )


def test_the_scripts_messages_are_the_servers(client):
    """Filled in as the script does, each message reads as the engine gives it for the same numbers."""

    def filled(template, **values):
        return re.sub(r"%\((\w+)\)s", lambda m: str(values[m.group(1)]), template)

    says = {name: str(text) for name, text in nsp.limits.script_messages().items()}
    problems = nsp.bonus_limit_problems({3: 1}, {}, 0, 2, "")
    assert problems[0].msg == filled(says["interchange-lines-n"], kind=3, num=2)
    problems = nsp.bonus_limit_problems({2: 13}, {}, 0, 1, "")
    assert problems[0].msg == filled(says["interchange-lines-1"], kind=2, num=1)
    problems = nsp.bonus_limit_problems({}, {2: 7, 1: 1}, 0, 1, "")
    assert problems[0].msg == filled(says["crossing-lines-1"], kind=2, num=1)
    problems = nsp.bonus_limit_problems({2: 14}, {}, 0, 2, "")
    assert problems[0].msg == filled(says["interchange-more-n"], needed=28, num=2, most=26, each=13)
    problems = nsp.line_limit_problems(8, 7, 0, "")
    assert problems[0].msg == filled(says["together"], max=13, districts=8, most=7, needed=14)


@pytest.mark.parametrize(
    ("language", "sentence"),
    [("de", "Runde · Linienfarbe"), ("fr", "Manche · couleur de ligne"), ("nl", "Ronde · lijnkleur")],
)
def test_the_score_pad_prints_in_the_language(client, language, sentence):
    response = client.get(
        "/print/next-station-paris/score-pad.pdf", query_string={"players": PLAYERS}, headers=header(language)
    )
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert sentence in text
    for english in ("Round · line colour", "Interchanges,", "Crossings,", "Objectives ×", "Winner:"):
        assert english not in text, english
    assert english_left(text, names=NAMES) == [], text
