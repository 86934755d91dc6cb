"""The schema as it was before migrations: tables, their entry logs and merged names.

Revision ID: 0001_initial
Revises:
Create Date: 2026-11-30

A database made by create_all before migrations existed has exactly this schema; `companion.storage.migrate` stamps it
with this revision and upgrades it from here.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("viewer_token", sa.String(64), nullable=False, unique=True),
        sa.Column("code", sa.String(12), nullable=False, unique=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "entries",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("entry_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("author", sa.String(40), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seq"),
        sa.UniqueConstraint("table_id", "entry_id"),
    )
    op.create_index("ix_entries_table_id", "entries", ["table_id"])
    op.create_table(
        "aliases",
        sa.Column("name", sa.String(160), primary_key=True),
        sa.Column("target", sa.String(40), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("aliases")
    op.drop_index("ix_entries_table_id", table_name="entries")
    op.drop_table("entries")
    op.drop_table("tables")
