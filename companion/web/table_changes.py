"""What changed on a table, in words, for a phone whose entry met another phone's: the latest entry in a few words,
and what the phone typed as the log would say it."""

from __future__ import annotations

from typing import Any

from ..log import CORRECT, UNDO, target_of
from ..rows import EntryRow
from ..schemas import EntryForm
from ..store import StaleWrite, TableRow
from . import table_context
from .table_view import TableView


def in_words(view: TableView, kind: str, form: type[EntryForm], values: dict[str, Any]) -> str:
    """What a phone typed, as the log would say it; typing that is not a whole entry yet says so."""
    try:
        return view.kind.describe(kind, view.kind.entries[kind].canonical(form.model_validate(values).to_payload()))
    except Exception:  # noqa: BLE001 - half-typed or refused input has no sentence
        return "an entry that is not complete"


def stale_message(row: TableRow, stale: StaleWrite) -> str:
    view = table_context.view(row)
    latest = stale.latest
    if latest is None:
        return "The table changed: here is the new state. Check your entry and tap again."
    return (
        f"{latest.author} just {what_changed(view, latest)}. Here is the new state: check yours and tap again, "
        "nothing was saved twice."
    )


def what_changed(view: TableView, latest: EntryRow) -> str:
    """The latest entry in a few words ("entered Ann's round 2 line…"), for a phone whose write was stale."""
    if latest.kind == UNDO:
        return "undid an entry"
    standing = next((s for s in view.log if s.seq == target_of(latest)), None) if latest.kind == CORRECT else None
    if standing is not None:
        return "corrected " + view.describe(standing)
    entry = next((s for s in view.log if s.seq == latest.seq), None)
    return "entered " + (view.describe(entry) if entry else "something")
