"""An LFG table read in German, French and Dutch: the parts of the page the game draws hold no English, the
breakdown lines and notes of a finished game are said in the phone's language, the group's heroes page and the
score pad speak it, and a refused entry says why in it."""

from __future__ import annotations

import re

import pytest

from companion import words
from companion.games import Text
from companion.games.lfg import engine as lfg
from tests.english import english_left

from .pages import sit, start
from .test_koala_in_languages import edit_forms, element, pdf_text, speaking
from .test_lfg_heroes import BARD, KNIGHT, group_of, keep
from .test_lfg_table import add_hero, party

HEROES = ["Bard", "Knight", "Cleric", "Rogue", "Ranger", "Bardé", "Chevalier"]
NAMES = ["Ann", "Ben", "Cy", "LFG", *HEROES]


@pytest.fixture(params=["de", "fr", "nl"])
def language(request) -> str:
    return request.param


def lfg_table(client, *players: str) -> str:
    """A table with a deck of five heroes: Bard has two copies and is a scoundrel."""
    url = start(client, *players, game="lfg")
    for args in [
        ("Bard", "defence support damage", 3, 1, "scoundrel", 2),
        ("Knight", "defence", 4, 2, "loyal", 1),
        ("Cleric", "support", 2, 0, "", 1),
        ("Rogue", "damage", 1, 3, "scoundrel wild", 1),
        ("Ranger", "defence support", 2, 1, "", 1),
    ]:
        assert add_hero(client, url, *args).status_code == 303
    return url


def game_parts(html: str, *starts: str) -> str:
    """The parts of the page LFG's own templates draw, without the breakdowns the shared macro draws."""
    parts = "\n".join(element(html, start) for start in starts)
    return re.sub(r'<ul class="breakdown">.*?</ul>', "", parts, flags=re.S)


RESULTS = r'<section class="card" aria-labelledby="results-title">'
HEROES_SECTION = r'<section aria-labelledby="heroes-title">'


def party_cards(html: str) -> str:
    return "\n".join(re.findall(r'<details class="card party-form.*?</form>\s*</details>', html, re.S))


KEY_SENTENCES = {
    "de": [
        "Gruppen bisher",
        "Helden in deinem Deck (5)",
        "Gruppe von Ann speichern",
        'Ruhm <span class="renown">2</span>, verletzt 1',
    ],
    "fr": ["Groupes pour l'instant", "Héros dans ton paquet (5)", "Enregistrer le groupe de Ann", "Pourquoi : "],
    "nl": [
        "Groepen tot nu toe",
        "Helden in je stapel (5)",
        "Groep van Ann opslaan",
        'roem <span class="renown">2</span>, gewond 1',
    ],
}


def test_the_table_page_speaks_the_phones_language(client, language):
    table = lfg_table(speaking(client, language), "Ann", "Ben", "Cy")
    assert party(client, table, "Ben", "Cleric", hurt=["Cleric"]).status_code == 303
    html = client.get(table).get_data(as_text=True)
    parts = game_parts(html, RESULTS, HEROES_SECTION) + party_cards(html)
    assert english_left(parts, names=NAMES) == []
    for sentence in KEY_SENTENCES[language]:
        assert sentence in html
    assert "Parties so far" not in html and "Heroes in your deck" not in html


def test_the_english_page_is_as_it_was(client):
    table = lfg_table(client, "Ann", "Ben", "Cy")
    party(client, table, "Ben", "Cleric")
    html = client.get(table).get_data(as_text=True)
    assert "Parties so far" in html and "Heroes in your deck (5)" in html
    assert english_left(game_parts(html, RESULTS, HEROES_SECTION), names=NAMES) != []  # the check can fail


def test_a_players_own_phone_reads_its_party_in_its_language(client, language):
    table = lfg_table(speaking(client, language), "Ann", "Ben")
    sit(client, table, "Ann")
    assert party(client, table, "Ann", "Bard", "Knight", hurt=["Knight"]).status_code == 303
    html = client.get(table).get_data(as_text=True)
    own = game_parts(html, r'<details class="card own-saved"')
    assert english_left(own, names=NAMES) == []
    assert {"de": "Deine Gruppe", "fr": "Ton groupe", "nl": "Jouw groep"}[language] in own


WON = {
    "de": "Ann hat die meisten Schurken (1) und als Einzige(r) den niedrigsten Ruhm (4): ein Schurkensieg.",
    "fr": "Ann a le plus de canailles (1) et, seul, la renommée la plus basse (4) : une victoire des canailles.",
    "nl": "Ann heeft de meeste schurken (1) en, als enige, de laagste roem (4): een schurkenzege.",
}


def test_a_finished_game_says_its_result_in_the_phones_language(client, language):
    table = lfg_table(speaking(client, language), "Ann", "Ben", "Cy")
    party(client, table, "Ann", "Bard", "Cleric", "Rogue", hurt=["Bard"])  # complete: 1 + 2 + 1; two scoundrels
    party(client, table, "Ben", "Knight", "Ranger", "Bard")  # complete: 4 + 2 + 3, one scoundrel
    party(client, table, "Cy", "Cleric")  # incomplete: the deck has one Cleric, Ann has it
    html = client.get(table).get_data(as_text=True)
    assert "Cleric" in html
    party(client, table, "Cy")  # an empty party: incomplete
    html = client.get(table).get_data(as_text=True)
    parts = game_parts(html, RESULTS)
    assert english_left(parts, names=NAMES) == []
    assert {"de": "Warum: die Gruppe hat keine Helden.", "fr": "Pourquoi : le groupe n&#39;a aucun héros."}.get(
        language, "Waarom: de groep heeft geen helden."
    ) in parts
    # Ann has the most scoundrels but not the lowest renown (Cy's empty party has 0): Ben wins on renown
    assert {"de": "Ben gewinnt mit Ruhm", "fr": "Ben gagne à la renommée"}.get(language, "Ben wint op roem") in parts
    assert {
        "de": "Ann hat die meisten Schurken (2), aber nicht den niedrigsten Ruhm (4; am niedrigsten ist 0)",
        "fr": "Ann a le plus de canailles (2) mais pas la renommée la plus basse (4 ; la plus basse est 0)",
        "nl": "Ann heeft de meeste schurken (2) maar niet de laagste roem (4; de laagste is 0)",
    }[language] in parts


def said_everywhere(result: lfg.Result, language: str) -> list[tuple[Text, str]]:
    texts = [line.label for player in result.players for line in player.breakdown] + list(result.notes)
    assert all(isinstance(text, Text) for text in texts)
    return [(text, words.say(text, language)) for text in texts]


def has_words(text: Text) -> bool:
    """Whether the sentence has words of its own (not only names and numbers, as "Bard: 3" has)."""
    return bool(re.search(r"[a-z]", re.sub(r"%\(\w+\)[sd]", "", text.msgid)))


def card(name: str, roles: str, renown: int, hurt: int, traits: str = "") -> lfg.HeroCard:
    return lfg.HeroCard(name, tuple(roles.split()), renown, hurt, tuple(traits.split()))


BARD_CARD = card("Bard", "defence support damage", 3, 1, "scoundrel")
GAMES = {
    "scoundrel win": [
        lfg.Player("Ann", (lfg.PartyHero(BARD_CARD, True), lfg.PartyHero(card("Cleric", "support", 2, 0)))),
        lfg.Player(
            "Ben", (lfg.PartyHero(card("Knight", "defence", 4, 2)), lfg.PartyHero(card("Rogue", "damage", 1, 3)))
        ),
        lfg.Player("Cy", ()),
    ],
    "renown": [
        lfg.Player(
            "Ann",
            (
                lfg.PartyHero(BARD_CARD),
                lfg.PartyHero(card("Knight", "defence", 4, 2)),
                lfg.PartyHero(card("Cleric", "support", 2, 0)),
            ),
        ),
        lfg.Player(
            "Ben",
            (
                lfg.PartyHero(BARD_CARD, True),
                lfg.PartyHero(card("Ranger", "defence support", 2, 1)),
                lfg.PartyHero(card("Rogue", "damage", 1, 3, "scoundrel wild")),
            ),
        ),
        lfg.Player("Cy", (lfg.PartyHero(card("Ranger", "defence support", 2, 1)),)),
    ],
}


@pytest.mark.parametrize("game", GAMES)
def test_every_breakdown_line_and_note_is_said_in_the_language(language, game):
    result = lfg.score(GAMES[game])
    assert len(result.notes) >= 2
    for english, said in said_everywhere(result, language):
        assert english_left(said, names=NAMES) == [], (english, said)
        if has_words(english):
            assert said != english, english


def test_a_line_without_words_of_its_own_reads_the_same(language):
    line = lfg.score(GAMES["renown"]).players[0].breakdown[0]
    said = "Bard : 3" if language == "fr" else "Bard: 3"  # French spaces its colon
    assert (line.label, words.say(line.label, language)) == ("Bard: 3", said)
    hurt = lfg.score(GAMES["renown"]).players[1].breakdown[0]
    assert words.say(hurt.label, language) == {"de": "Bard, verletzt: 1", "fr": "Bard, blessé : 1"}.get(
        language, "Bard, gewond: 1"
    )


PAD_WORDS = {
    "de": ["Gruppe", "Verteidigung", "Weitere Helden", "Vollständig?"],
    "fr": ["Groupe", "Défense", "Autres héros", "Complet ?"],
    "nl": ["Groep", "Verdediging", "Andere helden", "Volledig?"],
}
PAD_ENGLISH = ["Other heroes", "Defence", "Scoundrels", "Complete:", "The final party"]


def test_the_score_pad_prints_in_the_phones_language(client, language):
    response = speaking(client, language).get("/print/lfg/score-pad.pdf", query_string={"players": ["Ann", "Ben"]})
    assert response.status_code == 200
    text = " ".join(pdf_text(response.data).split())
    for wording in PAD_WORDS[language]:
        assert wording in text
    for english in PAD_ENGLISH:
        assert english not in text
    own = text[text.index(PAD_WORDS[language][0]) - 200 :]
    assert english_left(own, names=NAMES) == []


def test_the_english_score_pad_is_as_it_was(client):
    text = " ".join(pdf_text(client.get("/print/lfg/score-pad.pdf").data).split())
    assert all(english in text for english in PAD_ENGLISH)


def errors(html: str) -> list[str]:
    return re.findall(r'class="error" role="alert">([^<]*)<', html)


TAKEN = {
    "de": "Bard ist schon bei den Helden: ändere lieber diese Karte",
    "fr": "Bard est déjà parmi les héros : modifie plutôt cette carte",
    "nl": "Bard staat al bij de helden: wijzig liever die kaart",
}
IN_USE = {
    "de": "das Deck enthält 1 Exemplar von Knight; Ann hat es schon",
    "fr": "le paquet contient 1 exemplaire de Knight ; Ann l&#39;a déjà",
    "nl": "de stapel bevat 1 exemplaar van Knight; Ann heeft hem al",
}


def test_a_refused_entry_says_why_in_the_phones_language(client, language):
    table = lfg_table(speaking(client, language), "Ann", "Ben")
    response = add_hero(client, table, "Bard", "defence")
    assert response.status_code == 422
    assert TAKEN[language] in errors(response.get_data(as_text=True))
    party(client, table, "Ann", "Knight")
    response = party(client, table, "Ben", "Knight")
    assert response.status_code == 422
    said = errors(response.get_data(as_text=True))
    assert IN_USE[language] in said
    assert english_left(" ".join(said), names=NAMES) == []


def test_the_groups_heroes_page_speaks_the_phones_language(client, language):
    group = group_of(speaking(client, language))
    keep(client, group, **KNIGHT)
    keep(client, group, **BARD)
    refused = keep(client, group, **KNIGHT)
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    page = element(html, r'<div class="lfg">')
    assert english_left(page, names=[*NAMES, "Ann and Ben"]) == []
    assert {"de": "LFG-Helden (2)", "fr": "Héros LFG (2)", "nl": "LFG-helden (2)"}[language] in page
    assert {
        "de": "Chevalier ist schon bei den Helden der Gruppe",
        "fr": "Chevalier est déjà parmi les héros du groupe",
        "nl": "Chevalier staat al bij de helden van de groep",
    }[language] in page


def test_the_new_table_options_speak_the_phones_language(client, language):
    group = group_of(speaking(client, language))
    keep(client, group, **KNIGHT)
    html = client.get("/new/lfg").get_data(as_text=True)
    options = element(html, r'<div class="field">\s*<label for="copy-from">')
    assert english_left(options, names=NAMES) == []
    assert {
        "de": "Die Helden deiner Gruppe (1)",
        "fr": "Les héros de ton groupe (1)",
        "nl": "De helden van je groep (1)",
    }[language] in options


def test_the_correction_forms_speak_the_phones_language(client, language):
    table = lfg_table(speaking(client, language), "Ann", "Ben")
    party(client, table, "Ann", "Bard", hurt=["Bard"])
    forms = edit_forms(client, table)
    assert len(forms) == 6  # five heroes and a party
    for form in forms:
        assert english_left(form, names=NAMES) == []
    assert any(
        {"de": "Rollen auf der Karte", "fr": "Rôles sur la carte", "nl": "Rollen op de kaart"}[language] in f
        for f in forms
    )
