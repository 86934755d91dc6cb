"""Each group keeps its own history: its plays, their seats, its players' totals, its merged names and its tables that
need attention, every one read by group through an index; a play can be deleted from its group's history and restored.

Revision ID: 0007_group_history
Revises: 0006_groups
Create Date: 2026-12-07

Every play, seat and flagged table goes into its table's group. The merged names made before groups go into the group
0006_groups made for the tables from before groups (with no such group there was no table, so no play they could
merge). The totals are counted again from the seats. Each table is rebuilt (its rows kept aside, then put back):
SQLite cannot add a key column or a NOT NULL reference in place, and the same steps serve PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = "0007_group_history"
down_revision = "0006_groups"
branch_labels = None
depends_on = None

BEFORE_GROUPS = "Tables from before groups"
HISTORY = ("person_totals", "name_totals", "play_seats", "plays", "attention", "aliases")  # those first refer to none
SEAT_FIELDS = "table_id, seat, name, name_key, person, game, ended, play_id, score, rank, winner, together, out"
PLAY_FIELDS = "table_id, play_id, game, started, ended, seats, units"
ATTENTION_FIELDS = "table_id, seq, kind, message, noticed_at"


def _group(grouped: bool, *, refers: bool = True, key: bool = False) -> list[sa.Column[int]]:
    """A history table's `group_id` column (none before groups): a reference to its group, part of its key or both."""
    if not grouped:
        return []
    reference = [sa.ForeignKey("groups.id")] if refers else []
    return [sa.Column("group_id", sa.Integer(), *reference, primary_key=key, nullable=False)]


def _create(grouped: bool) -> None:
    """The history's tables, by group (`grouped`) or as they were before."""
    lead = ["group_id"] if grouped else []
    op.create_table(
        "aliases",
        *_group(grouped, key=True),
        sa.Column("name", sa.String(160), primary_key=True),
        sa.Column("target", sa.String(40), nullable=False),
    )
    op.create_table(
        "plays",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), nullable=False, unique=True),
        *_group(grouped),
        sa.Column("play_id", sa.String(24), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("started", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("units", sa.JSON(), nullable=False),
        *([sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True)] if grouped else []),
    )
    shown = ["deleted_at"] if grouped else []
    named = "ix_plays_group_" if grouped else "ix_plays_"
    op.create_index(f"{named}play_id", "plays", [*lead, "play_id"])
    op.create_index(f"{named}ended", "plays", [*lead, *shown, "ended", "play_id"])
    op.create_index(f"{named}game_ended", "plays", [*lead, *shown, "game", "ended", "play_id"])
    op.create_table(
        "play_seats",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("plays.table_id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        *_group(grouped),
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
    op.create_index("ix_play_seats_person", "play_seats", [*lead, "person", "game", "table_id", "winner"])
    op.create_index("ix_play_seats_name", "play_seats", [*lead, "name_key", "name", "game"])
    op.create_index("ix_play_seats_game_scores", "play_seats", [*lead, "game", "out", "score"])
    op.create_table(
        "name_totals",
        *_group(grouped, refers=False, key=True),
        sa.Column("name_key", sa.String(160), primary_key=True),
        sa.Column("name", sa.String(160), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("last", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "person_totals",
        *_group(grouped, refers=False, key=True),
        sa.Column("person", sa.String(160), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
    )
    op.create_table(
        "attention",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), primary_key=True),
        *_group(grouped),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("message", sa.String(500), nullable=False),
        sa.Column("noticed_at", sa.DateTime(timezone=True), nullable=False),
    )
    if grouped:
        op.create_index("ix_attention_group_noticed", "attention", ["group_id", "noticed_at"])


def _rebuild(put_back: Callable[[], None], grouped: bool) -> None:
    """Keep the history's rows aside, make its tables again (by group or not), and `put_back` the rows."""
    for table in HISTORY:
        op.execute(f"CREATE TEMP TABLE kept_{table} AS SELECT * FROM {table}")
    for table in HISTORY:
        op.drop_table(table)
    _create(grouped)
    put_back()
    for table in HISTORY:
        op.execute(f"DROP TABLE kept_{table}")


def _count_totals(grouped: bool) -> None:
    """The totals per name and per person, counted from the seats."""
    lead = "group_id, " if grouped else ""
    op.execute(
        f"INSERT INTO name_totals ({lead}name_key, name, game, seats, last) "
        f"SELECT {lead}name_key, name, game, count(*), max(ended) FROM play_seats GROUP BY {lead}name_key, name, game"
    )
    op.execute(
        f"INSERT INTO person_totals ({lead}person, game, plays, wins) "
        f"SELECT {lead}person, game, count(DISTINCT table_id), count(DISTINCT CASE WHEN winner THEN table_id END) "
        f"FROM play_seats GROUP BY {lead}person, game"
    )


def _into_groups() -> None:
    by_table = "(SELECT tables.group_id FROM tables WHERE tables.id = kept.table_id)"
    op.execute(f"INSERT INTO plays ({PLAY_FIELDS}, group_id) SELECT {PLAY_FIELDS}, {by_table} FROM kept_plays kept")
    op.execute(
        f"INSERT INTO play_seats ({SEAT_FIELDS}, group_id) SELECT {SEAT_FIELDS}, {by_table} FROM kept_play_seats kept"
    )
    op.execute(
        f"INSERT INTO attention ({ATTENTION_FIELDS}, group_id) "
        f"SELECT {ATTENTION_FIELDS}, {by_table} FROM kept_attention kept"
    )
    before = sa.text("SELECT min(id) FROM groups WHERE name = :name").bindparams(name=BEFORE_GROUPS)
    group = op.get_bind().execute(before).scalar()
    if group is not None:
        add = "INSERT INTO aliases (group_id, name, target) SELECT :group, name, target FROM kept_aliases"
        op.execute(sa.text(add).bindparams(group=group))
    _count_totals(grouped=True)


def _out_of_groups() -> None:
    """Back to one history for the whole server: the plays deleted from a group's history come back, without seats
    until the history is rebuilt (as `companion init-db` does); a name merged in several groups keeps its first
    group's merge."""
    op.execute(f"INSERT INTO plays ({PLAY_FIELDS}) SELECT {PLAY_FIELDS} FROM kept_plays")
    op.execute(f"INSERT INTO play_seats ({SEAT_FIELDS}) SELECT {SEAT_FIELDS} FROM kept_play_seats")
    op.execute(f"INSERT INTO attention ({ATTENTION_FIELDS}) SELECT {ATTENTION_FIELDS} FROM kept_attention")
    op.execute(
        "INSERT INTO aliases (name, target) SELECT name, target FROM kept_aliases kept "
        "WHERE kept.group_id = (SELECT min(other.group_id) FROM kept_aliases other WHERE other.name = kept.name)"
    )
    _count_totals(grouped=False)


def upgrade() -> None:
    _rebuild(_into_groups, grouped=True)


def downgrade() -> None:
    _rebuild(_out_of_groups, grouped=False)
