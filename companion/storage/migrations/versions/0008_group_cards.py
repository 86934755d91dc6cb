"""Cards a group keeps for a game, entered once and picked with a tap at any of its tables.

Revision ID: 0008_group_cards
Revises: 0007_group_history
Create Date: 2026-12-12
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_group_cards"
down_revision = "0007_group_history"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "group_cards",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("card", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_group_cards_group_game", "group_cards", ["group_id", "game", "name"])


def downgrade() -> None:
    op.drop_index("ix_group_cards_group_game", table_name="group_cards")
    op.drop_table("group_cards")
