"""Writing to a table, the same for its pages and its API: the entry (a game entry, an undo or a correction) is
checked against the table as the writer saw it, refused when its step was recorded first by someone else, stored
once under its id (a part entered while another phone wrote a different one is checked again on top of it), and the
play recorded. Each caller turns the outcome into its own answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import Field, ValidationError

from companion.history import plays as plays
from companion.storage.log import CORRECT, UNDO, Standing
from companion.storage.rows import EntryRow
from companion.storage.store import StaleWrite

from ..games import Problem, RuleError, msg
from ..schemas import StrictModel, validation_problems
from ..tables import Step
from ..tables import clock as clock
from ..tables.replay import check_correction, check_entry, undoable
from ..tables.sealing import refusal, untouchable
from . import part_writes, store
from .kept_cards import keep_entered
from .table_view import TableView

MAX_VERSION = 2**62


class UndoIn(StrictModel):
    target: int = Field(ge=1, le=MAX_VERSION, description="the seq of the entry to undo")


class CorrectIn(StrictModel):
    target: int = Field(ge=1, le=MAX_VERSION, description="the seq of the entry to correct")
    payload: dict[str, Any] = Field(description="the corrected entry's whole canonical payload")


@dataclass(frozen=True)
class Sent:
    """An entry as a page or a client sent it, with the table version it was made from and the id that makes a
    resend land once."""

    kind: str
    payload: Any
    entry_id: str
    based_on: int
    author: str
    step: str | None = None  # the step it records: when given, refused if taken or not the one it fills
    phone_id: int | None = None  # the phone that wrote it


@dataclass(frozen=True)
class Written:
    entry: EntryRow
    created: bool  # False for a resend: the entry its id stored first


@dataclass(frozen=True)
class Refused:
    """The entry does not fit the table: nothing was stored."""

    problems: list[Problem]
    shape: bool = False  # the payload has the wrong shape (rather than the game's rules refusing it)


@dataclass(frozen=True)
class Sealed:
    """The entry would change a part another phone entered face down."""

    problem: Problem


@dataclass(frozen=True)
class Taken:
    """The step the entry records was recorded first, by `theirs`."""

    step: Step
    theirs: Standing


@dataclass(frozen=True)
class OffStep:
    """The entry does not fill the step it names."""

    problem: Problem


@dataclass(frozen=True)
class Stale:
    """The table moved on since `based_on`, in a way the entry cannot be stored on top of."""

    version: int
    latest: EntryRow | None = None


@dataclass(frozen=True)
class Checked:
    kind: str
    payload: dict[str, Any]
    version: int


Outcome = Written | Refused | Sealed | Taken | OffStep | Stale


def landed(table_id: int, entry_id: str) -> EntryRow | None:
    """The entry stored already under this id (a double tap or a retried request), asked before the table is read."""
    return store().find(table_id, entry_id)


def write(view: TableView, sent: Sent) -> Outcome:
    """Check `sent` against the table `view` shows and store it."""
    if sent.step is not None and (taken := step_taken(view, sent.kind, sent.step)):
        return Taken(*taken)
    checked = check(view, sent.kind, sent.payload)
    if not isinstance(checked, Checked):
        return checked
    if sent.step is not None and (problem := off_step(view, checked, sent.step)):
        # a client that worked the step out from a table that has moved on is told so, not that it is wrong
        return Stale(view.version) if sent.based_on < view.version else OffStep(problem)
    return _stored(view, sent, checked)


def step_taken(view: TableView, kind: str, step: str) -> tuple[Step, Standing] | None:
    """The step and the entry that recorded it, when a game entry is made for a step already recorded."""
    return view.recorded_steps.get(step) if kind in view.rules.entries else None


def off_step(view: TableView, checked: Checked, step: str) -> Problem | None:
    """Why `step` is not the step this checked entry fills on the table as it is now; None when it is. Each
    message shows a step of the game, so a client sees what steps look like."""
    kind = checked.kind
    if kind not in view.rules.entries:
        return Problem("step", f"an entry of kind `{kind}` records no step: send it without `step`")
    fills = view.rules.step(view.state, kind, checked.payload)
    if fills is None:
        return Problem("step", f"a `{kind}` entry records no step at this table now: send it without `step`")
    if fills.key == step:
        return None
    return Problem("step", f"this `{kind}` entry records {fills.label}, whose step is `{fills.key}`, not `{step}`")


def check(view: TableView, kind: str, payload: Any) -> Checked | Refused | Sealed:
    """The entry as it would be stored, if it fits the table (every part of it, sealed or not)."""
    try:
        return _checked(view, kind, payload)
    except ValidationError as exc:
        return Refused(validation_problems(exc), shape=True)
    except RuleError as exc:
        return Refused(list(exc.problems))


def _checked(view: TableView, kind: str, payload: Any) -> Checked | Sealed:
    if kind == UNDO:
        return _undo(view, UndoIn.model_validate(payload).target)
    if kind == CORRECT:
        return _correction(view, CorrectIn.model_validate(payload))
    if kind == clock.CLOCK:
        return _clock(view, clock.ClockIn.model_validate(payload))
    table, replayed = view.rules, view.checked
    canonical = check_entry(table, view.row.setup, replayed, kind, payload)
    if sealed := refusal(replayed.seal, replayed.log, view.reader, table.part(kind, canonical)):
        return Sealed(sealed)
    return Checked(kind, canonical, table.entries[kind].version)


def _undo(view: TableView, target: int) -> Checked | Sealed:
    if target not in undoable(view.checked):
        can = msg(
            "only the last entry that counts, the clock's last entry or one that cannot be replayed can be undone"
        )
        raise RuleError([Problem("target", can)])
    return _sealed(view, target) or Checked(UNDO, {"target": target}, 1)


def _clock(view: TableView, sent: clock.ClockIn) -> Checked:
    """Start once, pause only while it runs, resume only while it is paused, and none of it once the game is over."""
    if problem := clock.refusal(view.checked.clock, sent.action):
        raise RuleError([problem])
    return Checked(clock.CLOCK, clock.ENTRY.canonical(sent.model_dump()), clock.ENTRY.version)


def _correction(view: TableView, correction: CorrectIn) -> Checked | Sealed:
    if sealed := _sealed(view, correction.target):
        return sealed
    setup, target = view.row.setup, correction.target
    standing, payload = check_correction(view.rules, setup, view.checked, target, correction.payload)
    fixed = {"target": target, "kind": standing.kind, "payload": payload}
    return Checked(CORRECT, fixed, view.rules.entries[standing.kind].version)


def _sealed(view: TableView, target: int) -> Sealed | None:
    """A sealed part is undone or corrected only by the phone that entered it."""
    problem = untouchable(view.checked.seal, view.checked.log, view.reader, target)
    return Sealed(problem) if problem else None


def _stored(view: TableView, sent: Sent, checked: Checked) -> Written | Stale:
    row, kind, payload = view.row, checked.kind, checked.payload
    try:
        entry, created = part_writes.append(
            row, sent.based_on, sent.entry_id, kind, payload, checked.version, sent.author, sent.phone_id
        )
    except StaleWrite as stale:
        return Stale(stale.version, stale.latest)
    if created:
        plays.record(store(), row)
        keep_entered(row, kind, payload)
    return Written(entry, created)
