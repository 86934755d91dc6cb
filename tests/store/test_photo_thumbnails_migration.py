"""Revision 0016_photo_thumbnails on SQLite and PostgreSQL: every photo kept before it gets its thumbnail (at most
480 pixels on the long side, the photo's shape, no metadata), and the downgrade takes them away again."""

from __future__ import annotations

import io
from datetime import UTC, datetime

from alembic import command
from PIL import Image
from sqlalchemy import MetaData, insert, select

from companion.storage import migrate as migrate
from companion.storage.store import make_engine

from .test_migrations import migrate_to

AT = datetime(2026, 12, 2, 20, 0, tzinfo=UTC)
SIZES = ((1600, 1200), (900, 1600), (300, 200))


def jpeg(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (30, 120, 200)).save(out, format="JPEG")
    return out.getvalue()


def schema(conn) -> MetaData:
    found = MetaData()
    found.reflect(conn)
    return found


def test_the_photos_kept_before_get_their_thumbnails(empty_url):
    migrate_to(empty_url, "0015_play_timer")
    engine = make_engine(empty_url)
    with engine.begin() as conn:
        db = schema(conn)
        group = {"token": "g1", "name": "Friday", "created_at": AT}
        group_id = conn.execute(insert(db.tables["groups"]).values(**group)).inserted_primary_key[0]
        table = {"token": "t1", "viewer_token": "v1", "code": "CODE1", "game": "oz", "setup": {}, "version": 0}
        table |= {"group_id": group_id, "created_at": AT, "updated_at": AT}
        table_id = conn.execute(insert(db.tables["tables"]).values(**table)).inserted_primary_key[0]
        photos = [
            {"table_id": table_id, "image": jpeg(w, h), "width": w, "height": h, "created_at": AT} for w, h in SIZES
        ]
        conn.execute(insert(db.tables["photos"]), photos)
    engine.dispose()

    migrate_to(empty_url, "0016_photo_thumbnails")
    engine = make_engine(empty_url)
    with engine.connect() as conn:
        photos_now = schema(conn).tables["photos"]
        kept = conn.execute(select(photos_now.c.image, photos_now.c.thumb).order_by(photos_now.c.id)).all()
    engine.dispose()
    assert [image for image, _ in kept] == [jpeg(w, h) for w, h in SIZES]  # the photos themselves untouched
    thumbs = [Image.open(io.BytesIO(thumb)) for _, thumb in kept]
    assert [t.size for t in thumbs] == [(480, 360), (270, 480), (300, 200)]
    assert all(t.format == "JPEG" and dict(t.getexif()) == {} for t in thumbs)

    engine = make_engine(empty_url)
    with engine.connect().execution_options(immediate=True) as conn, conn.begin():
        command.downgrade(migrate.config(conn), "0015_play_timer")
        assert "thumb" not in schema(conn).tables["photos"].c
    engine.dispose()
