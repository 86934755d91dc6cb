"""Next Station Paris requests: the score calculator and a table's line and bonus entries."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ..games import next_station_paris as nsp
from ..games.base import RuleError
from . import Count, Endpoint, FormModel, Name, StrictModel, duplicate_name_problems, result_json

Color = Literal["blue", "green", "orange", "purple"]


class LineIn(StrictModel):
    color: Color
    districts: Count
    max_stations_in_district: Count
    monuments: Count = 0

    def to_engine(self) -> nsp.SubwayLine:
        return nsp.SubwayLine(self.color, self.districts, self.max_stations_in_district, self.monuments)


class InterchangesIn(StrictModel):
    two: Count = Field(0, alias="2", description="interchanges where 2 lines meet")
    three: Count = Field(0, alias="3", description="interchanges where 3 lines meet")
    four: Count = Field(0, alias="4", description="interchanges where 4 lines meet")

    def to_engine(self) -> dict[int, int]:
        return {2: self.two, 3: self.three, 4: self.four}


class CrossingsIn(StrictModel):
    one: Count = Field(0, alias="1", description="overhead crossings with one line through")
    two: Count = Field(0, alias="2", description="overhead crossings with two lines through")

    def to_engine(self) -> dict[int, int]:
        return {1: self.one, 2: self.two}


class SheetIn(StrictModel):
    name: Name
    lines: list[LineIn] = Field(default_factory=list, max_length=4)
    interchanges: InterchangesIn = Field(default_factory=InterchangesIn)
    crossings: CrossingsIn = Field(default_factory=CrossingsIn)
    objectives: Count = 0

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


def score(request: ScoreRequest) -> dict[str, Any]:
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


class LineForm(FormModel):
    """One player's line for one round, as a table page enters it."""

    player: Name
    round: int = Field(ge=1, le=nsp.ROUNDS)
    color: Color
    districts: Count
    max_stations_in_district: Count
    monuments: Count = 0

    def to_entry(self) -> nsp.LineEntry:
        line = nsp.SubwayLine(self.color, self.districts, self.max_stations_in_district, self.monuments)
        return nsp.LineEntry(self.player, self.round, line)


class BonusForm(FormModel):
    """A player's interchanges, crossings and objectives, entered after the fourth round."""

    player: Name
    interchanges_2: Count = 0
    interchanges_3: Count = 0
    interchanges_4: Count = 0
    crossings_1: Count = 0
    crossings_2: Count = 0
    objectives: Count = 0

    def to_entry(self) -> nsp.BonusEntry:
        return nsp.BonusEntry(
            self.player,
            {2: self.interchanges_2, 3: self.interchanges_3, 4: self.interchanges_4},
            {1: self.crossings_1, 2: self.crossings_2},
            self.objectives,
        )
