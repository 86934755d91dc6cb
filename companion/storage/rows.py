"""A stored entry row, as the store hands it out and the log reads it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class EntryRow:
    """One row of a table's log: `version` is the schema version its payload was written under; `phone_id` the
    phone that wrote it, if a phone did."""

    seq: int
    entry_id: str
    kind: str
    payload: dict[str, Any]
    author: str
    at: datetime
    version: int = 1
    phone_id: int | None = None
