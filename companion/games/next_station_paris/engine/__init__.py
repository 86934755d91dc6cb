"""Next Station Paris: each line's score round by round, then interchanges, crossings and objectives."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from companion.games import Line, PlayerScore, Problem, Result, RuleError, Text, msg, msg_n, raise_if, top_scorers
from companion.games.next_station_paris.engine.limits import (
    LIMITS,
    Limits,
    bonus_limit_problems,
    line_limit_problems,
    open_lines,
)

COLORS = ("blue", "green", "orange", "purple")
ROUNDS = 4
INTERCHANGE_POINTS = {2: 2, 3: 5, 4: 9}
CROSSING_POINTS = {1: 2, 2: 6}
OBJECTIVE_POINTS = 10
MONUMENT_POINTS = 2
# Each line by its colour, as a breakdown names it, and each colour in a sentence ("the blue line ...").
LINE_NAMES: dict[str, Text] = {
    "blue": msg("Blue line"),
    "green": msg("Green line"),
    "orange": msg("Orange line"),
    "purple": msg("Purple line"),
}
COLOR_NAMES: dict[str, Text] = {
    "blue": msg("blue"),
    "green": msg("green"),
    "orange": msg("orange"),
    "purple": msg("purple"),
}


def color_name(color: str) -> str:
    """A line's colour as a sentence says it, in the reader's language (an unknown one as it is)."""
    return COLOR_NAMES.get(color) or color


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
        line = LINE_NAMES.get(self.color) or f"{self.color.capitalize()} line"
        districts, stations = self.districts, self.max_stations_in_district
        if self.monuments:
            return msg_n(
                "%(line)s: %(districts)s districts × %(stations)s stations + 2 × %(num)s monument",
                "%(line)s: %(districts)s districts × %(stations)s stations + 2 × %(num)s monuments",
                self.monuments,
                line=line,
                districts=districts,
                stations=stations,
            )
        return msg(
            "%(line)s: %(districts)s districts × %(stations)s stations",
            line=line,
            districts=districts,
            stations=stations,
        )


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
        problems.append(Problem(f"{loc}.color", msg("the colour must be one of %(colors)s", colors=", ".join(COLORS))))
    if (line.districts == 0) != (line.max_stations_in_district == 0):
        problems.append(
            Problem(
                f"{loc}.districts",
                msg(
                    "a line with stations is in at least 1 district: districts and most stations in a district "
                    "are both 0, or both 1 or more"
                ),
            )
        )
    for name in ("districts", "max_stations_in_district", "monuments"):
        if getattr(line, name) < 0:
            problems.append(Problem(f"{loc}.{name}", msg("must be 0 or more")))
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
        ("interchanges", interchanges, INTERCHANGE_POINTS, msg("an interchange joins 2, 3 or 4 lines")),
        ("crossings", crossings, CROSSING_POINTS, msg("an overhead crossing has 1 or 2 lines through")),
    ):
        for lines_through, count in counts.items():
            if lines_through not in points:
                problems.append(Problem(f"{at}{field_name}.{lines_through}", what))
            elif count < 0:
                problems.append(Problem(f"{at}{field_name}.{lines_through}", msg("must be 0 or more")))
        known.append({k: n for k, n in counts.items() if k in points})
    if objectives < 0:
        problems.append(Problem(f"{at}objectives", msg("must be 0 or more")))
    drawn = open_lines(sum(line.empty for line in lines))
    return problems + bonus_limit_problems(known[0], known[1], objectives, drawn, at)


def sheet_problems(sheet: Sheet, loc: str) -> list[Problem]:
    """Lines over four, repeated colours, and each line's own problems."""
    problems: list[Problem] = []
    if len(sheet.lines) > ROUNDS:
        problems.append(
            Problem(f"{loc}.lines", msg("a map has at most %(rounds)s lines, one per colour", rounds=ROUNDS))
        )
    seen: set[str] = set()
    for i, line in enumerate(sheet.lines):
        problems += line_problems(line, f"{loc}.lines[{i}]")
        if line.color in seen:
            said = msg("the %(color)s line is already on this map", color=color_name(line.color))
            problems.append(Problem(f"{loc}.lines[{i}].color", said))
        seen.add(line.color)
    return problems + bonus_problems(sheet.interchanges, sheet.crossings, sheet.objectives, loc, sheet.lines)


def score_sheet(sheet: Sheet) -> PlayerScore:
    """Every line's score, then interchanges, crossings and objectives, each as a breakdown line."""
    breakdown = [Line(line.explain(), line.score, "next-station-paris/line-score") for line in sheet.lines]
    breakdown += _interchange_lines(sheet.interchanges)
    breakdown += _crossing_lines(sheet.crossings)
    if sheet.objectives:
        breakdown.append(
            Line(
                msg_n(
                    "%(num)s objective completed × %(points)s",
                    "%(num)s objectives completed × %(points)s",
                    sheet.objectives,
                    points=OBJECTIVE_POINTS,
                ),
                sheet.objectives * OBJECTIVE_POINTS,
                "next-station-paris/objectives",
            )
        )
    return PlayerScore(sheet.name, tuple(breakdown))


def _interchange_lines(interchanges: Mapping[int, int]) -> list[Line]:
    return [
        Line(
            msg_n(
                "%(num)s interchange of %(lines)s lines × %(points)s",
                "%(num)s interchanges of %(lines)s lines × %(points)s",
                count,
                lines=lines,
                points=INTERCHANGE_POINTS[lines],
            ),
            count * INTERCHANGE_POINTS[lines],
            "next-station-paris/interchanges",
        )
        for lines, count in sorted(interchanges.items())
        if count
    ]


def _crossing_lines(crossings: Mapping[int, int]) -> list[Line]:
    return [
        Line(
            _crossing_label(count, lines),
            count * CROSSING_POINTS[lines],
            "next-station-paris/crossings",
        )
        for lines, count in sorted(crossings.items())
        if count
    ]


def _crossing_label(count: int, lines: int) -> Text:
    points = CROSSING_POINTS[lines]
    if lines == 1:
        return msg_n(
            "%(num)s overhead crossing with 1 line through × %(points)s",
            "%(num)s overhead crossings with 1 line through × %(points)s",
            count,
            points=points,
        )
    return msg_n(
        "%(num)s overhead crossing with %(lines)s lines through × %(points)s",
        "%(num)s overhead crossings with %(lines)s lines through × %(points)s",
        count,
        lines=lines,
        points=points,
    )


def score(sheets: Sequence[Sheet]) -> Result:
    """Score every player's sheet; the highest total wins and ties share."""
    problems: list[Problem] = []
    if not 1 <= len(sheets) <= 4:
        problems.append(Problem("players", msg("Next Station Paris is for 1 to 4 players")))
    seen: set[str] = set()
    for i, sheet in enumerate(sheets):
        problems += sheet_problems(sheet, f"players[{i}]")
        if sheet.name.casefold() in seen:
            problems.append(Problem(f"players[{i}].name", msg("two players are called %(name)s", name=sheet.name)))
        seen.add(sheet.name.casefold())
    raise_if(problems)
    players = tuple(score_sheet(sheet) for sheet in sheets)
    winners = top_scorers({p.name: p.score for p in players})
    notes = (msg("Tied for the highest total: the win is shared."),) if len(winners) > 1 else ()
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

    @staticmethod
    def color_name(color: str) -> str:
        """A colour as the page names it, in the reader's language."""
        return color_name(color)

    def open_lines(self, player: str) -> int:
        """How many of the player's four lines may hold stations: all but those entered empty."""
        return open_lines(sum(line.empty for line in self.lines[player].values()))


def new_table(players: Iterable[str]) -> Table:
    names = tuple(players)
    return Table(names, {p: {} for p in names}, {})


def apply(table: Table, entry: Entry) -> Table:
    """The table after one more entry; a line or bonus that breaks the rules raises RuleError."""
    if entry.player not in table.players:
        raise RuleError(msg("%(player)s is not at this table", player=entry.player), "player")
    if isinstance(entry, LineEntry):
        return _apply_line(table, entry)
    raise_if(bonus_problems(entry.interchanges, entry.crossings, entry.objectives, "", table.sheet(entry.player).lines))
    lines = {p: dict(r) for p, r in table.lines.items()}
    return Table(table.players, lines, {**table.bonuses, entry.player: entry})


def _apply_line(table: Table, entry: LineEntry) -> Table:
    problems = line_problems(entry.line, "line")
    if not 1 <= entry.round <= ROUNDS:
        problems.append(Problem("round", msg("there are %(rounds)s rounds", rounds=ROUNDS)))
    if entry.round in table.lines[entry.player]:
        said = msg("%(player)s's round %(round)s line is already entered", player=entry.player, round=entry.round)
        problems.append(Problem("round", said))
    used = {line.color for r, line in table.lines[entry.player].items() if r != entry.round}
    if entry.line.color in used:
        said = msg(
            "%(player)s has already drawn the %(color)s line", player=entry.player, color=color_name(entry.line.color)
        )
        problems.append(Problem("line.color", said))
    if bonus := table.bonuses.get(entry.player):
        problems += _bonus_clashes(table, entry, bonus)
    raise_if(problems)
    lines = {p: dict(r) for p, r in table.lines.items()}
    lines[entry.player][entry.round] = entry.line
    return Table(table.players, lines, dict(table.bonuses))


def _bonus_clashes(table: Table, entry: LineEntry, bonus: BonusEntry) -> list[Problem]:
    """What the bonuses already entered need from the lines, and this line fails: located at "bonus" (those
    bonuses are what to check, since this line has no such field)."""
    drawn = [line for r, line in table.lines[entry.player].items() if r != entry.round] + [entry.line]
    found = bonus_problems(bonus.interchanges, bonus.crossings, bonus.objectives, "", drawn)
    return [
        Problem(
            f"bonus.{p.loc}",
            msg(
                "%(player)s's bonuses, entered already, no longer fit with this line: %(problem)s",
                player=entry.player,
                problem=p.msg,
            ),
        )
        for p in found
    ]
