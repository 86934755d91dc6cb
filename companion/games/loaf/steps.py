"""A L'oaf table's steps: each round is one, recorded when a whole round is entered at once or its last part
completes it."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games import PayloadView, msg
from companion.games.loaf.state import LoafTable
from companion.storage.log import Standing
from companion.tables import Step


def round_step(number: int) -> Step:
    return Step(f"round:{number}", msg("Round %(round)s", round=number))


def next_round(table: LoafTable, kind: str, payload: PayloadView) -> Step | None:
    """A whole round entered at once records the round being played."""
    return round_step(table.next_round) if kind == "round" else None


def rounds_played(table: LoafTable, entries: Sequence[Standing]) -> list[tuple[Step, int]]:
    """Each round played, with the entry that completed it."""
    return [(round_step(number), played.seq) for number, played in enumerate(table.played, 1)]
