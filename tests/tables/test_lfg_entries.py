"""LFG's table entries: the canonical payloads a JSON client sends, the upgrade of every stored version-1 payload
(the corpus of tables played through the old forms), and the forms that make, show and locate canonical payloads."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from pydantic import ValidationError

from companion.games import RuleError
from companion.games.lfg.entries import HeroEntryIn, PartyEntryIn, PartyHeroIn, RemoveHeroEntryIn
from companion.games.lfg.schemas import HeroForm, PartyForm, RemoveHeroForm
from companion.games.lfg.table import ENTRIES, RULES, describe
from companion.schemas import result_json
from companion.storage.store import EntryRow
from companion.tables.replay import check_entry, replay

CORPUS = sorted((Path(__file__).parents[1] / "fixtures" / "corpus" / "v1").glob("lfg-*.json"))


def table(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def rows(entries: list[dict], version: int | None = None) -> list[EntryRow]:
    """Corpus entries as stored rows (all under `version` when given)."""
    return [
        EntryRow(
            e["seq"],
            e["entry_id"],
            e["kind"],
            e["payload"],
            e["author"],
            datetime.fromisoformat(e["at"]),
            version or e["version"],
        )
        for e in entries
    ]


def v1(name: str, seq: int) -> dict:
    """The stored version-1 payload of entry `seq` of corpus table `name`."""
    return next(e for e in table(CORPUS[0].with_name(f"lfg-{name}.json"))["entries"] if e["seq"] == seq)["payload"]


def upgraded(kind: str, payload: dict) -> dict:
    return ENTRIES[kind].upgrade(1, payload)


# --- Version 1 upgraded --------------------------------------------------------------------------------------------


def test_a_v1_hero_becomes_the_card_as_the_calculator_takes_a_hero():
    assert upgraded("hero", v1("renown", 1)) == {
        "hero": "Bard",
        "roles": ["defence", "support", "damage"],
        "renown": 3,
        "hurt_renown": 1,
        "traits": ["scoundrel"],
        "copies": 2,
        "was": None,
    }


def test_a_v1_hero_change_keeps_the_name_it_had_and_may_have_no_trait():
    assert upgraded("hero", v1("renown", 13)) == {
        "hero": "Warden",
        "roles": ["defence", "support"],
        "renown": 3,
        "hurt_renown": 1,
        "traits": [],
        "copies": 1,
        "was": "Ranger",
    }


def test_a_v1_removal_names_the_hero():
    assert upgraded("remove_hero", v1("renown", 14)) == {"hero": "Berserker"}


def test_a_v1_party_lists_each_copy_with_its_first_copies_hurt():
    assert upgraded("party", v1("renown", 11)) == {
        "player": "Ben",
        "party": [
            {"hero": "Paladin", "hurt": False},
            {"hero": "Élodie", "hurt": False},
            {"hero": "Bard", "hurt": True},
            {"hero": "Bard", "hurt": False},
        ],
    }
    assert upgraded("party", v1("copied", 4))["party"] == [
        {"hero": "Knight", "hurt": True},
        {"hero": "Knight", "hurt": True},
        {"hero": "Necromancer", "hurt": False},
    ]
    assert upgraded("party", v1("nobody", 7)) == {"player": "Lu", "party": []}


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_every_v1_entry_upgrades_to_a_payload_its_schema_keeps_as_it_is(path):
    for entry in table(path)["entries"]:
        payload = entry["payload"]
        if entry["kind"] == "correct":
            entry, payload = entry["payload"], entry["payload"]["payload"]
        if entry["kind"] in ENTRIES:
            new = upgraded(entry["kind"], payload)
            assert ENTRIES[entry["kind"]].canonical(new) == new


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_every_v1_table_replays_to_its_committed_result(path):
    corpus = table(path)
    replayed = replay(RULES, corpus["setup"], rows(corpus["entries"]))
    assert replayed.broken is None
    assert RULES.finished(replayed.state) == corpus["expected"]["finished"]
    assert json.loads(json.dumps(result_json(RULES.result(replayed.state)))) == corpus["expected"]["result"]


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_the_same_tables_stored_as_v2_replay_to_the_same_result(path):
    corpus = table(path)
    entries = []
    for e in corpus["entries"]:
        if e["kind"] in ENTRIES:
            e = {**e, "payload": upgraded(e["kind"], e["payload"])}
        elif e["kind"] == "correct":
            fixed = upgraded(e["payload"]["kind"], e["payload"]["payload"])
            e = {**e, "payload": {**e["payload"], "payload": fixed}}
        entries.append(e)
    replayed = replay(RULES, corpus["setup"], rows(entries, version=2))
    assert replayed.broken is None
    assert json.loads(json.dumps(result_json(RULES.result(replayed.state)))) == corpus["expected"]["result"]


@pytest.mark.parametrize(
    "picks",
    [
        [{"hero": "Bard", "copies": 1, "hurt": 2}],
        [{"hero": "Bard", "copies": 1, "hurt": 0}, {"hero": "bard", "copies": 1, "hurt": 0}],
    ],
)
def test_a_v1_party_that_version_1_refused_cannot_be_read(picks):
    corpus = table(CORPUS[0].with_name("lfg-renown.json"))
    heroes = [e for e in corpus["entries"] if e["kind"] == "hero"][:9]
    stored = rows([*heroes, row(10, "party", {"player": "Ann", "heroes": picks}, version=1)])
    broken = replay(RULES, corpus["setup"], stored).broken
    assert broken is not None and broken.seq == 10 and "cannot be read" in broken.message


# --- The canonical schemas -----------------------------------------------------------------------------------------

HERO = {"hero": "Bard", "roles": ["defence", "damage"], "renown": 3, "hurt_renown": 1}
PARTY = {"player": "Ann", "party": [{"hero": "Bard", "hurt": True}, {"hero": "Bard"}]}


def test_defaults_fill_in_what_a_client_may_leave_out():
    assert HeroEntryIn.model_validate(HERO).model_dump() == {**HERO, "traits": [], "copies": 1, "was": None}
    assert ENTRIES["party"].canonical(PARTY)["party"][1] == {"hero": "Bard", "hurt": False}


@pytest.mark.parametrize(
    ("schema", "payload", "loc"),
    [
        (HeroEntryIn, {**HERO, "name": "Bard"}, "name"),
        (HeroEntryIn, {**HERO, "hurt": False}, "hurt"),
        (HeroEntryIn, {**HERO, "renown": "3"}, "renown"),
        (HeroEntryIn, {**HERO, "renown": 2.5}, "renown"),
        (HeroEntryIn, {**HERO, "copies": True}, "copies"),
        (HeroEntryIn, {**HERO, "copies": 3}, "copies"),
        (HeroEntryIn, {**HERO, "roles": "defence"}, "roles"),
        (HeroEntryIn, {**HERO, "roles": ["healer"]}, "roles.0"),
        (HeroEntryIn, {**HERO, "traits": ["sneaky"]}, "traits.0"),
        (HeroEntryIn, {**HERO, "was": ""}, "was"),
        (HeroEntryIn, {**HERO, "defence": True}, "defence"),
        (RemoveHeroEntryIn, {"name": "Bard"}, "name"),
        (RemoveHeroEntryIn, {"hero": 7}, "hero"),
        (PartyEntryIn, {**PARTY, "heroes": []}, "heroes"),
        (PartyEntryIn, {"player": "Ann"}, "party"),
        (PartyEntryIn, {"player": "Ann", "party": {"hero": "Bard"}}, "party"),
        (PartyEntryIn, {"player": "Ann", "party": [{"hero": "Bard", "copies": 2}]}, "party.0.copies"),
        (PartyEntryIn, {"player": "Ann", "party": [{"hero": "Bard", "hurt": 1}]}, "party.0.hurt"),
        (PartyEntryIn, {"player": "Ann", "party": [{"hero": "Bard", "roles": ["damage"]}]}, "party.0.roles"),
        (PartyEntryIn, {"player": "Ann", "party": [{"hero": "Bard"}] * 47}, "party"),
        (PartyHeroIn, {"hero": "  "}, "hero"),
    ],
)
def test_the_schemas_refuse_unknown_fields_and_wrong_types(schema, payload, loc):
    with pytest.raises(ValidationError) as exc:
        schema.model_validate(payload)
    assert loc in {".".join(map(str, e["loc"])) for e in exc.value.errors()}


def test_a_client_lists_both_copies_of_a_hero_and_a_third_is_refused_where_the_hero_first_appears():
    setup = {"players": ["Ann", "Ben"]}
    hero = {**HERO, "roles": ["defence", "support", "damage"], "copies": 2}
    replayed = replay(RULES, setup, rows([row(1, "hero", hero, version=2)]))
    assert check_entry(RULES, setup, replayed, "party", PARTY)["party"] == [
        {"hero": "Bard", "hurt": True},
        {"hero": "Bard", "hurt": False},
    ]
    three = {"player": "Ann", "party": [{"hero": "Cleric"}, *PARTY["party"], {"hero": "bard"}]}
    with pytest.raises(RuleError) as exc:
        check_entry(RULES, setup, replayed, "party", three)
    assert [(p.loc, p.msg) for p in exc.value.problems] == [
        ("party[0].hero", "Cleric is not among the heroes: add the card first"),
        ("party[1]", "the deck holds 2 copies of Bard"),
    ]


def row(seq: int, kind: str, payload: dict, version: int) -> dict:
    return {
        "seq": seq,
        "entry_id": f"e{seq}",
        "kind": kind,
        "payload": payload,
        "author": "Ann",
        "at": "2026-01-01T00:00:00+00:00",
        "version": version,
    }


def test_describe_reads_canonical_payloads():
    assert describe("hero", {**HERO, "traits": [], "copies": 2, "was": "Bart"}) == (
        "Changed Bart into Bard: defence, damage · renown 3, hurt 1 · 2 copies"
    )
    assert describe("remove_hero", {"hero": "Bard"}) == "Removed Bard from the heroes"
    party = {
        "player": "Ann",
        "party": [{"hero": "Bard", "hurt": False}, {"hero": "Knight", "hurt": False}, {"hero": "Bard", "hurt": True}],
    }
    assert describe("party", party) == "Ann's party: Bard ×2 (1 hurt), Knight"


# --- The forms ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "form"), [("hero", HeroForm), ("remove_hero", RemoveHeroForm), ("party", PartyForm)])
def test_a_stored_entry_shown_in_its_form_and_saved_again_is_the_same_payload(kind, form):
    for path in CORPUS:
        for entry in table(path)["entries"]:
            if entry["kind"] == kind:
                payload = upgraded(kind, entry["payload"])
                assert form.model_validate(form.values_of(payload)).to_payload() == payload


def test_the_forms_post_what_they_always_posted():
    ticks = {"player": "Ann", "take.1.Bard": "on", "take.2.Bard": "on", "hurt.1.Bard": "on", "take.1.Knight": "on"}
    party = PartyForm.model_validate(ticks).to_payload()
    assert party == {
        "player": "Ann",
        "party": [{"hero": "Bard", "hurt": True}, {"hero": "Bard", "hurt": False}, {"hero": "Knight", "hurt": False}],
    }
    assert PartyForm.values_of(party) == ticks
    fields = {"name": " Bard ", "defence": "on", "scoundrel": "on", "renown": "3", "hurt_renown": "1", "was": " "}
    assert HeroForm.model_validate(fields).to_payload() == {
        "hero": "Bard",
        "roles": ["defence"],
        "renown": 3,
        "hurt_renown": 1,
        "traits": ["scoundrel"],
        "copies": 1,
        "was": None,
    }
    assert RemoveHeroForm.model_validate({"name": "Bard"}).to_payload() == {"hero": "Bard"}


@pytest.mark.parametrize(
    ("form", "loc", "field"),
    [
        (HeroForm, "hero", "name"),
        (HeroForm, "roles[1]", "roles[1]"),
        (HeroForm, "copies", "copies"),
        (HeroForm, "was", "was"),
        (RemoveHeroForm, "hero", "name"),
        (PartyForm, "party[2].hero", "party[2].hero"),
    ],
)
def test_problems_land_on_the_form_field_they_belong_to(form, loc, field):
    assert form.field_of(loc) == field
