"""A table's photos as rows: added under the table's limit, listed, read back whole or as their thumbnail."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime

from sqlalchemy import Column, func, insert, select
from sqlalchemy.engine import Connection

from companion.storage.schema import HIGHEST_ID, photos, tables
from companion.storage.store import Store, inserted_id, now

MOST = 12  # photos a table


@dataclass(frozen=True)
class PhotoRow:
    id: int
    width: int
    height: int
    created_at: datetime


@dataclass(frozen=True)
class Shaped:
    """A photo as it is kept: the JPEG, its size, and its thumbnail's JPEG."""

    image: bytes
    width: int
    height: int
    thumb: bytes


def add(store: Store, table_id: int, photo: Shaped, at: datetime | None = None) -> int | None:
    """Store a photo of the table; None, and nothing stored, when the table already has its MOST."""
    with store.engine.connect().execution_options(immediate=True) as conn, conn.begin():
        # The table's row locked first, so two uploads at once cannot both take the last place.
        conn.execute(select(tables.c.id).where(tables.c.id == table_id).with_for_update())
        count = conn.execute(select(func.count()).where(photos.c.table_id == table_id)).scalar_one()
        if count >= MOST:
            return None
        values = _row(table_id, photo, at or now())
        return inserted_id(conn.execute(insert(photos).values(**values)))


def add_in(conn: Connection, table_id: int, shaped: list[Shaped]) -> None:
    """A restored table's photos, in the caller's write transaction."""
    stamp = now()
    if rows := [_row(table_id, photo, stamp) for photo in shaped]:
        conn.execute(insert(photos), rows)


def _row(table_id: int, photo: Shaped, at: datetime) -> dict[str, object]:
    return {"table_id": table_id, "created_at": at} | asdict(photo)


def of_table(store: Store, table_id: int) -> list[PhotoRow]:
    query = select(photos.c.id, photos.c.width, photos.c.height, photos.c.created_at)
    query = query.where(photos.c.table_id == table_id).order_by(photos.c.id)
    with store.engine.connect() as conn:
        return [PhotoRow(**row) for row in conn.execute(query).mappings()]


def image(store: Store, table_id: int, photo_id: int, *, thumb: bool = False) -> bytes | None:
    """A photo of the table (or its thumbnail); None when the table has no photo of that id."""
    if not 0 < photo_id <= HIGHEST_ID:
        return None
    query = select(_column(thumb)).where(photos.c.table_id == table_id, photos.c.id == photo_id)
    with store.engine.connect() as conn:
        return conn.execute(query).scalar_one_or_none()


def images(store: Store, table_id: int) -> list[bytes]:
    query = select(photos.c.image).where(photos.c.table_id == table_id).order_by(photos.c.id)
    with store.engine.connect() as conn:
        return list(conn.execute(query).scalars())


def group_image(store: Store, group_id: int, photo_id: int, *, thumb: bool = False) -> bytes | None:
    """A photo of any of the group's tables (or its thumbnail); None when the photo is of another group's table, or
    none at all."""
    if not 0 < photo_id <= HIGHEST_ID:
        return None
    query = select(_column(thumb)).join_from(photos, tables, photos.c.table_id == tables.c.id)
    query = query.where(photos.c.id == photo_id, tables.c.group_id == group_id)
    with store.engine.connect() as conn:
        return conn.execute(query).scalar_one_or_none()


def _column(thumb: bool) -> Column[bytes]:
    return photos.c.thumb if thumb else photos.c.image
