"""Next Station Paris fuzzing: any sheets or entries either score or raise a located RuleError, nothing else;
sheets that break a rule are always refused; whatever scores keeps the scoring formula and the winner rule."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import Result, top_scorers
from companion.games.next_station_paris import engine as nsp

from .fuzz import ODD_INT, ODD_TEXT, answer, locs, refused, well_formed

COLOURS = st.one_of(st.sampled_from(nsp.COLORS), ODD_TEXT)
lines = st.builds(nsp.SubwayLine, COLOURS, ODD_INT, ODD_INT, ODD_INT)
counts = st.dictionaries(st.integers(-1, 6), ODD_INT, max_size=3)
sheets = st.builds(
    nsp.Sheet,
    name=ODD_TEXT,
    lines=st.lists(lines, max_size=5).map(tuple),
    interchanges=counts,
    crossings=counts,
    objectives=ODD_INT,
)

# Within the map's limits: districts + most stations in one district - 1 <= 13, and bonuses that fit four lines.
legal_lines = st.integers(1, 13).flatmap(
    lambda districts: st.builds(
        nsp.SubwayLine, st.just("blue"), st.just(districts), st.integers(1, 14 - districts), st.integers(0, 6)
    )
)
legal_sheets = st.builds(
    nsp.Sheet,
    name=st.just("Ana"),
    lines=st.lists(legal_lines, max_size=1).map(tuple),
    interchanges=st.fixed_dictionaries({k: st.integers(0, 4) for k in nsp.INTERCHANGE_POINTS}),
    crossings=st.fixed_dictionaries({k: st.integers(0, 8) for k in nsp.CROSSING_POINTS}),
    objectives=st.integers(0, 3),
)


def expected_total(sheet: nsp.Sheet) -> int:
    return (
        sum(line.districts * line.max_stations_in_district + 2 * line.monuments for line in sheet.lines)
        + sum(nsp.INTERCHANGE_POINTS[k] * n for k, n in sheet.interchanges.items())
        + sum(nsp.CROSSING_POINTS[k] * n for k, n in sheet.crossings.items())
        + 10 * sheet.objectives
    )


@settings(max_examples=100)
@given(st.lists(sheets, max_size=5))
def test_any_sheets_score_by_the_formula_or_are_refused(table: list[nsp.Sheet]) -> None:
    result = answer(nsp.score, table)
    if isinstance(result, Result):
        well_formed(result, [s.name for s in table], nsp.RULE_REFS)
        totals = {s.name: expected_total(s) for s in table}
        assert [p.score for p in result.players] == list(totals.values())
        assert all(p.score >= 0 for p in result.players)
        assert set(result.winners) == set(top_scorers({p.name: p.score for p in result.players}))


# Each breaks one rule of the sheet; the problem is located at the field that breaks it.
BREAKS = {
    "negative districts": (lambda s: _line(s, districts=-1, max_stations_in_district=1), "players[0].lines[0]"),
    "negative stations": (lambda s: _line(s, districts=1, max_stations_in_district=-2), "players[0].lines[0]"),
    "negative monuments": (lambda s: _line(s, monuments=-1), "players[0].lines[0].monuments"),
    "unknown colour": (lambda s: _line(s, color="red"), "players[0].lines[0].color"),
    "five lines": (lambda s: _replace(s, lines=(nsp.SubwayLine("blue", 1, 1, 0),) * 5), "players[0].lines"),
    "five-line interchange": (lambda s: _replace(s, interchanges={5: 1}), "players[0].interchanges"),
    "negative interchanges": (lambda s: _replace(s, interchanges={2: -1}), "players[0].interchanges"),
    "three-line crossing": (lambda s: _replace(s, crossings={3: 1}), "players[0].crossings"),
    "negative crossings": (lambda s: _replace(s, crossings={1: -4}), "players[0].crossings"),
    "negative objectives": (lambda s: _replace(s, objectives=-1), "players[0].objectives"),
    "99 districts": (lambda s: _line(s, districts=99, max_stations_in_district=1), "players[0].lines[0].districts"),
    "monuments without stations": (
        lambda s: _line(s, districts=0, max_stations_in_district=0, monuments=1),
        "players[0].lines[0].monuments",
    ),
    "six objectives": (lambda s: _replace(s, objectives=6), "players[0].objectives"),
    "500 interchanges": (lambda s: _replace(s, interchanges={2: 500}), "players[0].interchanges.2"),
}
TWICE = "players[1].name"


def _replace(sheet: nsp.Sheet, **changes: object) -> nsp.Sheet:
    return replace(sheet, **changes)  # type: ignore[arg-type]


def _line(sheet: nsp.Sheet, **changes: object) -> nsp.Sheet:
    line = sheet.lines[0] if sheet.lines else nsp.SubwayLine("blue", 2, 2, 0)
    return _replace(sheet, lines=(replace(line, **changes), *sheet.lines[1:]))  # type: ignore[arg-type]


@settings(max_examples=60)
@given(legal_sheets, st.sampled_from(sorted(BREAKS)))
def test_a_sheet_that_breaks_a_rule_is_refused_where_it_breaks(sheet: nsp.Sheet, name: str) -> None:
    assert isinstance(answer(nsp.score, [sheet]), Result)
    breaks, loc = BREAKS[name]
    error = refused(nsp.score, [breaks(sheet)])
    assert any(found.startswith(loc) for found in locs(error)), (loc, locs(error))
    assert TWICE in locs(refused(nsp.score, [sheet, _replace(sheet, name=sheet.name.lower())]))


entries = st.one_of(
    st.builds(nsp.LineEntry, st.sampled_from(["Ana", "Ben", "Cy"]), ODD_INT, lines),
    st.builds(nsp.BonusEntry, st.sampled_from(["Ana", "Ben", "Cy"]), counts, counts, ODD_INT),
)


@settings(max_examples=100)
@given(st.lists(entries, max_size=12))
def test_any_entries_apply_or_are_refused_and_the_table_always_scores(log: list[nsp.Entry]) -> None:
    table = nsp.new_table(["Ana", "Ben"])
    for entry in log:
        after = answer(nsp.apply, table, entry)
        if isinstance(after, nsp.Table):
            table = after
    result = nsp.score(table.sheets())
    well_formed(result, ["Ana", "Ben"], nsp.RULE_REFS)
    assert [p.score for p in result.players] == [table.running_total(p) for p in table.players]
    for player in table.players:
        colours = [line.color for line in table.lines[player].values()]
        assert len(colours) == len(set(colours)) and set(colours) <= set(nsp.COLORS)
        assert set(table.lines[player]) <= set(range(1, nsp.ROUNDS + 1))
