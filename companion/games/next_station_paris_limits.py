"""Next Station Paris: what one map sheet can hold, so an impossible sheet is refused before it scores.

A round turns at most 11 cards and a Guided Tour to a monument adds one more section, so a line visits at most
13 stations (12 sections). A line's districts are those holding at least one of its stations: its busiest
district holds `most` of them and every other district at least one, so districts + most − 1 stations at least.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .base import Problem

LINES = 4
MAX_STATIONS = 13
MAX_SECTIONS = MAX_STATIONS - 1
MAX_OBJECTIVES = 5


@dataclass(frozen=True)
class Limits:
    """The numbers the table page hands its forms, so the page refuses what the engine refuses."""

    stations: int = MAX_STATIONS
    sections: int = MAX_SECTIONS
    objectives: int = MAX_OBJECTIVES


LIMITS = Limits()


def line_limit_problems(districts: int, most: int, monuments: int, loc: str) -> list[Problem]:
    """A line's districts, busiest district and monuments against the 13 stations it may visit."""
    problems = []
    over = f"a line visits at most {MAX_STATIONS} stations"
    if districts > MAX_STATIONS:
        problems.append(Problem(f"{loc}.districts", f"{over}, so it passes through at most {MAX_STATIONS} districts"))
    if most > MAX_STATIONS:
        problems.append(
            Problem(f"{loc}.max_stations_in_district", f"{over}, so at most {MAX_STATIONS} of them in one district")
        )
    if not problems and districts >= 1 and most >= 1 and districts + most - 1 > MAX_STATIONS:
        problems.append(
            Problem(
                f"{loc}.districts",
                f"{over}, and {districts} districts with {most} stations in the busiest one need at least "
                f"{districts + most - 1} ({most} there and 1 in each other district)",
            )
        )
    if monuments > MAX_STATIONS:
        problems.append(Problem(f"{loc}.monuments", f"{over}, so it visits at most {MAX_STATIONS} monuments"))
    elif monuments > 0 and districts <= 0 and most <= 0:
        problems.append(
            Problem(
                f"{loc}.monuments",
                "a line with monuments has stations: enter its districts and most stations in a district",
            )
        )
    return problems


def open_lines(empty_lines: int) -> int:
    """How many of the map's four lines may hold stations, when `empty_lines` of them are known to hold none."""
    return max(0, LINES - empty_lines)


def bonus_limit_problems(
    interchanges: Mapping[int, int], crossings: Mapping[int, int], objectives: int, lines: int, at: str
) -> list[Problem]:
    """Interchanges and crossings that fit `lines` lines with stations, and at most five objectives.

    Every interchange of k lines is a station of each of those k lines, and every crossing with k lines through
    is a section of each of them: a line has at most 13 stations and 12 sections to share out."""
    problems = _shared(interchanges, lines, MAX_STATIONS, f"{at}interchanges", "interchange", "stations")
    problems += _shared(crossings, lines, MAX_SECTIONS, f"{at}crossings", "overhead crossing", "sections")
    if objectives > MAX_OBJECTIVES:
        problems.append(Problem(f"{at}objectives", f"a game has at most {MAX_OBJECTIVES} objectives to complete"))
    return problems


def _shared(counts: Mapping[int, int], lines: int, each: int, loc: str, what: str, parts: str) -> list[Problem]:
    """Problems with interchanges (or crossings) that need more lines, or more of their stations (or sections),
    than the map has; the overflow is located at the largest kind entered."""
    used = {k: n for k, n in sorted(counts.items()) if n > 0}
    problems = [
        Problem(f"{loc}.{k}", f"an {what} of {k} lines needs {k} lines with stations, and {_lines(lines)}")
        for k in used
        if k > lines
    ]
    needed = sum(k * n for k, n in used.items())
    if not problems and needed > lines * each:
        problems.append(
            Problem(
                f"{loc}.{max(used)}",
                f"more {what}s than the lines can hold: each is one of the {parts} of every line through it, so "
                f"these need {needed} {parts}, and {_count(lines)} have at most {lines * each} ({each} each)",
            )
        )
    return problems


def _lines(lines: int) -> str:
    return f"only {_count(lines)} on this map can have stations" if lines else "no line on this map has stations"


def _count(lines: int) -> str:
    return f"{lines} line{'s' * (lines != 1)}"
