"""The stored history: a play per finished table, its seats one per row for what the pages filter and count by, and
the totals per name and per person that the lists of players read.

Revision ID: 0003_plays
Revises: 0002_entry_version
Create Date: 2026-11-30

The rows are filled by `companion init-db` after it migrates (and by `companion rebuild-plays`), from the tables' logs.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_plays"
down_revision = "0002_entry_version"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "plays",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False, unique=True),
        sa.Column("play_id", sa.String(24), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("started", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("units", sa.JSON(), nullable=False),
    )
    op.create_index("ix_plays_play_id", "plays", ["play_id"])
    op.create_index("ix_plays_ended", "plays", ["ended", "play_id"])
    op.create_index("ix_plays_game_ended", "plays", ["game", "ended", "play_id"])
    op.create_table(
        "play_seats",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("plays.table_id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(160), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False),
        sa.Column("person", sa.String(160), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("ended", sa.DateTime(timezone=True), nullable=False),
        sa.Column("play_id", sa.String(24), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("winner", sa.Boolean(), nullable=False),
        sa.Column("together", sa.Boolean(), nullable=False),
        sa.Column("out", sa.String(200), nullable=False),
    )
    op.create_index("ix_play_seats_person", "play_seats", ["person", "game", "table_id", "winner"])
    op.create_index("ix_play_seats_name", "play_seats", ["name_key", "name", "game"])
    op.create_index("ix_play_seats_game_scores", "play_seats", ["game", "out", "score"])
    op.create_table(
        "name_totals",
        sa.Column("name_key", sa.String(160), primary_key=True),
        sa.Column("name", sa.String(160), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("last", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "person_totals",
        sa.Column("person", sa.String(160), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("person_totals")
    op.drop_table("name_totals")
    op.drop_index("ix_play_seats_game_scores", table_name="play_seats")
    op.drop_index("ix_play_seats_name", table_name="play_seats")
    op.drop_index("ix_play_seats_person", table_name="play_seats")
    op.drop_table("play_seats")
    op.drop_index("ix_plays_game_ended", table_name="plays")
    op.drop_index("ix_plays_ended", table_name="plays")
    op.drop_index("ix_plays_play_id", table_name="plays")
    op.drop_table("plays")
