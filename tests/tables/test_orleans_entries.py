"""An Orléans table's entries: canonical payloads (nested like the calculators' requests), version-1 payloads from
the corpus upgraded exactly and replayed to the results they had, and what the canonical schemas refuse."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from companion.games.orleans.table import ENTRIES, RULES
from companion.schemas import result_json, validation_problems
from companion.storage.rows import EntryRow
from companion.tables.replay import replay

CORPUS = Path(__file__).parents[1] / "fixtures" / "corpus" / "v1"
TABLES = sorted(CORPUS.glob("orleans-*.json"))
NO_GOODS = {"grain": 0, "cheese": 0, "wine": 0, "wool": 0, "brocade": 0}
NO_FOOD = {"grain": 0, "cheese": 0, "wine": 0}
NOTHING_GIVEN = {"development": 0, "follower": 0, "place_tile": 0, "technology_tile": 0, "trading_station": 0}


def corpus(name: str) -> dict[str, Any]:
    return json.loads((CORPUS / f"orleans-{name}.json").read_text(encoding="utf-8"))


def stored(name: str, seq: int) -> dict[str, Any]:
    """The payload corpus table `name` stored at `seq` (version 1)."""
    (entry,) = [e for e in corpus(name)["entries"] if e["seq"] == seq]
    assert entry["version"] == 1
    return entry["payload"]


def rows(entries: list[dict[str, Any]]) -> list[EntryRow]:
    at = datetime(2025, 3, 1, tzinfo=UTC)
    return [EntryRow(e["seq"], f"e{e['seq']}", e["kind"], e["payload"], "Jo", at, e["version"]) for e in entries]


def upgraded(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    return ENTRIES[kind].upgrade(1, payload)


# --- version 1 upgraded ---------------------------------------------------------------------------------------------


def test_holdings_v1_nests_the_goods_as_the_calculators_do():
    payload = stored("phased", 1)
    assert payload["wool"] == 2 and "goods" not in payload
    assert upgraded("holdings", payload) == {
        "player": "Jo",
        "coins": 3,
        "goods": {**NO_GOODS, "cheese": 1, "wool": 2},
        "trading_stations": 2,
        "citizens": 0,
        "development_level": 2,
        "development_position": 10,
        "followers_in_bag": 3,
        "place_tiles": 1,
        "technology_tiles": 0,
    }


def test_event_v1_food_by_seat_becomes_a_list_in_seat_order_with_null_for_the_cheapest():
    assert stored("open-torture", 6) == {"event": "harvest", "food_2_cheese": 1, "food_2_grain": 1, "phase": "B"}
    assert upgraded("event", stored("open-torture", 6)) == {
        "event": "harvest",
        "phase": "B",
        "food": [None, {"grain": 1, "cheese": 1, "wine": 0}],
        "sacristy": [],
    }
    assert upgraded("event", stored("phased", 4))["food"] == [None, {"grain": 0, "cheese": 0, "wine": 1}]


def test_event_v1_without_a_phase_keeps_it_unset_as_the_classic_rules_left_it():
    assert stored("classic", 4) == {"event": "harvest"}
    assert upgraded("event", stored("classic", 4)) == {"event": "harvest", "phase": None, "food": [], "sacristy": []}


def test_torture_v1_counts_become_what_is_given_up_named_as_the_torture_calculator_names_it():
    assert upgraded("torture", stored("open-torture", 10)) == {
        "player": "Wes",
        "give_up": {"goods": NO_GOODS, **NOTHING_GIVEN, "development": 3, "follower": 1, "trading_station": 1},
    }
    assert upgraded("torture", stored("classic", 6)) == {
        "player": "Lio",
        "give_up": {"goods": NO_GOODS, **NOTHING_GIVEN},
    }


def test_track_v1_upgrades_with_its_level_spaces_unchanged_and_end_stays_at_version_1():
    assert (ENTRIES["track"].version, ENTRIES["end"].version) == (2, 1)
    assert upgraded("track", stored("classic", 3)) == {"coin_spaces": [6, 11, 20], "level_spaces": None}
    assert ENTRIES["end"].canonical(stored("classic", 12)) == {}


def corpus_payloads() -> list[tuple[str, str, dict[str, Any]]]:
    """Every game entry of the Orléans corpus, corrections' payloads included: (where, kind, payload)."""
    found = []
    for path in TABLES:
        for e in json.loads(path.read_text(encoding="utf-8"))["entries"]:
            kind, payload = (
                (e["payload"]["kind"], e["payload"]["payload"]) if e["kind"] == "correct" else (e["kind"], e["payload"])
            )
            if kind != "undo":
                found.append((f"{path.stem}#{e['seq']}", kind, payload))
    return found


@pytest.mark.parametrize(("where", "kind", "payload"), corpus_payloads(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_stored_payload_upgrades_to_a_complete_canonical_one(where, kind, payload):
    payload = upgraded(kind, payload)
    assert ENTRIES[kind].canonical(payload) == payload, where


# Kinds that came after version 1 of the corpus was played: the round-by-round tables of version 2 hold them.
LATER_KINDS = {"round", "plague"}


def test_the_corpus_covers_every_entry_kind_it_could_hold():
    assert {kind for _, kind, _ in corpus_payloads()} == set(ENTRIES) - LATER_KINDS
    later = CORPUS.parent / "v2"
    kinds = {e["kind"] for path in later.glob("orleans-*.json") for e in json.loads(path.read_text())["entries"]}
    assert kinds >= LATER_KINDS


@pytest.mark.parametrize("path", TABLES, ids=[p.stem for p in TABLES])
def test_an_old_table_replays_to_its_committed_result_through_the_upgrades(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    table = replay(RULES, data["setup"], rows(data["entries"]))
    assert table.broken is None
    assert RULES.finished(table.state) == data["expected"]["finished"]
    result = json.loads(json.dumps(result_json(RULES.result(table.state)), default=list))
    assert result == data["expected"]["result"]
    assert all(entry.version == ENTRIES[entry.kind].version for entry in table.log)


def test_an_unfinished_table_keeps_the_torture_still_owed_as_before():
    data = corpus("open-torture")
    state = replay(RULES, data["setup"], rows(data["entries"])).state
    assert (dict(state.debts), state.last_phase, state.events) == ({"Xia": 10}, "C", 3)
    wes = state.holdings["Wes"]
    assert (wes.trading_stations, wes.followers_in_bag, wes.development_position, wes.goods.total()) == (0, 0, 0, 0)


def written_today(entry: dict[str, Any]) -> dict[str, Any]:
    """A stored version-1 row as today's code writes it: its payload (or its correction's) canonical."""
    if entry["kind"] == "correct":
        fixed = entry["payload"]
        kind = ENTRIES[fixed["kind"]]
        return {**entry, "version": kind.version, "payload": {**fixed, "payload": kind.upgrade(1, fixed["payload"])}}
    if entry["kind"] not in ENTRIES:
        return entry
    return {**entry, "version": ENTRIES[entry["kind"]].version, "payload": upgraded(entry["kind"], entry["payload"])}


@pytest.mark.parametrize("path", TABLES, ids=[p.stem for p in TABLES])
def test_a_table_written_today_replays_like_its_version_1_log(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    today = [written_today(e) for e in data["entries"]]
    assert today != data["entries"]
    old = replay(RULES, data["setup"], rows(data["entries"]))
    assert replay(RULES, data["setup"], rows(today)).state == old.state


# --- the canonical schemas refuse what is not theirs ----------------------------------------------------------------

GOOD = {
    "holdings": {"player": "Jo", "coins": 3, "goods": {"wool": 2}},
    "event": {"event": "harvest", "phase": "B", "food": [None, {"wine": 1}]},
    "torture": {"player": "Jo", "give_up": {"goods": {"wool": 1}, "development": 1}},
    "track": {"coin_spaces": [25, 7, 12, 7]},
    "end": {},
}
BAD = [
    ("holdings", {"surprise": 1}, "surprise"),
    ("holdings", {"grain": 2}, "grain"),  # version 1's flat goods
    ("holdings", {"coins": "3"}, "coins"),
    ("holdings", {"coins": 2.5}, "coins"),
    ("holdings", {"coins": True}, "coins"),
    ("holdings", {"coins": -1}, "coins"),
    ("holdings", {"goods": {"silk": 1}}, "goods.silk"),
    ("holdings", {"player": ""}, "player"),
    ("event", {"food_1_wine": 1}, "food_1_wine"),
    ("event", {"phase": "D"}, "phase"),
    ("event", {"event": "plague"}, "event"),
    ("event", {"food": [None, {"wool": 1}]}, "food[1].wool"),
    ("event", {"food": [None] * 5}, "food"),
    ("event", {"food": {"Jo": {"wine": 1}}}, "food"),
    ("event", {"sacristy": ["Jo"]}, "sacristy[0]"),
    ("event", {"sacristy": [False] * 5}, "sacristy"),
    ("torture", {"goods_wool": 1}, "goods_wool"),
    ("torture", {"give_up": [{"item": "development"}]}, "give_up"),
    ("torture", {"give_up": {"development": "1"}}, "give_up.development"),
    ("torture", {"give_up": {"citizen": 1}}, "give_up.citizen"),
    ("track", {"coin_spaces": []}, "coin_spaces"),
    ("track", {"coin_spaces": [0, 7]}, "coin_spaces[0]"),
    ("track", {"coin_spaces": "7, 12"}, "coin_spaces"),
    ("track", {"coin_spaces": ["7"]}, "coin_spaces[0]"),
    ("track", {"level_spaces": [-1, 4]}, "level_spaces[0]"),
    ("track", {"level_spaces": "4, 9"}, "level_spaces"),
    ("end", {"final": True}, "final"),
]


def test_the_canonical_examples_validate_and_fill_in_their_defaults():
    assert ENTRIES["holdings"].canonical(GOOD["holdings"])["goods"] == {**NO_GOODS, "wool": 2}
    assert ENTRIES["event"].canonical(GOOD["event"])["food"] == [None, {"grain": 0, "cheese": 0, "wine": 1}]
    assert ENTRIES["torture"].canonical(GOOD["torture"])["give_up"]["follower"] == 0
    assert ENTRIES["track"].canonical(GOOD["track"]) == {"coin_spaces": [7, 12, 25], "level_spaces": None}


@pytest.mark.parametrize(("kind", "change", "loc"), BAD)
def test_a_canonical_schema_refuses_unknown_fields_and_wrong_types(kind, change, loc):
    with pytest.raises(ValidationError) as refused:
        ENTRIES[kind].validate({**GOOD[kind], **change})
    assert loc in {p.loc for p in validation_problems(refused.value)}
