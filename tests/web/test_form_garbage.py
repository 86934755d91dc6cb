"""Garbage posted to every game's table entry forms and to the new-table form: wrong types, missing fields, huge
numbers, markup, unknown kinds and choices. Never a 500; a refused entry is a 422 (a 400 when the request
itself is malformed) whose page says what to fix and keeps what was typed in the form's fields."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest

from companion.specs import GAMES, table_rules

from .pages import enter_line, start

SLUGS = sorted(table_rules())
REFUSED = "That entry was not saved"


@dataclass
class Field:
    name: str
    kind: str  # input type, "select" or "textarea"
    value: str = ""
    checked: bool = False
    options: list[str] = field(default_factory=list)
    selected: str | None = None


@dataclass
class Form:
    action: str
    fields: list[Field] = field(default_factory=list)

    def hidden(self, name: str) -> str | None:
        return next((f.value for f in self.fields if f.name == name and f.kind == "hidden"), None)

    @property
    def key(self) -> str | None:
        return self.hidden("form") or self.hidden("kind")

    def typed(self) -> dict[str, list[str]]:
        """What the form shows in its fields: each name's values as a browser would submit them."""
        out: dict[str, list[str]] = {}
        for f in self.fields:
            if f.kind in ("checkbox", "radio") and not f.checked:
                continue
            if f.kind in ("submit", "button", "reset", "file", "image"):
                continue
            value = (f.selected or (f.options[0] if f.options else "")) if f.kind == "select" else f.value
            out.setdefault(f.name, []).append(value)
        return out


class Forms(HTMLParser):
    """Every POST form of a page with its fields, their values, checks and selections."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: Field | None = None
        self._textarea: Field | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "").lower() == "post":
            self._form = Form(a.get("action", ""))
            self.forms.append(self._form)
        elif self._form is None or "disabled" in a:
            return
        elif tag == "input" and a.get("name"):
            kind = a.get("type", "text").lower()
            value = a.get("value", "on" if kind in ("checkbox", "radio") else "")
            self._form.fields.append(Field(a["name"], kind, value, "checked" in a))
        elif tag == "select" and a.get("name"):
            self._select = Field(a["name"], "select")
            self._form.fields.append(self._select)
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            self._select.options.append(value)
            if "selected" in a:
                self._select.selected = value
        elif tag == "textarea" and a.get("name"):
            self._textarea = Field(a["name"], "textarea")
            self._form.fields.append(self._textarea)

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._textarea.value += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def entry_forms(html: str) -> list[Form]:
    return [f for f in Forms(html).forms if f.action.endswith("/entries") and f.hidden("kind")]


# What garbage replaces each field a person types into (number and text inputs, text areas).
GARBAGE = {
    "words": "seven",
    "negative": "-5",
    "huge": "99999999999999999999999",
    "fraction": "2.5",
    "markup": '<script>alert("x")</script>',
    "blank": "",
}
TYPED = ("number", "text", "textarea", "search", "tel")


def submission(form: Form, garbage: str | None) -> dict[str, list[str]]:
    data = form.typed()
    for f in form.fields:
        if garbage is not None and f.kind in TYPED:
            data[f.name] = [garbage]
    return data


def new_table(client, slug: str) -> str:
    """A fresh table of the game with as few players as it takes (Ann, Ben...); its path."""
    return start(client, *["Ann", "Ben", "Cy", "Dee", "Eve"][: max(GAMES[slug].min_players, 2)], game=slug)


def check_refusal(response, form: Form, sent: dict[str, list[str]]) -> None:
    """A 422 page says that nothing was saved, shows a message, and keeps what was typed in the same form."""
    html = response.get_data(as_text=True)
    assert REFUSED in html
    shown = [f for f in entry_forms(html) if f.key == form.key]
    assert shown, f"the form {form.key} is not shown again"
    kept = shown[0].typed()
    typed = {f.name for f in form.fields if f.kind in TYPED} & set(kept)
    for name in typed:
        assert kept[name] == sent[name], (form.key, name, sent[name], kept[name])
    if typed:  # what to fix is said in the form, next to what was typed
        assert 'class="error"' in html, form.key


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("garbage", sorted(GARBAGE))
def test_garbage_in_every_entry_form_is_refused_with_what_was_typed_kept(client, slug: str, garbage: str) -> None:
    table = new_table(client, slug)
    forms = entry_forms(client.get(table).get_data(as_text=True))
    assert forms, f"no entry form on the {slug} table page"
    seen: set[str] = set()
    for form in forms:
        if form.hidden("kind") in seen:  # one form of each kind (the others differ only by player)
            continue
        seen.add(form.hidden("kind") or "")
        sent = submission(form, GARBAGE[garbage])
        sent["entry_id"] = [secrets.token_hex(8)]
        response = client.post(form.action, data=sent)
        assert response.status_code in (303, 409, 422), (slug, form.key, garbage, response.status_code)
        if response.status_code == 422:
            check_refusal(response, form, sent)


@pytest.mark.parametrize("slug", SLUGS)
def test_unknown_kinds_choices_and_fields_are_refused(client, slug: str) -> None:
    table = new_table(client, slug)
    forms = entry_forms(client.get(table).get_data(as_text=True))
    form = forms[0]
    base = submission(form, None)
    fresh = {"entry_id": [secrets.token_hex(8)]}
    assert client.post(form.action, data={**base, **fresh, "kind": ["nonsense"]}).status_code == 400
    assert client.post(form.action, data={**base, **fresh, "version": ["x"]}).status_code in (400, 422)
    for f in form.fields:
        if f.kind in ("select", "radio"):  # a choice the entry does not use (a blank story's character) is dropped
            data = {**base, f.name: ["no-such-choice"], "entry_id": [secrets.token_hex(8)]}
            response = client.post(form.action, data=data)
            assert response.status_code in (303, 409, 422), (slug, f.name, response.status_code)
            if response.status_code == 422:
                assert REFUSED in response.get_data(as_text=True)
    response = client.post(form.action, data={**base, "surprise": ["1"], "entry_id": [secrets.token_hex(8)]})
    assert response.status_code == 422, (slug, "an unknown field", response.status_code)
    assert "unknown field" in response.get_data(as_text=True)
    missing = {k: v for k, v in base.items() if k in ("csrf_token", "kind", "form", "version")}
    response = client.post(form.action, data={**missing, "entry_id": [secrets.token_hex(8)]})
    assert response.status_code == 422, (slug, "no fields", response.status_code)
    assert REFUSED in response.get_data(as_text=True)


@pytest.mark.parametrize("slug", SLUGS)
def test_garbage_in_every_form_kind_the_game_registers_is_refused(client, slug: str) -> None:
    """Also the forms a page shows only later in a game (bonuses, torture, parties, teams...): every field of the
    form's schema gets the garbage, with a real player's name or a made-up one where a player is named."""
    table = new_table(client, slug)
    page = client.get(table).get_data(as_text=True)
    version = next(f.hidden("version") for f in entry_forms(page))
    for kind, schema in table_rules()[slug].forms.items():
        for garbage in GARBAGE.values():
            for player in ("Ann", "<i>Nobody</i>"):
                data = {name: garbage for name in schema.model_fields}
                data |= {"player": player, "name": player} if "player" in data or "name" in data else {}
                data |= {"kind": kind, "version": version, "entry_id": secrets.token_hex(8)}
                response = client.post(f"{table}/entries", data=data)
                assert response.status_code in (303, 409, 422), (slug, kind, garbage, response.status_code)
                if response.status_code == 422:
                    html = response.get_data(as_text=True)
                    assert REFUSED in html and "<i>Nobody</i>" not in html
                else:  # accepted: the table still shows, with the entry in its log
                    assert client.get(table).status_code == 200
                    version = next(f.hidden("version") for f in entry_forms(client.get(table).get_data(as_text=True)))


NEW_TABLE_GARBAGE = {
    "markup names, one twice": ['<script>alert("x")</script>', "<b>Ben</b>", "<b>ben</b>"],
    "huge names": ["x" * 41, "y" * 500],
    "blank names": ["", "   "],
    "same name twice": ["Ann", " ann "],
    "too many players": [f"P{i}" for i in range(12)],
}
OPTION_GARBAGE = {
    "advanced": "maybe",
    "teams": "banana",
    "rules": "<b>house</b>",
    "coin_spaces": "seven, -3, 99999999999999999999",
}
OPTION_GARBAGE |= {"copy_from": "<b>NOPE</b>", "heroes": "[1]", "surprise": "1"}


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("case", sorted(NEW_TABLE_GARBAGE))
def test_garbage_in_the_new_table_form_is_refused_with_what_was_typed_kept(client, slug: str, case: str) -> None:
    names = NEW_TABLE_GARBAGE[case]
    response = client.post(f"/new/{slug}", data={"players": names})
    assert response.status_code == 422, (slug, case, response.status_code)
    html = response.get_data(as_text=True)
    assert 'class="error"' in html
    assert "<script>" not in html and "<b>Ben</b>" not in html
    (form,) = [f for f in Forms(html).forms if f.action == f"/new/{slug}"]
    shown = [v for v in form.typed().get("players", []) if v]
    assert shown == [n.strip() for n in names if n.strip()]


@pytest.mark.parametrize("slug", SLUGS)
def test_garbage_table_options_are_refused_with_what_was_typed_kept(client, slug: str) -> None:
    game = GAMES[slug]
    names = ["Ann", "Ben", "Cy", "Dee"][: game.min_players]
    options = table_rules()[slug].options
    typed = {k: v for k, v in OPTION_GARBAGE.items() if options is not None and k in options.model_fields}
    response = client.post(f"/new/{slug}", data={"players": names, **typed, "surprise": "1"})
    if options is None:  # a game without options ignores the rest of the form
        assert response.status_code == 303
        return
    assert response.status_code == 422, (slug, response.status_code)
    html = response.get_data(as_text=True)
    assert 'class="error"' in html and "<b>" not in html
    (form,) = [f for f in Forms(html).forms if f.action == f"/new/{slug}"]
    kept = form.typed()
    assert [v for v in kept["players"] if v] == names
    for name, value in typed.items():
        if any(f.name == name and f.kind in TYPED for f in form.fields):
            assert kept[name] == [value], (slug, name, kept[name])


def plausible(form: Form) -> dict[str, list[str]]:
    """The form as a person might fill it in: the first choice of each choice left open, every box ticked, a
    name in each text field and 2 in each number field."""
    data = form.typed()
    for f in form.fields:
        if f.kind == "radio" and f.name not in data:
            data[f.name] = [f.value]
        elif f.kind == "checkbox":
            data.setdefault(f.name, [f.value])
        elif f.kind in TYPED:
            data[f.name] = ["2" if f.kind == "number" else "Bard"]
    return data


def first_entry(client, table: str) -> str:
    """Enter the first form the page offers that takes its defaults, or plausible values; the path of the
    entry's correction page."""
    for form in entry_forms(client.get(table).get_data(as_text=True)):
        for data in (submission(form, None), plausible(form)):
            response = client.post(form.action, data={**data, "entry_id": [secrets.token_hex(8)]})
            if response.status_code == 303:
                html = client.get(table).get_data(as_text=True)
                return next(f"{table}/entries/{seq}/edit" for seq in range(1, 50) if f"/entries/{seq}/edit" in html)
    raise AssertionError(f"no form on {table} takes its defaults or plausible values")


@pytest.mark.parametrize("slug", SLUGS)
def test_garbage_in_a_correction_is_refused_with_what_was_typed_kept(client, slug: str) -> None:
    edit = first_entry(client, new_table(client, slug))
    for garbage in GARBAGE.values():
        (form,) = [f for f in Forms(client.get(edit).get_data(as_text=True)).forms if f.action == edit]
        sent = {**submission(form, garbage), "entry_id": [secrets.token_hex(8)]}
        response = client.post(edit, data=sent)
        assert response.status_code in (303, 409, 422), (slug, garbage, response.status_code)
        if response.status_code != 422:
            continue
        html = response.get_data(as_text=True)
        (shown,) = [f for f in Forms(html).forms if f.action == edit]
        kept = shown.typed()
        typed = {f.name for f in form.fields if f.kind in TYPED} & set(kept)
        assert all(kept[name] == sent[name] for name in typed), (slug, garbage)
        assert not typed or 'class="error"' in html


@pytest.mark.parametrize("version", ["99999999999999999999999", "-1", "1e3", "", "<b>1</b>"])
def test_a_version_that_is_not_one_is_refused_and_nothing_is_saved(client, version: str) -> None:
    # A version beyond the log's integer column once reached the database and failed there (a 500).
    table = start(client, "Ann", "Ben")
    response = enter_line(client, table, "Ann", 1, version=version)
    assert response.status_code in (400, 409)
    assert enter_line(client, table, "Ann", 1).status_code == 303
