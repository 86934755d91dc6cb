"""A game's sentence the history stores (why a score did not count, a unit's label, why a table stops replaying) is
kept as its English, which is what every count and export reads. When the English alone cannot say it again in
another language (it has values in it, or turns on a number), its message id and values are kept beside it."""

from __future__ import annotations

from typing import Any

from companion.games import Text


def said(field: str, value: str) -> dict[str, Any]:
    """What to keep beside a stored sentence so a page can say it again in its reader's language (often nothing:
    a sentence without values is found in the catalogues by its English)."""
    if not isinstance(value, Text) or (not value.params and value.plural is None):
        return {}
    return {f"{field}_text": _text_json(value)}


def _text_json(value: Text) -> dict[str, Any]:
    params = {name: _text_json(v) if isinstance(v, Text) else v for name, v in value.params.items()}
    if value.plural is not None and value.number is not None:
        params.pop("num", None)
    return {"msgid": value.msgid, "plural": value.plural, "number": value.number, "params": params}


def said_again(english: str, kept: Any) -> str:
    """A stored sentence as a Text when what was kept beside it still makes the same English; else the English
    (which a page still looks up in the catalogues)."""
    if not isinstance(kept, dict):
        return english
    try:
        again = _text_from(kept)
    except (KeyError, TypeError, ValueError):
        return english
    return again if again == english else english


def _text_from(kept: dict[str, Any]) -> Text:
    params = {name: _text_from(v) if isinstance(v, dict) else v for name, v in kept["params"].items()}
    return Text(str(kept["msgid"]), kept["plural"], kept["number"], params)


def kept(value: str) -> dict[str, Any] | None:
    """What to keep beside one stored sentence (None when its English is enough)."""
    return said("said", value).get("said_text")
