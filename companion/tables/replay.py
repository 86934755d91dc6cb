"""A table's log replayed into a state, as far as it goes: old payloads are upgraded on the way, and an entry that
cannot be read or replayed stops the replay there, named, instead of making the whole table unreadable. New
entries and corrections are checked against the same replay before they are stored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from companion.storage.entries import UnreadableEntry
from companion.storage.log import Standing, standing
from companion.storage.rows import EntryRow
from companion.storage.store import now

from ..games import Problem, RuleError, msg
from ..schemas import validation_problems
from . import TableRules
from .clock import CLOCK, Clock, clock_of
from .sealing import NO_SEAL, Seal, hidden_from


@dataclass(frozen=True)
class Broken:
    """The first entry that cannot be replayed, and why: `problems` locate what to fix in its payload (or name the
    earlier entry it clashes with, "entry-<seq>"), and `after_correction_of` is the seq of the earlier entry whose
    correction it stopped fitting after, if one did that."""

    seq: int
    kind: str
    author: str
    message: str
    problems: tuple[Problem, ...] = ()
    after_correction_of: int | None = None


@dataclass(frozen=True)
class Replayed:
    """A table's state, its standing entries (payloads brought up to date where they could be), and the entry the
    replay stopped at, if any; what the whole log keeps sealed, and the sealed entries left out of this replay
    (listed in `log` with an empty payload, for a reader who may not see them). `log` holds the game's entries
    only: the play timer's are in `clock_log`, and make `clock`."""

    state: Any
    log: list[Standing]
    broken: Broken | None = None
    seal: Seal = NO_SEAL
    hidden: frozenset[int] = frozenset()
    clock: Clock = Clock()
    clock_log: list[Standing] = field(default_factory=list)

    @property
    def entries(self) -> list[Standing]:
        """Every standing entry in order: the game's and the clock's."""
        return sorted([*self.log, *self.clock_log], key=lambda s: s.seq)

    @property
    def active(self) -> list[Standing]:
        """The active entries that count: those before a broken one."""
        entries = [s for s in self.log if s.active]
        if self.broken is None:
            return entries
        return [s for s in entries if s.seq < self.broken.seq]

    @property
    def face_up(self) -> list[Standing]:
        """The active entries that count, without the sealed ones: what a finished play is known by, the same
        from the whole log as from the log a backup carries (tables.face_up)."""
        return [s for s in self.active if s.seq not in self.seal.parts]


def replay(rules: TableRules, setup: dict[str, Any], rows: Sequence[EntryRow]) -> Replayed:
    """The table's log replayed; never raises for a bad entry (only for a setup the game cannot start from). The
    game replays its own entries only, so a table that never used the clock replays as it always did."""
    every = standing(rows)
    game = [s for s in every if s.kind != CLOCK]
    return _clocked(rules, _sealed(rules, _replayed(rules, setup, _upgraded(rules, game))), every)


def _clocked(rules: TableRules, replayed: Replayed, every: list[Standing]) -> Replayed:
    """The replay with its play timer, stopped at the entry that finished the game (its last that counts)."""
    clock_log = [s for s in every if s.kind == CLOCK]
    return replace(replayed, clock=clock_of(clock_log, _finished_at(rules, replayed)), clock_log=clock_log)


def _finished_at(rules: TableRules, replayed: Replayed) -> datetime | None:
    """When the game ended: the moment of the entry that finished it (None while it goes on)."""
    if replayed.broken is not None or not replayed.active:
        return None
    try:
        over = rules.finished(replayed.state)
    except Exception:  # noqa: BLE001 - a state the game cannot judge is a game that goes on
        return None
    return replayed.active[-1].at if over else None


def _replayed(rules: TableRules, setup: dict[str, Any], upgraded: tuple[list[Standing], Broken | None]) -> Replayed:
    log, broken = upgraded
    entries = [s for s in log if s.active and (broken is None or s.seq < broken.seq)]
    if broken is None:
        try:
            return Replayed(rules.replay(setup, entries), log)
        except Exception:  # noqa: BLE001 - any failure, a bug included, is found again below and named
            pass
    state, failed = _as_far_as_it_goes(rules, setup, entries)
    return Replayed(state, log, _blamed(failed, log) or broken)  # an unreadable entry is no correction's doing


def _blamed(broken: Broken | None, log: list[Standing]) -> Broken | None:
    """The broken entry with the earlier entry it stopped fitting after a correction of: the one whose correction
    came latest, after the broken entry was written (nothing else changes an entry that once replayed)."""
    if broken is None:
        return None
    corrected = [s for s in log if s.seq < broken.seq and s.correction and s.correction > broken.seq]
    if not corrected:
        return broken
    return replace(broken, after_correction_of=max(corrected, key=lambda s: s.correction or 0).seq)


def _sealed(rules: TableRules, replayed: Replayed) -> Replayed:
    """The replay with what its log keeps sealed (on a log that stops at a broken entry, as far as it goes)."""
    try:
        return replace(replayed, seal=rules.seal(replayed.state, replayed.log))
    except Exception:  # noqa: BLE001 - a log the seal cannot read is shown as it is replayed
        return replayed


def for_reader(rules: TableRules, setup: dict[str, Any], whole: Replayed, phone: int | None) -> Replayed:
    """The table as `phone` may see it (None: a reader with no phone, such as the watch link, the API or a PDF):
    replayed without the sealed entries another phone wrote (those that count replayed, their values hidden by the
    game's view), which stay in the log with an empty payload."""
    hidden = hidden_from(whole.seal, whole.log, phone)
    if not hidden:
        return whole
    counted = frozenset(seq for seq in hidden if whole.seal.parts[seq].counts)
    shown = [s for s in whole.log if s.seq not in hidden or s.seq in counted]
    reader = _replayed(rules, setup, (shown, None))
    state = reader.state
    if counted and whole.seal.view is not None:
        state = whole.seal.view(state, counted)
    log = [replace(s, payload={}) if s.seq in hidden else s for s in whole.log]
    return Replayed(state, log, reader.broken, whole.seal, hidden, whole.clock, whole.clock_log)


def _upgraded(rules: TableRules, log: list[Standing]) -> tuple[list[Standing], Broken | None]:
    """Every standing entry with its payload upgraded to its kind's version, and the first active one that could
    not be (an undone entry that cannot be read keeps its payload as stored)."""
    result, broken = [], None
    for entry in log:
        try:
            result.append(_upgrade(rules, entry))
        except UnreadableEntry as exc:
            result.append(entry)
            if entry.active and broken is None:
                broken = Broken(
                    entry.seq,
                    entry.kind,
                    entry.author,
                    msg("it cannot be read: %(why)s", why=exc.args[0] if exc.args else str(exc)),
                )
    return result, broken


def _upgrade(rules: TableRules, entry: Standing) -> Standing:
    entry_kind = rules.entries.get(entry.kind)
    if entry_kind is None:
        raise UnreadableEntry(msg("this game has no entries of the kind “%(kind)s”", kind=entry.kind))
    if not isinstance(entry.payload, dict):
        raise UnreadableEntry(msg("its payload is not an object"))
    payload = entry_kind.upgrade(entry.version, entry.payload)
    return replace(entry, payload=payload, version=entry_kind.version)


def _as_far_as_it_goes(rules: TableRules, setup: dict[str, Any], entries: list[Standing]) -> tuple[Any, Broken | None]:
    """The state after the longest run of entries that replays, and the entry that broke it."""
    state = rules.replay(setup, [])
    for i, entry in enumerate(entries):
        try:
            state = rules.replay(setup, entries[: i + 1])
        except Exception as exc:  # noqa: BLE001 - a bug in an old entry must not take the table down
            return state, Broken(entry.seq, entry.kind, entry.author, _why(exc), _located(exc))
    return state, None


def _why(exc: Exception) -> str:
    """Why an entry broke the replay, as Texts said again in the reader's language."""
    if isinstance(exc, RuleError):
        return _one_after_another([p.msg for p in exc.problems])
    if isinstance(exc, ValidationError):
        said = [
            msg("%(loc)s: %(message)s", loc=p.loc, message=p.msg) if p.loc else p.msg for p in validation_problems(exc)
        ]
        return msg("what was stored is incomplete or damaged (%(details)s)", details=_one_after_another(said))
    return msg("the app could not replay it (%(error)s)", error=type(exc).__name__)


def _one_after_another(said: list[str]) -> str:
    """Sentences one after another ("a; b; c"), each still a Text the reader's language can say."""
    joined = said[0] if said else ""
    for item in said[1:]:
        joined = msg("%(list)s; %(item)s", list=joined, item=item)
    return joined


def _located(exc: Exception) -> tuple[Problem, ...]:
    """What to fix in the entry, where the game could say where."""
    if isinstance(exc, RuleError):
        return tuple(exc.problems)
    if isinstance(exc, ValidationError):
        return tuple(validation_problems(exc))
    return ()


PENDING = 2**62  # the seq of an entry being checked before it is stored: after any stored one


def pending(kind: str, payload: dict[str, Any], version: int) -> Standing:
    """An entry not stored yet, to replay before storing it."""
    return Standing(seq=PENDING, kind=kind, payload=payload, author="", at=now(), version=version)


def check_entry(
    rules: TableRules, setup: dict[str, Any], replayed: Replayed, name: str, payload: Any
) -> dict[str, Any]:
    """The canonical payload of a new entry of kind `name` that fits the table as it stands. Raises pydantic's
    ValidationError for a payload of the wrong shape and RuleError for one the game's rules refuse."""
    _refuse_if_broken(replayed)
    entry_kind = rules.entries.get(name)
    if entry_kind is None:
        raise RuleError(f"{rules.slug} tables take entries of kind {', '.join(rules.entries)}", "kind")
    canonical = entry_kind.canonical(payload)
    rules.replay(setup, [*replayed.active, pending(name, canonical, entry_kind.version)])
    return canonical


def check_correction(
    rules: TableRules, setup: dict[str, Any], replayed: Replayed, target: int, payload: Any
) -> tuple[Standing, dict[str, Any]]:
    """The active entry `target` and the canonical payload that replaces it, if the table replays up to it with it.
    A later entry it makes invalid does not refuse it: the replay stops there, and the table names that entry to fix
    (a face-down part excepted: only its own phone could see what to fix). An entry after a broken one counts for
    nothing yet, so it is not corrected until the broken one is mended."""
    if replayed.broken and replayed.broken.seq < target:
        _refuse_if_broken(replayed)
    entries = [s for s in replayed.log if s.active]
    entry = next((s for s in entries if s.seq == target), None)
    if entry is None or entry.kind not in rules.entries:
        raise RuleError(msg("there is no entry #%(seq)s that counts at this table", seq=target), "target")
    entry_kind = rules.entries[entry.kind]
    canonical = entry_kind.canonical(payload)
    fixed = [pending(s.kind, canonical, entry_kind.version) if s.seq == target else s for s in entries]
    _replays_up_to(rules, setup, fixed[: entries.index(entry) + 1])
    later = broken_by(rules, setup, fixed)
    if later is not None and later.seq in replayed.seal.parts:
        said = msg(
            "that would make entry #%(seq)s, a part entered face down, no longer fit: correct it after the reveal",
            seq=later.seq,
        )
        raise RuleError([Problem("form", said)])
    return entry, canonical


def _replays_up_to(rules: TableRules, setup: dict[str, Any], entries: list[Standing]) -> None:
    """Raise the corrected entry's own problems (the last of `entries`), as a new entry's are raised."""
    try:
        rules.replay(setup, entries)
    except (RuleError, ValidationError):
        raise
    except Exception as exc:  # noqa: BLE001 - an earlier entry that is unreadable, or a bug
        raise RuleError(msg("the table does not replay with it: %(why)s", why=_why(exc))) from exc


def broken_by(rules: TableRules, setup: dict[str, Any], entries: list[Standing]) -> Broken | None:
    """The first of `entries` that no longer replays, if any (a corrected entry is among them, not stored yet)."""
    try:
        rules.replay(setup, entries)
    except Exception:  # noqa: BLE001 - found again below, entry by entry
        return _as_far_as_it_goes(rules, setup, entries)[1]
    return None


def mended_by(rules: TableRules, replayed: Replayed, name: str, payload: Mapping[str, Any]) -> int | None:
    """The broken entry that a new entry of kind `name` stands in for: one of the same kind for the same share of the
    table (a player's torture sent again from its card, with what the broken one lacked); None for any other."""
    broken = replayed.broken
    entry = next((s for s in replayed.log if broken and s.seq == broken.seq and s.kind == name), None)
    share = rules.part(name, payload)
    return entry.seq if entry and share is not None and share == rules.part(entry.kind, entry.payload) else None


def undoable(replayed: Replayed) -> set[int]:
    """The entries an undo may name: the last one that counts, a broken one, and the clock's last (so a pause is
    undone without undoing the game's last entry)."""
    seqs = {replayed.broken.seq} if replayed.broken else set()
    if replayed.active:
        seqs.add(replayed.active[-1].seq)
    if clocked := [s for s in replayed.clock_log if s.active]:
        seqs.add(clocked[-1].seq)
    return seqs


def _refuse_if_broken(replayed: Replayed) -> None:
    if replayed.broken:
        raise RuleError(
            [
                Problem(
                    "form", msg("Entry #%(seq)s cannot be replayed: undo or correct it first.", seq=replayed.broken.seq)
                )
            ]
        )
