"""Player colours: a palette that colour-blind eyes tell apart (Okabe and Ito's, then black and white), each colour
with a plain name and the ink its initial is written in. A table's players take the palette in seat order until
someone picks another; a table's colours are always one each, all different."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

BLACK = "#000000"
WHITE = "#ffffff"


@dataclass(frozen=True)
class Colour:
    key: str  # what is stored, and the class a page draws it with
    name: str  # what it is called, on screen and to a screen reader
    hex: str
    ink: str  # the initial's colour on it: whichever of black and white contrasts more (at least 4.5:1)


PALETTE: tuple[Colour, ...] = (
    Colour("orange", "orange", "#e69f00", BLACK),
    Colour("sky", "sky blue", "#56b4e9", BLACK),
    Colour("green", "green", "#009e73", BLACK),
    Colour("yellow", "yellow", "#f0e442", BLACK),
    Colour("blue", "blue", "#0072b2", WHITE),
    Colour("vermillion", "vermillion", "#d55e00", BLACK),
    Colour("pink", "pink", "#cc79a7", BLACK),
    Colour("grey", "grey", "#999999", BLACK),
    Colour("black", "black", "#000000", WHITE),
    Colour("white", "white", "#ffffff", BLACK),
)
BY_KEY: Mapping[str, Colour] = {colour.key: colour for colour in PALETTE}


class ColourError(ValueError):
    """A colour change that cannot be made, with the reason in words."""


def defaults(players: Sequence[str]) -> dict[str, Colour]:
    """Each player's colour before anyone changes it: the palette in seat order."""
    return {player: PALETTE[i % len(PALETTE)] for i, player in enumerate(players)}


def of_table(players: Sequence[str], stored: Mapping[str, str] | None) -> dict[str, Colour]:
    """The table's colours: the stored ones when they are a valid choice for these players, else the defaults."""
    if stored and not problems(players, stored):
        return {player: BY_KEY[stored[player]] for player in players}
    return defaults(players)


def problems(players: Sequence[str], chosen: Mapping[str, str]) -> list[str]:
    """Why `chosen` (player -> colour key) is not one palette colour per player, all different; empty when it is."""
    found = []
    if set(chosen) != set(players):
        found.append("every player has one colour")
    if unknown := sorted({key for key in chosen.values() if key not in BY_KEY}):
        found.append(f"{', '.join(k[:20] for k in unknown)} is not a colour of the palette")
    if len(set(chosen.values())) != len(chosen):
        found.append("two players cannot share a colour")
    return found


def change(current: Mapping[str, Colour], player: str, key: str) -> dict[str, str]:
    """The table's colours (player -> key) once `player` takes colour `key`; a player who had it takes theirs in
    exchange. Raises ColourError for an unknown player or a colour outside the palette."""
    if player not in current:
        who = f"Nobody called {player[:40]} plays at this table" if player else "No player was named"
        raise ColourError(f"{who}: pick a colour beside a player's name.")
    if key not in BY_KEY:
        names = ", ".join(colour.name for colour in PALETTE)
        what = f"“{key[:20]}” is not one of the colours" if key else "No colour was picked"
        raise ColourError(f"{what}: pick one of {names}.")
    chosen = {name: colour.key for name, colour in current.items()}
    holder = next((name for name, had in chosen.items() if had == key and name != player), None)
    if holder is not None:
        chosen[holder] = chosen[player]
    chosen[player] = key
    return chosen


def initial(name: str) -> str:
    """The letter a player's chip shows."""
    return name.strip()[:1].upper() or "?"


def stamp(stored: Mapping[str, str] | str | None) -> str:
    """A short mark of the table's stored colours ("" before anyone changed one), the same for the same choice
    however the database hands it back (JSON text from SQLite, a dict from PostgreSQL): a phone's poll compares it,
    since a colour change is no entry and leaves the table's version where it was."""
    chosen: Any = json.loads(stored) if isinstance(stored, str) else stored
    if not chosen:
        return ""
    text = json.dumps(chosen, sort_keys=True, ensure_ascii=False)
    return hashlib.blake2s(text.encode(), digest_size=4).hexdigest()


def poll_version(version: int, stored: Mapping[str, str] | str | None, seating: int = 0) -> str:
    """What a phone's poll says it has seen: the table's version, with the colours' stamp once they were changed and
    the count of seat changes once a phone said who it is ("3", "3.1a2b3c4d", "3.s2", "3.1a2b3c4d.s2")."""
    mark = stamp(stored)
    seen = f"{version}.{mark}" if mark else str(version)
    return f"{seen}.s{seating}" if seating else seen
