"""An Orléans table read in German, French and Dutch: every part the game's own templates draw (rounds, the Farmers
step, events, torture, holdings, scores, the track), its engine's sentences (breakdown lines, notes, explanations,
rule errors) and its score pad are in the phone's language, with no English left."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from companion import words
from companion.games.orleans import engine as orl
from companion.games.orleans.engine import rounds as rnd
from companion.games.orleans.text import describe
from tests.english import english_left

from .pages import post_entry
from .test_orleans_table import holdings, start

LANGUAGES = ("de", "fr", "nl")
NAMES = ["Jo", "Kim", "Lou", "Orléans"]
JO = {"coins": 3, "grain": 2, "wool": 1, "trading_stations": 2, "development_level": 3, "development_position": 14}
JO |= {"followers_in_bag": 3, "citizens": 2}
KIM = {"coins": 0, "cheese": 1, "development_level": 1, "development_position": 3, "place_tiles": 1}
LOU = {"coins": 5, "trading_stations": 1, "development_level": 2, "development_position": 8}


def asking(language: str) -> dict[str, str]:
    return {"Accept-Language": language}


def ready(client):
    table = start(client, "Jo", "Kim", "Lou")
    for name, counts in (("Jo", JO), ("Kim", KIM), ("Lou", LOU)):
        assert holdings(client, table, name, **counts).status_code == 303
    return table


def begin(client, table, event, phase="A", farmers=(0, 0, 0)):
    seats = {f"farmers_{seat}": n for seat, n in enumerate(farmers, start=1)}
    return post_entry(client, table, "round", event=event, phase=phase, **seats)


def own_part(html: str) -> str:
    """What the game's templates draw on the table page: the live panel up to the track, without the banner the
    generic page puts above it and the breakdown lists the generic macro draws."""
    found = re.search(r'<div id="live"[^>]*>(.*?<details class="card" id="track".*?</details>)', html, re.S)
    assert found, "no Orléans part on the page"
    part = re.sub(r'<p class="banner".*?</p>', "", found.group(1), flags=re.S)
    return re.sub(r'<ul class="breakdown">.*?</ul>', "", part, flags=re.S)


def page(client, table, language):
    return client.get(table, headers=asking(language)).get_data(as_text=True)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# A few sentences each language's table page says, as translated.
SAID = {
    "de": {
        "start": ["Runde 1 von 18", "Bauernleiste", "Pilgerfahrt ★ vorgeschlagen", "noch 3 von 3"],
        "round": ["Runde 1: Ernte", "Bauernschritt:", "Ernte abrechnen", "2 Nahrung in Phase B"],
        "torture": ["Kim fehlt 1 Münze", "Gib 1 Sache ab, eine pro fehlender Münze.", "Bestätigen"],
        "plague": ["Pest bestätigen", "Einen Start-Gefolgsmann: er kommt zurück"],
        "end": ["Endstand", "Jo gewinnt"],
    },
    "fr": {
        "start": ["Manche 1 sur 18", "Piste des paysans", "Pèlerinage ★ proposé", "encore 3 sur 3"],
        "round": ["Manche 1 : Moisson", "Étape des paysans :", "Résoudre : Moisson", "2 nourriture en phase B"],
        "torture": ["Il manque 1 pièce à Kim", "Cède 1 élément, un par pièce manquante.", "Confirmer"],
        "plague": ["Confirmer la Peste", "Un personnage de départ : il y retourne"],
        "end": ["Scores finaux", "Jo gagne"],
    },
    "nl": {
        "start": ["Ronde 1 van 18", "Boerenspoor", "Pelgrimstocht ★ voorgesteld", "nog 3 van 3"],
        "round": ["Ronde 1: Oogst", "Boerenstap:", "Oogst afhandelen", "2 voedsel in fase B"],
        "torture": ["Kim komt 1 munt tekort", "Geef 1 ding af, één per ontbrekende munt.", "Bevestigen"],
        "plague": ["Pest bevestigen", "Een startvolgeling: die gaat terug"],
        "end": ["Eindstand", "Jo wint"],
    },
}


def assert_said(html: str, language: str, moment: str) -> None:
    part = own_part(html)
    assert english_left(part, names=NAMES) == [], moment
    read = text(part)
    for sentence in SAID[language][moment]:
        assert sentence in read, (moment, sentence)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_table_is_played_in_the_phones_language(client, language):
    new = client.get("/new/orleans", headers=asking(language)).get_data(as_text=True)
    options = re.search(r'<fieldset class="colors">.*</details>', new, re.S).group(0)
    assert english_left(options, names=NAMES) == []

    table = ready(client)
    assert_said(page(client, table, language), language, "start")

    # Kim, furthest behind alone with no coin, owes an item; the Harvest waits for it.
    assert begin(client, table, "harvest", "B", (3, 0, 1)).status_code == 303
    html = page(client, table, language)
    assert english_left(own_part(html), names=NAMES) == []
    for sentence in SAID[language]["torture"]:
        assert sentence in text(own_part(html))
    owed = re.search(r'data-torture data-due="(\d+)"', html)
    assert owed and owed.group(1) == "1"
    assert post_entry(client, table, "torture", "torture-Kim", player="Kim", place_tile=1).status_code == 303
    assert_said(page(client, table, language), language, "round")

    assert post_entry(client, table, "event", event="harvest", phase="B").status_code == 303
    html = page(client, table, language)
    assert english_left(own_part(html), names=NAMES) == []  # the event's outcome, and who is short now
    assert post_entry(client, table, "torture", "torture-Kim", player="Kim", development=3).status_code == 303
    assert post_entry(client, table, "torture", "torture-Lou", player="Lou", trading_station=1).status_code == 303

    assert begin(client, table, "plague", "A").status_code == 303
    assert_said(page(client, table, language), language, "plague")
    assert post_entry(client, table, "plague", lost_1="monk", lost_2="starting", lost_3="sacristy").status_code == 303
    html = page(client, table, language)
    assert english_left(own_part(html), names=NAMES) == []

    for name, counts in (("Jo", JO), ("Kim", KIM), ("Lou", LOU)):
        assert holdings(client, table, name, **(counts | {"coins": 3})).status_code == 303
    assert post_entry(client, table, "end").status_code == 303
    assert_said(page(client, table, language), language, "end")


def finished() -> orl.Result:
    players = [
        orl.Player("Jo", 3, orl.Goods(grain=2, wool=1), 2, 2, 3, 14),
        orl.Player("Kim", 4, orl.Goods(cheese=1, wine=1), 2, 2, 3, 12),
        orl.Player("Lou", 5, orl.Goods(), 1, 0, 2, 8),
    ]
    return orl.score(players)


def sentences() -> list[str]:
    """What a scored game, an event, the Farmers step and a Plague give people to read."""
    result = finished()
    said: list[str] = [line.label for p in result.players for line in p.breakdown] + list(result.notes)
    players = [orl.Player("Jo", 1, orl.Goods(grain=1), 2, 0, 3), orl.Player("Kim", 0, orl.Goods(wool=4), 1, 0, 1)]
    for event in orl.EVENTS:
        resolved = orl.resolve_event(event, "C", players, skipping=["Kim"] if event == "income" else ())
        said += [p.explanation for p in resolved.players] + list(resolved.notes)
    seats = [rnd.FarmerSeat("Jo", 3, 2), rnd.FarmerSeat("Kim", 1, 0), rnd.FarmerSeat("Lou", 0, 0)]
    outcomes = rnd.farmers_step(seats)
    said += [o.line.label for o in outcomes] + [rnd.farmers_summary(outcomes)]
    draws = [rnd.PlagueDraw("Jo", 2, "monk"), rnd.PlagueDraw("Kim", 0), rnd.PlagueDraw("Lou", 1, sacristy=True)]
    said += [o.line.label for o in rnd.resolve_plague(draws)]
    said.append(rnd.first_round_warning(1, "taxes") or "")
    return said + logged()


def logged() -> list[str]:
    """Each kind of entry as the table's log says it."""
    goods = {"grain": 1, "wool": 2}
    entries = [
        ("holdings", {"player": "Jo", "coins": 1, "goods": goods, "development_level": 2, "followers_in_bag": 3}),
        ("event", {"event": "harvest", "phase": "B", "food": [{"grain": 1}], "sacristy": [False, True]}),
        ("torture", {"player": "Jo", "give_up": {"goods": goods, "development": 1, "place_tile": 2}}),
        ("torture", {"player": "Jo"}),
        ("track", {"coin_spaces": [7, 12], "level_spaces": []}),
        ("round", {"event": "trading_day", "phase": "A", "farmers": [1, 2]}),
        ("plague", {"lost": ["monk", None], "sacristy": [False, True]}),
        ("plague", {"lost": [None]}),
        ("end", {}),
    ]
    return [describe(kind, payload) for kind, payload in entries]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_of_a_scored_game_is_said_in_the_language(language):
    english = sentences()
    assert len(english) > 30
    for sentence in english:
        said = words.say(sentence, language)
        assert said != sentence, sentence
        assert english_left(f"<p>{said}</p>", names=NAMES) == [], sentence
        assert not re.search(r"\b(coins?|goods?|trading stations?|level|space|farmers|track)\b", said), said


def test_the_log_reads_as_translated():
    holdings, *_ = logged()
    assert words.say(holdings, "de") == (
        "Besitz von Jo: 1 Münze; 1 Getreide, 2 Wolle; 0 Kontore; Entwicklungsstufe 2 auf Feld 0; "
        "3 Gefolgsleute im Beutel"
    )
    assert words.say(logged()[2], "nl") == (
        "Jo gaf 1 graan, 2 wol, 1 ontwikkelingsstap terug, 2 gebouwtegels af (marteling)"
    )


def test_the_breakdown_reads_as_translated():
    jo = finished().player("Jo").breakdown
    assert [words.say(line.label, "de") for line in jo][:3] == ["3 Münzen × 1", "2 Getreide × 1", "1 Wolle × 4"]
    assert words.say(jo[-1].label, "fr") == "2 citoyens × niveau de développement 3"
    assert words.say(jo[-2].label, "nl") == "2 handelsposten × ontwikkelingsniveau 3"
    notes = finished().notes
    assert words.say(notes[0], "de") == "Niemand bekommt den übrigen Bürger: Jo und Kim sind gleichauf mit 2 Kontore."
    assert words.say(notes[1], "fr") == (
        "Jo et Kim sont à égalité avec 21 points ; le plus avancé sur la piste de développement gagne : Jo (case 14)."
    )


PAD_WORDS = {
    "de": ["Ende der Partie", "Münzen × 1", "Getreide × 1", "Ereignisse", "Ernte:", "Folter:", "ein Kontor"],
    "fr": ["Fin de partie", "Pièces × 1", "Céréales × 1", "Événements", "Moisson :", "Torture :", "un comptoir"],
    "nl": [
        "Einde van het spel",
        "Munten × 1",
        "Graan × 1",
        "Gebeurtenissen",
        "Oogst:",
        "Marteling:",
        "een handelspost",
    ],
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_pad_prints_in_the_language(client, language):
    response = client.get(
        "/print/orleans/score-pad.pdf", query_string={"players": ["Jo", "Kim"]}, headers=asking(language)
    )
    assert response.status_code == 200
    printed = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(response.data)).pages)
    printed = re.sub(r"\s+", " ", printed)
    start_at = printed.index(PAD_WORDS[language][0])
    pad = printed[start_at:]
    assert english_left(f"<p>{pad}</p>", names=NAMES) == []
    for said in PAD_WORDS[language]:
        assert said in printed, said
    for english in ("End of the game", "Coins × 1", "Trading Day", "Torture:", "a trading station"):
        assert english not in printed


REFUSED = {
    "de": "die Schachtel enthält 14 Bürger",
    "fr": "la boîte contient 14 citoyens",
    "nl": "de doos bevat 14 burgers",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rule_error_shows_in_the_phones_language(client, language):
    table = start(client, "Jo", "Kim")
    assert holdings(client, table, "Jo", citizens=10).status_code == 303
    holding = {"player": "Kim", "citizens": 5, "development_level": 1}
    refused = post_entry(client, table, "holdings", "holdings-Kim", headers=asking(language), **holding)
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    errors = re.findall(r'<p class="error" role="alert">(.*?)</p>', html, re.S)
    assert errors and REFUSED[language] in " ".join(errors)
    assert english_left(own_part(html), names=NAMES) == []
    assert "the box holds" not in html
