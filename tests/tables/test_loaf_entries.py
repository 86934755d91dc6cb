"""L'oaf's round entry: version-1 payloads (the round form's fields, as the corpus stored them) upgrade to the
canonical round, the same object as one of POST /api/v1/loaf/game's rounds, and replay to the results they had."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from companion.games import RuleError
from companion.games.loaf.form import RoundForm
from companion.games.loaf.table import ENTRIES, replay
from companion.schemas import result_json
from companion.specs import table_rules
from companion.storage.entries import UnreadableEntry
from companion.storage.log import Standing
from companion.storage.rows import EntryRow
from companion.tables.replay import check_entry
from companion.tables.replay import replay as replay_log

CORPUS = Path(__file__).parents[1] / "fixtures" / "corpus" / "v1"
ROUND = ENTRIES["round"]
RULES = table_rules()["loaf"]
T0 = datetime(2024, 5, 1, 20, 0, tzinfo=UTC)


def corpus(name: str) -> dict[str, Any]:
    return json.loads((CORPUS / f"loaf-{name}.json").read_text(encoding="utf-8"))


def stored(name: str, seq: int) -> dict[str, Any]:
    """The version-1 payload of entry `seq` of a corpus table."""
    entry = next(e for e in corpus(name)["entries"] if e["seq"] == seq)
    assert entry["version"] == 1 and entry["kind"] == "round"
    return entry["payload"]


def rows(entries: list[dict[str, Any]]) -> list[EntryRow]:
    return [
        EntryRow(e["seq"], e["entry_id"], e["kind"], e["payload"], e["author"], datetime.fromisoformat(e["at"]))
        for e in entries
    ]


def standing(*payloads: dict[str, Any]) -> list[Standing]:
    return [Standing(i + 1, "round", p, "Ann", T0, version=2) for i, p in enumerate(payloads)]


def canonical(average, plays, success, failure, total=None, choices=None):
    order = {"average": average} | ({"total": total} if total is not None else {})
    out = {"order": order, "plays": plays, "review": {"success": success, "failure": failure}}
    return out | ({"choices": choices} if choices else {})


UP, DOWN = {"target": "highest", "reputation": 1}, {"target": "lowest", "reputation": -1}

# (corpus table, seq) -> the canonical round its version-1 payload means.
UPGRADES = {
    ("happy-basic", 5): canonical(
        4,
        {"Jason": 2, "Steve": 6, "Zach": 2},
        {"target": "highest", "reputation": 2},
        {"target": "bad", "reputation": -1},
        total=10,
    ),
    ("angry-fired", 2): canonical(
        4,
        {"Pia": 4, "Quinn": 6, "Rosa": 6, "Sven": 3},
        {"target": "bad", "reputation": 2},
        {"target": "good", "reputation": -1},
    ),
    ("advanced-angry", 1): canonical(
        3,
        {"Dan": 5, "Eve": 3, "Fox": 2, "Gil": 4},
        {"target": "all", "discard": 2},
        {"target": "bad", "reputation": -1},
        choices={n: {"discard": c} for n, c in (("Dan", [0, 1]), ("Eve", [0, 11]), ("Fox", [10, 11]), ("Gil", [0, 1]))},
    ),
    ("advanced-angry", 2): canonical(
        7,
        {"Dan": 9, "Eve": 6, "Fox": 5, "Gil": 7},
        {"target": "lowest", "reputation": 1},
        {"target": "highest", "take_back_higher": 1},
        choices={"Dan": {"take_back": 10}},
    ),
    ("advanced-angry", 3): canonical(
        4, {"Dan": 4, "Eve": 5, "Fox": 6, "Gil": 3}, {"empty_double": True}, {"double_failure": True}
    ),
    ("advanced-happy", 3): canonical(
        4,
        {"Ann": 7, "Bob": 4, "Cat": 3},
        {"target": "good", "bonus_points": 3},
        {"target": "lowest", "minus_points": 1},
    ),
    ("unfinished", 1): canonical(
        4,
        {"Hal": 6, "Ivy": 4, "Jo": 3},
        {"target": "all", "retrieve_lowest": True},
        {"target": "lowest", "reputation": -1},
    ),
}


@pytest.mark.parametrize(("table", "seq"), list(UPGRADES), ids=[f"{t}#{s}" for t, s in UPGRADES])
def test_a_version_1_round_upgrades_to_the_round_it_meant(table, seq):
    payload = stored(table, seq)
    upgraded = ROUND.upgrade(1, payload)
    assert upgraded == UPGRADES[table, seq]
    assert ROUND.canonical(upgraded) == upgraded  # already canonical: stored as is, read back the same


def test_a_version_1_quick_pick_reads_as_its_two_effects():
    payload = stored("happy-basic", 1)
    assert payload["review"] == "highest+1/lowest-1"
    assert ROUND.upgrade(1, payload)["review"] == {"success": UP, "failure": DOWN}


@pytest.mark.parametrize("path", sorted(CORPUS.glob("loaf-*.json")), ids=lambda p: p.stem)
def test_every_stored_loaf_table_replays_to_the_result_it_had(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    replayed = replay_log(RULES, data["setup"], rows(data["entries"]))
    assert replayed.broken is None
    assert RULES.finished(replayed.state) == data["expected"]["finished"]
    result = json.loads(json.dumps(result_json(RULES.result(replayed.state)), default=list))
    assert result == data["expected"]["result"]
    # The upgraded rounds, stored again as version 2, give the same game.
    again = [Standing(s.seq, s.kind, ROUND.canonical(s.payload), s.author, s.at, version=2) for s in replayed.active]
    assert replay(data["setup"], again).game == replayed.state.game


def test_what_version_1_ignored_stays_ignored():
    v1 = {"average": 5, "plays": {"Ann": 7, "Bob": 4}, "review": "other", "total": ""}
    v1 |= {"success_effect": "double_bonus", "success_target": "highest", "success_amount": 3}
    v1 |= {"failure_effect": "retrieve_lowest", "failure_target": "bad", "failure_amount": 2}
    v1 |= {"choices": {"Ann": "4", "Bob": "x"}}  # no effect of this card asks for a pick
    assert ROUND.upgrade(1, v1) == canonical(
        5, {"Ann": 7, "Bob": 4}, {"double_bonus": True}, {"target": "bad", "retrieve_lowest": True}
    )
    quick = {"average": 5, "plays": {}, "review": "good+1/bad-1", "success_effect": "discard"}
    assert ROUND.upgrade(1, quick)["review"] == {
        "success": {"target": "good", "reputation": 1},
        "failure": {"target": "bad", "reputation": -1},
    }


def test_a_one_card_pick_under_a_discard_and_a_take_back_card_is_kept_as_both_and_read_by_the_outcome():
    sides = {"success_effect": "discard", "success_target": "highest", "success_amount": 1}
    sides |= {"failure_effect": "take_back_lower", "failure_target": "lowest", "failure_amount": 2}
    success = {"average": 5, "plays": {"Ann": 7, "Bob": 4}, "review": "other", **sides, "choices": {"Ann": "3"}}
    upgraded = ROUND.upgrade(1, success)
    assert upgraded["choices"] == {"Ann": {"discard": [3], "take_back": 3}}
    setup = {"players": ["Ann", "Bob"], "options": {"advanced": True}}
    ann = replay(setup, standing(upgraded)).game.player("Ann")
    assert 3 in ann.discards and 7 in ann.discards  # success (11 of 10): Ann, highest, discards the 3
    failure = success | {"average": 6, "plays": {"Ann": 6, "Bob": 4}, "choices": {"Bob": "2"}}
    bob = replay(setup, standing(ROUND.upgrade(1, failure))).game.player("Bob")
    assert 4 in bob.hand and 2 in bob.discards  # failure (10 of 12): Bob, lowest, takes the 4 back, discards the 2


def test_a_version_1_round_without_its_review_card_cannot_be_read_and_stops_the_replay_there():
    with pytest.raises(UnreadableEntry, match="pick this round's review card"):
        ROUND.upgrade(1, {"average": 5, "plays": {"Ann": 7, "Bob": 4}})
    good = {"average": 5, "plays": {"Ann": 7, "Bob": 4}, "review": "good+1/bad-1"}
    log = [EntryRow(1, "a", "round", good, "Ann", T0), EntryRow(2, "b", "round", {"average": 5}, "Bob", T0)]
    replayed = replay_log(RULES, {"players": ["Ann", "Bob"]}, log)
    assert replayed.broken is not None and replayed.broken.seq == 2
    assert len(replayed.state.played) == 1


API_ROUND = {
    "order": {"average": 5},
    "plays": {"Zach": 6, "Steve": 4, "Jason": 7},
    "review": {"success": {"target": "highest", "reputation": 1}, "failure": {"target": "bad", "reputation": -2}},
}


def test_the_calculators_round_is_a_table_entry_with_the_same_outcome(client):
    players = ["Zach", "Steve", "Jason"]
    answer = client.post("/api/v1/loaf/game", json={"players": players, "rounds": [API_ROUND]}).get_json()
    setup = {"players": players}
    payload = check_entry(RULES, setup, replay_log(RULES, setup, []), "round", API_ROUND)
    assert payload == API_ROUND
    game = replay(setup, standing(payload)).game
    assert {p["name"]: (p["reputation"], p["hand"]) for p in answer["players"]} == {
        p.name: (p.reputation, list(p.hand)) for p in game.players
    }


@pytest.mark.parametrize(
    ("change", "loc"),
    [
        ({"note": "hi"}, "note"),
        ({"order": {"average": 5, "printed": 10}}, "order.printed"),
        ({"order": {"average": "5"}}, "order.average"),
        ({"order": {"average": 5.5}}, "order.average"),
        ({"plays": {"Zach": True}}, "plays.Zach"),
        ({"plays": {"Zach": "6"}}, "plays.Zach"),
        ({"review": {"success": {"target": "highest", "reputation": 1, "x": 1}, "failure": DOWN}}, "review.success.x"),
        ({"review": {"success": {"target": "top", "reputation": 1}, "failure": DOWN}}, "review.success.target"),
        ({"review": {"success": UP}}, "review.failure"),
        ({"choices": {"Zach": {"discard": "3"}}}, "choices.Zach.discard"),
        ({"choices": {"Zach": {"keep": [3]}}}, "choices.Zach.keep"),
    ],
)
def test_the_canonical_round_refuses_unknown_fields_and_wrong_types(change, loc):
    with pytest.raises(ValidationError) as caught:
        ROUND.validate(API_ROUND | change)
    assert loc in {".".join(map(str, e["loc"])) for e in caught.value.errors()}


def test_a_basic_table_refuses_an_advanced_effect_sent_as_a_canonical_round():
    setup = {"players": ["Zach", "Steve", "Jason"]}
    advanced = API_ROUND | {"review": {"success": {"target": "all", "discard": 1}, "failure": DOWN}}
    with pytest.raises(RuleError) as caught:
        check_entry(RULES, setup, replay_log(RULES, setup, []), "round", advanced)
    assert {p.loc for p in caught.value.problems} == {"review.success", "review.success.target"}
    assert all("basic review cards only" in p.msg for p in caught.value.problems)


def test_a_pick_for_a_player_the_effect_does_not_ask_is_ignored():
    setup = {"players": ["Zach", "Steve", "Jason"]}
    stale = API_ROUND | {"choices": {"Steve": {"discard": [0]}}}
    payload = check_entry(RULES, setup, replay_log(RULES, setup, []), "round", stale)
    assert replay(setup, standing(payload)).game.player("Steve").discards == (4,)


def test_the_round_form_makes_the_canonical_round_and_shows_it_again():
    fields = {"average": "5", "total": "", "card-Zach": "6", "card-Steve": "4", "card-Jason": "7", "review": "other"}
    fields |= {"success_effect": "up", "success_target": "highest", "success_amount": "1"}
    fields |= {"failure_effect": "down", "failure_target": "bad", "failure_amount": "2"}
    payload = RoundForm.model_validate(fields).to_payload()
    assert payload == API_ROUND
    assert RoundForm.values_of(payload) == {
        "average": 5,
        "card-Zach": 6,
        "card-Steve": 4,
        "card-Jason": 7,
        "review": "other",
        "success_effect": "up",
        "success_target": "highest",
        "success_amount": 1,
        "failure_effect": "down",
        "failure_target": "bad",
        "failure_amount": 2,
    }
    retired = API_ROUND | {"review": {"success": UP, "failure": DOWN}, "choices": {"Zach": {"discard": [0, 3]}}}
    assert RoundForm.values_of(retired)["review"] == "other"  # a retired quick pick is no longer offered
    assert RoundForm.values_of(retired)["choice-Zach"] == "0,3"
    real = {"success": {"target": "good", "reputation": 3}, "failure": {"target": "good", "reputation": -3}}
    assert RoundForm.values_of(API_ROUND | {"review": real})["review"] == "basic-good-3"


@pytest.mark.parametrize(
    ("loc", "field"),
    [
        ("order.average", "average"),
        ("order.total", "total"),
        ("plays.Dr. Who", "card-Dr. Who"),
        ("choices.Ann.discard", "choice-Ann"),
        ("choices.Ann.take_back", "choice-Ann"),
        ("choices.Ann.discard[1]", "choice-Ann"),
        ("review.success", "success_effect"),
        ("review.failure.target", "failure_target"),
        ("review.success.discard", "success_amount"),
        ("review.failure.reputation", "failure_amount"),
        ("review.failure.double_success", "failure_effect"),
        ("", "form"),
    ],
)
def test_a_problem_in_the_canonical_round_lands_on_its_form_field(loc, field):
    assert RoundForm.field_of(loc) == field


def test_an_incomplete_review_card_is_refused_beside_its_fields():
    fields = {"average": 5, "card-Ann": 7, "review": "other", "success_effect": "discard", "failure_effect": "up"}
    with pytest.raises(ValidationError) as caught:
        RoundForm.model_validate(fields)
    assert {(e["loc"][0], e["msg"]) for e in caught.value.errors()} == {
        ("success_target", "pick whom the effect hits"),
        ("success_amount", "how many? (the X on the card)"),
        ("failure_target", "pick whom the effect hits"),
        ("failure_amount", "how many? (the X on the card)"),
    }
