"""Next Station Paris: each line's score round by round, then interchanges, crossings and objectives."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .base import Line, PlayerScore, Problem, Result, RuleError, raise_if, top_scorers
from .next_station_paris_limits import LIMITS, Limits, bonus_limit_problems, line_limit_problems, open_lines

COLORS = ("blue", "green", "orange", "purple")
ROUNDS = 4
INTERCHANGE_POINTS = {2: 2, 3: 5, 4: 9}
CROSSING_POINTS = {1: 2, 2: 6}
OBJECTIVE_POINTS = 10
MONUMENT_POINTS = 2

RULE_REFS = frozenset(
    {
        "next-station-paris/line-score",
        "next-station-paris/interchanges",
        "next-station-paris/crossings",
        "next-station-paris/objectives",
        "next-station-paris/winner",
    }
)


@dataclass(frozen=True)
class SubwayLine:
    """One drawn line: districts it passes through, its most stations in a single district, monuments on it."""

    color: str
    districts: int
    max_stations_in_district: int
    monuments: int

    @property
    def empty(self) -> bool:
        """No station at all: the player passed on every card of the round."""
        return self.districts <= 0 and self.max_stations_in_district <= 0

    @property
    def score(self) -> int:
        return self.districts * self.max_stations_in_district + MONUMENT_POINTS * self.monuments

    def explain(self) -> str:
        text = f"{self.color.capitalize()} line: {self.districts} districts × {self.max_stations_in_district} stations"
        if self.monuments:
            noun = "monument" if self.monuments == 1 else "monuments"
            text += f" + 2 × {self.monuments} {noun}"
        return text


@dataclass(frozen=True)
class Sheet:
    """A player's map sheet at the end: up to four lines and the bonuses."""

    name: str
    lines: tuple[SubwayLine, ...] = ()
    interchanges: Mapping[int, int] = field(default_factory=dict)
    crossings: Mapping[int, int] = field(default_factory=dict)
    objectives: int = 0


def line_problems(line: SubwayLine, loc: str) -> list[Problem]:
    """What is wrong with one line on its own."""
    problems = []
    if line.color not in COLORS:
        problems.append(Problem(f"{loc}.color", f"the colour must be one of {', '.join(COLORS)}"))
    if (line.districts == 0) != (line.max_stations_in_district == 0):
        problems.append(
            Problem(
                f"{loc}.districts",
                "a line with stations is in at least 1 district: districts and most stations in a district "
                "are both 0, or both 1 or more",
            )
        )
    for name in ("districts", "max_stations_in_district", "monuments"):
        if getattr(line, name) < 0:
            problems.append(Problem(f"{loc}.{name}", "must be 0 or more"))
    return problems + line_limit_problems(line.districts, line.max_stations_in_district, line.monuments, loc)


def bonus_problems(
    interchanges: Mapping[int, int],
    crossings: Mapping[int, int],
    objectives: int,
    loc: str,
    lines: Sequence[SubwayLine] = (),
) -> list[Problem]:
    """Interchanges join 2, 3 or 4 lines, crossings have 1 or 2 lines through, no count is negative, and all of
    them fit the map's four lines (those of `lines` that are empty hold none)."""
    at = f"{loc}." if loc else ""
    problems = []
    known: list[dict[int, int]] = []
    for field_name, counts, points, what in (
        ("interchanges", interchanges, INTERCHANGE_POINTS, "an interchange joins 2, 3 or 4 lines"),
        ("crossings", crossings, CROSSING_POINTS, "an overhead crossing has 1 or 2 lines through"),
    ):
        for lines_through, count in counts.items():
            if lines_through not in points:
                problems.append(Problem(f"{at}{field_name}.{lines_through}", what))
            elif count < 0:
                problems.append(Problem(f"{at}{field_name}.{lines_through}", "must be 0 or more"))
        known.append({k: n for k, n in counts.items() if k in points})
    if objectives < 0:
        problems.append(Problem(f"{at}objectives", "must be 0 or more"))
    drawn = open_lines(sum(line.empty for line in lines))
    return problems + bonus_limit_problems(known[0], known[1], objectives, drawn, at)


def sheet_problems(sheet: Sheet, loc: str) -> list[Problem]:
    """Lines over four, repeated colours, and each line's own problems."""
    problems: list[Problem] = []
    if len(sheet.lines) > ROUNDS:
        problems.append(Problem(f"{loc}.lines", f"a map has at most {ROUNDS} lines, one per colour"))
    seen: set[str] = set()
    for i, line in enumerate(sheet.lines):
        problems += line_problems(line, f"{loc}.lines[{i}]")
        if line.color in seen:
            problems.append(Problem(f"{loc}.lines[{i}].color", f"the {line.color} line is already on this map"))
        seen.add(line.color)
    return problems + bonus_problems(sheet.interchanges, sheet.crossings, sheet.objectives, loc, sheet.lines)


def score_sheet(sheet: Sheet) -> PlayerScore:
    """Every line's score, then interchanges, crossings and objectives, each as a breakdown line."""
    breakdown = [Line(line.explain(), line.score, "next-station-paris/line-score") for line in sheet.lines]
    breakdown += _interchange_lines(sheet.interchanges)
    breakdown += _crossing_lines(sheet.crossings)
    if sheet.objectives:
        noun = "objective" if sheet.objectives == 1 else "objectives"
        breakdown.append(
            Line(
                f"{sheet.objectives} {noun} completed × {OBJECTIVE_POINTS}",
                sheet.objectives * OBJECTIVE_POINTS,
                "next-station-paris/objectives",
            )
        )
    return PlayerScore(sheet.name, tuple(breakdown))


def _interchange_lines(interchanges: Mapping[int, int]) -> list[Line]:
    return [
        Line(
            f"{count} interchange{'s' if count > 1 else ''} of {lines} lines × {INTERCHANGE_POINTS[lines]}",
            count * INTERCHANGE_POINTS[lines],
            "next-station-paris/interchanges",
        )
        for lines, count in sorted(interchanges.items())
        if count
    ]


def _crossing_lines(crossings: Mapping[int, int]) -> list[Line]:
    return [
        Line(
            f"{count} overhead crossing{'s' if count > 1 else ''} with {lines} line{'s' if lines > 1 else ''} "
            f"through × {CROSSING_POINTS[lines]}",
            count * CROSSING_POINTS[lines],
            "next-station-paris/crossings",
        )
        for lines, count in sorted(crossings.items())
        if count
    ]


def score(sheets: Sequence[Sheet]) -> Result:
    """Score every player's sheet; the highest total wins and ties share."""
    problems: list[Problem] = []
    if not 1 <= len(sheets) <= 4:
        problems.append(Problem("players", "Next Station Paris is for 1 to 4 players"))
    seen: set[str] = set()
    for i, sheet in enumerate(sheets):
        problems += sheet_problems(sheet, f"players[{i}]")
        if sheet.name.casefold() in seen:
            problems.append(Problem(f"players[{i}].name", f"two players are called {sheet.name}"))
        seen.add(sheet.name.casefold())
    raise_if(problems)
    players = tuple(score_sheet(sheet) for sheet in sheets)
    winners = top_scorers({p.name: p.score for p in players})
    notes = ("Tied for the highest total: the win is shared.",) if len(winners) > 1 else ()
    return Result(players, winners, notes=notes)


# A table in play: entries come one line or one set of bonuses at a time.


@dataclass(frozen=True)
class LineEntry:
    """A player's line for one round (1-4)."""

    player: str
    round: int
    line: SubwayLine


@dataclass(frozen=True)
class BonusEntry:
    """A player's end-of-game bonuses, entered after the last round."""

    player: str
    interchanges: Mapping[int, int]
    crossings: Mapping[int, int]
    objectives: int


Entry = LineEntry | BonusEntry


@dataclass(frozen=True)
class Table:
    """The state of a table: each player's line per round and bonuses, as entered so far."""

    players: tuple[str, ...]
    lines: Mapping[str, Mapping[int, SubwayLine]]
    bonuses: Mapping[str, BonusEntry]

    def line(self, player: str, round_no: int) -> SubwayLine | None:
        return self.lines[player].get(round_no)

    def round_color(self, round_no: int) -> str | None:
        """The colour already used by someone this round: everyone draws the same colour in a round."""
        return next((lines[round_no].color for lines in self.lines.values() if round_no in lines), None)

    def current_round(self) -> int:
        """The first round some player has not entered yet; ROUNDS + 1 once every line is in."""
        for round_no in range(1, ROUNDS + 1):
            if any(round_no not in self.lines[p] for p in self.players):
                return round_no
        return ROUNDS + 1

    @property
    def finished(self) -> bool:
        return self.current_round() > ROUNDS and all(p in self.bonuses for p in self.players)

    def sheets(self) -> tuple[Sheet, ...]:
        return tuple(self.sheet(p) for p in self.players)

    def sheet(self, player: str) -> Sheet:
        bonus = self.bonuses.get(player)
        lines = tuple(self.lines[player][r] for r in sorted(self.lines[player]))
        if bonus is None:
            return Sheet(player, lines)
        return Sheet(player, lines, bonus.interchanges, bonus.crossings, bonus.objectives)

    def running_total(self, player: str) -> int:
        return score_sheet(self.sheet(player)).score

    @property
    def limits(self) -> Limits:
        return LIMITS

    def open_lines(self, player: str) -> int:
        """How many of the player's four lines may hold stations: all but those entered empty."""
        return open_lines(sum(line.empty for line in self.lines[player].values()))


def new_table(players: Iterable[str]) -> Table:
    names = tuple(players)
    return Table(names, {p: {} for p in names}, {})


def apply(table: Table, entry: Entry) -> Table:
    """The table after one more entry; a line or bonus that breaks the rules raises RuleError."""
    if entry.player not in table.players:
        raise RuleError(f"{entry.player} is not at this table", "player")
    if isinstance(entry, LineEntry):
        return _apply_line(table, entry)
    raise_if(bonus_problems(entry.interchanges, entry.crossings, entry.objectives, "", table.sheet(entry.player).lines))
    lines = {p: dict(r) for p, r in table.lines.items()}
    return Table(table.players, lines, {**table.bonuses, entry.player: entry})


def _apply_line(table: Table, entry: LineEntry) -> Table:
    problems = line_problems(entry.line, "line")
    if not 1 <= entry.round <= ROUNDS:
        problems.append(Problem("round", f"there are {ROUNDS} rounds"))
    if entry.round in table.lines[entry.player]:
        problems.append(Problem("round", f"{entry.player}'s round {entry.round} line is already entered"))
    used = {line.color for r, line in table.lines[entry.player].items() if r != entry.round}
    if entry.line.color in used:
        problems.append(Problem("line.color", f"{entry.player} has already drawn the {entry.line.color} line"))
    if bonus := table.bonuses.get(entry.player):
        drawn = [line for r, line in table.lines[entry.player].items() if r != entry.round] + [entry.line]
        problems += bonus_problems(bonus.interchanges, bonus.crossings, bonus.objectives, "", drawn)
    raise_if(problems)
    lines = {p: dict(r) for p, r in table.lines.items()}
    lines[entry.player][entry.round] = entry.line
    return Table(table.players, lines, dict(table.bonuses))
