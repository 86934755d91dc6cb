"""A L'oaf table in German, French and Dutch: the parts of its page the game draws (the step, the round form, the
round's result, the track, the bosses, the hands, the final scores) hold no English, the engine's lines and notes
are said in the phone's language, a refused round says why in it, and so does the score pad."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from companion import words
from companion.games.loaf import engine as loaf
from companion.games.loaf.engine.effects import Effect
from tests.english import english_left

from .pages import post_entry
from .test_loaf_table import GOOD_BAD, UP_DOWN, record, start
from .test_printing import pdf_pages, squeezed, text_of

LANGUAGES = ("de", "fr", "nl")
PLAYERS = ["Zach", "Steve", "Jason"]
# What the game's own templates draw, by the attribute that opens each part.
PARTS = (
    'id="step"',
    'class="card whole-round"',
    'id="last-round"',
    'aria-labelledby="track-title"',
    'class="card bosses"',
    'aria-labelledby="hands-title"',
    'class="card final"',
)


class _Element(HTMLParser):
    """The outer HTML of the first element whose start tag holds `marker`."""

    def __init__(self, html: str, marker: str) -> None:
        super().__init__(convert_charrefs=False)
        self.html, self.marker = html, marker
        self.start: int | None = None
        self.end: int | None = None
        self.tag, self.depth = "", 0
        self.lines = [0]
        for line in html.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.feed(html)

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag, attrs):
        if self.end is not None:
            return
        if self.start is None and self.marker in (self.get_starttag_text() or ""):
            self.start, self.tag, self.depth = self._offset(), tag, 1
        elif self.start is not None and tag == self.tag:
            self.depth += 1

    def handle_endtag(self, tag):
        if self.start is not None and self.end is None and tag == self.tag:
            self.depth -= 1
            if self.depth == 0:
                self.end = self._offset() + len(f"</{tag}>")


def part(html: str, marker: str) -> str:
    found = _Element(html, marker)
    assert found.start is not None and found.end is not None, f"no {marker} on the page"
    return html[found.start : found.end]


def own_parts(html: str) -> str:
    """The parts of the page the game's templates draw; the breakdowns inside the final scores are the shared
    macro's (said there by its owners), so they are read on their own below."""
    found = [part(html, marker) for marker in PARTS if marker in html]
    return re.sub(r'<ul class="breakdown">.*?</ul>', "", "\n".join(found), flags=re.S)


def asked(language: str) -> dict[str, str]:
    return {"Accept-Language": language}


def page(client, table, language):
    return client.get(table, headers=asked(language)).get_data(as_text=True)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_table_in_play_holds_no_english_in_the_games_parts(client, language):
    table = start(client, *PLAYERS, advanced=True)
    assert record(client, table, 5, {"Zach": 6, "Steve": 4, "Jason": 7}).status_code == 303
    assert record(client, table, 6, {"Zach": 0, "Steve": 5, "Jason": 2}).status_code == 303
    html = page(client, table, language)
    mine = own_parts(html)
    assert 'id="step"' in mine and 'id="last-round"' in mine and "whole-round" in mine
    assert english_left(mine, names=PLAYERS + ["L'oaf"]) == []


SAID = {
    "de": (
        "Runde 1: Erfolg",
        "17 gespielt, 15 gebraucht",
        "Jason spielte 7, 2 über dem Auftrag von 5: +2",
        "Erfolgseffekt für den höchsten Ruf: +1",
        "Karten auf der Hand",
    ),
    "fr": (
        "Manche 1 : réussite",
        "17 joués pour 15 demandés",
        "Jason a joué 7, 2 au-dessus des 5 de la commande : +2",
        "Effet de réussite pour la réputation la plus haute : +1",
        "Cartes en main",
    ),
    "nl": (
        "Ronde 1: succes",
        "17 gespeeld tegen 15 nodig",
        "Jason speelde 7, 2 boven de 5 van de bestelling: +2",
        "Succeseffect voor de hoogste reputatie: +1",
        "Kaarten in de hand",
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rounds_result_reads_as_translated(client, language):
    table = start(client, *PLAYERS)
    record(client, table, 5, {"Zach": 6, "Steve": 4, "Jason": 7})
    html = page(client, table, language)
    for sentence in SAID[language]:
        assert sentence in html
    english = client.get(table).get_data(as_text=True)
    assert "Jason played 7, 2 above the order&#39;s 5: +2" in english  # the English as it always was


REFUSED = {
    "de": ("Runde 2: Zach hat die 6 nicht mehr", "wähle die Bewertungskarte dieser Runde"),
    "fr": ("Manche 2 : Zach n’a plus le 6", "choisis la carte d’évaluation de cette manche"),
    "nl": ("Ronde 2: Zach heeft de 6 niet meer", "kies de beoordelingskaart van deze ronde"),
}


def errors(html):
    return " ".join(re.findall(r'<p class="error" role="alert">(.*?)</p>', html))


def refused(client, table, language, **fields):
    """A round form sent from a phone reading `language`: the page it gets back, refused."""
    answer = post_entry(client, table, "round", headers=asked(language), **fields)
    assert answer.status_code == 422
    return errors(answer.get_data(as_text=True))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_round_says_why_in_the_phones_language(client, language):
    table = start(client, "Zach", "Steve")
    record(client, table, 5, {"Zach": 6, "Steve": 4})
    held, unpicked = REFUSED[language]
    said = refused(client, table, language, average=4, **{"card-Zach": 6, "card-Steve": 2, "review": UP_DOWN})
    assert held in said and "no longer holds" not in said
    said = refused(client, table, language, average=4, **{"card-Zach": 5, "card-Steve": 2})
    assert unpicked in said and "review card" not in said


FINISHED = {
    "de": ("Spielende: Endstand", "Der Fröhliche Chef hat nach Runde 5 5 erreicht", "★ Bob gewinnt"),
    "fr": ("Fin de la partie : scores finaux", "Le Patron content a atteint 5 après la manche 5", "★ Bob gagne"),
    "nl": ("Einde van het spel: eindstand", "De Blije Baas bereikte 5 na ronde 5", "★ Bob wint"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_finished_table_says_its_end_in_the_phones_language(client, language):
    table = start(client, "Ann", "Bob")
    record(client, table, 0, {"Ann": 2, "Bob": 1}, review=GOOD_BAD)
    for n in (3, 4, 5, 6):
        record(client, table, n, {"Ann": n, "Bob": n}, review=GOOD_BAD)
    html = page(client, table, language)
    for sentence in FINISHED[language]:
        assert sentence in html
    assert english_left(own_parts(html), names=["Ann", "Bob", "L'oaf"]) == []


def finished_games() -> list[loaf.Game]:
    """Games that end every way: a happy end on a tie, an angry end with players fired and end-of-game cards, and
    an angry end that fires everyone."""
    up = loaf.Review(Effect("reputation", "good", 1), Effect("reputation", "bad", -1))
    happy = loaf.replay(
        ["Ann", "Bob"],
        [loaf.Round(loaf.Order(0), {"Ann": 2, "Bob": 1}, up)]
        + [loaf.Round(loaf.Order(n), {"Ann": n, "Bob": n}, up) for n in (3, 4, 5, 6)],
    )
    points = loaf.Review(Effect("bonus_points", "highest", 4), Effect("minus_points", "lowest", 4))
    doubles = loaf.Review(Effect("double_bonus"), Effect("double_minus"))
    hits = loaf.Review(Effect("reputation", "highest", 2), Effect("reputation", "bad", -1))
    angry = loaf.replay(
        ["Ann", "Bob", "Cy"],
        [
            loaf.Round(loaf.Order(6), {"Ann": 0, "Bob": 4, "Cy": 11}, points),
            loaf.Round(loaf.Order(6), {"Ann": 1, "Bob": 5, "Cy": 10}, doubles),
            loaf.Round(loaf.Order(6), {"Ann": 2, "Bob": 6, "Cy": 9}, hits),
            loaf.Round(loaf.Order(6), {"Ann": 3, "Bob": 8, "Cy": 0}, hits),
            loaf.Round(loaf.Order(6), {"Ann": 4, "Bob": 7, "Cy": 1}, hits),
        ],
    )
    everyone = loaf.replay(
        ["Ann", "Bob"],
        [loaf.Round(loaf.Order(11), {"Ann": n, "Bob": n}, hits) for n in (0, 1, 2, 3, 4)],
    )
    return [happy, angry, everyone]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_breakdown_line_and_note_of_a_finished_game_is_said_in_the_language(language):
    games = finished_games()
    assert all(game.ended for game in games)
    texts = []
    for game in games:
        assert game.result is not None
        texts += [line.label for player in game.result.players for line in player.breakdown]
        texts += list(game.result.notes)
        texts += [c.reason for r in game.rounds for c in r.changes] + [e.text for r in game.rounds for e in r.events]
    assert any("tie on" in text for text in texts) and any(text.startswith("Fired") for text in texts)
    assert any("x2" in text for text in texts) and any("nobody wins" in text for text in texts)
    for text in texts:
        said = words.say(text, language)
        assert said != text, text
        assert english_left(said, names=["Ann", "Bob", "Cy"]) == [], text


PAD = {
    "de": ("BonusderTafel", "Karten übrig (Wert)", "Ruf>0", "Minuspunkte"),
    "fr": ("Bonusduplateau", "Cartes restantes (valeur)", "Réputation>0", "Pointsmalus"),
    "nl": ("Bonusvanhetbord", "Kaarten over (waarde)", "Reputatie>0", "Minpunten"),
}
PAD_ENGLISH = (
    "Boardbonus",
    "Cardsleft",
    "Reputation>0",
    "Bonuspoints",
    "Minuspoints",
    "Fired?",
    "Winner:",
    "Alineperround",
    "pencilamark",
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_pad_prints_the_games_part_in_the_language(client, language):
    response = client.get(
        "/print/loaf/score-pad.pdf", query_string={"players": ["Ann", "Bob"]}, headers=asked(language)
    )
    (sheet,) = pdf_pages(response.data)
    text = squeezed(text_of(sheet))
    for said in PAD[language]:
        assert squeezed(said) in text
    assert [english for english in PAD_ENGLISH if english in text] == []
