"""Next Station Paris: line scores, bonuses, totals and winners; a table's entries round by round."""

import pytest

from companion.games import RuleError
from companion.games.next_station_paris import engine as nsp


def line(color="blue", districts=5, stations=3, monuments=2):
    return nsp.SubwayLine(color, districts, stations, monuments)


def test_line_score_is_districts_times_most_stations_plus_two_per_monument():
    # The help page's example: 5 districts, 3 stations in one district, 2 monuments.
    assert line().score == 19
    assert line(districts=4, stations=2, monuments=0).score == 8
    assert line(districts=0, stations=0, monuments=1).score == 2


@pytest.mark.parametrize(("lines", "each"), [(2, 2), (3, 5), (4, 9)])
def test_interchanges_score_by_lines_meeting(lines, each):
    sheet = nsp.Sheet("Ana", interchanges={lines: 3})
    scored = nsp.score_sheet(sheet)
    assert scored.score == 3 * each
    assert scored.breakdown[0].rule == "next-station-paris/interchanges"


@pytest.mark.parametrize(("through", "each"), [(1, 2), (2, 6)])
def test_overhead_crossings_score_by_lines_through(through, each):
    scored = nsp.score_sheet(nsp.Sheet("Ana", crossings={through: 2}))
    assert scored.score == 2 * each
    assert scored.breakdown[0].rule == "next-station-paris/crossings"


def test_objectives_score_ten_each():
    scored = nsp.score_sheet(nsp.Sheet("Ana", objectives=2))
    assert [(ln.points, ln.rule) for ln in scored.breakdown] == [(20, "next-station-paris/objectives")]


def test_total_adds_every_line_and_bonus_and_explains_each():
    sheet = nsp.Sheet(
        "Ana",
        lines=(line(), line("green", 3, 2, 0)),
        interchanges={2: 1, 3: 1, 4: 0},
        crossings={1: 2, 2: 1},
        objectives=1,
    )
    scored = nsp.score_sheet(sheet)
    assert [ln.points for ln in scored.breakdown] == [19, 6, 2, 5, 4, 6, 10]
    assert scored.score == 52
    assert scored.breakdown[0].label == "Blue line: 5 districts × 3 stations + 2 × 2 monuments"


def test_highest_total_wins_and_ties_share():
    result = nsp.score([nsp.Sheet("Ana", (line(),)), nsp.Sheet("Ben", (line("green"),)), nsp.Sheet("Cy", ())])
    assert result.winners == ("Ana", "Ben")
    assert result.notes
    alone = nsp.score([nsp.Sheet("Ana", (line(),)), nsp.Sheet("Ben", ())])
    assert alone.winners == ("Ana",)
    assert alone.notes == ()


def test_sheet_errors_are_all_located():
    bad = nsp.Sheet("Ana", (line(districts=0, stations=2), line("green"), line("green")))
    with pytest.raises(RuleError) as caught:
        nsp.score([bad])
    locs = {p.loc for p in caught.value.problems}
    assert locs == {"players[0].lines[0].districts", "players[0].lines[2].color"}


def test_more_than_four_players_or_lines_is_refused():
    with pytest.raises(RuleError):
        nsp.score([nsp.Sheet(str(i)) for i in range(5)])
    colors = ("blue", "green", "orange", "purple", "blue")
    with pytest.raises(RuleError) as caught:
        nsp.score([nsp.Sheet("Ana", tuple(line(c) for c in colors))])
    assert "players[0].lines" in {p.loc for p in caught.value.problems}


def test_table_fills_round_by_round():
    table = nsp.new_table(["Ana", "Ben"])
    assert table.current_round() == 1
    table = nsp.apply(table, nsp.LineEntry("Ana", 1, line()))
    assert table.round_color(1) == "blue"
    assert table.current_round() == 1
    table = nsp.apply(table, nsp.LineEntry("Ben", 1, line(districts=2, stations=2, monuments=0)))
    assert table.current_round() == 2
    assert table.running_total("Ana") == 19
    assert table.running_total("Ben") == 4
    assert not table.finished


def test_table_refuses_a_second_line_for_a_round_and_a_colour_used_twice():
    table = nsp.apply(nsp.new_table(["Ana"]), nsp.LineEntry("Ana", 1, line()))
    with pytest.raises(RuleError, match="already entered"):
        nsp.apply(table, nsp.LineEntry("Ana", 1, line("green")))
    with pytest.raises(RuleError, match="already drawn the blue line"):
        nsp.apply(table, nsp.LineEntry("Ana", 2, line("blue")))
    with pytest.raises(RuleError, match="not at this table"):
        nsp.apply(table, nsp.LineEntry("Zed", 2, line("green")))


def test_table_finishes_after_four_rounds_and_every_bonus():
    table = nsp.new_table(["Ana"])
    for round_no, color in enumerate(nsp.COLORS, start=1):
        table = nsp.apply(table, nsp.LineEntry("Ana", round_no, line(color)))
    assert table.current_round() == 5
    assert not table.finished
    table = nsp.apply(table, nsp.BonusEntry("Ana", {2: 1}, {1: 0}, 1))
    assert table.finished
    assert nsp.score(table.sheets()).player("Ana").score == 4 * 19 + 2 + 10
