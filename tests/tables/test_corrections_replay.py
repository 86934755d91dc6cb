"""Corrections that replay: a correction whose own entry fits is taken even when it makes a later entry invalid; the
replay stops at the first such entry, which is named with what to fix and the correction it stopped fitting after.
Orléans torture owed by a player with nothing left to give up is dropped by itself; a Next Station line refused
because of the bonuses entered before it points at that bonus entry."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from companion.games import RuleError
from companion.specs import table_rules
from companion.storage.log import CORRECT, UNDO
from companion.storage.rows import EntryRow
from companion.tables.replay import check_correction, check_entry, replay

ORLEANS = table_rules()["orleans"]
NSP = table_rules()["next-station-paris"]
SETUP = {"players": ["Jo", "Ana"], "options": {"rules": "phased", "coin_spaces": [7, 12, 25]}}
JO = {"player": "Jo", "coins": 3, "goods": {"cheese": 1, "wool": 2}, "trading_stations": 2, "development_level": 2}
JO |= {"development_position": 10, "followers_in_bag": 3, "place_tiles": 1}
ANA = {"player": "Ana", "coins": 20, "goods": {"grain": 3, "wine": 1}, "development_position": 4}
HARVEST = {"event": "harvest", "phase": "B"}  # 2 food each: Jo has 1 cheese and 3 coins, so is 2 coins short
TORTURE = {"player": "Jo", "give_up": {"goods": {"wool": 1}, "development": 1}}
AT = datetime(2026, 3, 1, tzinfo=UTC)


def rows(game: Any, *entries: tuple[str, dict[str, Any]]) -> list[EntryRow]:
    """Stored rows, one per (kind, payload); undo and correct rows as the pages write them."""
    versions = {name: kind.version for name, kind in game.entries.items()}
    out = []
    for seq, (kind, payload) in enumerate(entries, start=1):
        version = versions[payload["kind"]] if kind == CORRECT else versions.get(kind, 1)
        out.append(EntryRow(seq, f"e{seq}", kind, payload, "Jo", AT, version))
    return out


def corrected(target: int, kind: str, payload: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return CORRECT, {"target": target, "kind": kind, "payload": payload}


SETTLED = (("holdings", JO), ("holdings", ANA), ("event", HARVEST), ("torture", TORTURE))


def test_a_correction_that_makes_a_later_torture_invalid_is_taken():
    settled = replay(ORLEANS, SETUP, rows(ORLEANS, *SETTLED))
    entry, payload = check_correction(ORLEANS, SETUP, settled, 1, {**JO, "coins": 0})  # Jo now owes 5 items, not 2
    assert (entry.seq, payload["coins"]) == (1, 0)


def test_the_replay_stops_at_the_first_later_entry_the_correction_made_invalid_and_says_what_to_fix():
    replayed = replay(ORLEANS, SETUP, rows(ORLEANS, *SETTLED, corrected(1, "holdings", {**JO, "coins": 0})))
    broken = replayed.broken
    assert (broken.seq, broken.kind, broken.after_correction_of) == (4, "torture", 1)
    assert "give up exactly 5 items" in broken.message
    assert [p.loc for p in broken.problems] == ["give_up"]  # located in the torture entry's own payload
    assert replayed.state.debts == {"Jo": 5}  # the entries before it count: the Harvest left Jo 5 coins short
    assert [s.seq for s in replayed.active] == [1, 2, 3]


def test_correcting_the_named_entry_mends_the_table():
    log = (*SETTLED, corrected(1, "holdings", {**JO, "coins": 0}))
    broken = replay(ORLEANS, SETUP, rows(ORLEANS, *log))
    with pytest.raises(RuleError) as refused:  # still 2 items: its own problem, located, refuses it
        check_correction(ORLEANS, SETUP, broken, 4, TORTURE)
    assert [p.loc for p in refused.value.problems] == ["give_up"]
    five = {"player": "Jo", "give_up": {"goods": {"wool": 2}, "trading_station": 1, "development": 2}}
    _, payload = check_correction(ORLEANS, SETUP, broken, 4, five)
    mended = replay(ORLEANS, SETUP, rows(ORLEANS, *log, corrected(4, "torture", payload)))
    assert mended.broken is None
    assert mended.state.debts == {}
    assert mended.state.holdings["Jo"].development_position == 8


def test_a_later_torture_with_nothing_left_to_settle_is_named_and_undoing_it_mends_the_table():
    log = (*SETTLED, corrected(1, "holdings", {**JO, "coins": 5}))  # with 5 coins Jo pays for the food in full
    broken = replay(ORLEANS, SETUP, rows(ORLEANS, *log))
    assert broken.broken.seq == 4
    assert "Jo owes nothing" in broken.broken.message
    assert replay(ORLEANS, SETUP, rows(ORLEANS, *log, (UNDO, {"target": 4}))).broken is None


def test_while_an_entry_is_broken_it_and_the_entries_before_it_may_be_corrected_but_not_those_after_it():
    log = (*SETTLED, ("holdings", ANA), corrected(1, "holdings", {**JO, "coins": 0}))
    broken = replay(ORLEANS, SETUP, rows(ORLEANS, *log))
    assert broken.broken.seq == 4
    check_correction(ORLEANS, SETUP, broken, 1, JO)  # putting the first correction back is always possible
    with pytest.raises(RuleError, match="Entry #4 cannot be replayed"):
        check_correction(ORLEANS, SETUP, broken, 5, ANA)
    with pytest.raises(RuleError, match="Entry #4 cannot be replayed"):
        check_entry(ORLEANS, SETUP, broken, "end", {})


def test_a_correction_s_own_problems_still_refuse_it():
    settled = replay(ORLEANS, SETUP, rows(ORLEANS, *SETTLED))
    with pytest.raises(RuleError) as refused:
        check_correction(ORLEANS, SETUP, settled, 2, {**ANA, "goods": {"cheese": 22}})
    assert [p.loc for p in refused.value.problems] == ["goods.cheese"]


# --- Orléans: what cannot be paid is dropped -----------------------------------------------------------------------

BROKE = {"player": "Jo", "coins": 0, "goods": {"cheese": 1}}  # 1 food of the 2 a phase B Harvest asks for


def test_a_debt_with_nothing_left_to_give_up_is_dropped_and_the_game_goes_on():
    after = replay(ORLEANS, SETUP, rows(ORLEANS, ("holdings", BROKE), ("holdings", ANA), ("event", HARVEST)))
    table = after.state
    assert table.holdings["Jo"].goods.total() == 0  # the cheese went to the Harvest: nothing is left
    assert (table.owing(), table.debts, table.dropped) == ([], {}, {"Jo": 5})
    assert check_entry(ORLEANS, SETUP, after, "event", {"event": "income", "phase": "B"})  # no empty torture first
    assert check_entry(ORLEANS, SETUP, after, "end", {}) == {}


def test_a_debt_larger_than_what_is_held_takes_all_there_is_and_drops_the_rest():
    log = (("holdings", {**BROKE, "trading_stations": 1}), ("holdings", ANA), ("event", HARVEST))
    after = replay(ORLEANS, SETUP, rows(ORLEANS, *log))
    assert (after.state.owing(), after.state.due("Jo"), after.state.dropped) == (["Jo"], 1, {})
    with pytest.raises(RuleError, match="Jo still owes"):
        check_entry(ORLEANS, SETUP, after, "event", {"event": "income", "phase": "B"})
    given = check_entry(ORLEANS, SETUP, after, "torture", {"player": "Jo", "give_up": {"trading_station": 1}})
    settled = replay(ORLEANS, SETUP, rows(ORLEANS, *log, ("torture", given))).state
    assert settled.owing() == [] and settled.holdings["Jo"].trading_stations == 0


def test_the_farmers_coin_a_trailer_with_nothing_cannot_pay_is_dropped():
    three = {"players": ["Jo", "Ana", "Lou"], "options": SETUP["options"]}
    lou = {"player": "Lou", "coins": 4}
    start = {"event": "pilgrimage", "phase": "A", "farmers": [0, 1, 2]}  # Jo trails with no coin and no item
    log = (("holdings", {"player": "Jo"}), ("holdings", ANA), ("holdings", lou), ("round", start))
    after = replay(ORLEANS, three, rows(ORLEANS, *log))
    assert after.broken is None
    assert (after.state.owing(), after.state.dropped) == ([], {"Jo": 1})
    assert after.state.farmers_debts["Jo"]  # why it was owed stays explained


def test_an_empty_torture_stored_for_a_debt_dropped_before_still_replays_and_a_new_one_is_refused():
    log = (("holdings", BROKE), ("holdings", ANA), ("event", HARVEST), ("torture", {"player": "Jo"}))
    old = replay(ORLEANS, SETUP, rows(ORLEANS, *log))  # how tables settled it before the debt dropped by itself
    assert old.broken is None
    assert old.state.dropped == {}
    with pytest.raises(RuleError, match="Jo owes nothing"):
        check_entry(ORLEANS, SETUP, old, "torture", {"player": "Jo"})


# --- Next Station Paris: a line refused because of an earlier bonus entry --------------------------------------------

NSP_SETUP = {"players": ["Ana"]}


def line(round_no: int, color: str, districts: int = 3, most: int = 2) -> tuple[str, dict[str, Any]]:
    shape = {"color": color, "districts": districts, "max_stations_in_district": most, "monuments": 0}
    return "line", {"player": "Ana", "round": round_no, "line": shape}


BONUS = ("bonus", {"player": "Ana", "interchanges": {"4": 1}})  # an interchange of all four lines


def test_a_line_refused_because_of_the_bonuses_entered_before_it_points_at_that_bonus_entry():
    three = replay(NSP, NSP_SETUP, rows(NSP, line(1, "blue"), line(2, "green"), line(3, "orange"), BONUS))
    with pytest.raises(RuleError) as refused:
        check_entry(NSP, NSP_SETUP, three, "line", line(4, "purple", 0, 0)[1])
    (problem,) = refused.value.problems
    assert problem.loc == "entry-4"
    assert problem.msg.startswith("Entry #4: Ana's bonuses, entered already, no longer fit with this line: ")
    assert problem.msg.endswith("Change this line, or correct those bonuses")
    assert "an interchange of 4 lines needs 4 lines with stations" in problem.msg
    assert check_entry(NSP, NSP_SETUP, three, "line", line(4, "purple", 1, 1)[1])


def test_a_line_s_own_problems_stay_on_its_fields_beside_a_bonus_entry():
    three = replay(NSP, NSP_SETUP, rows(NSP, line(1, "blue"), line(2, "green"), line(3, "orange"), BONUS))
    with pytest.raises(RuleError) as refused:
        check_entry(NSP, NSP_SETUP, three, "line", line(4, "blue")[1])
    assert [p.loc for p in refused.value.problems] == ["line.color"]


def test_correcting_an_early_line_so_the_bonus_no_longer_fits_stops_the_replay_at_the_bonus_entry():
    log = (line(1, "blue"), line(2, "green"), line(3, "orange"), line(4, "purple"), BONUS)
    whole = replay(NSP, NSP_SETUP, rows(NSP, *log))
    _, payload = check_correction(NSP, NSP_SETUP, whole, 1, line(1, "blue", 0, 0)[1])
    broken = replay(NSP, NSP_SETUP, rows(NSP, *log, corrected(1, "line", payload))).broken
    assert (broken.seq, broken.kind, broken.after_correction_of) == (5, "bonus", 1)
    assert [p.loc for p in broken.problems] == ["interchanges.4"]  # the bonus entry's own field, to correct there


# --- a later part entered face down -------------------------------------------------------------------------------

LOAF = table_rules()["loaf"]
LOAF_SETUP: dict[str, Any] = {"players": ["Ann", "Béa", "Cy"]}
UP_DOWN = {"success": {"target": "highest", "reputation": 1}, "failure": {"target": "lowest", "reputation": -1}}
ROUND_1 = {"order": {"average": 5}, "plays": {"Ann": 7, "Béa": 5, "Cy": 4}, "review": UP_DOWN}


def test_a_correction_that_would_break_a_part_still_face_down_is_refused_without_showing_it():
    log = (
        ("round", ROUND_1),
        ("order", {"round": 2, "average": 5}),
        ("card", {"round": 2, "player": "Ann", "card": 9}),
    )
    face_down = replay(LOAF, LOAF_SETUP, rows(LOAF, *log))
    assert 3 in face_down.seal.parts
    with pytest.raises(RuleError) as refused:
        check_correction(LOAF, LOAF_SETUP, face_down, 1, {**ROUND_1, "plays": {"Ann": 9, "Béa": 5, "Cy": 4}})
    (problem,) = refused.value.problems
    assert problem.msg.startswith("that would make entry #3, a part entered face down, no longer fit")
    assert "9" not in problem.msg  # the card stays unseen
    check_correction(LOAF, LOAF_SETUP, face_down, 1, {**ROUND_1, "plays": {"Ann": 8, "Béa": 5, "Cy": 4}})
