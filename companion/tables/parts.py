"""Part keys: which player's (or place's) share of a table an entry fills, so that phones writing different shares
at the same moment both land (see `TableRules.part`). Two entries of one share must get one key, or a late phone
would write over what it never saw: so names are compared without regard to case, and anything unexpected is a
whole entry (None)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

PartOf = Callable[[str, Mapping[str, Any]], str | None]


def key(name: str, payload: Any, *fields: str) -> str | None:
    """ "name:value:…" from the payload's fields; None when the payload is not an object or a field is not a
    name or a number."""
    if not isinstance(payload, Mapping):
        return None
    values = [payload.get(field) for field in fields]
    if not all(isinstance(v, str | int) and not isinstance(v, bool) for v in values):
        return None
    return ":".join([name, *(str(v).casefold() for v in values)])


def keyed(shares: Mapping[str, tuple[str, ...]]) -> PartOf:
    """A `part` hook from each kind's share: the part's name, then the payload fields that say whose it is. Kinds
    left out are whole entries."""

    def part(kind: str, payload: Mapping[str, Any]) -> str | None:
        share = shares.get(kind)
        return None if share is None else key(share[0], payload, *share[1:])

    return part
