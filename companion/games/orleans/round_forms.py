"""The round tracker's HTML forms: a round begins (its event and the farmers track), a Plague is resolved. Each
seat's value arrives in its own field ("farmers_2", "lost_3"); the canonical payloads keep them in seat order."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import field_validator, model_validator

from companion.games import Payload, Raw, msg
from companion.games.orleans.entries import SEATS, EventKind
from companion.games.orleans.schemas import Phase
from companion.schemas import Count, EntryForm, refused, with_fields

STARTING = "starting"  # the form's word for a starting follower drawn and put back: nothing lost
SACRISTY = "sacristy"  # the form's word for a player whose active Sacristy skips the Plague: no draw


def _seat_values(form: EntryForm, prefix: str) -> list[object]:
    """The seats' values in order, up to the last one given; a gap before it is a problem for the whole form."""
    values = [getattr(form, f"{prefix}_{seat}") for seat in SEATS]
    while values and values[-1] is None:
        values.pop()
    gaps = [str(seat) for seat, value in enumerate(values, start=1) if value is None]
    if gaps:
        raise refused("seats", msg("every player needs an answer: seat %(seats)s has none", seats=gaps[0]))
    return values


def _seat_field(loc: str, prefix: str) -> str:
    """ "farmers[1]" (the payload's second seat) -> "farmers_2" (its form field)."""
    seat = re.fullmatch(rf"{prefix}\[(\d+)\]", loc)
    return f"{prefix}_{int(seat.group(1)) + 1}" if seat else loc


class _RoundFields(EntryForm):
    event: EventKind
    phase: Phase | None = None
    # Kept as the round had it when one entered before the farmers' torture ruling is corrected.
    farmers_torture: bool = True

    @field_validator("*", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: Raw) -> Raw:
        return None if value == "" else value

    @model_validator(mode="after")
    def _no_gaps(self) -> _RoundFields:
        _seat_values(self, "farmers")
        return self

    def to_payload(self) -> Payload:
        farmers = _seat_values(self, "farmers")
        return {"event": self.event, "phase": self.phase, "farmers": farmers, "farmers_torture": self.farmers_torture}

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        seats = {f"farmers_{seat}": n for seat, n in enumerate(payload["farmers"], start=1)}
        torture = payload.get("farmers_torture", True)
        return {"event": payload["event"], "phase": payload.get("phase"), "farmers_torture": torture, **seats}

    @classmethod
    def field_of(cls, loc: str) -> str:
        return _seat_field(loc, "farmers")


RoundForm = with_fields(
    "RoundForm",
    _RoundFields,
    {f"farmers_{seat}": (Count | None, None) for seat in SEATS},
    "A round begins: the event revealed (the button tapped), its phase, and each seat's farmers track space.",
)

Drawn = Literal["farmer", "boatman", "craftsman", "trader", "scholar", "knight", "monk", "starting", "sacristy"]


class _PlagueFields(EntryForm):
    @field_validator("*", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: Raw) -> Raw:
        return None if value == "" else value

    @model_validator(mode="after")
    def _no_gaps(self) -> _PlagueFields:
        _seat_values(self, "lost")
        return self

    def to_payload(self) -> Payload:
        drawn = _seat_values(self, "lost")
        lost = [None if v in (STARTING, SACRISTY) else v for v in drawn]  # a Follower, or None
        skips = [v == SACRISTY for v in drawn]
        while skips and not skips[-1]:
            skips.pop()
        return {"lost": lost, "sacristy": skips}

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        skips = payload.get("sacristy", [])
        return {
            f"lost_{seat}": SACRISTY if seat <= len(skips) and skips[seat - 1] else kind or STARTING
            for seat, kind in enumerate(payload["lost"], start=1)
        }

    @classmethod
    def field_of(cls, loc: str) -> str:
        if skip := re.fullmatch(r"sacristy\[(\d+)\]", loc):
            return f"lost_{int(skip.group(1)) + 1}"
        return _seat_field(loc, "lost")


PlagueForm = with_fields(
    "PlagueForm",
    _PlagueFields,
    {f"lost_{seat}": (Drawn | None, None) for seat in SEATS},
    "A Plague resolved: what each seat drew from the bag (a recruited follower is lost, a starting one not), "
    "or that its active Sacristy skipped it.",
)
