"""An Oz table read in German, French and Dutch: the page's scores, hands and forms, every breakdown line and note
of a finished game, a refused hand's problem and the score pad say nothing in English."""

from __future__ import annotations

import pytest

from companion import words
from companion.games.oz import engine as oz
from tests.english import english_left

from .languages_parts import LANGUAGES, header, parts, pdf_text
from .pages import post_entry, start
from .test_oz_table import ANNA, BRUNO, PHILIPPE

PLAYERS = ["Philippe", "Anna", "Bruno"]
# The characters' names as the cards print them are names, as the players' are (Lion, Witch... are said in each
# language, but "Dorothy", "Toto", "Oz" and "Glinda" stay as they are).
NAMES = [*PLAYERS, "Dorothy", "Toto", "Oz", "Glinda"]
CHARACTERS = {oz.display(c) for c in oz.CHARACTERS}


def enter_hand(client, table, player, fields, language):
    return post_entry(client, table, "hand", f"hand-{player}", headers=header(language), player=player, **fields)


def page(client, table, language):
    return client.get(table, headers=header(language)).get_data(as_text=True)


def oz_parts(html):
    """What the Oz templates print on the table page: the scores, each hand's card, the saved hand."""
    found = parts(html, "section", aria_labelledby="scores-title")
    found += parts(html, "details", class_="hand-card") + parts(html, "details", class_="own-saved")
    assert found
    return found


@pytest.fixture
def played(client):
    """Philippe's rulebook hand in, Anna's and Bruno's to come."""
    table = start(client, *PLAYERS, game="oz")
    assert enter_hand(client, table, "Philippe", PHILIPPE, "en").status_code == 303
    return table


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_page_reads_in_the_phones_language(client, played, language):
    html = page(client, played, language)
    for part in oz_parts(html):
        assert english_left(part, names=NAMES) == [], part[:300]


@pytest.mark.parametrize(
    ("language", "sentences"),
    [
        (
            "de",
            ["Zwischenstand", "4 Paare aus Dorothy + Löwe × 2", "2 pro Paar Dorothy + Löwe", "Warten auf Anna, Bruno."],
        ),
        ("fr", ["Scores pour l'instant", "4 paires de Dorothy + Lion × 2", "Épouvantail 2, plus de 1 : 0"]),
        (
            "nl",
            [
                "Tussenstand",
                "4 paren Dorothy + Leeuw × 2",
                "+3 per Oz, −1 per Glinda en Heks",
                "Wachten op Anna, Bruno.",
            ],
        ),
    ],
)
def test_key_sentences_read_as_translated(client, played, language, sentences):
    html = page(client, played, language).replace("&#39;", "'")
    for sentence in sentences:
        assert sentence in html, sentence


def test_an_english_phone_still_reads_english(client, played):
    html = page(client, played, "en")
    assert "4 pairs of Dorothy + Lion × 2" in html and "Scores so far" in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_line_and_note_of_a_finished_game_is_said_in_the_language(client, language):
    table = start(client, *PLAYERS, game="oz")
    for name, hand in (("Philippe", PHILIPPE), ("Anna", ANNA), ("Bruno", BRUNO)):
        assert enter_hand(client, table, name, hand, language).status_code == 303
    ex = {t.type: t.example for t in oz.STORY_TYPES}
    lion_most = oz.Story("most_among_players", 8, character="lion")
    hands = [
        oz.PlayerHand(
            "Ann",
            oz.Hand(dorothy=5, lion=2, witch=3, scarecrow=1, robot=1),
            (ex["each"], ex["pair"], ex["twins"], ex["set"]),
        ),
        oz.PlayerHand(
            "Bea",
            oz.Hand(toto=4, oz=4, dorothy=4, robot=3),
            (ex["triples"], ex["at_most"], ex["majority"], ex["most_among_players"]),
        ),
        oz.PlayerHand(
            "Cy", oz.Hand(witch=2, glinda=3, oz=1, lion=1), (ex["majority"], ex["plus_minus"], ex["triples"], lion_most)
        ),
    ]
    tied = [oz.PlayerHand("Ann", oz.Hand(lion=3)), oz.PlayerHand("Bea", oz.Hand(lion=3))]
    said = 0
    for result in (oz.score(hands), oz.score(tied)):
        for text in [line.label for p in result.players for line in p.breakdown] + list(result.notes):
            told = words.say(text, language)
            assert english_left(told, names=NAMES + ["Ann", "Bea", "Cy"]) == [], told
            if any(word.isalpha() and word not in CHARACTERS for word in text.split()):  # not names alone
                assert told != text, text
            said += 1
    assert said > 10
    html = page(client, table, language)
    for part in oz_parts(html):
        assert english_left(part, names=NAMES) == [], part[:300]


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("de", "Mit 3 Spielern gibt es höchstens 9 Löwe-Karten; diese Hand hat 10."),
        ("fr", "À 3 joueurs, il existe au plus 9 cartes Lion ; cette main en a 10."),
        ("nl", "Met 3 spelers bestaan er hoogstens 9 Leeuw-kaarten; deze hand heeft er 10."),
    ],
)
def test_a_hand_that_breaks_a_rule_is_refused_in_the_phones_language(client, language, refusal):
    table = start(client, *PLAYERS, game="oz")
    response = enter_hand(client, table, "Philippe", PHILIPPE | {"lion": 10}, language)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert refusal in html
    assert "cards exist with" not in html
    for part in parts(html, "details", class_="hand-card"):
        assert english_left(part, names=NAMES) == [], part[:300]


@pytest.mark.parametrize(
    ("language", "sentence"),
    [("de", "Karten auf der Hand"), ("fr", "Cartes en main"), ("nl", "Kaarten in de hand")],
)
def test_the_score_pad_prints_in_the_language(client, language, sentence):
    response = client.get("/print/oz/score-pad.pdf", query_string={"players": PLAYERS}, headers=header(language))
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert sentence in text
    for english in ("Cards in hand", "Story 1", "tally each character", "Check:", "Winner:", "Stories:", "Per card"):
        assert english not in text, english
    assert english_left(text, names=NAMES) == [], text
