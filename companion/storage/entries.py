"""Entry kinds: each kind of entry a table takes has one canonical payload schema, with a version, and the steps
that upgrade a payload written under any older version. Stored rows stay as they were written; replay upgrades
them as it reads them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from pydantic import BaseModel

from companion.games import Raw, msg
from companion.storage.rows import Payload

Upgrade = Callable[[Payload], Payload]
State = TypeVar("State")
Model = TypeVar("Model", bound=BaseModel)
Said = TypeVar("Said")


class UnreadableEntry(ValueError):
    """A stored payload this code cannot bring up to date."""


@dataclass(frozen=True)
class EntryKind:
    """One kind of entry: its canonical `schema` at `version`, and `upgrades[n]` turning a version-n payload into
        a version-(n + 1) one. `summary` says in a line what the entry records (for the API's readers), `label` names it
    for a player."""

    name: str
    schema: type[BaseModel]
    summary: str
    version: int = 1
    upgrades: Mapping[int, Upgrade] = field(default_factory=dict)
    label: str = ""  # what a sentence calls the kind ("hand"): a Text, said in the reader's language

    @property
    def called(self) -> str:
        """What a sentence calls the kind: its label, else its name with spaces ("remove hero")."""
        return self.label or self.name.replace("_", " ")

    def upgrade(self, version: int, payload: Payload) -> Payload:
        """The payload brought from `version` up to this kind's version, one step at a time."""
        if version > self.version:
            raise UnreadableEntry(
                msg(
                    "it was written by a newer version of the app (%(kind)s v%(version)s; this one reads up to "
                    "v%(newest)s)",
                    kind=self.name,
                    version=version,
                    newest=self.version,
                )
            )
        while version < self.version:
            step = self.upgrades.get(version)
            if step is None:
                raise UnreadableEntry(
                    msg("there is no upgrade from %(kind)s v%(version)s", kind=self.name, version=version)
                )
            try:
                payload = step(payload)
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                why = msg(
                    "its %(kind)s v%(version)s payload could not be upgraded (%(error)s)",
                    kind=self.name,
                    version=version,
                    error=repr(exc),
                )
                raise UnreadableEntry(why) from exc
            version += 1
        return payload

    def validate(self, payload: Raw) -> BaseModel:
        """The payload as this kind's schema (raises pydantic's ValidationError)."""
        return self.schema.model_validate(payload)

    def canonical(self, payload: Raw) -> Payload:
        """The payload validated and written back as stored JSON (aliases as the API names them)."""
        return self.validate(payload).model_dump(mode="json", by_alias=True)


def on_payload(schema: type[Model], move: Callable[[State, Model], State]) -> Callable[[State, Payload], State]:
    """A move that takes its entry as `schema` validates it, taking instead the stored payload: so a game's table
    of moves by entry kind is typed, though each move takes an entry of its own kind."""
    return lambda state, payload: move(state, schema.model_validate(payload))


def read_as(schema: type[Model], read: Callable[[Model], Said]) -> Callable[[Payload], Said]:
    """What reads an entry as `schema` validates it, reading instead the stored payload (see on_payload)."""
    return lambda payload: read(schema.model_validate(payload))
