"""The play timer every table has: `clock` entries start, pause and resume it. They sit in the table's log beside
the game's entries (so every phone reads the same clock, and undo works on it), but the game never sees them: the
clock is replayed on its own, and stops at the entry that finished the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import Field

from companion.storage.entries import EntryKind, UnreadableEntry
from companion.storage.log import CORRECT, UNDO, Standing
from companion.storage.rows import EntryRow

from ..games import Problem, msg
from ..schemas import StrictModel

CLOCK = "clock"
START, PAUSE, RESUME = "start", "pause", "resume"
ACTIONS = (START, PAUSE, RESUME)


class ClockIn(StrictModel):
    action: Literal["start", "pause", "resume"] = Field(
        description="`start` once, then `pause` while it runs and `resume` while it is paused"
    )


ENTRY = EntryKind(CLOCK, ClockIn, "the play timer started, paused or resumed", label=msg("clock"))

Run = tuple[datetime, datetime | None]  # from a start or resume to the pause after it (None: still running)


@dataclass(frozen=True)
class Clock:
    """A table's play timer: the times it ran, and `stopped_at`, the moment of the entry that finished the game
    (None while the game goes on)."""

    runs: tuple[Run, ...] = ()
    stopped_at: datetime | None = None

    @property
    def used(self) -> bool:
        return bool(self.runs)

    @property
    def running(self) -> bool:
        """Counting now: started, not paused, and the game not over."""
        return self.used and self.runs[-1][1] is None and self.stopped_at is None

    @property
    def paused(self) -> bool:
        return self.used and self.runs[-1][1] is not None and self.stopped_at is None

    def played_s(self, at: datetime) -> int:
        """Whole seconds it ran up to the moment `at` (and no later than the game's end)."""
        until = min(_utc(at), self.stopped_at) if self.stopped_at else _utc(at)
        total = sum(max(0.0, (min(end or until, until) - start).total_seconds()) for start, end in self.runs)
        return int(total)

    @property
    def played(self) -> int | None:
        """The seconds a finished game was played by its clock; None when the clock was never used (its play
        counts from its first entry to its last) or the game goes on."""
        return self.played_s(self.stopped_at) if self.used and self.stopped_at else None

    @property
    def next_action(self) -> str | None:
        """What the clock's button does now: start, pause or resume (None once the game is over)."""
        if self.stopped_at is not None:
            return None
        if not self.used:
            return START
        return PAUSE if self.running else RESUME


def clock_of(entries: Sequence[Standing], stopped_at: datetime | None = None) -> Clock:
    """The clock the active `clock` entries make, in order; one that does not fit the clock as it stands (a second
    start, written by a version of the app that let it through) changes nothing."""
    runs: list[Run] = []
    for entry in entries:
        action = _action(entry)
        if action is None or refusal(Clock(tuple(runs)), action) is not None:
            continue
        at = _utc(entry.at)
        if action == PAUSE:
            runs[-1] = (runs[-1][0], at)
        else:
            runs.append((at, None))
    return Clock(tuple(runs), _utc(stopped_at) if stopped_at else None)


def _action(entry: Standing) -> str | None:
    """What an active clock entry does, once upgraded to this version's shape; None for one undone or unreadable."""
    if not entry.active or not isinstance(entry.payload, dict):
        return None
    try:
        action = ENTRY.upgrade(entry.version, entry.payload).get("action")
    except UnreadableEntry:
        return None
    return action if isinstance(action, str) else None


def refusal(clock: Clock, action: str) -> Problem | None:
    """Why `action` does not fit the clock as it stands (located at `action`); None when it does."""
    said = None
    if clock.stopped_at is not None:
        said = msg("the game is over: its clock stopped at the entry that ended it")
    elif action == START and clock.used:
        said = msg("the clock was started already")
    elif action in (PAUSE, RESUME) and not clock.used:
        said = msg("the clock has not been started yet")
    elif action == PAUSE and not clock.running:
        said = msg("the clock is paused already")
    elif action == RESUME and clock.running:
        said = msg("the clock is running already")
    elif action not in ACTIONS:
        said = msg("the clock can only be started, paused or resumed")
    return Problem("action", said) if said else None


def on_clock(kind: str, payload: Mapping[str, Any], rows: Mapping[int, EntryRow]) -> bool:
    """Whether an entry acts on the clock: a clock entry, or an undo or correction of one (`rows` by seq)."""
    if kind in (UNDO, CORRECT):
        target = rows.get(payload.get("target")) if isinstance(payload.get("target"), int) else None
        return target is not None and target.kind == CLOCK
    return kind == CLOCK


def describe(payload: Mapping[str, Any]) -> str:
    """A clock entry in a sentence (a Text for the reader's language)."""
    action = payload.get("action")
    if action == START:
        return msg("Clock started")
    if action == PAUSE:
        return msg("Clock paused")
    if action == RESUME:
        return msg("Clock resumed")
    return msg("A clock entry that cannot be read")


def shown(seconds: int) -> str:
    """Seconds as a clock shows them: 7:05, or 1:02:09 from an hour on."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite hands them back without their zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
