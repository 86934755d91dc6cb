"""The phone that wrote each entry, so that a part the rules keep secret is shown to that phone alone until its step
is revealed. Entries written before this, by the API or by an import have none.

Revision ID: 0010_entry_phone
Revises: 0009_table_colours
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_entry_phone"
down_revision = "0009_table_colours"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("entries", sa.Column("phone_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    # A plain DROP COLUMN, as for 0009: batch mode would copy the table.
    op.drop_column("entries", "phone_id")
