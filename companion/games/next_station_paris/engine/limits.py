"""Next Station Paris: what one map sheet can hold, so an impossible sheet is refused before it scores.

A round turns at most 11 cards and a Guided Tour to a monument adds one more section, so a line visits at most
13 stations (12 sections). A line's districts are those holding at least one of its stations: its busiest
district holds `most` of them and every other district at least one, so districts + most − 1 stations at least.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.games import Problem, Text, msg, msg_n

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

    def messages(self, form: str) -> dict[str, Text]:
        """What the page's script says, as it is typed, about a line (`form` "line") or the bonuses ("bonus")."""
        return {name: said for name, said in script_messages().items() if (name in _LINE_MESSAGES) == (form == "line")}


LIMITS = Limits()


# Each message a limit gives, with its values: the same words the script of the table page says as it is typed
# (`script_messages` hands it them with their placeholders, in the reader's language).


def _over_districts(max: object) -> Text:
    return msg("a line visits at most %(max)s stations, so it passes through at most %(max)s districts", max=max)


def _over_busiest(max: object) -> Text:
    return msg("a line visits at most %(max)s stations, so at most %(max)s of them in one district", max=max)


def _over_together(max: object, districts: object, most: object, needed: object) -> Text:
    return msg(
        "a line visits at most %(max)s stations, and %(districts)s districts with %(most)s stations in the "
        "busiest one need at least %(needed)s (%(most)s there and 1 in each other district)",
        max=max,
        districts=districts,
        most=most,
        needed=needed,
    )


def _over_monuments(max: object) -> Text:
    return msg("a line visits at most %(max)s stations, so it visits at most %(max)s monuments", max=max)


def _monuments_without_stations() -> Text:
    return msg("a line with monuments has stations: enter its districts and most stations in a district")


def _too_many_objectives(max: object) -> Text:
    return msg("a game has at most %(max)s objectives to complete", max=max)


def _interchange_lines(kind: object, lines: int, num: object = None) -> Text:
    """An interchange joining more lines than the map's `lines` with stations (`num` shows the number)."""
    shown = lines if num is None else num
    if not lines:
        return msg(
            "an interchange of %(kind)s lines needs %(kind)s lines with stations, and no line on this map has stations",
            kind=kind,
        )
    return msg_n(
        "an interchange of %(kind)s lines needs %(kind)s lines with stations, and only %(num)s line on this map "
        "can have stations",
        "an interchange of %(kind)s lines needs %(kind)s lines with stations, and only %(num)s lines on this map "
        "can have stations",
        lines,
        kind=kind,
        num=shown,
    )


def _crossing_lines(kind: object, lines: int, num: object = None) -> Text:
    """An overhead crossing with more lines through than the map's `lines` with stations."""
    shown = lines if num is None else num
    if not lines:
        return msg(
            "an overhead crossing of %(kind)s lines needs %(kind)s lines with stations, and no line on this map has "
            "stations",
            kind=kind,
        )
    return msg_n(
        "an overhead crossing of %(kind)s lines needs %(kind)s lines with stations, and only %(num)s line on this "
        "map can have stations",
        "an overhead crossing of %(kind)s lines needs %(kind)s lines with stations, and only %(num)s lines on this "
        "map can have stations",
        lines,
        kind=kind,
        num=shown,
    )


def _interchanges_overflow(needed: object, lines: int, most: object, each: object, num: object = None) -> Text:
    return msg_n(
        "more interchanges than the lines can hold: each is one of the stations of every line through it, so these "
        "need %(needed)s stations, and %(num)s line have at most %(most)s (%(each)s each)",
        "more interchanges than the lines can hold: each is one of the stations of every line through it, so these "
        "need %(needed)s stations, and %(num)s lines have at most %(most)s (%(each)s each)",
        lines,
        needed=needed,
        most=most,
        each=each,
        num=lines if num is None else num,
    )


def _crossings_overflow(needed: object, lines: int, most: object, each: object, num: object = None) -> Text:
    return msg_n(
        "more overhead crossings than the lines can hold: each is one of the sections of every line through it, so "
        "these need %(needed)s sections, and %(num)s line have at most %(most)s (%(each)s each)",
        "more overhead crossings than the lines can hold: each is one of the sections of every line through it, so "
        "these need %(needed)s sections, and %(num)s lines have at most %(most)s (%(each)s each)",
        lines,
        needed=needed,
        most=most,
        each=each,
        num=lines if num is None else num,
    )


_LINE_MESSAGES = ("districts", "busiest", "together", "monuments", "monuments-alone")


def script_messages() -> dict[str, Text]:
    """Every message above with its placeholders kept (`%(max)s`...), for static/next-station-paris.js to fill in:
    by the script's name for it; `-1` for one line, `-n` for more."""

    def kept(*names: str) -> dict[str, str]:
        return {name: f"%({name})s" for name in names}

    out = {
        "districts": _over_districts(**kept("max")),
        "busiest": _over_busiest(**kept("max")),
        "together": _over_together(**kept("max", "districts", "most", "needed")),
        "monuments": _over_monuments(**kept("max")),
        "monuments-alone": _monuments_without_stations(),
        "objectives": _too_many_objectives(**kept("max")),
        "interchange-lines-0": _interchange_lines("%(kind)s", 0),
        "crossing-lines-0": _crossing_lines("%(kind)s", 0),
    }
    for suffix, lines in (("1", 1), ("n", 2)):
        out[f"interchange-lines-{suffix}"] = _interchange_lines("%(kind)s", lines, "%(num)s")
        out[f"crossing-lines-{suffix}"] = _crossing_lines("%(kind)s", lines, "%(num)s")
        out[f"interchange-more-{suffix}"] = _interchanges_overflow(
            "%(needed)s", lines, "%(most)s", "%(each)s", "%(num)s"
        )
        out[f"crossing-more-{suffix}"] = _crossings_overflow("%(needed)s", lines, "%(most)s", "%(each)s", "%(num)s")
    return out


def line_limit_problems(districts: int, most: int, monuments: int, loc: str) -> list[Problem]:
    """A line's districts, busiest district and monuments against the 13 stations it may visit."""
    problems = []
    if districts > MAX_STATIONS:
        problems.append(Problem(f"{loc}.districts", _over_districts(MAX_STATIONS)))
    if most > MAX_STATIONS:
        problems.append(Problem(f"{loc}.max_stations_in_district", _over_busiest(MAX_STATIONS)))
    if not problems and districts >= 1 and most >= 1 and districts + most - 1 > MAX_STATIONS:
        said = _over_together(MAX_STATIONS, districts, most, districts + most - 1)
        problems.append(Problem(f"{loc}.districts", said))
    if monuments > MAX_STATIONS:
        problems.append(Problem(f"{loc}.monuments", _over_monuments(MAX_STATIONS)))
    elif monuments > 0 and districts <= 0 and most <= 0:
        problems.append(Problem(f"{loc}.monuments", _monuments_without_stations()))
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
    problems = _shared(
        interchanges, lines, MAX_STATIONS, f"{at}interchanges", _interchange_lines, _interchanges_overflow
    )
    problems += _shared(crossings, lines, MAX_SECTIONS, f"{at}crossings", _crossing_lines, _crossings_overflow)
    if objectives > MAX_OBJECTIVES:
        problems.append(Problem(f"{at}objectives", _too_many_objectives(MAX_OBJECTIVES)))
    return problems


def _shared(
    counts: Mapping[int, int],
    lines: int,
    each: int,
    loc: str,
    too_few: Callable[[int, int], Text],
    overflow: Callable[[int, int, int, int], Text],
) -> list[Problem]:
    """Problems with interchanges (or crossings) that need more lines, or more of their stations (or sections),
    than the map has; the overflow is located at the largest kind entered."""
    used = {k: n for k, n in sorted(counts.items()) if n > 0}
    problems = [Problem(f"{loc}.{k}", too_few(k, lines)) for k in used if k > lines]
    needed = sum(k * n for k, n in used.items())
    if not problems and needed > lines * each:
        problems.append(Problem(f"{loc}.{max(used)}", overflow(needed, lines, lines * each, each)))
    return problems
