"""Each photo keeps a thumbnail beside it, so the group's history lists photos without loading each one whole. The
photos already kept get theirs here, made the way an upload's is (at most 480 pixels on the long side, a JPEG of
the pixels only).

Revision ID: 0016_photo_thumbnails
Revises: 0015_play_timer
Create Date: 2026-12-04
"""

from __future__ import annotations

import io

import sqlalchemy as sa
from alembic import op
from PIL import Image

revision = "0016_photo_thumbnails"
down_revision = "0015_play_timer"
branch_labels = None
depends_on = None

THUMB_SIDE = 480
photos = sa.table(
    "photos", sa.column("id", sa.Integer()), sa.column("image", sa.LargeBinary()), sa.column("thumb", sa.LargeBinary())
)


def upgrade() -> None:
    op.add_column("photos", sa.Column("thumb", sa.LargeBinary(), nullable=True))
    conn = op.get_bind()
    for photo_id in conn.execute(sa.select(photos.c.id).order_by(photos.c.id)).scalars().all():  # one image at a time
        image = conn.execute(sa.select(photos.c.image).where(photos.c.id == photo_id)).scalar_one()
        conn.execute(sa.update(photos).where(photos.c.id == photo_id).values(thumb=_thumbnail(image)))
    with op.batch_alter_table("photos") as batch:
        batch.alter_column("thumb", existing_type=sa.LargeBinary(), nullable=False)


def _thumbnail(jpeg: bytes) -> bytes:
    """A kept photo (already a clean JPEG) made small."""
    with Image.open(io.BytesIO(jpeg)) as picture:
        small = picture.convert("RGB")
    small.thumbnail((THUMB_SIDE, THUMB_SIDE), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, format="JPEG", quality=80, optimize=True)
    return out.getvalue()


def downgrade() -> None:
    with op.batch_alter_table("photos") as batch:
        batch.drop_column("thumb")
