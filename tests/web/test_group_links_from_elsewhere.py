"""Links from elsewhere change nothing: a group's link opened from another site (or with no Sec-Fetch-Site) shows
the group with "Join this group", and only that POST makes it the phone's group; opened by the person (typed, a
bookmark, a chat app: `none`) or from the app itself (`same-origin`), it keeps its one-tap welcome."""

from __future__ import annotations

import pytest

from companion import groups

from .pages import start

ELSEWHERE = [{"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}, {}]
ON_PURPOSE = [{"Sec-Fetch-Site": "none"}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "None"}]
JOIN_BUTTON = '<button type="submit" name="join" value="1">Join this group</button>'


def store(app):
    return app.extensions["store"]


def group_of(app, table: str) -> groups.GroupRow:
    return groups.by_id(store(app), store(app).by_token(table.rsplit("/", 1)[1]).group_id)


def groups_of(app, client) -> list[int]:
    with client.session_transaction() as session:
        token = session.get("phone", "")
    found = groups.phone_id(store(app), token) if token else None
    return [one.id for one in groups.groups_of(store(app), found)] if found else []


def next_group(app, client) -> int:
    """The group the phone's next table goes into."""
    return group_of(app, start(client, "Zed", "Yan")).id


@pytest.mark.parametrize("fetched", ELSEWHERE, ids=["cross-site", "same-site", "no-header"])
def test_a_group_link_from_elsewhere_shows_the_group_and_changes_nothing_until_join_is_tapped(app, fetched):
    attacker, victim = app.test_client(), app.test_client()
    theirs = group_of(app, start(attacker, "Mal", "Eve"))
    mine = group_of(app, start(victim, "Ann", "Ben"))
    shown = victim.get(f"/g/{theirs.token}", headers=fetched)
    html = shown.get_data(as_text=True)
    assert shown.status_code == 200 and "Mal and Eve" in html
    assert JOIN_BUTTON in html and 'name="csrf_token"' in html.split(JOIN_BUTTON)[0].rsplit("<form", 1)[1]
    assert "A group of friends" in html and "Name and settings" not in html
    assert groups_of(app, victim) == [mine.id]
    assert next_group(app, victim) == mine.id
    home = victim.get("/").get_data(as_text=True)
    assert "Mal and Eve" not in home

    joined = victim.post(f"/g/{theirs.token}", data={"join": "1"})
    assert joined.status_code == 303 and joined.headers["Location"] == f"/g/{theirs.token}"
    assert theirs.id in groups_of(app, victim)
    assert next_group(app, victim) == theirs.id
    again = victim.get(f"/g/{theirs.token}", headers=fetched).get_data(as_text=True)
    assert JOIN_BUTTON not in again and "Your group" in again


@pytest.mark.parametrize("fetched", ON_PURPOSE, ids=["none", "same-origin", "none-capitalised"])
def test_a_group_link_opened_on_purpose_welcomes_the_phone_at_once(app, fetched):
    ann, cy = app.test_client(), app.test_client()
    group = group_of(app, start(ann, "Ann", "Ben"))
    start(cy, "Cy", "Dee")
    html = cy.get(f"/g/{group.token}", headers=fetched).get_data(as_text=True)
    assert JOIN_BUTTON not in html and "Your group" in html and "Name and settings" in html
    assert group.id in groups_of(app, cy)
    assert next_group(app, cy) == group.id


def test_a_member_sent_to_another_of_its_groups_from_elsewhere_is_not_switched(app, client):
    first = group_of(app, start(client, "Ann", "Ben"))
    second = groups.by_token(store(app), client.post("/groups/new", data={"name": "Later"}).headers["Location"][3:])
    html = client.get(f"/g/{first.token}", headers={"Sec-Fetch-Site": "cross-site"}).get_data(as_text=True)
    assert "One of your groups" in html and "Start new tables here" in html
    assert next_group(app, client) == second.id
    client.post(f"/g/{first.token}", data={"join": "1"})
    assert next_group(app, client) == first.id


def test_a_stranger_sent_from_elsewhere_gets_no_phone_made(app):
    group = group_of(app, start(app.test_client(), "Ann", "Ben"))
    stranger = app.test_client()
    assert stranger.get(f"/g/{group.token}", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200
    with stranger.session_transaction() as session:
        assert "phone" not in session and "group" not in session


def test_joining_a_group_by_its_button_is_a_404_for_a_wrong_link(app, client):
    start(client, "Ann", "Ben")
    assert client.post("/g/not-a-group-at-all", data={"join": "1"}).status_code == 404
