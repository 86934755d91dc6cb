"""The rules search reads a French, Dutch or German question in that language's words: French elided words apart
("l'aiguillage" asks about the aiguillage), an article that is also the word for one is no player count, each game's
players' words (synonyms.<lang>.txt) lead to its guide's own, and a German participle finds its rule."""

from __future__ import annotations

import pytest

from companion import rules
from companion.rules.search import _select, quote, search, stemmed
from companion.rules.synonyms import _game_words, _meanings, apart, concepts
from companion.specs import SPECS


def first(question: str, game: str, language: str) -> str:
    hits = search(question, game=game, language=language)
    assert hits, question
    return f"{hits[0].game}/{hits[0].section}"


def test_a_french_elided_word_is_read_apart_as_the_index_reads_it():
    assert apart(["l'aiguillage", "qu'est", "ce"], "fr") == ["l", "aiguillage", "qu", "est", "ce"]
    assert apart(["can't", "l'oaf"], "en") == ["can't", "l'oaf"] and apart(["koala's"], "nl") == ["koala's"]
    assert [concept.typed for concept in concepts("que fait l'aiguillage", "fr")] == ["aiguillage"]
    assert [concept.typed for concept in concepts("qu'est-ce que je perds", "fr")] == ["perds"]


@pytest.mark.parametrize(
    ("question", "game", "language", "ref"),
    [
        ("que fait l'aiguillage", "next-station-paris", "fr", "next-station-paris/special-cards"),
        ("qui gagne en cas d'égalité", "koala", "fr", "koala/winner"),
        ("et si je ne peux pas payer", "orleans", "fr", "orleans/torture"),
        ("je n'ai plus d'argent", "orleans", "fr", "orleans/torture"),
        ("on peut dépasser 10 de réputation", "loaf", "fr", "loaf/reputation-limits"),
        ("wat als ik niet kan betalen", "orleans", "nl", "orleans/torture"),
        ("mijn munten zijn op", "orleans", "nl", "orleans/torture"),
        ("kun je boven 10 reputatie komen", "loaf", "nl", "loaf/reputation-limits"),
        ("wat doet de wissel", "next-station-paris", "nl", "next-station-paris/special-cards"),
        ("gefoltert", "orleans", "de", "orleans/torture"),
        ("was passiert, wenn ich gefoltert werde", "orleans", "de", "orleans/torture"),
    ],
)
def test_a_question_in_players_words_finds_its_rule_first(question, game, language, ref):
    assert first(question, game, language) == ref


def test_the_article_that_is_also_one_is_no_player_count():
    assert [concept.typed for concept in concepts("wie wint bij een gelijke score", "nl")] == [
        "wint",
        "gelijke",
        "score",
    ]
    assert [concept.typed for concept in concepts("un quatrième trio", "fr")] == ["quatrième", "trio"]
    assert "1 spelers" in concepts("met een speler", "nl")[0].terms
    assert "2 joueurs" in concepts("à deux joueurs", "fr")[0].terms


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("game", list(SPECS))
def test_every_game_has_its_players_words_and_each_leads_to_a_word_of_its_guide(game, language):
    assert SPECS[game].synonyms_in(language).is_file()
    meanings = _meanings(_game_words(game, language))
    assert meanings
    assert rules.guide(game, language).language == language
    for said, written in meanings:
        assert all(said) and all(written), (said, written)
        for term in written:
            found = _select(
                "SELECT game FROM sections WHERE sections MATCH ?", quote(stemmed(term, language)), language
            )
            assert (game,) in found, f"{game} {language}: no section says {term!r}"
