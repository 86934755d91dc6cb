"""A L'oaf round entered in parts: it is played once, when its last part arrives, in whatever order the parts come,
exactly as the same round entered whole; a part entered again replaces the first; undoing a part takes it out."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime
from typing import Any

import pytest

from companion.games import RuleError
from companion.schemas import result_json
from companion.specs import table_rules
from companion.storage.rows import EntryRow
from companion.tables.replay import check_entry, replay

RULES = table_rules()["loaf"]
SETUP: dict[str, Any] = {"players": ["Ann", "Béa", "Cy"]}
T0 = datetime(2025, 1, 4, 20, 0, tzinfo=UTC)
UP_DOWN = {"success": {"target": "highest", "reputation": 1}, "failure": {"target": "lowest", "reputation": -1}}
PARTS = [
    ("order", {"round": 1, "average": 5}),
    ("card", {"round": 1, "player": "Ann", "card": 7}),
    ("card", {"round": 1, "player": "Béa", "card": 5}),
    ("card", {"round": 1, "player": "Cy", "card": 4}),
    ("review", {"round": 1, **UP_DOWN}),
]
WHOLE = {"order": {"average": 5}, "plays": {"Ann": 7, "Béa": 5, "Cy": 4}, "review": UP_DOWN}


def table(entries, setup=SETUP):
    """The table after the entries, each checked against the table as it stands before it is stored."""
    rows: list[EntryRow] = []
    for kind, payload in entries:
        payload = check_entry(RULES, setup, replay(RULES, setup, rows), kind, payload)
        rows.append(EntryRow(len(rows) + 1, f"e{len(rows)}", kind, payload, "x", T0, RULES.entries[kind].version))
    return replay(RULES, setup, rows), rows


@pytest.mark.parametrize("order", list(itertools.permutations(range(5)))[::7])
def test_the_round_is_played_once_whatever_order_its_parts_come_in(order):
    parts = [PARTS[i] for i in order]
    for count in range(1, 5):
        assert table(parts[:count])[0].state.played == ()
    replayed, rows = table(parts)
    assert len(replayed.state.played) == 1
    assert replayed.state.played[0].seq == rows[-1].seq  # the part that completed it
    whole, _ = table([("round", WHOLE)])
    assert replayed.state.game == whole.state.game
    assert result_json(RULES.result(replayed.state)) == result_json(RULES.result(whole.state))


def test_a_part_entered_twice_replaces_the_first():
    replayed, _ = table([*PARTS[:2], ("card", {"round": 1, "player": "Ann", "card": 11}), *PARTS[2:]])
    assert replayed.state.played[0].plays == {"Ann": 11, "Béa": 5, "Cy": 4}
    assert replayed.state.game.player("Ann").hand == (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


def test_undoing_the_completing_part_leaves_the_round_waiting_for_it():
    replayed, rows = table(PARTS)
    rows.append(EntryRow(6, "undo", "undo", {"target": 5}, "x", T0, 1))
    again = replay(RULES, SETUP, rows)
    assert again.state.played == ()
    assert [m.label for m in again.state.missing()] == ["the review card"]


def test_only_the_side_that_applies_is_needed():
    failure_only = {"round": 1, "failure": {"target": "lowest", "reputation": -2}}
    parts = [*PARTS[:3], ("card", {"round": 1, "player": "Cy", "card": 0}), ("review", failure_only)]
    replayed, _ = table(parts)
    assert replayed.state.played[0].result.outcome == "failure"
    waiting, _ = table([*PARTS[:3], ("review", {"round": 1, "success": UP_DOWN["success"]})])
    assert waiting.state.missing()[0].label == "Cy's card"
    short, _ = table([*PARTS[:3], ("review", {"round": 1, "success": UP_DOWN["success"]}), parts[3]])
    assert [m.label for m in short.state.missing()] == ["the review card's failure side"]


def test_parts_of_a_recorded_round_or_of_a_later_one_are_refused():
    replayed, rows = table(PARTS)
    with pytest.raises(RuleError, match="Round 1 is already recorded"):
        check_entry(RULES, SETUP, replayed, "card", {"round": 1, "player": "Ann", "card": 2})
    with pytest.raises(RuleError, match="Round 3 has not started"):
        check_entry(RULES, SETUP, replayed, "order", {"round": 3, "average": 2})
    with pytest.raises(RuleError, match="no longer holds the 7"):
        check_entry(RULES, SETUP, replayed, "card", {"round": 2, "player": "Ann", "card": 7})


def test_a_basic_table_refuses_an_advanced_side():
    replayed, _ = table(PARTS[:1])
    with pytest.raises(RuleError, match="basic review cards only"):
        check_entry(RULES, SETUP, replayed, "review", {"round": 1, "success": {"target": "highest", "discard": 1}})


def test_a_whole_round_entry_among_parts_is_played_as_before():
    replayed, _ = table([PARTS[1], ("round", WHOLE), ("order", {"round": 2, "average": 3})])
    assert len(replayed.state.played) == 1
    assert replayed.state.pending.number == 2 and replayed.state.pending.plays == {}


def test_each_part_has_its_line():
    lines = [RULES.describe(kind, payload) for kind, payload in PARTS]
    assert lines[:2] == ["Round 1: order 5 per player", "Round 1: Ann played 7"]
    assert lines[-1].startswith("Round 1: review card: success +1 reputation for the highest reputation")
    choice = RULES.describe("choice", {"round": 2, "player": "Cy", "discard": [3, 9]})
    assert choice == "Round 2: Cy discards 3, 9"
    assert RULES.part("card", PARTS[1][1]) == "card:1:Ann" and RULES.part("round", WHOLE) is None
