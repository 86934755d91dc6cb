"""An engine's sentence (Text) is its English str, and says itself again in another language from the catalogues,
its parameters and its plural form included."""

from __future__ import annotations

import pickle

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from companion import words
from companion.games import Text, msg, msg_n


@pytest.fixture
def german(tmp_path, monkeypatch):
    catalog = Catalog(locale="de")
    catalog.add("%(name)s pays %(coins)s", "%(name)s zahlt %(coins)s")
    catalog.add(("%(num)s coin", "%(num)s coins"), ("%(num)s Münze", "%(num)s Münzen"))
    catalog.add("Lion", "Löwe")
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.mo").open("wb") as out:
        write_mo(out, catalog)
    monkeypatch.setattr(words, "directories", lambda: [tmp_path])
    words.translations.cache_clear()
    yield
    words.translations.cache_clear()


def test_a_text_is_its_english():
    paid = msg("%(name)s pays %(coins)s", name="Ann", coins=msg_n("%(num)s coin", "%(num)s coins", 3))
    assert paid == "Ann pays 3 coins" and isinstance(paid, str)
    assert msg_n("%(num)s coin", "%(num)s coins", 1) == "1 coin"
    assert msg("100% sure") == "100% sure"  # no parameters: nothing is formatted


def test_a_text_keeps_what_it_needs_through_pickling():
    text = pickle.loads(pickle.dumps(msg_n("%(num)s coin", "%(num)s coins", 2, who="Ann")))
    assert isinstance(text, Text) and text == "2 coins"
    assert (text.msgid, text.plural, text.number, text.params) == (
        "%(num)s coin",
        "%(num)s coins",
        2,
        {"num": 2, "who": "Ann"},
    )


def test_a_text_is_said_again_in_the_readers_language(german):
    coins = msg_n("%(num)s coin", "%(num)s coins", 1)
    assert words.say(msg("%(name)s pays %(coins)s", name="Ann", coins=coins), "de") == "Ann zahlt 1 Münze"
    assert words.say(msg_n("%(num)s coin", "%(num)s coins", 4), "de") == "4 Münzen"
    assert words.say(msg("Lion"), "de") == "Löwe"
    assert words.say(msg("Lion"), "en") == "Lion"
    assert words.say("Lion", "de") == "Lion"  # a plain str is a name, never looked up
    assert words.say(msg("Tin Man"), "de") == "Tin Man"  # not in the catalogue: its English
