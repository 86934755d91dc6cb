"""Limits every server process shares, counted in the database; join codes that can be issued afresh.

Revision ID: 0005_limits
Revises: 0004_attention
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_limits"
down_revision = "0004_attention"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hits",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
    )
    op.create_index("ix_hits_key_at", "hits", ["key", "at"])
    op.create_index("ix_hits_at", "hits", ["at"])
    op.add_column("tables", sa.Column("code_issued_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    # A plain DROP COLUMN (SQLite has one since 3.35): copying `tables`, as batch mode would, breaks the entries'
    # foreign keys to it.
    op.drop_column("tables", "code_issued_at")
    op.drop_index("ix_hits_at", table_name="hits")
    op.drop_index("ix_hits_key_at", table_name="hits")
    op.drop_table("hits")
