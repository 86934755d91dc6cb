"""What every page of a table starts from: its stored row, found by one of its links, and its view for this phone
(who it is there, its group, the cards its group keeps), built on the table's replay at its version."""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

from flask import abort, g
from flask.typing import ResponseReturnValue

from companion.groups import cards as group_cards
from companion.history import lookup as play_lookup
from companion.history.records import People
from companion.storage import photos as photo_rows
from companion.storage.store import TableRow, tables

from .. import groups, replays
from . import language, phone, store
from .render import page
from .table_view import TableView, view_of


def by_token(token: str) -> TableRow:
    """The table of an editor link, read with who this phone is there (its view asks that next)."""
    row, here = groups.table_at(store(), tables.c.token, token, phone.known()) or abort(404)
    g.setdefault("here", {})[row.id] = _phone_at(row, here)
    language.for_game(row.game)
    return row


def by_viewer_token(token: str) -> TableRow:
    row = store().by_viewer_token(token) or abort(404)
    language.for_game(row.game)
    return row


def fresh(row: TableRow) -> TableRow:
    """The table as it is now, after a write of this request or another phone's."""
    return by_token(row.token)


def view(row: TableRow, editable: bool = True, **extra: Any) -> TableView:
    """The table as `row` has it (its version), with what this phone may see and do there (a watch link shows no
    sealed part to anyone, whichever phone opens it)."""
    base = f"/t/{row.token}" if editable else f"/v/{row.viewer_token}"
    reader = phone.known() if editable else None
    if editable:
        extra |= _here(row)
    version, whole, shown = replays.seen_by(store(), row, reader)
    made = view_of(row, version, shown, editable=editable, base=base, whole=whole, reader=reader, **extra)
    if made.rules.finished(made.state):
        deleted = play_lookup.deleted_of_table(store(), row.id)
        made = replace(made, people=People(store().aliases(row.group_id)), play_deleted=deleted)
    return made


def seat(row: TableRow) -> str | None:
    """The player this phone said it is at the table, if it said."""
    who: str | None = _here(row)["who"]
    return who


def _here(row: TableRow) -> dict[str, Any]:
    """Who this phone is at the table, and how to read the cards its group keeps: once per request, however many
    times the request builds the table's view."""
    found: dict[int, dict[str, Any]] = g.setdefault("here", {})
    if row.id not in found:
        found[row.id] = _phone_at(row, groups.at_table(store(), row, phone.known()))
    return found[row.id]


def _phone_at(row: TableRow, here: groups.AtTable) -> dict[str, Any]:
    """Who this phone is at the table, and the table's group: its link for a member, its invite for a phone that
    is not one when the group shares it; and how to read the cards the group keeps and the players other phones are
    at the table, when a page shows them."""
    invite = here.group if not here.member and here.group.share_invite else None
    cards = functools.cache(functools.partial(group_cards.cards_of, store(), row.group_id, row.game))
    member = here.group if here.member else None
    seated = functools.partial(groups.seated_elsewhere, store(), row.id, phone.known())
    return {
        "who": here.seat,
        "group": member,
        "invite": invite,
        "cards": cards,
        "photos": functools.cache(functools.partial(photo_rows.of_table, store(), row.id)),
        "phones": here.phones,
        "seated": seated,
    }


def render(shown: TableView, status: int = 200) -> ResponseReturnValue:
    """The table page, or only its live panel for htmx."""
    return page(shown.rules.template, block="live", status=status, view=shown, game=shown.game)
