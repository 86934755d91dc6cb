"""Groups own their tables; phones are known by a token and keep their groups and seats here, not in their cookie.

Revision ID: 0006_groups
Revises: 0005_limits
Create Date: 2026-12-07

Every table made before groups goes into one group, "Tables from before groups", made here when there is any table
(`companion groups` prints its link). SQLite cannot make a column NOT NULL in place, so there `tables` is rebuilt.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op
from alembic.operations import BatchOperations

revision = "0006_groups"
down_revision = "0005_limits"
branch_labels = None
depends_on = None

BEFORE_GROUPS = "Tables from before groups"
GROUP_KEY = "tables_group_id_fkey"  # the name PostgreSQL would give it; batch mode on SQLite needs one

groups = sa.table(
    "groups",
    sa.column("id", sa.Integer()),
    sa.column("token", sa.String()),
    sa.column("name", sa.String()),
    sa.column("created_at", sa.DateTime(timezone=True)),
)


def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("share_invite", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "phones",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "members",
        sa.Column("phone_id", sa.Integer(), sa.ForeignKey("phones.id"), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id"), primary_key=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    group_id = _group_for_old_tables()
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_tables(_add_group, group_id)
    else:
        op.add_column("tables", sa.Column("group_id", sa.Integer(), nullable=True))
        op.execute(sa.text("UPDATE tables SET group_id = :group").bindparams(group=group_id))
        op.alter_column("tables", "group_id", existing_type=sa.Integer(), nullable=False)
        op.create_foreign_key(GROUP_KEY, "tables", "groups", ["group_id"], ["id"])
        op.create_index("ix_tables_group_id", "tables", ["group_id"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("phone_id", sa.Integer(), sa.ForeignKey("phones.id"), primary_key=True),
        sa.Column("player", sa.String(40), nullable=False),
    )


def _group_for_old_tables() -> int | None:
    """The group every existing table goes into; None when there is no table (and so no group)."""
    conn = op.get_bind()
    if conn.execute(sa.text("SELECT count(*) FROM tables")).scalar_one() == 0:
        return None
    made = {"token": secrets.token_urlsafe(18), "name": BEFORE_GROUPS, "created_at": datetime.now(UTC)}
    conn.execute(sa.insert(groups).values(**made))
    group_id: int = conn.execute(sa.select(groups.c.id).where(groups.c.token == made["token"])).scalar_one()
    return group_id


def _add_group(batch: BatchOperations) -> None:
    batch.add_column(sa.Column("group_id", sa.Integer(), nullable=False))
    batch.create_foreign_key(GROUP_KEY, "groups", ["group_id"], ["id"])
    batch.create_index("ix_tables_group_id", ["group_id"])


def _drop_group(batch: BatchOperations) -> None:
    batch.drop_index("ix_tables_group_id")
    batch.drop_column("group_id")


def _rebuild_tables(change: Callable[[BatchOperations], None], group_id: int | None) -> None:
    """Rebuild SQLite's `tables` with `change` made, keeping its rows and ids (`group_id` given to each row when
    the rebuilt table has that column).

    Entries, plays and other rows refer to the table: foreign keys are checked at commit instead of at once, and the
    rows are taken out before the rebuild and put back after it, so every row that refers to one finds it again
    (SQLite counts a row that loses its table as a violation until that table's row is put back)."""
    conn = op.get_bind()
    kept = [column["name"] for column in sa.inspect(conn).get_columns("tables") if column["name"] != "group_id"]
    listed = ", ".join(kept)
    op.execute("PRAGMA defer_foreign_keys = ON")
    op.execute(f"CREATE TEMP TABLE tables_kept AS SELECT {listed} FROM tables")
    op.execute("DELETE FROM tables")
    with op.batch_alter_table("tables", recreate="always") as batch:
        change(batch)
    if group_id is None:
        op.execute(f"INSERT INTO tables ({listed}) SELECT {listed} FROM tables_kept")
    else:
        put_back = f"INSERT INTO tables ({listed}, group_id) SELECT {listed}, :group FROM tables_kept"
        op.execute(sa.text(put_back).bindparams(group=group_id))
    op.execute("DROP TABLE tables_kept")


def downgrade() -> None:
    op.drop_table("seats")
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_tables(_drop_group, None)
    else:
        op.drop_index("ix_tables_group_id", table_name="tables")
        op.drop_column("tables", "group_id")
    op.drop_table("members")
    op.drop_table("phones")
    op.drop_table("groups")
