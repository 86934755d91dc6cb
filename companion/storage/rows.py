"""A stored entry row, as the store hands it out and the log reads it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

# With companion.games's own, the only place `Any` is written in the storage (tests/test_any_audit.py): the store
# keeps rows and knows no game, so it names the open JSON it keeps here.
Payload = dict[str, Any]
"""A stored JSON object (an entry's payload, a table's setup): its shape is its entry kind's or its game's, checked
where a game reads it, not here."""


@dataclass(frozen=True)
class EntryRow:
    """One row of a table's log: `version` is the schema version its payload was written under; `phone_id` the
    phone that wrote it, if a phone did."""

    seq: int
    entry_id: str
    kind: str
    payload: Payload
    author: str
    at: datetime
    version: int = 1
    phone_id: int | None = None
