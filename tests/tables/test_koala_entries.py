"""A Koala table's entries: seat, food, feasts and team keep the shape their forms always stored (version 1), now
a canonical schema of its own; payloads stored before entries had versions read and replay as they did. The counts
entry (several caves' food and players' feasts at once) sets what those entries set."""

import json
from dataclasses import asdict
from datetime import datetime
from pathlib import Path

import pytest
from pydantic import ValidationError

from companion.games import RuleError
from companion.games.koala.table import ENTRIES, FORMS, RULES
from companion.schemas import result_json, validation_problems
from companion.storage.rows import EntryRow
from companion.tables.replay import check_entry, replay

CORPUS = Path(__file__).parents[1] / "fixtures" / "corpus" / "v1"
COUNTS_CORPUS = sorted((CORPUS.parent / "v4").glob("koala-*.json"))
NAMES = ["koalations", "teams-five", "teams-refused", "teams-ten", "teams-waiting", "three"]
CANONICAL = {
    "seat": {"cave": 4, "white": "Dan", "black": None},
    "food": {"cave": 2, "pizza": 2, "hamburger": 5, "spaghetti": 0},
    "feasts": {"player": "Eli", "feasts": 2},
    "team": {"player": "Ivy", "team": "?"},
    "counts": {"food": {"2": {"pizza": 2, "hamburger": 5, "spaghetti": 0}}, "feasts": {"Eli": 2}},
}


def load(name):
    return json.loads((CORPUS / f"koala-{name}.json").read_text(encoding="utf-8"))


def stored_rows(data):
    return [
        EntryRow(e["seq"], e["entry_id"], e["kind"], e["payload"], e["author"], datetime.fromisoformat(e["at"]), 1)
        for e in data["entries"]
    ]


def payloads_of_every_kind():
    """Every game entry of the corpus (corrections' payloads too), as (kind, stored payload)."""
    found = []
    tables = [load(name) for name in NAMES] + [json.loads(p.read_text(encoding="utf-8")) for p in COUNTS_CORPUS]
    for data in tables:
        for e in data["entries"]:
            if e["kind"] == "correct":
                found.append((e["payload"]["kind"], e["payload"]["payload"]))
            elif e["kind"] in ENTRIES:
                found.append((e["kind"], e["payload"]))
    return found


def test_every_kind_stays_at_version_1():
    assert {name: kind.version for name, kind in ENTRIES.items()} == dict.fromkeys(ENTRIES, 1)


def test_every_stored_version_1_payload_is_already_canonical():
    found = payloads_of_every_kind()
    assert {kind for kind, _ in found} == set(ENTRIES)
    for kind, payload in found:
        assert ENTRIES[kind].canonical(payload) == payload


@pytest.mark.parametrize("name", NAMES)
def test_version_1_tables_replay_to_the_results_they_had(name):
    data = load(name)
    replayed = replay(RULES, data["setup"], stored_rows(data))
    assert replayed.broken is None
    assert RULES.finished(replayed.state) == data["expected"]["finished"]
    result = json.loads(json.dumps(result_json(RULES.result(replayed.state)), default=asdict))
    assert result == data["expected"]["result"]


@pytest.mark.parametrize(
    ("kind", "change", "loc"),
    [
        ("seat", {"seat": 4}, "seat"),
        ("seat", {"cave": "4"}, "cave"),
        ("seat", {"cave": 4.0}, "cave"),
        ("seat", {"cave": 7}, "cave"),
        ("seat", {"white": ""}, "white"),
        ("seat", {"black": 3}, "black"),
        ("food", {"cheese": 1}, "cheese"),
        ("food", {"pizza": "2"}, "pizza"),
        ("food", {"pizza": True}, "pizza"),
        ("food", {"hamburger": 23}, "hamburger"),
        ("food", {"spaghetti": -1}, "spaghetti"),
        ("feasts", {"name": "Eli"}, "name"),
        ("feasts", {"feasts": 9}, "feasts"),
        ("feasts", {"feasts": None}, "feasts"),
        ("team", {"team": ""}, "team"),
        ("team", {"team": ["Owls"]}, "team"),
        ("team", {"player": None}, "player"),
        ("counts", {"food": {"7": {}}}, "food.7.[key]"),
        ("counts", {"food": {"2": {"cheese": 1}}}, "food.2.cheese"),
        ("counts", {"food": {"2": {"pizza": "2"}}}, "food.2.pizza"),
        ("counts", {"feasts": {"Eli": 9}}, "feasts.Eli"),
        ("counts", {"food": {}, "feasts": {}}, ""),
        ("counts", {"cave": 2}, "cave"),
    ],
)
def test_the_canonical_schemas_refuse_unknown_fields_and_wrong_types(kind, change, loc):
    with pytest.raises(ValidationError) as caught:
        ENTRIES[kind].validate(CANONICAL[kind] | change)
    assert [p.loc for p in validation_problems(caught.value)] == [loc]


def test_the_required_fields():
    with pytest.raises(ValidationError) as caught:
        ENTRIES["feasts"].validate({"player": "Eli"})
    assert [p.loc for p in validation_problems(caught.value)] == ["feasts"]
    assert ENTRIES["seat"].canonical({"cave": 1}) == {"cave": 1, "white": None, "black": None}
    assert ENTRIES["food"].canonical({"cave": 1, "pizza": 3}) == {"cave": 1, "pizza": 3, "hamburger": 0, "spaghetti": 0}


@pytest.mark.parametrize(
    ("kind", "posted"),
    [
        ("seat", {"cave": "4", "white": " Dan ", "black": "  "}),
        ("food", {"cave": "2", "pizza": "2", "hamburger": "5"}),
        ("feasts", {"player": "Eli", "feasts": "2"}),
        ("team", {"player": "Ivy", "team": " ? "}),
        ("counts", {"food-2-pizza": "2", "food-2-hamburger": "5", "food-2-spaghetti": "0", "feasts-Eli": "2"}),
    ],
)
def test_each_form_makes_the_canonical_payload_and_shows_it_again(kind, posted):
    form = FORMS[kind]
    assert form.model_validate(posted).to_payload() == CANONICAL[kind]
    assert form.model_validate(form.values_of(CANONICAL[kind])).to_payload() == CANONICAL[kind]
    for field in CANONICAL[kind]:
        assert form.field_of(field) == field


def test_a_json_entry_is_checked_against_the_table_with_its_problems_located_in_the_payload():
    setup = {"players": ["Ann", "Ben", "Cy"], "options": {"teams": False}}
    table = replay(RULES, setup, [])
    assert check_entry(RULES, setup, table, "seat", {"cave": 1, "white": "Cy"}) == {
        "cave": 1,
        "white": "Cy",
        "black": None,
    }
    with pytest.raises(RuleError) as caught:
        check_entry(RULES, setup, table, "seat", {"cave": 1, "white": None, "black": "Ben"})
    assert [p.loc for p in caught.value.problems] == ["black"]
    with pytest.raises(RuleError) as caught:
        check_entry(RULES, setup, table, "team", {"player": "Ann", "team": "Owls"})
    assert [p.loc for p in caught.value.problems] == ["team"]


def test_the_counts_form_leaves_out_what_is_as_the_page_showed_it():
    form = FORMS["counts"]
    posted = {"food-1-pizza": "3", "food-1-hamburger": "0", "food-1-spaghetti": "1", "was-food-1": "3 0 1"}
    posted |= {"food-2-pizza": "0", "food-2-hamburger": "0", "food-2-spaghetti": "0", "was-food-2": ""}
    posted |= {"feasts-Ann": "1", "was-feasts-Ann": "2", "feasts-Ben": "0", "was-feasts-Ben": "0"}
    assert form.model_validate(posted).to_payload() == {
        "food": {"2": {"pizza": 0, "hamburger": 0, "spaghetti": 0}},
        "feasts": {"Ann": 1},
    }


def test_a_counts_entry_sets_what_food_and_feasts_entries_set_with_every_problem_located_in_it():
    setup = {"players": ["Ann", "Ben", "Cy"], "options": {"teams": False}}
    parts = [
        pending_row(1, "food", {"cave": 1, "pizza": 4}),
        pending_row(2, "food", {"cave": 3, "spaghetti": 2}),
        pending_row(3, "feasts", {"player": "Ben", "feasts": 1}),
    ]
    together = [pending_row(1, "counts", {"food": {"1": {"pizza": 4}, "3": {"spaghetti": 2}}, "feasts": {"ben": 1}})]
    one_by_one, at_once = replay(RULES, setup, parts).state, replay(RULES, setup, together).state
    assert (at_once.food, at_once.counted, at_once.feasts) == (one_by_one.food, one_by_one.counted, one_by_one.feasts)
    table = replay(RULES, setup, [])
    wrong = {"food": {"1": {"pizza": 12}, "2": {"pizza": 11}, "5": {}}, "feasts": {"Zed": 1}}
    with pytest.raises(RuleError) as caught:
        check_entry(RULES, setup, table, "counts", wrong)
    assert [p.loc for p in caught.value.problems] == ["food.5", "feasts.Zed", "food.1.pizza", "food.2.pizza"]


def pending_row(seq, kind, payload):
    return EntryRow(seq, f"e{seq}", kind, payload, "Ann", datetime(2025, 1, 1), 1)
