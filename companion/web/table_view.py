"""One context object per table page, built from the stored table and its replayed state."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from ..games import GAMES, Game
from ..log import Standing, standing
from ..store import EntryRow, TableRow
from ..tables import TableKind, kinds


@dataclass(frozen=True)
class Failed:
    """An entry that was not saved: which form, what was typed, and what to fix."""

    form: str
    values: dict[str, Any]
    errors: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class TableView:
    row: TableRow
    game: Game
    kind: TableKind
    state: Any
    log: list[Standing]
    version: int
    base: str
    editable: bool
    who: str | None = None
    message: str | None = None
    failed: Failed | None = None

    @property
    def players(self) -> list[str]:
        return list(self.row.setup["players"])

    @property
    def result(self) -> Any:
        return self.kind.result(self.state)

    @property
    def last_active(self) -> Standing | None:
        active = [s for s in self.log if s.active]
        return active[-1] if active else None

    def describe(self, entry: Standing) -> str:
        return self.kind.describe(entry.kind, entry.payload)

    def values(self, form: str) -> dict[str, Any]:
        return self.failed.values if self.failed and self.failed.form == form else {}

    def errors(self, form: str) -> dict[str, str]:
        return self.failed.errors if self.failed and self.failed.form == form else {}

    @staticmethod
    def new_entry_id() -> str:
        return secrets.token_hex(16)


def build(row: TableRow, rows: list[EntryRow], *, editable: bool, base: str, **extra: Any) -> TableView:
    kind = kinds()[row.game]
    log = standing(rows)
    state = kind.replay(row.setup, [s for s in log if s.active])
    version = rows[-1].seq if rows else 0
    return TableView(row, GAMES[row.game], kind, state, log, version, base, editable, **extra)
