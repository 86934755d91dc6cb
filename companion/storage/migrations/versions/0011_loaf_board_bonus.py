"""L'oaf plays scored again: the reputation bonus is now the one the reputation board prints (1-3: 2 points, 4-6: 3,
7-9: 4, 10: 5) instead of the reputation itself. The schema does not change, nor does any entry or its version: each
L'oaf table's stored play is worked out again from its log, and the other games' plays stay as they are.

Revision ID: 0011_loaf_board_bonus
Revises: 0010_entry_phone
Create Date: 2026-12-02

The replay is the installed code's (the engine as it scores now), on the migration's connection: it is the very
fix this revision carries, and it runs inside the upgrade's transaction, so a failure leaves the old plays in place.
"""

from __future__ import annotations

from alembic import op

revision = "0011_loaf_board_bonus"
down_revision = "0010_entry_phone"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from companion.history import plays as plays

    plays.rebuild_game_in(op.get_bind(), "loaf")


def downgrade() -> None:
    # Nothing in the schema to undo; an older version's `init-db` works every play out again its own way.
    pass
