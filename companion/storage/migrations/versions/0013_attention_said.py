"""Why a table stops replaying keeps its message id and values beside its English, so the history says it in its
reader's language. Rows noticed before keep their English until their table is replayed again.

Revision ID: 0013_attention_said
Revises: 0012_table_seating
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_attention_said"
down_revision = "0012_table_seating"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("attention", sa.Column("said", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("attention", "said")
