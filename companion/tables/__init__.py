"""How each playable game keeps a table: which entries it takes, and how its log replays into a state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from ..games.base import Result
from ..log import Standing


@dataclass(frozen=True)
class TableKind:
    """A game's table: entry forms by kind, the replay of its standing entries, a sentence per entry, and the
    scores of a state (so far, or final)."""

    slug: str
    forms: dict[str, type[BaseModel]]
    replay: Callable[[dict[str, Any], Sequence[Standing]], Any]
    describe: Callable[[str, dict[str, Any]], str]
    result: Callable[[Any], Result]
    template: str


def kinds() -> dict[str, TableKind]:
    from . import next_station_paris

    return {k.slug: k for k in (next_station_paris.KIND,)}
