"""Groups stay whole: a phone that joins a table by its code (opened itself) is in the table's group and starts its
next table there; the home page shows the phone's group, starts a new one and switches; the new-table form says
which group the table goes into; a phone never holds two groups of one name without being told."""

from __future__ import annotations

import re

import pytest

from companion import groups

from .pages import start

OPENED = {"Sec-Fetch-Site": "none"}
FROM_THE_APP = {"Sec-Fetch-Site": "same-origin"}


def store(app):
    return app.extensions["store"]


def row_of(app, table: str):
    return store(app).by_token(table.rsplit("/", 1)[1])


def group_of(app, table: str) -> groups.GroupRow:
    return groups.by_id(store(app), row_of(app, table).group_id)


def groups_of(app, client) -> list[groups.GroupRow]:
    with client.session_transaction() as session:
        token = session.get("phone", "")
    found = groups.phone_id(store(app), token) if token else None
    return groups.groups_of(store(app), found) if found else []


def join_form(html: str) -> tuple[str, str]:
    """The home page's join form as it comes: its method and action, and the name of its code field."""
    form = re.search(r'<form class="card join-card" method="(\w+)" action="([^"]+)">(.*?)</form>', html, re.S)
    assert form, "the home page has no join form"
    field = re.search(r'<input id="join-code" name="(\w+)"', form.group(3))
    assert form.group(1) == "get" and field
    return form.group(2), field.group(1)


@pytest.mark.parametrize("fetched", [OPENED, FROM_THE_APP], ids=["none", "same-origin"])
def test_a_phone_that_joins_by_code_is_in_the_group_and_its_next_table_lands_there(app, fetched):
    ann, ben = app.test_client(), app.test_client()
    table = start(ann, "Ann", "Ben")
    group = group_of(app, table)
    start(ben, "Ben", "Cy")  # Ben's phone had a group of its own
    joined = ben.get(f"/join?code={row_of(app, table).code.lower()}", headers=fetched)
    assert joined.status_code == 303 and joined.headers["Location"] == table
    assert group.id in [one.id for one in groups_of(app, ben)]
    home = ben.get("/").get_data(as_text=True)
    assert re.search(rf'href="/g/{group.token}"><span[^>]*>Your group · new tables go here</span>', home)
    assert f'href="/g/{group.token}">Join' not in ben.get(table).get_data(as_text=True)  # nothing left to find
    later = start(ben, "Ben", "Ann", game="oz")
    assert row_of(app, later).group_id == group.id
    assert [name for one, _count in groups.every_group(store(app)) if (name := one.name) == "Ann and Ben"] == [
        "Ann and Ben"
    ]  # no second group of the same name


def test_the_home_pages_join_form_as_it_comes_makes_the_phone_a_member(app):
    ann, ben = app.test_client(), app.test_client()
    table = start(ann, "Ann", "Ben")
    action, field = join_form(ben.get("/").get_data(as_text=True))
    code = row_of(app, table).code
    joined = ben.get(action, query_string={field: f"{code[:3]} {code[3:]}"}, headers=FROM_THE_APP)
    assert joined.headers["Location"] == table
    assert [one.id for one in groups_of(app, ben)] == [group_of(app, table).id]
    assert row_of(app, start(ben, "Ben", "Dee")).group_id == group_of(app, table).id


@pytest.mark.parametrize("fetched", [{"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}, {}])
def test_a_code_opened_from_another_site_gives_the_table_and_changes_no_group(app, fetched):
    ann, ben = app.test_client(), app.test_client()
    table = start(ann, "Ann", "Ben")
    own = group_of(app, start(ben, "Ben", "Cy"))
    joined = ben.get(f"/join?code={row_of(app, table).code}", headers=fetched)
    assert joined.status_code == 303 and joined.headers["Location"] == table
    assert [one.id for one in groups_of(app, ben)] == [own.id]
    assert f'href="/g/{group_of(app, table).token}">Join Ann and Ben</a>' in ben.get(table).get_data(as_text=True)
    assert row_of(app, start(ben, "Ben", "Dee")).group_id == own.id


def test_a_group_that_keeps_its_link_to_itself_gives_a_code_its_table_only(app):
    ann, ben = app.test_client(), app.test_client()
    table = start(ann, "Ann", "Ben")
    group = group_of(app, table)
    ann.post(f"/g/{group.token}", data={"name": "Ann and Ben"})  # sharing its link at its tables turned off
    assert ben.get(f"/join?code={row_of(app, table).code}", headers=OPENED).headers["Location"] == table
    assert groups_of(app, ben) == []
    page = ben.get(table).get_data(as_text=True)
    assert page.count("Who are you?") == 1 and group.token not in page
    assert row_of(app, start(ben, "Ben", "Dee")).group_id != group.id


@pytest.mark.parametrize(
    "visit",
    [
        {"headers": OPENED | {"User-Agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"}},
        {"headers": OPENED | {"User-Agent": "WhatsApp/2.23.20.0"}},
        {"headers": OPENED | {"User-Agent": "facebookexternalhit/1.1"}},
        {"headers": OPENED | {"Sec-Purpose": "prefetch"}},
        {"headers": OPENED | {"Purpose": "prefetch"}},
        {"headers": OPENED, "method": "HEAD"},
    ],
    ids=["slack", "whatsapp", "facebook", "sec-purpose", "purpose", "head"],
)
def test_link_previews_and_prefetches_never_join_a_group(app, visit):
    ann, bot = app.test_client(), app.test_client()
    table = start(ann, "Ann", "Ben")
    group = group_of(app, table)
    method = visit.get("method", "GET")
    assert bot.open(f"/g/{group.token}", method=method, headers=visit["headers"]).status_code == 200
    joined = bot.open(f"/join?code={row_of(app, table).code}", method=method, headers=visit["headers"])
    assert joined.status_code == 303
    assert groups_of(app, bot) == []
    with bot.session_transaction() as session:
        assert "phone" not in session  # not even a phone is made for it


def test_the_home_page_shows_the_phones_group_and_switches_to_another_of_its_groups(app, client):
    first = group_of(app, start(client, "Ann", "Ben"))
    made = client.post("/groups/new", data={"name": "Thursday games"})
    second = groups.by_token(store(app), made.headers["Location"].rsplit("/", 1)[1])
    assert made.status_code == 303 and second.name == "Thursday games"
    home = client.get("/").get_data(as_text=True)
    assert re.search(r"Your group · new tables go here</span><strong class=\"name\">Thursday games</strong>", home)
    assert re.search(rf'<button type="submit" name="group" value="{first.token}"[^>]*>Ann and Ben</button>', home)
    assert 'action="/groups/current"' in home and 'action="/groups/new"' in home
    assert row_of(app, start(client, "Cy", "Dee")).group_id == second.id

    switched = client.post("/groups/current", data={"group": first.token})
    assert switched.status_code == 303 and switched.headers["Location"] == "/"
    assert 'Your group · new tables go here</span><strong class="name">Ann and Ben' in client.get("/").get_data(
        as_text=True
    )
    assert row_of(app, start(client, "Eve", "Fay")).group_id == first.id


def test_switching_to_a_group_the_phone_is_not_in_changes_nothing(app, client):
    mine = group_of(app, start(client, "Ann", "Ben"))
    theirs = group_of(app, start(app.test_client(), "Xi", "Yu"))
    for value in (theirs.token, "", "x" * 500, "new"):
        refused = client.post("/groups/current", data={"group": value})
        assert refused.status_code == 422 and "Pick one of this phone" in refused.get_data(as_text=True)
        assert theirs.name not in refused.get_data(as_text=True)
    assert row_of(app, start(client, "Ann", "Cy")).group_id == mine.id


def test_a_new_group_with_the_name_of_one_the_phone_has_is_asked_about_first(app, client):
    group_of(app, start(client, "Ann", "Ben"))
    for typed in ("Ann and Ben", "  ann  AND ben "):
        refused = client.post("/groups/new", data={"name": typed})
        html = refused.get_data(as_text=True)
        assert refused.status_code == 409
        assert "You have a group called “ann AND ben” already" in html or "“Ann and Ben” already" in html
        assert re.search(r'id="new-group-name" name="name" maxlength="80" value="[Aa]nn (AND|and) [Bb]en \(2\)"', html)
    assert len(groups_of(app, client)) == 1
    assert client.post("/groups/new", data={"name": "Ann and Ben (2)"}).status_code == 303
    assert sorted(one.name for one in groups_of(app, client)) == ["Ann and Ben", "Ann and Ben (2)"]
    for bad, status in (("   ", 422), ("é" * 81, 422)):
        assert client.post("/groups/new", data={"name": bad}).status_code == status
    assert len(groups_of(app, client)) == 2


def test_the_new_table_form_names_the_group_and_takes_another_of_the_phones_groups(app, client):
    first = group_of(app, start(client, "Ann", "Ben"))
    client.post("/groups/new", data={"name": "Thursday games"})
    second = groups_of(app, client)[0]
    form = client.get("/new/oz").get_data(as_text=True)
    assert "This table goes into the group" in form
    assert f'<option value="{second.token}" selected>Thursday games</option>' in form
    assert f'<option value="{first.token}">Ann and Ben</option>' in form
    made = client.post("/new/oz", data={"players": ["Ann", "Cy"], "group": first.token})
    assert made.status_code == 303 and row_of(app, made.headers["Location"]).group_id == first.id
    assert f'<option value="{first.token}" selected>' in client.get("/new/koala").get_data(as_text=True)

    theirs = group_of(app, start(app.test_client(), "Xi", "Yu"))
    refused = client.post("/new/oz", data={"players": ["Ann", "Cy"], "group": theirs.token})
    assert refused.status_code == 422 and "Pick one of this phone" in refused.get_data(as_text=True)
    assert groups.tables_of(store(app), theirs.id)[0][0].setup["players"] == ["Xi", "Yu"]  # nothing added there

    own = client.post("/new/oz", data={"players": ["Ann", "Ben"], "group": "new"})
    assert group_of(app, own.headers["Location"]).name == "Ann and Ben (2)"  # apart from the phone's "Ann and Ben"


def test_a_phone_without_a_group_is_told_where_its_first_table_goes(client):
    form = client.get("/new/oz").get_data(as_text=True)
    assert "This table starts a group of friends, named after its players" in form
    assert 'name="group"' not in form


def test_two_groups_of_one_name_read_apart_wherever_the_phone_sees_them(app):
    ann, ben = app.test_client(), app.test_client()
    table = start(ann, "Ann", "Ben")
    own = group_of(app, start(ben, "Ann", "Ben"))  # Ben's phone started its own "Ann and Ben" earlier
    ben.get(f"/join?code={row_of(app, table).code}", headers=OPENED)
    home = ben.get("/").get_data(as_text=True)
    assert 'Two of your groups are called “<span class="name">Ann and Ben</span>”' in home
    assert len(re.findall(r"Ann and Ben · started \d+ \w+ \d{4}, \d\d:\d\d", home)) == 2
    form = ben.get("/new/oz").get_data(as_text=True)
    assert len(re.findall(r"<option value=\"[^\"]+\"( selected)?>Ann and Ben · started", form)) == 2
    page = ben.get(f"/g/{own.token}", headers=OPENED).get_data(as_text=True)
    assert 'Another of your groups is called “<span class="name">Ann and Ben</span>” too' in page
