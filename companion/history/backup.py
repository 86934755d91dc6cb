"""Our own backup of every play: each finished table's setup and its log as it came face up (tables.face_up), so a
restore replays exactly.

`export` writes it; `check` reads one back and says what is wrong with it, every problem located, before anything
is stored. A play already here (same game, setup and entries) is skipped, so restoring twice adds nothing.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, AwareDatetime, BaseModel, ConfigDict, Field, StrictInt, ValidationError

from companion.games import Problem, msg
from companion.history.records import MAX_KEY, Play, name_key, play_of, utc
from companion.schemas import refused, validation_problems
from companion.schemas.tables import NewTableForm, setup_problems
from companion.specs import GAMES, table_rules
from companion.storage.log import CORRECT, UNDO
from companion.storage.photos import Shaped
from companion.storage.store import EntryRow, TableRow
from companion.tables import TableRules
from companion.tables import photos as photo_files
from companion.tables.clock import CLOCK, ClockIn
from companion.tables.face_up import face_up
from companion.tables.replay import replay

FORMAT = "table-companion-plays"
MAX_PLAYS = 5000  # the most any backup may hold; the app's config may hold an import to fewer
MAX_ENTRIES = 2000  # per table
MAX_TOTAL = 200_000  # entries in all


def _storable(moment: datetime) -> datetime:
    """A time the database can hold once in UTC (the edges of the calendar overflow when the zone is taken off)."""
    try:
        year = moment.astimezone(UTC).year
    except OverflowError:
        year = 0
    if not 1970 <= year <= 9998:
        raise refused("time_range", msg("must be a time between the years 1970 and 9998"))
    return moment


Moment = Annotated[AwareDatetime, AfterValidator(_storable)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class EntryIn(_Strict):
    seq: int = Field(ge=1)
    entry_id: str = Field(min_length=1, max_length=64)
    kind: str = Field(min_length=1, max_length=40)
    version: int = Field(1, ge=1, description="the schema version the payload was written under")
    payload: dict[str, Any]
    author: str = Field(max_length=40)
    at: Moment


class TableIn(_Strict):
    id: str = Field("", max_length=64, description="the play's id when exported (informative)")
    game: str = Field(max_length=40)
    setup: dict[str, Any]
    created_at: Moment
    entries: list[EntryIn] = Field(min_length=1, max_length=MAX_ENTRIES)
    result: dict[str, Any] | None = Field(None, description="the play as exported, for people reading the file")
    # Added after version 1 was out: a backup without photos reads as before.
    photos: list[str] = Field(default_factory=list, max_length=12, description="the table's photos, base64 JPEGs")


class BackupIn(_Strict):
    format: Literal["table-companion-plays"]
    version: Annotated[StrictInt, Field(ge=1, le=1, description="1: an integer, not true nor 1.0")]
    exported_at: Moment | None = None
    aliases: dict[str, str] = Field(default_factory=dict, max_length=MAX_PLAYS)
    plays: list[TableIn] = Field(max_length=MAX_PLAYS)


class UndoIn(_Strict):
    target: int


class CorrectIn(_Strict):
    target: int
    kind: str
    payload: dict[str, Any]


def export(
    tables: Iterable[tuple[TableRow, Sequence[EntryRow], Play]],
    aliases: Mapping[str, str],
    photos_of: Callable[[int], list[bytes]] = lambda table_id: [],
) -> dict[str, Any]:
    """The backup of these finished tables (with the log and photos of each) and the merged names."""
    return {
        "format": FORMAT,
        "version": 1,
        "exported_at": datetime.now(UTC).isoformat(),
        "aliases": dict(sorted(aliases.items())),
        "plays": [_with_photos(_table_json(row, log, play), photos_of(row.id)) for row, log, play in tables],
    }


def _with_photos(table: dict[str, Any], images: list[bytes]) -> dict[str, Any]:
    if images:
        table["photos"] = [base64.b64encode(image).decode("ascii") for image in images]
    return table


def _table_json(row: TableRow, log: Sequence[EntryRow], play: Play) -> dict[str, Any]:
    return {
        "id": play.id,
        "game": row.game,
        "setup": table_rules()[row.game].shown_setup(row.setup),
        "created_at": utc(row.created_at).isoformat(),
        "entries": [
            {
                "seq": e.seq,
                "entry_id": e.entry_id,
                "kind": e.kind,
                "version": e.version,
                "payload": e.payload,
                "author": e.author,
                "at": utc(e.at).isoformat(),
            }
            for e in face_up(table_rules()[row.game], row.setup, log)
        ],
        "result": {
            "game": play.game_name,
            "ended": play.ended.isoformat(),
            "players": [{"name": s.name, "score": s.score, "rank": s.rank, "winner": s.winner} for s in play.seats],
            "units": [{"label": u.label, "points": u.points, "rank": u.rank, "winner": u.winner} for u in play.units],
        },
    }


@dataclass(frozen=True)
class Restore:
    """What a checked backup adds: new tables (game, setup, created_at, log), plays already here, merges to add."""

    tables: list[tuple[str, dict[str, Any], datetime, list[EntryRow]]] = field(default_factory=list)
    skipped: int = 0
    aliases: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    photos: list[list[Shaped]] = field(default_factory=list)  # each new table's, as `tables` goes


def check(
    raw: bytes, known: set[str], aliases: Mapping[str, str], max_plays: int = MAX_PLAYS, max_entries: int = MAX_TOTAL
) -> Restore:
    """Read a backup. `known` holds the ids of the plays already here, `aliases` the merges already made; a backup
    of more than `max_plays` plays (or merged names), or `max_entries` entries and merged names in all, is refused
    before any play is checked: each merge is written like an entry, and moves seats like a play.

    Nothing here looks a table up: whatever a setup copied from another table travels in the setup itself, and the
    setup is stored as its game's options schema writes it (without any join code), so an import says nothing
    about which codes exist."""
    try:
        backup = BackupIn.model_validate_json(raw)
    except ValidationError as exc:
        return Restore(problems=validation_problems(exc) or [Problem("", msg("this is not a backup of plays"))])
    if too_big := _size_problems(backup, max_plays, max_entries):
        return Restore(problems=too_big)
    problems: list[Problem] = []
    new: list[tuple[str, dict[str, Any], datetime, list[EntryRow]]] = []
    new_photos: list[list[Shaped]] = []
    seen = set(known)
    skipped = 0
    for i, table in enumerate(backup.plays):
        log = [EntryRow(e.seq, e.entry_id, e.kind, e.payload, e.author, utc(e.at), e.version) for e in table.entries]
        found, play, setup = _table_problems(table, log, f"plays[{i}]")
        images, wrong = _photos(table.photos, f"plays[{i}].photos")
        problems += found + wrong
        if play is None:
            continue
        if play.id in seen:
            skipped += 1
            continue
        seen.add(play.id)
        new.append((table.game, setup, utc(table.created_at), log))
        new_photos.append(images)
    merges = {}
    for name, target in backup.aliases.items():
        if (
            not name_key(name)
            or not name_key(target)
            or len(target) > 40
            or len(name_key(name)) > MAX_KEY
            or "\x00" in name + target
        ):
            problems.append(Problem(f"aliases.{name}", msg("a merge needs two names of 1 to 40 characters")))
        elif name_key(name) not in aliases:
            merges[name_key(name)] = target.strip()
    return Restore(new, skipped, merges, problems, new_photos)


def _photos(encoded: list[str], loc: str) -> tuple[list[Shaped], list[Problem]]:
    """A table's photos made fit to keep again, as an upload is: a backup is anyone's file."""
    images: list[Shaped] = []
    problems: list[Problem] = []
    for i, text in enumerate(encoded):
        try:
            images.append(photo_files.prepared(base64.b64decode(text, validate=True)))
        except (binascii.Error, ValueError, photo_files.Refused):
            problems.append(Problem(f"{loc}[{i}]", msg("this is not a photo of at most 8 MB")))
    return images, problems


def _size_problems(backup: BackupIn, max_plays: int, max_entries: int) -> list[Problem]:
    if (plays := len(backup.plays)) > max_plays:
        return [
            Problem(
                "plays",
                msg(
                    "an import holds at most %(most)s plays: this one has %(plays)s, split it",
                    most=max_plays,
                    plays=plays,
                ),
            )
        ]
    if (merges := len(backup.aliases)) > max_plays:
        return [
            Problem(
                "aliases",
                msg(
                    "an import holds at most %(most)s merged names: this one has %(merges)s",
                    most=max_plays,
                    merges=merges,
                ),
            )
        ]
    entries = sum(len(table.entries) for table in backup.plays)
    if entries + merges > max_entries:
        message = msg(
            "an import holds at most %(most)s entries in all (a merged name counts as one): this one has %(entries)s,"
            " split it",
            most=max_entries,
            entries=entries + merges,
        )
        return [Problem("plays", message)]
    return []


Checked = tuple[list[Problem], Play | None, dict[str, Any]]


def _table_problems(table: TableIn, log: list[EntryRow], loc: str) -> Checked:
    """What is wrong with one exported table; its play and the setup to store when nothing is. Entries written
    under an older schema version are upgraded as the table replays, as they are for a table stored here."""
    rules = table_rules().get(table.game)
    if rules is None:
        return (
            [Problem(f"{loc}.game", msg("no game here is called %(game)s", game=repr(table.game)))],
            None,
            table.setup,
        )
    problems = _setup_problems(rules, table.setup, f"{loc}.setup") + _log_problems(rules, table.entries, f"{loc}")
    if problems:
        return problems, None, table.setup
    setup = rules.shown_setup(table.setup)
    try:
        replayed = replay(rules, setup, log)
    except Exception as exc:  # an imported log is anyone's file: whatever breaks its replay is reported, not raised
        return [Problem(loc, msg("this table does not replay: %(why)s", why=str(exc)))], None, setup
    if replayed.broken:
        broken = replayed.broken
        why = msg("entry %(seq)s (%(kind)s): %(message)s", seq=broken.seq, kind=broken.kind, message=broken.message)
        return [Problem(loc, msg("this table does not replay: %(why)s", why=why))], None, setup
    play = play_of(rules, table.game, setup, replayed.face_up, replayed.state, played_s=replayed.clock.played)
    if play is None:
        return [Problem(loc, msg("this table's game is not over: only finished games are plays"))], None, setup
    return [], play, setup


def _setup_problems(rules: TableRules, setup: dict[str, Any], loc: str) -> list[Problem]:
    problems = [Problem(f"{loc}.{key}", msg("unknown field")) for key in setup if key not in ("players", "options")]
    names = setup.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return [*problems, Problem(f"{loc}.players", msg("must be a list of names"))]
    try:
        NewTableForm.model_validate({"players": names})
    except ValidationError as exc:
        problems += [Problem(f"{loc}.{p.loc}", p.msg) for p in validation_problems(exc)]
    problems += [Problem(f"{loc}.{p.loc}", p.msg) for p in setup_problems(GAMES[rules.slug], names)]
    if "options" in setup:
        if rules.options is None or not isinstance(setup["options"], dict):
            problems.append(
                Problem(f"{loc}.options", msg("%(game)s takes no such options", game=GAMES[rules.slug].name))
            )
        else:
            try:
                rules.options.model_validate(setup["options"])
            except ValidationError as exc:
                problems += [Problem(f"{loc}.options.{p.loc}", p.msg) for p in validation_problems(exc)]
    return problems


def _log_problems(rules: TableRules, entries: Sequence[EntryIn], loc: str) -> list[Problem]:
    problems = []
    ids: set[str] = set()
    for j, entry in enumerate(entries):
        where = f"{loc}.entries[{j}]"
        if entry.seq != j + 1:
            problems.append(
                Problem(f"{where}.seq", msg("must be %(seq)s: entries are numbered from 1 in order", seq=j + 1))
            )
        if entry.entry_id in ids:
            problems.append(Problem(f"{where}.entry_id", msg("appears twice in this table")))
        ids.add(entry.entry_id)
        shape = {UNDO: UndoIn, CORRECT: CorrectIn, CLOCK: ClockIn}.get(entry.kind)
        if shape is None and entry.kind not in rules.entries:
            game, kind_name = GAMES[rules.slug].name, repr(entry.kind)
            problems.append(
                Problem(f"{where}.kind", msg("%(game)s has no %(kind)s entries", game=game, kind=kind_name))
            )
        elif shape is not None:
            try:
                shape.model_validate(entry.payload)
            except ValidationError as exc:
                problems += [Problem(f"{where}.payload.{p.loc}", p.msg) for p in validation_problems(exc)]
    return problems
