"""A step on a table API entry: a step already recorded is a 409 naming the entry that recorded it, never a second
recording, whether or not the two entries' cards clash; a retried entry id answers as before; a step the entry does
not record is a 422. On SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest

from .calls import send_entry

pytestmark = pytest.mark.either_database

REVIEW = {"success": {"target": "highest", "reputation": 1}, "failure": {"target": "lowest", "reputation": -1}}


@pytest.fixture
def table(client):
    created = client.post("/api/v1/tables", json={"game": "loaf", "players": ["Ann", "Ben"]})
    assert created.status_code == 201
    return created.get_json()["edit"].rsplit("/", 1)[1]


def round_entry(entry_id, plays, base=0, **extra):
    payload = {"order": {"average": 5}, "plays": plays, "review": REVIEW}
    return {"kind": "round", "payload": payload, "entry_id": entry_id, "base_version": base, **extra}


def read(client, table):
    return client.get(f"/api/v1/tables/{table}").get_json()


def test_the_same_round_sent_twice_with_its_step_lands_once_and_the_second_is_told_who_recorded_it(client, table):
    first = send_entry(client, table, round_entry("ann-phone", {"Ann": 6, "Ben": 4}, step="round:1", author="Ann"))
    assert first.status_code == 201
    # Other cards than the first round's: without the step, only the version stood between them and a second round.
    late = send_entry(client, table, round_entry("ben-phone", {"Ann": 2, "Ben": 7}, step="round:1", author="Ben"))
    assert late.status_code == 409
    body = late.get_json()
    [problem] = body["errors"]
    assert problem["loc"] == "step"
    assert problem["msg"].startswith("Round 1 was already recorded by Ann: Round: order 5 per player; Ann 6, Ben 4")
    assert "target 1" in problem["msg"]
    assert body["version"] == 1
    assert [e["entry_id"] for e in body["since"]] == ["ann-phone"]
    recorded = body["recorded"]
    assert (recorded["seq"], recorded["kind"], recorded["author"]) == (1, "round", "Ann")
    assert recorded["payload"]["plays"] == {"Ann": 6, "Ben": 4}
    assert recorded["step"] == {"key": "round:1", "label": "Round 1"}
    after = read(client, table)
    assert after["version"] == 1 and [e["entry_id"] for e in after["entries"]] == ["ann-phone"]


def test_a_step_already_recorded_is_a_conflict_even_when_sent_against_the_latest_version(client, table):
    send_entry(client, table, round_entry("first", {"Ann": 6, "Ben": 4}, step="round:1"))
    late = send_entry(client, table, round_entry("again", {"Ann": 2, "Ben": 7}, base=1, step="round:1"))
    assert late.status_code == 409
    assert late.get_json()["since"] == []
    assert read(client, table)["version"] == 1


def test_the_recorded_step_wins_over_the_late_entry_s_own_problems(client, table):
    send_entry(client, table, round_entry("first", {"Ann": 6, "Ben": 4}, step="round:1"))
    # The late phone's cards were played in the recorded round: still the conflict, not a card no longer held.
    late = send_entry(client, table, round_entry("late", {"Ann": 6, "Ben": 4}, step="round:1"))
    assert late.status_code == 409
    assert [e["loc"] for e in late.get_json()["errors"]] == ["step"]


def test_a_retried_entry_id_answers_as_its_first_landing_not_as_a_conflict(client, table):
    body = round_entry("once", {"Ann": 6, "Ben": 4}, step="round:1")
    first = send_entry(client, table, body)
    again = send_entry(client, table, body)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert read(client, table)["version"] == 1


def test_the_next_round_s_step_lands(client, table):
    send_entry(client, table, round_entry("r1", {"Ann": 6, "Ben": 4}, step="round:1"))
    second = send_entry(client, table, round_entry("r2", {"Ann": 2, "Ben": 7}, base=1, step="round:2"))
    assert second.status_code == 201, second.get_json()
    assert second.get_json()["version"] == 2


def test_an_undone_round_s_step_is_open_again(client, table):
    send_entry(client, table, round_entry("r1", {"Ann": 6, "Ben": 4}, step="round:1"))
    undo = {"kind": "undo", "payload": {"target": 1}, "entry_id": "u1", "base_version": 1}
    assert send_entry(client, table, undo).status_code == 201
    again = send_entry(client, table, round_entry("r1b", {"Ann": 2, "Ben": 7}, base=2, step="round:1"))
    assert again.status_code == 201, again.get_json()


@pytest.mark.parametrize("step", ["turn:1", "round:7", "banana", ""])
def test_a_step_the_entry_does_not_record_is_a_422_showing_what_steps_look_like(client, table, step):
    response = send_entry(client, table, round_entry("odd", {"Ann": 6, "Ben": 4}, step=step))
    assert response.status_code == 422
    [problem] = response.get_json()["errors"]
    assert problem["loc"] == "step"
    assert "`round:1`" in problem["msg"]
    assert read(client, table)["version"] == 0


def test_a_step_made_from_a_table_that_moved_on_is_answered_as_stale(client, table):
    send_entry(client, table, round_entry("r1", {"Ann": 6, "Ben": 4}, step="round:1"))
    response = send_entry(client, table, round_entry("odd", {"Ann": 2, "Ben": 7}, base=0, step="round:3"))
    assert response.status_code == 409
    body = response.get_json()
    assert [e["loc"] for e in body["errors"]] == ["base_version"] and "recorded" not in body
    assert read(client, table)["version"] == 1


def test_an_undo_with_a_step_is_a_422(client, table):
    send_entry(client, table, round_entry("r1", {"Ann": 6, "Ben": 4}, step="round:1"))
    undo = {"kind": "undo", "payload": {"target": 1}, "entry_id": "u1", "base_version": 1, "step": "round:1"}
    response = send_entry(client, table, undo)
    assert response.status_code == 422
    assert [e["loc"] for e in response.get_json()["errors"]] == ["step"]
    assert read(client, table)["version"] == 1


def test_a_step_over_80_characters_is_a_422(client, table):
    response = send_entry(client, table, round_entry("long", {"Ann": 6, "Ben": 4}, step="round:" + "1" * 80))
    assert response.status_code == 422
    assert [e["loc"] for e in response.get_json()["errors"]] == ["step"]


def test_a_next_station_line_is_a_step_of_its_player_and_round(client):
    created = client.post("/api/v1/tables", json={"game": "next-station-paris", "players": ["Ann", "Ben"]})
    table = created.get_json()["edit"].rsplit("/", 1)[1]
    line = {"player": "Ann", "round": 1, "line": {"color": "blue", "districts": 3, "max_stations_in_district": 2}}
    body = {"kind": "line", "payload": line, "entry_id": "l1", "base_version": 0}
    assert send_entry(client, table, body | {"step": "line:Ann:1"}).status_code == 201
    late = send_entry(client, table, body | {"entry_id": "l2", "step": "line:Ann:1"})
    assert late.status_code == 409
    assert "Ann's round 1 line was already recorded" in late.get_json()["errors"][0]["msg"]
    ben = body | {"payload": line | {"player": "Ben"}, "base_version": 1}
    odd = send_entry(client, table, ben | {"entry_id": "l3", "step": "line:Ann:2"})
    assert odd.status_code == 422
    assert "`line:Ben:1`" in odd.get_json()["errors"][0]["msg"]
    # Ben's line is another step: made against the version Ann's phone also saw, it still lands (another part).
    bens = send_entry(client, table, ben | {"entry_id": "l4", "base_version": 0, "step": "line:Ben:1"})
    assert bens.status_code == 201


def test_without_a_step_the_same_round_twice_is_told_apart_by_the_version_only(client, table):
    assert send_entry(client, table, round_entry("a", {"Ann": 6, "Ben": 4})).status_code == 201
    late = send_entry(client, table, round_entry("b", {"Ann": 2, "Ben": 7}))
    assert late.status_code == 409
    assert [e["loc"] for e in late.get_json()["errors"]] == ["base_version"]
    assert "recorded" not in late.get_json()


def test_a_part_of_a_round_records_no_step_and_says_so(client, table):
    card = {"kind": "card", "payload": {"round": 1, "player": "Ann", "card": 6}, "entry_id": "c1", "base_version": 0}
    response = send_entry(client, table, card | {"step": "round:1"})
    assert response.status_code == 422
    [problem] = response.get_json()["errors"]
    assert problem["loc"] == "step" and "send it without `step`" in problem["msg"]
    assert send_entry(client, table, card).status_code == 201
