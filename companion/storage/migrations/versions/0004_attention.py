"""Tables whose log stops replaying at an entry, for the history to list until the entry is mended.

Revision ID: 0004_attention
Revises: 0003_plays
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_attention"
down_revision = "0003_plays"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "attention",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("message", sa.String(500), nullable=False),
        sa.Column("noticed_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("attention")
