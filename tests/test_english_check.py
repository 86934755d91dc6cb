"""The check for English left on a translated page finds it, and lets names and translated sentences be."""

from tests.english import english_left


def test_english_sentences_are_found_in_text_and_in_what_is_read_aloud():
    html = '<p>Wer gewinnt?</p><p>Who wins the tie?</p><button aria-label="Show the rules">?</button>'
    assert english_left(html) == ["Who wins the tie?", "Show the rules"]


def test_names_scripts_and_what_is_english_on_purpose_are_not_read():
    html = (
        "<script>var the = 1;</script><p>The Witch spielt</p>"
        '<button lang="en">English</button><p lang="en"><b>What the rules say</b></p><p>Punkte: 12</p>'
    )
    assert english_left(html, names=["The Witch"]) == []
    assert english_left("<p>The Witch spielt</p>") == ["The Witch spielt"]


def test_german_french_and_dutch_sentences_pass():
    html = "<p>Was bleibt? Il a 3 points au total.</p><p>Wie wint als het gelijk is? Help, dat was het.</p>"
    assert english_left(html) == []


def test_a_word_with_an_umlaut_or_an_accent_is_one_word():
    assert english_left("<p>Die höhere Karte gewinnt; la règle thème</p>") == []


def test_a_join_code_that_spells_a_word_is_not_english():
    html = '<p>Code <span class="code">THE 7X9</span></p><p class="code flush">AND 4K2</p><p>Who joins?</p>'
    assert english_left(html) == ["Who joins?"]
