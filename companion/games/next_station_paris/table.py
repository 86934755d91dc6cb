"""A Next Station Paris table: one line per player per round, then each player's bonuses."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games import Payload, PayloadView, Problem, Result, RuleError, msg
from companion.games.next_station_paris import engine as nsp
from companion.games.next_station_paris.schemas import (
    BonusEntryIn,
    BonusForm,
    LineEntryIn,
    LineForm,
    bonus_v1_to_v2,
    line_v1_to_v2,
)
from companion.storage.entries import EntryKind
from companion.storage.log import Standing
from companion.tables import Step, TableRules
from companion.tables.charts import Chart, Series, rounds_of
from companion.tables.parts import keyed
from companion.tables.replay import PENDING

ENTRIES = {
    "line": EntryKind(
        "line", LineEntryIn, "A player's line for one round.", version=2, upgrades={1: line_v1_to_v2}, label=msg("line")
    ),
    "bonus": EntryKind(
        "bonus",
        BonusEntryIn,
        "A player's interchanges, overhead crossings and objectives, after the fourth round.",
        version=2,
        upgrades={1: bonus_v1_to_v2},
        label=msg("bonus"),
    ),
}
SCHEMAS: dict[str, type[LineEntryIn] | type[BonusEntryIn]] = {"line": LineEntryIn, "bonus": BonusEntryIn}


def replay(setup: Payload, entries: Sequence[Standing]) -> nsp.Table:
    table = nsp.new_table(setup["players"])
    bonus_entries: dict[str, int] = {}  # the seq of each player's bonus entry
    for entry in entries:
        try:
            table = nsp.apply(table, SCHEMAS[entry.kind].model_validate(entry.payload).to_engine())
        except RuleError as exc:
            raise _pointed(exc, bonus_entries.get(entry.payload.get("player", ""))) from exc
        if entry.kind == "bonus":
            bonus_entries[entry.payload["player"]] = entry.seq
    return table


def _pointed(exc: RuleError, bonus_seq: int | None) -> RuleError:
    """A line refused because of the bonuses entered before it: those problems point at that bonus entry (the
    step to check or correct), not at a field of the line."""
    if bonus_seq is None or bonus_seq >= PENDING:  # the bonus entry being corrected: its own problems
        return exc
    return RuleError(
        [
            Problem(
                f"entry-{bonus_seq}",
                msg(
                    "Entry #%(number)s: %(problem)s. Change this line, or correct those bonuses",
                    number=bonus_seq,
                    problem=p.msg,
                ),
            )
            if p.loc.startswith("bonus.")
            else p
            for p in exc.problems
        ]
    )


def describe(kind: str, payload: Payload) -> str:
    if kind == "line":
        line = LineEntryIn.model_validate(payload).line.to_engine()
        told = msg(
            "%(player)s's round %(round)s line: %(line)s = %(points)s",
            player=payload["player"],
            round=payload["round"],
            line=line.explain(),
            points=line.score,
        )
        return told
    return msg("%(player)s's interchanges, crossings and objectives", player=payload["player"])


def step(table: nsp.Table, kind: str, payload: PayloadView) -> Step:
    """A player's line of one round, or their bonuses: each recorded once."""
    player = payload.get("player", "")
    if kind == "line":
        said = msg("%(player)s's round %(round)s line", player=player, round=payload.get("round"))
        return Step(f"line:{player}:{payload.get('round')}", said)
    return Step(f"bonus:{player}", msg("%(player)s's bonuses", player=player))


def steps(table: nsp.Table, entries: Sequence[Standing]) -> list[tuple[Step, int]]:
    return [(step(table, entry.kind, entry.payload), entry.seq) for entry in entries]


# A player's line of a round, and their bonuses, are theirs alone: the rules check each only against that player's
# own sheet, so lines of different players typed at once never meet.
part = keyed({"line": ("line", "round", "player"), "bonus": ("bonus", "player")})


def result(table: nsp.Table) -> Result:
    return nsp.score(table.sheets())


def chart(table: nsp.Table) -> tuple[Chart, ...]:
    """Each player's line points added up round by round, up to the last round anyone entered."""
    played = max((r for lines in table.lines.values() for r in lines), default=0)
    series = []
    for player in table.players:
        total, values = 0, []
        for round_no in range(1, played + 1):
            line = table.line(player, round_no)
            total += line.score if line else 0
            values.append(total if line else None)
        series.append(Series(player, tuple(values)))
    return (Chart(msg("Line points so far, round by round"), rounds_of(played), tuple(series)),)


RULES = TableRules(
    "next-station-paris",
    ENTRIES,
    {"line": LineForm, "bonus": BonusForm},
    replay,
    describe,
    result,
    "next-station-paris/table.html",
    finished=lambda table: table.finished,
    step=step,
    steps=steps,
    part=part,
    chart=chart,
)
