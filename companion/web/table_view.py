"""One context object per table page, built from the stored table and its replayed state."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from flask_babel import gettext
from markupsafe import Markup

from companion.storage.entries import EntryKind
from companion.storage.log import Standing
from companion.storage.store import EntryRow, TableRow, now

from .. import colours, words
from ..games import Game
from ..specs import GAMES, table_rules
from ..tables import Step, TableRules
from ..tables import clock as clock
from ..tables.charts import drawn
from ..tables.replay import Broken, Replayed, for_reader, replay, undoable
from ..tables.sealing import SealedStep, mine
from . import language
from .chips import chipped


@dataclass(frozen=True)
class Failed:
    """An entry that was not saved: which form, what was typed, and what to fix."""

    form: str
    values: dict[str, Any]
    errors: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Conflict:
    """An entry made for a step another phone recorded first: what was recorded, what this phone typed, and the
    typed values, to send as a correction of the recorded entry instead."""

    step: Step
    theirs: Standing
    mine: str
    values: dict[str, Any]


LOG_SHOWN = 6  # entries the live panel lists: enough to undo or correct what was just entered


@dataclass(frozen=True)
class TableView:
    row: TableRow
    game: Game
    rules: TableRules
    replayed: Replayed
    version: int
    base: str
    editable: bool
    who: str | None = None  # the player this phone is here ("" for none of them; None: it was never asked)
    group: Any = None  # the table's group (a GroupRow), for a phone that belongs to it
    invite: Any = None  # the table's group, offered to a phone that joined by code when the group shares its link
    phones: int = 0  # how many phones said who they are at the table
    message: str | None = None
    photo_refused: str | None = None  # why the photo just sent was not added, said beside its form
    failed: Failed | None = None
    people: Any = None  # who is who across tables (merged names), for a finished table's BG Stats link
    play_deleted: bool = False  # a finished table's play was deleted from its group's history: nothing to send
    conflict: Conflict | None = None
    whole_log: bool = False  # the log's own page: every entry, not only the latest
    cards: Callable[[], Sequence[Any]] = tuple  # reads the cards the table's group keeps for its game
    photos: Callable[[], Sequence[Any]] = tuple  # reads the table's photos (PhotoRows), at its editor link only
    whole: Replayed | None = None  # the whole log replayed, sealed parts too: what a new entry is checked against
    reader: int | None = None  # the phone reading the page (its own sealed parts are shown to it)
    seated: Callable[[], Collection[str]] = frozenset  # reads the players other phones are at this table

    @property
    def asks_seat(self) -> bool:
        """The phone has not said who it is here: the page asks it before offering anything to enter."""
        return self.editable and self.who is None

    @cached_property
    def elsewhere(self) -> Collection[str]:
        """The players other phones are at this table (read only by a page asking who this phone is)."""
        return self.seated()

    @cached_property
    def kept(self) -> tuple[Any, ...]:
        """The cards the table's group keeps for its game (group_cards.GroupCard), read only by a page showing
        them."""
        return tuple(self.cards())

    @property
    def state(self) -> Any:
        return self.replayed.state

    @property
    def log(self) -> list[Standing]:
        return self.replayed.log

    @property
    def entries(self) -> list[Standing]:
        """Every standing entry in order, the play timer's among the game's."""
        return self.replayed.entries

    @property
    def clock(self) -> clock.Clock:
        return self.replayed.clock

    @cached_property
    def played_s(self) -> int:
        """The seconds the play timer ran, as this page is made (a phone counts on from it while it runs)."""
        return self.clock.played_s(now())

    @property
    def broken(self) -> Broken | None:
        return self.replayed.broken

    @property
    def broken_entry(self) -> Standing | None:
        """The entry the replay stopped at, as the log holds it."""
        seq = self.broken.seq if self.broken else None
        return next((s for s in self.log if s.seq == seq), None)

    @property
    def checked(self) -> Replayed:
        """The table as a new entry, an undo or a correction is checked against: every part, sealed or not."""
        return self.whole or self.replayed

    def undoable(self, entry: Standing) -> bool:
        return entry.seq in undoable(self.checked) and entry.seq not in self.replayed.hidden

    def sealed(self, entry: Standing) -> bool:
        """True for an entry this page may not show (a part another phone entered face down)."""
        return entry.seq in self.replayed.hidden

    @property
    def sealed_step(self) -> SealedStep | None:
        """The step being chosen face down (every phone sees who is in, only each its own part)."""
        return self.replayed.seal.step

    @property
    def sealed_in(self) -> tuple[str, ...]:
        """Whose parts of the face-down step are in."""
        return self.sealed_step.done if self.sealed_step else ()

    @property
    def sealed_mine(self) -> dict[str, int]:
        """The face-down parts this phone entered, by player."""
        return mine(self.replayed.seal, self.replayed.log, self.reader) if self.editable else {}

    @property
    def players(self) -> list[str]:
        return list(self.row.setup["players"])

    @cached_property
    def colours(self) -> dict[str, colours.Colour]:
        """Each player's colour: the table's own once changed, else the palette in seat order."""
        return colours.of_table(self.players, self.row.colours)

    @property
    def poll_version(self) -> str:
        """What this page's poll says it has seen (the table's version, its colours once changed, its seat changes)."""
        return colours.poll_version(self.version, self.row.colours, self.row.seating)

    @property
    def palette(self) -> tuple[colours.Colour, ...]:
        return colours.PALETTE

    def charts_in(self, speaking: str) -> tuple[str, ...]:
        """How the game went round by round, as SVGs in `speaking` (none for a game without rounds): the page and
        the result sheet show the same ones."""
        game = self.game.slug
        return drawn(self.rules.chart(self.state), self.colours, lambda text: words.say(text, speaking, game))

    @property
    def charts(self) -> tuple[Markup, ...]:
        return tuple(Markup(svg) for svg in self.charts_in(language.current()))  # noqa: S704 - from escaped text

    @property
    def result(self) -> Any:
        return self.rules.result(self.state)

    @property
    def last_active(self) -> Standing | None:
        active = self.replayed.active
        return active[-1] if active else None

    def describe(self, entry: Standing) -> str:
        """The entry in a sentence, in the reader's language (a sealed one without its value); one that cannot be
        read says so instead."""
        if entry.kind == clock.CLOCK:
            return str(language.say(clock.describe(entry.payload)))
        if (sealed := self.replayed.seal.parts.get(entry.seq)) is not None and entry.seq in self.replayed.hidden:
            return str(language.say(sealed.sentence))
        if entry.version != self.rules.entries.get(entry.kind, _NO_KIND).version:
            return self._unreadable(entry.kind)
        try:
            said = str(language.say(self.rules.describe(entry.kind, entry.payload)))
        except Exception:  # noqa: BLE001 - a damaged entry still gets a line in the log
            return self._unreadable(entry.kind)
        if entry.seq in self.replayed.seal.parts:
            return gettext("%(entry)s (face down: only this phone sees it)", entry=said)
        return said

    def _unreadable(self, kind: str) -> str:
        return gettext("an entry that cannot be read (%(kind)s)", kind=language.say(self.rules.kind_name(kind)))

    @property
    def shown_log(self) -> list[Standing]:
        """The log as this page shows it, newest first: the latest entries, or all of them on the log's own page."""
        newest = self.entries[::-1]
        return newest if self.whole_log else newest[:LOG_SHOWN]

    def told(self, entry: Standing) -> Markup:
        """The entry's sentence as the log shows it: each player named in it with their colour chip."""
        return chipped(self.describe(entry), self.colours)

    def values(self, form: str) -> dict[str, Any]:
        return self.failed.values if self.failed and self.failed.form == form else {}

    def errors(self, form: str) -> dict[str, str]:
        return self.failed.errors if self.failed and self.failed.form == form else {}

    def step_for(self, kind: str, **payload: Any) -> Step | None:
        """The step a new entry of `kind` fills now (the key its form carries)."""
        return self.rules.step(self.state, kind, payload)

    @cached_property
    def recorded_steps(self) -> dict[str, tuple[Step, Standing]]:
        """Every step the entries that count have filled, by key, with the entry that filled it."""
        active = self.replayed.active
        by_seq = {entry.seq: entry for entry in active}
        return {step.key: (step, by_seq[seq]) for step, seq in self.rules.steps(self.state, active) if seq in by_seq}

    def latest_steps(self, count: int = 8) -> list[tuple[Step, Standing]]:
        """The steps filled last, for a phone to tell which one its half-typed form was for."""
        return list(self.recorded_steps.values())[-count:]

    @staticmethod
    def new_entry_id() -> str:
        return secrets.token_hex(16)


def build(row: TableRow, rows: list[EntryRow], *, editable: bool, base: str, **extra: Any) -> TableView:
    """The view of a table's log for a reader with no phone (a PDF): sealed parts stay sealed."""
    version = rows[-1].seq if rows else 0
    rules = table_rules()[row.game]
    whole = replay(rules, row.setup, rows)
    return view_of(row, version, for_reader(rules, row.setup, whole, None), editable=editable, base=base, **extra)


def view_of(row: TableRow, version: int, replayed: Replayed, *, editable: bool, base: str, **extra: Any) -> TableView:
    """The view of a table already replayed (at `version`)."""
    return TableView(row, GAMES[row.game], table_rules()[row.game], replayed, version, base, editable, **extra)


_NO_KIND = EntryKind("", object, "", version=-1)  # type: ignore[arg-type]
