"""Each entry records the schema version of its payload; every entry written before this was version 1.

Revision ID: 0002_entry_version
Revises: 0001_initial
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_entry_version"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("entries", sa.Column("version", sa.Integer(), nullable=False, server_default="1"))


def downgrade() -> None:
    # SQLite drops a column by copying the table: batch mode does that there and a plain ALTER elsewhere.
    with op.batch_alter_table("entries") as batch:
        batch.drop_column("version")
