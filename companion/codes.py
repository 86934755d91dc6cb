"""A table's join code is for the phones at the table: it works until some hours after the table's last entry (or
after it was issued afresh, whichever is later), then names no table any more. Editor and watch links never expire.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from .store import TableRow

LIFETIME_HOURS = 12.0


def code_until(row: TableRow, hours: float = LIFETIME_HOURS) -> datetime:
    """When the table's join code stops working."""
    issued = [_utc(row.updated_at), _utc(row.created_at)]
    if row.code_issued_at is not None:
        issued.append(_utc(row.code_issued_at))
    return max(issued) + timedelta(hours=hours)


def code_works(row: TableRow, at: datetime, hours: float = LIFETIME_HOURS) -> bool:
    """Whether the join code still leads to the table at `at`."""
    return at < code_until(row, hours)


def _utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite hands times back without their zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
