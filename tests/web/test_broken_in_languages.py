"""An entry that cannot be replayed is named by its kind in the reader's language: on the table's page, in its log
and in the group's history; in English as it always was ("Ben’s line entry")."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from companion import groups
from companion.games import Text
from companion.history import plays as plays
from companion.specs import SPECS, table_rules
from companion.words import say
from tests.english import english_left

from .languages_parts import LANGUAGES, header, parts
from .test_broken_entries import damage, table  # noqa: F401 - the fixture

LINE = {"de": "Linie", "fr": "ligne", "nl": "lijn"}
NAMES = ["Ann", "Ben", "Next Station Paris"]
FIELD_REQUIRED = {
    "de": ": dieses Feld ist Pflicht; ",
    "fr": "\u00a0: ce champ est obligatoire ; ",
    "nl": ": dit veld is verplicht; ",
}


def broken_section(html: str) -> str:
    [section] = parts(html, "section", data_broken="2")
    return section


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_names_the_broken_entrys_kind_in_the_readers_language(app, client, table, language):  # noqa: F811
    damage(app, table, "line", {"player": "Ben", "round": 1, "colour": "green"}, 1)
    for path in (table["edit"], table["watch"]):
        section = broken_section(client.get(path, headers=header(language)).get_data(as_text=True))
        said = re.sub(r"line\.\w+", "", re.sub(r"<[^>]+>", " ", section))  # a field's location is no word
        assert f"({LINE[language]}, " in said and f"({LINE[language]}))" in said, said
        assert not re.search(r"\bline\b", said) and english_left(said, NAMES) == [], said
        assert FIELD_REQUIRED[language] in said
    english = re.sub(r"<[^>]+>", " ", broken_section(client.get(table["edit"]).get_data(as_text=True)))
    assert "Ben’s line entry (an entry that cannot be read (line)): what was stored is incomplete or damaged" in english
    assert "(line.color: this field is required; line.districts: this field is required;" in english


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_history_names_the_broken_entrys_kind_in_the_readers_language(app, client, table, language):  # noqa: F811
    damage(app, table, "line", {"player": "Ben", "round": 1, "colour": "green"}, 1)
    store = app.extensions["store"]
    plays.rebuild(store)
    mine = groups.by_id(store, store.by_token(table["edit"].rsplit("/", 1)[1]).group_id)
    html = client.get(f"/g/{mine.token}/history", headers=header(language)).get_data(as_text=True)
    [attention] = parts(html, "section", class_="alert")
    assert f"({LINE[language]})" in attention and "(line)" not in attention
    assert "Entry #2 (line)" in client.get(f"/g/{mine.token}/history").get_data(as_text=True)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_of_entry_has_a_name_in_every_language(language):
    for slug, spec in SPECS.items():
        with spec.translations.joinpath(language, "LC_MESSAGES", "messages.po").open("rb") as source:
            translated = {m.id: m.string for m in read_po(source) if m.string}
        for name in spec.table.entries if spec.table else ():
            called = spec.table.kind_name(name)
            assert called == name.replace("_", " "), (slug, name)  # the English is the kind's own name
            assert isinstance(called, Text) and called.msgid in translated, (slug, name)
            assert say(called, language, slug) == translated[called.msgid]
    assert table_rules()["oz"].kind_name("teleport") == "teleport"  # a kind the game does not take: its own name
