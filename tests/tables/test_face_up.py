"""A finished table's log as a backup carries it: what came face up, and nothing that did not (a L'oaf card
changed, corrected or taken back before the reveal), replaying to the same game as the whole log."""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import UTC, datetime

import pytest

from companion.schemas import result_json
from companion.specs import table_rules
from companion.storage.log import CORRECT, UNDO
from companion.storage.rows import EntryRow
from companion.tables.face_up import face_up
from companion.tables.replay import replay
from tests.test_corpus import FILES

LOAF = table_rules()["loaf"]
SETUP = {"players": ["Ann", "Béa", "Cy"], "options": {"advanced": False}}
AT = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def rows_of(*entries: tuple[str, dict]) -> list[EntryRow]:
    return [EntryRow(n, f"e{n}", kind, payload, "Ann", AT) for n, (kind, payload) in enumerate(entries, start=1)]


def card(player: str, value: int, number: int = 1) -> tuple[str, dict]:
    return "card", {"player": player, "card": value, "round": number}


ORDER = ("order", {"round": 1, "average": 5})
REVIEW = (
    "review",
    {"round": 1, "success": {"target": "good", "reputation": 1}, "failure": {"target": "bad", "reputation": -1}},
)


def same_game(rules, setup, kept, rows) -> bool:
    """Both logs leave the table in one state, but for the entries' numbers."""
    return _unnumbered(asdict(replay(rules, setup, kept).state)) == _unnumbered(
        asdict(replay(rules, setup, rows).state)
    )


def _unnumbered(value):
    if isinstance(value, dict):
        return {key: _unnumbered(item) for key, item in value.items() if key != "seq"}
    if isinstance(value, list | tuple):
        return [_unnumbered(item) for item in value]
    return value


def result(rules, setup, rows) -> dict:
    return json.loads(json.dumps(result_json(rules.result(replay(rules, setup, rows).state)), default=str))


def test_a_card_changed_before_the_reveal_leaves_only_the_card_turned_over():
    rows = rows_of(ORDER, card("Ann", 7), card("Béa", 2), card("Ann", 3), REVIEW, card("Cy", 5))
    kept = face_up(LOAF, SETUP, rows)
    assert [(r.seq, r.kind, r.payload.get("card")) for r in kept] == [
        (1, "order", None),
        (2, "card", 2),
        (3, "card", 3),
        (4, "review", None),
        (5, "card", 5),
    ]
    assert same_game(LOAF, SETUP, kept, rows)


def test_a_card_taken_back_before_the_reveal_leaves_with_its_undo():
    rows = rows_of(ORDER, card("Ann", 7), (UNDO, {"target": 2}), card("Ann", 4), card("Béa", 2), REVIEW, card("Cy", 5))
    kept = face_up(LOAF, SETUP, rows)
    assert [r.kind for r in kept] == ["order", "card", "card", "review", "card"]
    assert all(r.payload.get("card") != 7 for r in kept)
    assert same_game(LOAF, SETUP, kept, rows)


def test_a_corrected_card_carries_only_its_last_value_and_later_targets_follow_the_new_numbers():
    correction = (CORRECT, {"target": 2, "kind": "card", "payload": {"player": "Ann", "card": 3, "round": 1}})
    rows = rows_of(
        ORDER, card("Ann", 7), correction, card("Béa", 9), (UNDO, {"target": 4}), card("Béa", 2), REVIEW, card("Cy", 5)
    )
    kept = face_up(LOAF, SETUP, rows)
    assert [(r.seq, r.kind) for r in kept] == [(1, "order"), (2, "card"), (3, "card"), (4, "review"), (5, "card")]
    assert kept[1].payload == {"player": "Ann", "card": 3, "round": 1}
    assert [r.payload.get("card") for r in kept if r.kind == "card"] == [3, 2, 5]
    assert same_game(LOAF, SETUP, kept, rows)


def test_the_play_timer_s_entries_leave_with_the_cards_and_keep_naming_their_undo():
    start, pause = ("clock", {"action": "start"}), ("clock", {"action": "pause"})
    taken_back = [(UNDO, {"target": 3}), (UNDO, {"target": 4})]  # Ann's first card, then the pause
    rest = [card("Ann", 4), card("Béa", 2), REVIEW, card("Cy", 5)]
    rows = rows_of(start, ORDER, card("Ann", 7), pause, *taken_back, *rest)
    kept = face_up(LOAF, SETUP, rows)
    assert [(r.seq, r.kind) for r in kept] == [
        (1, "clock"),
        (2, "order"),
        (3, "clock"),
        (4, UNDO),
        (5, "card"),
        (6, "card"),
        (7, "review"),
        (8, "card"),
    ]
    assert kept[3].payload == {"target": 3}
    assert replay(LOAF, SETUP, kept).clock == replay(LOAF, SETUP, rows).clock
    assert same_game(LOAF, SETUP, kept, rows)


def test_a_game_that_keeps_nothing_face_down_leaves_as_it_is():
    rows = rows_of(
        ("round", {"order": {"average": 3}, "plays": {"Ann": 3, "Béa": 2, "Cy": 4}, "review": REVIEW[1] | {}})
    )
    assert face_up(table_rules()["oz"], {"players": ["Ann", "Béa"]}, []) == []
    assert face_up(LOAF, SETUP, rows) == rows


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_stored_table_replays_from_its_face_up_log_to_the_same_result(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    rows = [
        EntryRow(
            e["seq"], e["entry_id"], e["kind"], e["payload"], e["author"], datetime.fromisoformat(e["at"]), e["version"]
        )
        for e in data["entries"]
    ]
    rules = table_rules()[data["game"]]
    kept = face_up(rules, data["setup"], rows)
    assert [r.seq for r in kept] == list(range(1, len(kept) + 1))
    whole, shown = replay(rules, data["setup"], rows), replay(rules, data["setup"], kept)
    assert shown.broken is None and rules.finished(shown.state) == rules.finished(whole.state)
    if rules.finished(whole.state):
        assert result(rules, data["setup"], kept) == result(rules, data["setup"], rows)
