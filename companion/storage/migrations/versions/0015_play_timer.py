"""A play keeps the seconds its table's play timer ran; plays of tables that never used it keep null, which reads
as "from the first entry to the last", as before.

Revision ID: 0015_play_timer
Revises: 0014_photos
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_play_timer"
down_revision = "0014_photos"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("plays", sa.Column("played_s", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("plays") as batch:
        batch.drop_column("played_s")
