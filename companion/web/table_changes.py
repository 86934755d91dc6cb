"""What changed on a table, in words, for a phone whose entry met another phone's: the latest entry in a few words,
and what the phone typed as the log would say it."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext

from companion.storage.log import CORRECT, UNDO, target_of
from companion.storage.rows import EntryRow
from companion.storage.store import TableRow

from ..schemas import EntryForm
from . import language, table_context
from .table_view import TableView


def in_words(view: TableView, kind: str, form: type[EntryForm], values: dict[str, Any]) -> str:
    """What a phone typed, as the log would say it; typing that is not a whole entry yet says so."""
    try:
        said = view.rules.describe(kind, view.rules.entries[kind].canonical(form.model_validate(values).to_payload()))
    except Exception:  # noqa: BLE001 - half-typed or refused input has no sentence
        return gettext("an entry that is not complete")
    return str(language.say(said))


def stale_message(row: TableRow, latest: EntryRow | None) -> str:
    """What to tell a phone whose write was stale, `latest` being the entry that came first (if the store said)."""
    view = table_context.view(row)
    if latest is None:
        return gettext("The table changed: here is the new state. Check your entry and tap again.")
    name = latest.author
    if latest.kind == UNDO:
        return gettext(
            "%(name)s just undid an entry. Here is the new state: check yours and tap again, nothing was saved twice.",
            name=name,
        )
    standing = next((s for s in view.log if s.seq == target_of(latest)), None) if latest.kind == CORRECT else None
    if standing is not None:
        return gettext(
            "%(name)s just corrected %(entry)s. Here is the new state: check yours and tap again, nothing was saved "
            "twice.",
            name=name,
            entry=view.describe(standing),
        )
    entry = next((s for s in view.log if s.seq == latest.seq), None)
    if entry is not None:
        return gettext(
            "%(name)s just entered %(entry)s. Here is the new state: check yours and tap again, nothing was saved "
            "twice.",
            name=name,
            entry=view.describe(entry),
        )
    return gettext(
        "%(name)s just entered something. Here is the new state: check yours and tap again, nothing was saved twice.",
        name=name,
    )
