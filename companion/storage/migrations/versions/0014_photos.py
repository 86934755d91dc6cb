"""Photos of a table, kept in the database.

Revision ID: 0014_photos
Revises: 0013_attention_said
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014_photos"
down_revision = "0013_attention_said"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "photos",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("image", sa.LargeBinary(), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_photos_table_id", "photos", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_photos_table_id", table_name="photos")
    op.drop_table("photos")
