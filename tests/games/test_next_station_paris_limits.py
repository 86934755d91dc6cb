"""Next Station Paris: a sheet the map cannot hold is refused, each problem where it is; a sheet within the limits
scores. The limits, as RULINGS.md states them, are written out again here apart from the engine."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import Result, RuleError
from companion.games.next_station_paris import engine as nsp

from .fuzz import answer, locs, refused

STATIONS = 13  # a line visits at most 13 stations...
SECTIONS = 12  # ...joined by at most 12 sections
OBJECTIVES = 5
AT = "players[0]"


def broken_limits(sheet: nsp.Sheet) -> set[str]:
    """Where a well-formed sheet breaks the map's limits (empty when it is within them)."""
    found: set[str] = set()
    for i, line in enumerate(sheet.lines):
        at, d, most, monuments = f"{AT}.lines[{i}]", line.districts, line.max_stations_in_district, line.monuments
        if d > STATIONS:
            found.add(f"{at}.districts")
        if most > STATIONS:
            found.add(f"{at}.max_stations_in_district")
        if d <= STATIONS and most <= STATIONS and d and d + most - 1 > STATIONS:
            found.add(f"{at}.districts")
        if monuments > STATIONS or (monuments and not d):
            found.add(f"{at}.monuments")
    drawn = 4 - sum(1 for line in sheet.lines if line.districts == 0)
    found |= _overflow(sheet.interchanges, drawn, STATIONS, "interchanges")
    found |= _overflow(sheet.crossings, drawn, SECTIONS, "crossings")
    if sheet.objectives > OBJECTIVES:
        found.add(f"{AT}.objectives")
    return found


def _overflow(counts: dict[int, int], drawn: int, each: int, name: str) -> set[str]:
    """A kind joining more lines than may have stations; else more line visits than the lines have, at the largest."""
    used = {k: n for k, n in counts.items() if n}
    over = {f"{AT}.{name}.{k}" for k in used if k > drawn}
    if not over and sum(k * n for k, n in used.items()) > drawn * each:
        over.add(f"{AT}.{name}.{max(used)}")
    return over


@st.composite
def lines(draw: st.DrawFn) -> nsp.SubwayLine:
    """A well-formed line (known colour, no negative count, districts 0 exactly when the busiest district is 0)."""
    if draw(st.booleans()) and draw(st.booleans()):
        return nsp.SubwayLine("blue", 0, 0, draw(st.integers(0, 2)))
    return nsp.SubwayLine("blue", draw(st.integers(1, 16)), draw(st.integers(1, 16)), draw(st.integers(0, 15)))


@st.composite
def sheets(draw: st.DrawFn) -> nsp.Sheet:
    drawn = draw(st.lists(lines(), max_size=4))
    colours = draw(st.permutations(nsp.COLORS))
    return nsp.Sheet(
        "Ana",
        tuple(replace(line, color=color) for color, line in zip(colours, drawn, strict=False)),
        {2: draw(st.integers(0, 12)), 3: draw(st.integers(0, 8)), 4: draw(st.integers(0, 6))},
        {1: draw(st.integers(0, 30)), 2: draw(st.integers(0, 15))},
        draw(st.integers(0, 7)),
    )


@settings(max_examples=400)
@given(sheets())
def test_a_sheet_scores_exactly_when_it_is_within_the_limits(sheet: nsp.Sheet) -> None:
    expected = broken_limits(sheet)
    outcome = answer(nsp.score, [sheet])
    if isinstance(outcome, Result):
        assert not expected, f"accepted a sheet outside the limits at {expected}"
        for line in sheet.lines:
            assert line.districts + line.max_stations_in_district - 1 <= STATIONS and line.monuments <= STATIONS
        assert outcome.players[0].score == nsp.score_sheet(sheet).score
    else:
        assert locs(outcome) == expected
        assert all(p.msg.strip() for p in outcome.problems)


@settings(max_examples=200)
@given(st.lists(lines(), min_size=1, max_size=4), st.integers(0, 8), st.integers(0, 7))
def test_a_table_takes_only_lines_and_bonuses_within_the_limits(drawn, interchanges_of_4, objectives) -> None:
    table = nsp.new_table(["Ana"])
    for round_no, (color, blue) in enumerate(zip(nsp.COLORS, drawn, strict=False), start=1):
        line = replace(blue, color=color)
        wrong = {loc.replace(f"{AT}.lines[0]", "line") for loc in broken_limits(nsp.Sheet("Ana", (line,)))}
        after = answer(nsp.apply, table, nsp.LineEntry("Ana", round_no, line))
        if isinstance(after, RuleError):
            assert locs(after) == wrong
        else:
            assert not wrong
            table = after
    bonus = nsp.BonusEntry("Ana", {4: interchanges_of_4}, {}, objectives)
    sheet = nsp.Sheet("Ana", table.sheet("Ana").lines, bonus.interchanges, {}, objectives)
    after = answer(nsp.apply, table, bonus)
    expected = {loc.replace(f"{AT}.", "") for loc in broken_limits(sheet)}
    assert (locs(after) if isinstance(after, RuleError) else set()) == expected


def line_of(districts: int, most: int, monuments: int = 0) -> nsp.Sheet:
    return nsp.Sheet("Ana", (nsp.SubwayLine("blue", districts, most, monuments),))


@pytest.mark.parametrize(
    ("sheet", "loc", "words"),
    [
        (line_of(99, 3), "lines[0].districts", "at most 13 districts"),
        (line_of(8, 7), "lines[0].districts", "need at least 14"),
        (line_of(2, 14), "lines[0].max_stations_in_district", "at most 13 of them in one district"),
        (line_of(0, 0, 2), "lines[0].monuments", "a line with monuments has stations"),
        (line_of(5, 3, 14), "lines[0].monuments", "at most 13 monuments"),
        (nsp.Sheet("Ana", objectives=40), "objectives", "at most 5 objectives"),
        (nsp.Sheet("Ana", interchanges={2: 500}), "interchanges.2", "need 1000 stations"),
        (nsp.Sheet("Ana", crossings={2: 25}), "crossings.2", "at most 48"),
    ],
)
def test_what_the_map_cannot_hold_is_refused_where_it_is(sheet, loc, words):
    error = refused(nsp.score, [sheet])
    assert [p.loc for p in error.problems] == [f"{AT}.{loc}"]
    assert words in error.problems[0].msg


def test_the_largest_lines_the_map_holds_still_score():
    assert nsp.score([line_of(7, 7, 13)]).players[0].score == 7 * 7 + 2 * 13
    assert nsp.score([line_of(13, 1)]).players[0].score == 13
    assert nsp.score([line_of(1, 13)]).players[0].score == 13
    most = nsp.Sheet("Ana", interchanges={4: 13}, crossings={2: 24}, objectives=5)
    assert nsp.score([most]).players[0].score == 13 * 9 + 24 * 6 + 50


def test_interchanges_need_as_many_lines_with_stations():
    empty = tuple(nsp.SubwayLine(c, 0, 0, 0) for c in ("blue", "green"))
    error = refused(nsp.score, [nsp.Sheet("Ana", empty, {3: 1}, {2: 1})])
    assert locs(error) == {f"{AT}.interchanges.3"}
    assert "only 2 lines on this map can have stations" in error.problems[0].msg
    assert isinstance(answer(nsp.score, [nsp.Sheet("Ana", empty, {2: 13}, {2: 12})]), Result)


def test_a_line_with_no_station_is_refused_after_bonuses_that_need_it():
    table = nsp.new_table(["Ana"])
    for round_no, color in enumerate(nsp.COLORS[:3], start=1):
        table = nsp.apply(table, nsp.LineEntry("Ana", round_no, nsp.SubwayLine(color, 3, 2, 0)))
    table = nsp.apply(table, nsp.BonusEntry("Ana", {4: 1}, {}, 0))
    error = refused(nsp.apply, table, nsp.LineEntry("Ana", 4, nsp.SubwayLine("purple", 0, 0, 0)))
    assert locs(error) == {"bonus.interchanges.4"}  # the bonuses entered already, not a field of the line
    assert "Ana's bonuses, entered already, no longer fit with this line" in error.problems[0].msg
    assert nsp.apply(table, nsp.LineEntry("Ana", 4, nsp.SubwayLine("purple", 1, 1, 0))).finished
