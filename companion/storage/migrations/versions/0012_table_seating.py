"""Each table counts its seat changes, so a phone's poll sees another phone pick who it is there.

Revision ID: 0012_table_seating
Revises: 0011_loaf_board_bonus
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_table_seating"
down_revision = "0011_loaf_board_bonus"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("seating", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    # A plain DROP COLUMN: copying `tables`, as batch mode would, breaks the foreign keys that point at it.
    op.drop_column("tables", "seating")
