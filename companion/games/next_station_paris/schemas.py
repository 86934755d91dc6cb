"""Next Station Paris requests: the score calculator and a table's line and bonus entries."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from companion.games import Payload, RuleError
from companion.games.next_station_paris import engine as nsp
from companion.schemas import Count, Endpoint, EntryForm, Name, StrictModel, duplicate_name_problems, result_json

Color = Literal["blue", "green", "orange", "purple"]


class LineIn(StrictModel):
    """One line; a line visits at most 13 stations, so districts + max_stations_in_district − 1 ≤ 13."""

    color: Color
    districts: Count = Field(description="districts holding at least one of the line's stations (0 to 13)")
    max_stations_in_district: Count = Field(description="the line's stations in its busiest district (0 to 13)")
    monuments: Count = Field(0, description="monuments on the line (0 to 13; none on a line without stations)")

    def to_engine(self) -> nsp.SubwayLine:
        return nsp.SubwayLine(self.color, self.districts, self.max_stations_in_district, self.monuments)


class InterchangesIn(StrictModel):
    two: Count = Field(default=0, alias="2", description="interchanges where 2 lines meet")
    three: Count = Field(default=0, alias="3", description="interchanges where 3 lines meet")
    four: Count = Field(default=0, alias="4", description="interchanges where 4 lines meet")

    def to_engine(self) -> dict[int, int]:
        return {2: self.two, 3: self.three, 4: self.four}


class CrossingsIn(StrictModel):
    one: Count = Field(default=0, alias="1", description="overhead crossings with one line through")
    two: Count = Field(default=0, alias="2", description="overhead crossings with two lines through")

    def to_engine(self) -> dict[int, int]:
        return {1: self.one, 2: self.two}


class SheetIn(StrictModel):
    name: Name
    lines: list[LineIn] = Field(default_factory=list, max_length=4)
    interchanges: InterchangesIn = Field(default_factory=InterchangesIn)
    crossings: CrossingsIn = Field(default_factory=CrossingsIn)
    objectives: Count = Field(0, description="objectives completed (0 to 5)")

    def to_engine(self) -> nsp.Sheet:
        return nsp.Sheet(
            self.name,
            tuple(line.to_engine() for line in self.lines),
            self.interchanges.to_engine(),
            self.crossings.to_engine(),
            self.objectives,
        )


class ScoreRequest(StrictModel):
    players: list[SheetIn] = Field(min_length=1, max_length=4)


def score(request: ScoreRequest) -> dict[str, object]:
    """POST /api/v1/next-station-paris/score."""
    names = [p.name for p in request.players]
    if problems := duplicate_name_problems(names, "players"):
        raise RuleError(problems)
    return result_json(nsp.score([p.to_engine() for p in request.players]))


ENDPOINTS = [
    Endpoint(
        "/next-station-paris/score",
        ScoreRequest,
        score,
        "Score Next Station Paris map sheets: lines, interchanges, crossings, objectives.",
    ),
]


# --- a table's entries ----------------------------------------------------------------------------------------


class LineEntryIn(StrictModel):
    """A player's line for one round (version 2): the round, and the line as the score calculator takes it."""

    player: Name
    round: int = Field(ge=1, le=nsp.ROUNDS)
    line: LineIn

    def to_engine(self) -> nsp.LineEntry:
        return nsp.LineEntry(self.player, self.round, self.line.to_engine())


class BonusEntryIn(StrictModel):
    """A player's interchanges, crossings and objectives (version 2), entered after the fourth round."""

    player: Name
    interchanges: InterchangesIn = Field(default_factory=InterchangesIn)
    crossings: CrossingsIn = Field(default_factory=CrossingsIn)
    objectives: Count = Field(0, description="objectives completed (0 to 5)")

    def to_engine(self) -> nsp.BonusEntry:
        return nsp.BonusEntry(self.player, self.interchanges.to_engine(), self.crossings.to_engine(), self.objectives)


LINE_FIELDS = ("color", "districts", "max_stations_in_district", "monuments")
BONUS_FIELDS = {"interchanges": ("2", "3", "4"), "crossings": ("1", "2")}


def line_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 kept the line's fields beside the player and round."""
    line = {name: payload[name] for name in LINE_FIELDS if name in payload}
    return {"player": payload["player"], "round": payload["round"], "line": line}


def bonus_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 named each count `interchanges_2`, `crossings_1`..."""
    nested = {group: {k: payload.get(f"{group}_{k}", 0) for k in keys} for group, keys in BONUS_FIELDS.items()}
    return {"player": payload["player"], **nested, "objectives": payload.get("objectives", 0)}


class LineForm(EntryForm):
    """One player's line for one round, as a table page enters it."""

    player: Name
    round: int = Field(ge=1, le=nsp.ROUNDS)
    color: Color
    districts: Count
    max_stations_in_district: Count
    monuments: Count = 0

    def to_payload(self) -> Payload:
        return line_v1_to_v2(self.model_dump(mode="json"))

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        return {"player": payload["player"], "round": payload["round"], **payload["line"]}

    @classmethod
    def field_of(cls, loc: str) -> str:
        return loc.removeprefix("line.")


class BonusForm(EntryForm):
    """A player's interchanges, crossings and objectives, entered after the fourth round."""

    player: Name
    interchanges_2: Count = 0
    interchanges_3: Count = 0
    interchanges_4: Count = 0
    crossings_1: Count = 0
    crossings_2: Count = 0
    objectives: Count = 0

    def to_payload(self) -> Payload:
        return bonus_v1_to_v2(self.model_dump(mode="json"))

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        flat = {f"{group}_{k}": payload[group][k] for group, keys in BONUS_FIELDS.items() for k in keys}
        return {"player": payload["player"], **flat, "objectives": payload["objectives"]}

    @classmethod
    def field_of(cls, loc: str) -> str:
        return loc.replace(".", "_")
