"""The photos a group's history shows: those of a page of plays (one query for the whole page), and every photo of
the group's plays, newest first, a page at a time. A deleted play's photos are in neither, as the play is in no list;
every query filters by the group."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select

from companion.history.paging import Paged
from companion.history.records import Play, utc
from companion.storage.photos import PhotoRow
from companion.storage.schema import photos
from companion.storage.store import Store, plays, tables

PAGE_SIZE = 24


@dataclass(frozen=True)
class PlayPhoto:
    """A photo of one of the group's plays, with what its caption and its link need: the play's game, when it
    ended, and its table's watch token (the table's result)."""

    photo: PhotoRow
    game: str
    ended: datetime
    table: str


@dataclass(frozen=True)
class PhotoPage(Paged):
    """One page of a group's photos, newest first: page `number` of the `matching` ones."""

    photos: list[PlayPhoto]
    number: int
    matching: int
    size: int = PAGE_SIZE


PHOTO_COLUMNS = (photos.c.id, photos.c.width, photos.c.height, photos.c.created_at)


def _photo(row: Any) -> PhotoRow:
    return PhotoRow(row.id, row.width, row.height, utc(row.created_at))


def of_plays(store: Store, group: int, shown: Iterable[Play]) -> dict[str, list[PhotoRow]]:
    """The photos of these plays' tables, oldest first, by the table's watch token (as `Play.table` names it);
    a table of another group has none here."""
    wanted = sorted({play.table for play in shown if play.table})
    if not wanted:
        return {}
    query = (
        select(*PHOTO_COLUMNS, tables.c.viewer_token)
        .join_from(photos, tables, photos.c.table_id == tables.c.id)
        .where(tables.c.group_id == group, tables.c.viewer_token.in_(wanted))
        .order_by(photos.c.id)
    )
    found: dict[str, list[PhotoRow]] = {}
    with store.engine.connect() as conn:
        for row in conn.execute(query):
            found.setdefault(row.viewer_token, []).append(_photo(row))
    return found


def _shown(group: int) -> list[Any]:
    return [plays.c.group_id == group, plays.c.deleted_at.is_(None)]


def page_of_photos(store: Store, group: int, number: int = 1, size: int = PAGE_SIZE) -> PhotoPage:
    """The photos of the group's plays (deleted ones left out), newest first: page `number` of pages of `size`."""
    joined = photos.join(plays, plays.c.table_id == photos.c.table_id)
    with store.engine.connect() as conn:
        matching = conn.execute(select(func.count()).select_from(joined).where(*_shown(group))).scalar_one()
        number = min(max(1, number), max(1, math.ceil(matching / size)))
        query = (
            select(*PHOTO_COLUMNS, plays.c.game, plays.c.ended, tables.c.viewer_token)
            .select_from(joined.join(tables, tables.c.id == photos.c.table_id))
            .where(*_shown(group))
            .order_by(photos.c.id.desc())
            .limit(size)
            .offset((number - 1) * size)
        )
        rows = list(conn.execute(query))
    found = [PlayPhoto(_photo(r), r.game, utc(r.ended), r.viewer_token) for r in rows]
    return PhotoPage(found, number, matching, size)
