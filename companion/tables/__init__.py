"""How each playable game keeps a table: which entries it takes, and how its log replays into a state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import BaseModel

from ..entries import EntryKind
from ..games.base import Result
from ..log import Standing
from ..schemas import EntryForm


def never(state: Any) -> bool:
    """A game that cannot tell when it is over: its tables never become plays."""
    return False


@dataclass(frozen=True)
class TableKind:
    """A game's table: its entry kinds (each a canonical, versioned payload schema), the HTML forms that make
    them (by entry kind), the replay of its standing entries (canonical payloads only), a sentence per entry, and
    the scores of a state (so far, or final). `options` validates the game's own choices when a table starts
    (stored as setup["options"]), with `options_template` holding their form fields.

    Every table page extends base.html and puts everything that changes inside `{% block live %}`, in a
    `<div id="live">` that polls `{base}/live?v={version}` (see next-station-paris/table.html)."""

    slug: str
    entries: dict[str, EntryKind]
    forms: dict[str, type[EntryForm]]
    replay: Callable[[dict[str, Any], Sequence[Standing]], Any]
    describe: Callable[[str, dict[str, Any]], str]
    result: Callable[[Any], Result]
    template: str
    options: type[BaseModel] | None = None
    options_template: str | None = None
    finished: Callable[[Any], bool] = never  # whether a state's game is over (a play for the history)


def legacy_entries(forms: dict[str, type[EntryForm]]) -> dict[str, EntryKind]:
    """Entry kinds whose payload is still the shape of the form that makes them (version 1)."""
    return {name: EntryKind(name, form, (form.__doc__ or name).strip().splitlines()[0]) for name, form in forms.items()}


@cache
def kinds() -> dict[str, TableKind]:
    """Every game with a table page, by slug; a game not here is listed as not built yet."""
    from . import koala, lfg, next_station_paris, orleans
    from . import loaf as loaf_table
    from . import oz as oz_table

    return {
        k.slug: k for k in (next_station_paris.KIND, lfg.KIND, orleans.KIND, oz_table.KIND, loaf_table.KIND, koala.KIND)
    }
