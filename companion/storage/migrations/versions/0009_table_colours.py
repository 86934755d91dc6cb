"""Each table's player colours, once someone changes one (until then, the palette in seat order).

Revision ID: 0009_table_colours
Revises: 0008_group_cards
Create Date: 2026-12-14
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_table_colours"
down_revision = "0008_group_cards"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("colours", sa.JSON(), nullable=True))


def downgrade() -> None:
    # A plain DROP COLUMN: copying `tables`, as batch mode would, breaks the foreign keys that point at it.
    op.drop_column("tables", "colours")
