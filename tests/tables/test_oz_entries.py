"""An Oz table's hand entry: its canonical payload (the score calculator's player, named by `player`), the upgrade
of hands stored in the form's shape (version 1), and the hand form's conversions both ways."""

import copy
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pydantic import ValidationError

from companion.games import RuleError
from companion.games.oz.form import HandForm, hand_v1_to_v2
from companion.games.oz.table import ENTRIES, RULES
from companion.schemas import result_json, validation_problems
from companion.storage.rows import EntryRow
from companion.tables.replay import check_entry, replay

CORPUS = Path(__file__).parents[1] / "fixtures" / "corpus" / "v1"
HAND = ENTRIES["hand"]
BLANK_SLOT = dict.fromkeys(("character", "characters", "max", "minus", "penalty", "points", "points2", "points3"), "")


def v1_hand(player, counts, *slots):
    """A hand as version 1 stored it: the form's fields, every slot written out ("" for what it does not use)."""
    payload = dict.fromkeys(("dorothy", "lion", "scarecrow", "robot", "toto", "oz", "glinda", "witch"), 0)
    payload |= counts | {"player": player}
    for n in range(1, 5):
        slot = slots[n - 1] if n <= len(slots) else {"type": ""}
        payload |= {f"s{n}_{k}": v for k, v in (BLANK_SLOT | slot).items()}
    return payload


# Philippe's hand of the rulebook table (tests/fixtures/corpus/v1/oz-rulebook.json), as version 1 stored it.
PHILIPPE_V1 = v1_hand(
    "Philippe",
    {"dorothy": 4, "lion": 4, "scarecrow": 2, "toto": 3, "oz": 3, "glinda": 1, "witch": 1},
    {"type": "pair", "characters": "dorothy lion", "points": 2},
    {"type": "majority", "character": "lion", "points": 5},
    {"type": "at_most", "character": "scarecrow", "max": 1, "points": 4},
    {"type": "plus_minus", "character": "oz", "minus": "glinda witch", "penalty": 1, "points": 3},
)
PHILIPPE = {
    "player": "Philippe",
    "hand": {"dorothy": 4, "lion": 4, "scarecrow": 2, "robot": 0, "toto": 3, "oz": 3, "glinda": 1, "witch": 1},
    "stories": [
        {"type": "pair", "characters": ["dorothy", "lion"], "points": 2},
        {"type": "majority", "character": "lion", "points": 5},
        {"type": "at_most", "character": "scarecrow", "max": 1, "points": 4},
        {"type": "plus_minus", "character": "oz", "points": 3, "minus": ["glinda", "witch"], "penalty": 1},
    ],
}


def rows(*payloads, version=1):
    at = datetime(2025, 1, 1, tzinfo=UTC)
    return [EntryRow(i, f"e{i}", "hand", p, "Ann", at, version) for i, p in enumerate(payloads, start=1)]


def corpus_entries(name):
    data = json.loads((CORPUS / f"oz-{name}.json").read_text(encoding="utf-8"))
    return data, [e for e in data["entries"] if e["kind"] == "hand"]


def test_a_version_1_hand_upgrades_to_the_canonical_entry():
    _, entries = corpus_entries("rulebook")
    assert entries[0]["payload"] == PHILIPPE_V1
    assert HAND.upgrade(1, PHILIPPE_V1) == PHILIPPE
    assert HAND.canonical(PHILIPPE) == PHILIPPE  # what a new entry stores is the same JSON


def test_a_version_1_triples_story_keeps_its_three_amounts_and_a_plus_minus_its_own_minus():
    _, entries = corpus_entries("two-players")
    mia, noe = (HAND.upgrade(1, e["payload"]) for e in entries[:2])
    assert mia["stories"] == [{"type": "triples", "characters": ["dorothy", "toto", "oz"], "points": [1, 4, 9]}]
    assert noe["stories"][1] == {
        "type": "plus_minus",
        "character": "robot",
        "minus": ["lion", "witch"],
        "penalty": 1,
        "points": 2,
    }


def test_a_version_1_hand_reads_as_version_1_read_it_an_empty_slot_skipped_a_blank_the_example():
    # Version 1 read its payload back through the form: a blank field took the example card's value.
    payload = v1_hand(
        "Ann",
        {"lion": 3},
        {"type": ""},
        {"type": "pair", "characters": "lion toto", "points": 2},
        {"type": "triples", "points": "", "points2": 5},
    )
    assert hand_v1_to_v2(payload)["stories"] == [
        {"type": "pair", "characters": ["lion", "toto"], "points": 2},
        {"type": "triples", "characters": ["dorothy", "toto", "oz"], "points": [2, 5, 12]},
    ]


@pytest.mark.parametrize("name", ["rulebook", "two-players", "four-tie", "mid-game"])
def test_version_1_tables_replay_to_the_results_they_had(name):
    data, _ = corpus_entries(name)
    stored = [
        EntryRow(e["seq"], e["entry_id"], e["kind"], e["payload"], e["author"], datetime.fromisoformat(e["at"]), 1)
        for e in data["entries"]
    ]
    replayed = replay(RULES, data["setup"], stored)
    assert replayed.broken is None
    assert RULES.finished(replayed.state) == data["expected"]["finished"]
    assert json.loads(json.dumps(result_json(RULES.result(replayed.state)))) == data["expected"]["result"]


def test_old_and_new_entries_replay_alike():
    setup = {"players": ["Philippe", "Anna"]}
    old = replay(RULES, setup, rows(PHILIPPE_V1)).state
    new = replay(RULES, setup, rows(PHILIPPE, version=2)).state
    assert old == new
    assert RULES.result(new).players[0].score == 20
    assert new.stories("Philippe")[0] == "2 per Dorothy + Lion pair"


@pytest.mark.parametrize(
    ("change", "loc"),
    [
        ({"colour": "red"}, "colour"),
        ({"name": "Philippe"}, "name"),
        ({"hand": {"wizard": 1}}, "hand.wizard"),
        ({"hand": {"lion": "4"}}, "hand.lion"),
        ({"hand": {"lion": 2.5}}, "hand.lion"),
        ({"hand": {"lion": True}}, "hand.lion"),
        ({"hand": {"lion": -1}}, "hand.lion"),
        ({"player": 7}, "player"),
        ({"player": "  "}, "player"),
        ({"stories": {"type": "each"}}, "stories"),
        ({"stories": [{"type": "each", "character": "lion", "points": 1, "slot": 1}]}, "stories[0].slot"),
        ({"stories": [{"type": "each", "character": "lion", "points": "1"}]}, "stories[0].points"),
        ({"stories": [{"type": "wizard", "points": 1}]}, "stories[0].type"),
        ({"stories": [{"type": "pair", "characters": "lion toto", "points": 1}]}, "stories[0].characters"),
        ({"stories": [{"type": "each", "character": "lion", "points": 1}] * 5}, "stories"),
    ],
)
def test_the_canonical_hand_refuses_unknown_fields_and_wrong_types(change, loc):
    payload = copy.deepcopy(PHILIPPE) | change
    with pytest.raises(ValidationError) as caught:
        HAND.validate(payload)
    assert loc in [p.loc for p in validation_problems(caught.value)]


def test_a_json_entry_is_checked_against_the_table_and_its_problems_located_in_the_payload():
    setup = {"players": ["Ann", "Bea"]}
    table = replay(RULES, setup, rows({"player": "Ann", "hand": {"toto": 4}}, version=2))
    entry = {"player": "Bea", "hand": {"lion": 2}, "stories": [{"type": "each", "character": "lion", "points": 1}]}
    assert check_entry(RULES, setup, table, "hand", entry)["stories"] == entry["stories"]
    bad = entry | {"hand": {"lion": 7}, "stories": [{"type": "pair", "characters": ["lion"], "points": 1}]}
    with pytest.raises(RuleError) as caught:
        check_entry(RULES, setup, table, "hand", bad)
    assert [p.loc for p in caught.value.problems] == ["hand.lion", "stories[0].characters"]
    with pytest.raises(RuleError) as caught:
        check_entry(RULES, setup, table, "hand", {"player": "Bea", "hand": {"toto": 3}})
    assert [(p.loc, p.msg) for p in caught.value.problems] == [
        ("hand", "At most 6 Toto cards exist with 2 players; the hands hold 7 together.")
    ]


def test_the_form_makes_the_canonical_entry_and_shows_it_again():
    posted = {"player": "Philippe", "dorothy": "4", "lion": "4", "scarecrow": "2", "toto": "3", "oz": "3"}
    posted |= {"glinda": "1", "witch": "1", "s1_type": "pair", "s1_with_dorothy": "dorothy", "s1_with_lion": "lion"}
    posted |= {"s1_points": "2", "s1_max": "9", "s2_type": "majority", "s2_character": "lion", "s2_points": "5"}
    posted |= {"s3_type": "at_most", "s3_character": "scarecrow", "s3_max": "1", "s3_points": "4"}
    posted |= {"s4_type": "plus_minus"}  # blank: the example card
    assert HandForm.model_validate(posted).to_payload() == PHILIPPE
    values = HandForm.values_of(PHILIPPE)
    assert values["s1_characters"] == "dorothy lion" and values["s4_minus"] == "glinda witch"
    assert "s1_max" not in values and "s2_characters" not in values
    assert HandForm.model_validate(values).to_payload() == PHILIPPE


def test_a_story_after_an_empty_slot_moves_up_to_the_slot_its_problems_land_on():
    posted = {"player": "Ann", "lion": "2", "s1_type": "", "s1_points": "9", "s3_type": "twins", "s3_points": "x"}
    with pytest.raises(ValidationError) as caught:
        HandForm.model_validate(posted)
    assert [p.loc for p in validation_problems(caught.value)] == ["s1_points"]
    posted["s3_points"] = "4"
    assert HandForm.model_validate(posted).to_payload()["stories"] == [
        {"type": "twins", "character": "toto", "points": 4}
    ]


@pytest.mark.parametrize(
    ("loc", "field"),
    [
        ("player", "player"),
        ("hand.lion", "lion"),
        ("hand", "form"),
        ("stories", "form"),
        ("stories[0]", "s1_type"),
        ("stories[1].characters", "s2_characters"),
        ("stories[1].characters[2]", "s2_characters"),
        ("stories[3].minus", "s4_minus"),
        ("stories[2].points", "s3_points"),
        ("stories[2].points[1]", "s3_points2"),
        ("stories[2].points[2]", "s3_points3"),
        ("stories[4].type", "form"),
        ("stories[0].slot", "form"),
    ],
)
def test_a_problem_in_the_payload_lands_on_its_form_field(loc, field):
    assert HandForm.field_of(loc) == field
