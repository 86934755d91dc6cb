"""The round tracker's HTML forms: a round begins (its event and the farmers track), a Plague is resolved. Each
seat's value arrives in its own field ("farmers_2", "lost_3"); the canonical payloads keep them in seat order."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import create_model, field_validator, model_validator

from companion.games import msg
from companion.games.orleans.entries import SEATS, EventKind, Follower
from companion.games.orleans.schemas import Phase
from companion.schemas import Count, EntryForm, refused

STARTING = "starting"  # the form's word for a starting follower drawn and put back: nothing lost
SACRISTY = "sacristy"  # the form's word for a player whose active Sacristy skips the Plague: no draw


def _seat_values(form: EntryForm, prefix: str) -> list[Any]:
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
    def _blank_is_unset(cls, value: Any) -> Any:
        return None if value == "" else value

    @model_validator(mode="after")
    def _no_gaps(self) -> _RoundFields:
        _seat_values(self, "farmers")
        return self

    def to_payload(self) -> dict[str, Any]:
        farmers = _seat_values(self, "farmers")
        return {"event": self.event, "phase": self.phase, "farmers": farmers, "farmers_torture": self.farmers_torture}

    @classmethod
    def values_of(cls, payload: dict[str, Any]) -> dict[str, Any]:
        seats = {f"farmers_{seat}": n for seat, n in enumerate(payload["farmers"], start=1)}
        torture = payload.get("farmers_torture", True)
        return {"event": payload["event"], "phase": payload.get("phase"), "farmers_torture": torture, **seats}

    @classmethod
    def field_of(cls, loc: str) -> str:
        return _seat_field(loc, "farmers")


# Typed as open: create_model's field definitions are type forms, which mypy cannot name as values.
_FARMERS: dict[str, Any] = {f"farmers_{seat}": (Count | None, None) for seat in SEATS}
RoundForm = create_model(
    "RoundForm",
    __base__=_RoundFields,
    __doc__="A round begins: the event revealed (the button tapped), its phase, and each seat's farmers track space.",
    **_FARMERS,
)

Drawn = Literal["farmer", "boatman", "craftsman", "trader", "scholar", "knight", "monk", "starting", "sacristy"]


class _PlagueFields(EntryForm):
    @field_validator("*", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: Any) -> Any:
        return None if value == "" else value

    @model_validator(mode="after")
    def _no_gaps(self) -> _PlagueFields:
        _seat_values(self, "lost")
        return self

    def to_payload(self) -> dict[str, Any]:
        drawn = _seat_values(self, "lost")
        lost: list[Follower | None] = [None if v in (STARTING, SACRISTY) else v for v in drawn]
        skips = [v == SACRISTY for v in drawn]
        while skips and not skips[-1]:
            skips.pop()
        return {"lost": lost, "sacristy": skips}

    @classmethod
    def values_of(cls, payload: dict[str, Any]) -> dict[str, Any]:
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


_LOST: dict[str, Any] = {f"lost_{seat}": (Drawn | None, None) for seat in SEATS}  # open, as _FARMERS is
PlagueForm = create_model(
    "PlagueForm",
    __base__=_PlagueFields,
    __doc__="A Plague resolved: what each seat drew from the bag (a recruited follower is lost, a starting one not), "
    "or that its active Sacristy skipped it.",
    **_LOST,
)
