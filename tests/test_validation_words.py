"""Every problem pydantic finds in a request is said in the app's own words, in every language: each is a Text the
catalogues translate (its parameters too), never pydantic's English; a list of choices is joined with the reader's
"or"; and the English stays what it was."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po
from pydantic import BaseModel, ValidationError

import companion
from companion import words
from companion.catalogues import folders
from companion.games import Text
from companion.history.backup import BackupIn
from companion.schemas import validation_problems

LANGUAGES = ("de", "fr", "nl")
# What a request may hold where something else belongs: wrong types, out of bounds, unparsable, too long, invisible.
WRONG: list[Any] = ["x", "2.5", 2.5, -5, 10**9, 1e300, True, None, [], {}, [1], {"a": 1}, "", "a" * 500]
WRONG += ["\u200b", "nan", "wizard", ["x"] * 100, [{"a": 1}], "2026-01-01T00:00:00", "1800-01-01T00:00:00Z", "maybe"]
ENTRY = {"seq": 1, "entry_id": "e", "kind": "k", "payload": {}, "author": "Ann"}
BACKUPS = [b"not json", b"{", b'{"format": "table-companion-plays", "version": 1, "plays": [{"game": "oz"']
BACKUPS += [
    b'{"format": "x", "version": 1.0, "plays": [{"game": "oz", "setup": {}, "created_at": "%s", "entries": [%s]}]}'
    % (moment, b'{"seq": 1, "entry_id": "e", "kind": "k", "payload": {}, "author": "Ann", "at": "%s"}' % moment)
    for moment in (b"2026-01-01", b"2026-01-01T00:00:00", b"1800-01-01T00:00:00Z", b"soon")
]


def models() -> list[type[BaseModel]]:
    """Every request schema of the app and its games."""
    for module in pkgutil.walk_packages(companion.__path__, "companion."):
        importlib.import_module(module.name)
    found, todo = set(), [BaseModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("companion."):
                found.add(sub)
    return sorted(found, key=lambda model: (model.__module__, model.__qualname__))


def attempts(model: type[BaseModel]) -> Iterator[Any]:
    yield {}
    yield "x"
    for field in model.model_fields:
        for value in WRONG:
            yield {field: value}
            yield {field: [value]}
            yield {field: {"k": value}}
            yield {field: [{"name": value, "hero": value, "type": value, "points": value} | ENTRY]}


def kinds_and_words(exc: ValidationError) -> list[tuple[str, Any]]:
    """Each error's pydantic type, with the problem the app says for it."""
    return [(error["type"], p.msg) for error, p in zip(exc.errors(), validation_problems(exc), strict=True)]


def problems_met() -> list[tuple[str, Any]]:
    """Every problem the schemas find in the wrong requests, with the pydantic error type behind it."""
    met = []
    for model in models():
        for attempt in attempts(model):
            try:
                model.model_validate(attempt)
            except ValidationError as exc:
                met += kinds_and_words(exc)
            except Exception:  # noqa: BLE001 - a schema that breaks on garbage is another test's business
                continue
    for raw in BACKUPS:
        try:
            BackupIn.model_validate_json(raw)
        except ValidationError as exc:
            met += kinds_and_words(exc)
    return met


@cache
def known(language: str) -> frozenset[str]:
    """Every message id a catalogue translates into `language`."""
    ids = set()
    for folder in folders():
        with folder.po(language).open("rb") as source:
            ids.update(m.id if isinstance(m.id, str) else m.id[0] for m in read_po(source) if m.id and m.string)
    return frozenset(ids)


def unsaid(text: Text, language: str) -> list[str]:
    """The message ids in `text` (its own and its parameters') that no catalogue says in `language`; a parameter
    that is no Text is a value or a name, said as it is."""
    missing = [] if text.msgid in known(language) else [text.msgid]
    return missing + [m for param in text.params.values() if isinstance(param, Text) for m in unsaid(param, language)]


@pytest.fixture(scope="module")
def met() -> list[tuple[str, Any]]:
    return problems_met()


def test_the_wrong_requests_meet_every_kind_of_problem(met):
    kinds = {kind for kind, _ in met}
    assert {"literal_error", "bool_parsing", "json_invalid", "timezone_aware"} <= kinds
    assert {"string_pattern_mismatch", "datetime_parsing", "value_error", "tuple_type", "int_parsing_size"} <= kinds
    assert {"name_invisible", "coin_spaces", "review", "time_range", "too_long"} <= kinds  # the schemas' own
    assert len(kinds) >= 30


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_problem_is_said_in_the_readers_language(met, language):
    left = {}
    for kind, said in met:
        assert isinstance(said, Text), (kind, said)
        if missing := unsaid(said, language):
            left.setdefault(kind, set()).update(missing)
    assert left == {}


def test_a_list_of_choices_is_joined_with_the_readers_or(met):
    [choices] = {said for kind, said in met if kind == "literal_error" and said.endswith("'B' or 'C'")}
    assert choices == "must be one of 'A', 'B' or 'C'"  # the English as pydantic wrote it
    assert words.say(choices, "de") == "muss eins davon sein: 'A', 'B' oder 'C'"
    assert words.say(choices, "fr") == "doit être parmi\u00a0: 'A', 'B' ou 'C'"
    assert words.say(choices, "nl") == "moet een hiervan zijn: 'A', 'B' of 'C'"
    [one] = {said for kind, said in met if kind == "literal_error" and "table-companion-plays" in said}
    assert one == "must be one of 'table-companion-plays'"


def test_the_english_is_the_apps_own(met):
    said = {kind: str(text) for kind, text in met}
    assert said["missing"] == "this field is required"
    assert said["int_parsing"] == "must be a whole number"
    assert said["extra_forbidden"] == "unknown field: remove it or check its spelling"
    assert said["coin_spaces"].startswith(("write the space numbers", "coin spaces", "enter at least one"))
    assert not any(
        text.startswith(("Input should", "Value error", "String should", "Invalid JSON")) for text in said.values()
    )
