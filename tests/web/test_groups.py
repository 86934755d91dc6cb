"""Groups and phones: a phone that starts a table without a group gets one; a group's link makes a phone a member
that sees the group's tables; a join code gives one table only; nobody without a link sees a group."""

from __future__ import annotations

import re
import secrets

from companion import groups

from .pages import enter_line, start

OPENED = {"Sec-Fetch-Site": "none"}  # a link the person opened themselves (typed, a bookmark, a chat app)
ACCENTED = ["Anne-Sophie Lefèvre", "Bérénice Dupont", "Çağrı Öztürk", "Zoë Ångström", "José Muñoz", "Łukasz Wiśniewski"]


def store(app):
    return app.extensions["store"]


def row_of(app, table: str):
    return store(app).by_token(table.rsplit("/", 1)[1])


def group_of(app, table: str) -> groups.GroupRow:
    return groups.by_id(store(app), row_of(app, table).group_id)


def links(html: str) -> set[str]:
    return set(re.findall(r'href="(/[tgv]/[^"/?]+)"', html))


def test_a_phone_without_a_group_gets_one_when_it_starts_a_table(app, client):
    assert client.get("/").status_code == 200 and "Your group" not in client.get("/").get_data(as_text=True)
    table = start(client, "Ann", "Ben", "Cy")
    group = group_of(app, table)
    assert group.name == "Ann, Ben and Cy"
    assert group.share_invite
    home = client.get("/").get_data(as_text=True)
    assert "Your group" in home and f'href="/g/{group.token}"' in home
    page = client.get(f"/g/{group.token}", headers=OPENED).get_data(as_text=True)
    assert f'href="{table}"' in page
    again = start(client, "Ann", "Di")
    assert row_of(app, again).group_id == group.id  # the phone's next table goes into the same group
    assert groups.every_group(store(app)) == [(group, 2)]


def test_two_groups_never_show_each_other_and_a_stranger_sees_neither(app):
    ann, bea, stranger = app.test_client(), app.test_client(), app.test_client()
    ann_tables = [start(ann, "Ann", "Ben"), start(ann, "Ann", "Cy", game="oz")]
    bea_tables = [start(bea, "Bea", "Dan")]
    ann_group, bea_group = group_of(app, ann_tables[0]), group_of(app, bea_tables[0])
    assert ann_group.id != bea_group.id

    ann_page = ann.get(f"/g/{ann_group.token}", headers=OPENED).get_data(as_text=True)
    assert set(ann_tables) <= links(ann_page) and not set(bea_tables) & links(ann_page)
    bea_page = bea.get(f"/g/{bea_group.token}", headers=OPENED).get_data(as_text=True)
    assert set(bea_tables) <= links(bea_page) and not set(ann_tables) & links(bea_page)

    for path in ("/", "/new/next-station-paris", "/join", "/g/", "/g", f"/g/{ann_group.token[:-1]}"):
        html = stranger.get(path).get_data(as_text=True)
        for group in (ann_group, bea_group):
            assert group.token not in html and group.name not in html, path
        assert not links(html) & set(ann_tables + bea_tables), path
    for wrong in (secrets.token_urlsafe(18), ann_group.token.upper(), row_of(app, ann_tables[0]).token):
        assert stranger.get(f"/g/{wrong}").status_code == 404
        assert stranger.get(f"/g/{wrong}/qr.svg").status_code == 404
        assert stranger.post(f"/g/{wrong}", data={"name": "Mine now", "share_invite": "on"}).status_code == 404
    assert groups.by_id(store(app), ann_group.id).name == "Ann and Ben"


def test_a_phone_that_opens_an_invite_is_a_member_sees_the_tables_and_starts_there(app):
    ann, cy = app.test_client(), app.test_client()
    first = start(ann, "Ann", "Ben")
    group = group_of(app, first)
    own = start(cy, "Cy", "Dee")  # Cy's phone has a group of its own already
    page = cy.get(f"/g/{group.token}", headers=OPENED)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert f'href="{first}"' in html and "Ann and Ben" in html
    assert "Your other groups" in html and "Cy and Dee" in html
    assert cy.get(first).status_code == 200
    later = start(cy, "Cy", "Ann")
    assert row_of(app, later).group_id == group.id
    home = cy.get("/").get_data(as_text=True)
    assert f'href="/g/{group.token}"' in home and f'name="group" value="{group_of(app, own).token}"' in home
    cy.get(f"/g/{group_of(app, own).token}", headers=OPENED)  # switching back: the next table goes there
    assert row_of(app, start(cy, "Cy", "Eve")).group_id == group_of(app, own).id


def test_the_new_table_form_offers_the_names_of_the_phones_group_only(app):
    ann, bea = app.test_client(), app.test_client()
    start(ann, "Zoë", "Ben")
    start(bea, "Quentin", "Rose")
    form = ann.get("/new/oz").get_data(as_text=True)
    assert '<option value="Zoë">' in form and '<option value="Ben">' in form
    assert "Quentin" not in form


def test_a_join_code_from_elsewhere_gives_the_table_but_not_its_group_and_offers_the_invite(app):
    ann, ben = app.test_client(), app.test_client()
    table = start(ann, "Ann", "Ben")
    group = group_of(app, table)
    joined = ben.get(f"/join?code={row_of(app, table).code}")  # no Sec-Fetch-Site: maybe another site's link
    assert joined.status_code == 303 and joined.headers["Location"] == table
    page = ben.get(table).get_data(as_text=True)
    assert f'href="/g/{group.token}">Join Ann and Ben</a>' in page
    assert "Your group" not in ben.get("/").get_data(as_text=True)
    assert "Ann" not in ben.get("/new/oz").get_data(as_text=True).split("recent-names", 1)[1]
    assert not groups.groups_of(store(app), groups.phone_id(store(app), token_of(ben)) or 0)
    assert f'href="/g/{group.token}">Join' not in ann.get(table).get_data(as_text=True)  # a member is not asked

    ann.post(f"/g/{group.token}", data={"name": "Ann and Ben"})  # the invite no longer offered at its tables
    assert not group_of(app, table).share_invite
    assert f"/g/{group.token}" not in ben.get(table).get_data(as_text=True)


def token_of(client) -> str:
    with client.session_transaction() as session:
        return session.get("phone", "")


def test_who_a_phone_is_is_asked_once_and_credits_its_entries(app):
    ann, ben = app.test_client(), app.test_client()
    table = start(ann, "Ann", "Ben", seat=None)
    assert "Who are you?" in ann.get(table).get_data(as_text=True)
    assert ann.post(f"{table}/me", data={"who": "Ann"}).status_code == 303
    assert "Who are you?" not in ann.get(table).get_data(as_text=True)
    enter_line(ann, table, "Ann", 1)

    ben.get(f"/join?code={row_of(app, table).code}")
    page = ben.get(table).get_data(as_text=True)
    assert "Who are you?" in page
    assert re.search(
        r'<button type="submit" name="who" value="Ben"[^>]*><span class="seat-name">'
        r'(<span class="initial[^>]*>B</span>)?Ben</span></button>',
        page,
    )
    ben.post(f"{table}/me", data={"who": "Ben"})
    enter_line(ben, table, "Ben", 1)
    ben.post(f"{table}/me", data={"who": ""})  # none of them: not asked again, entries by nobody in particular
    assert "Who are you?" not in ben.get(table).get_data(as_text=True)
    enter_line(ben, table, "Ben", 2, color="green", districts=2, stations=2, monuments=0)
    authors = [entry.author for entry in store(app).entries(row_of(app, table).id)]
    assert authors == ["Ann", "Ben", "Someone"]


def test_a_name_not_at_the_table_is_refused_and_changes_nothing(app, client):
    table = start(client, "Ann", "Ben", seat=None)
    refused = client.post(f"{table}/me", data={"who": "<b>Zed</b>"})
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert "Nobody called &lt;b&gt;Zed&lt;/b&gt; plays at this table" in html
    assert "Who are you?" in client.get(table).get_data(as_text=True)
    assert client.post(f"/t/{secrets.token_urlsafe(18)}/me", data={"who": "Ann"}).status_code == 404


def test_the_cookie_stays_the_same_size_however_many_tables_a_phone_sits_at(app, client):
    first = start(client, "Ann", "Ben")
    client.post(f"{first}/me", data={"who": "Ann"})
    size = len(client.get_cookie("session").value)
    group = group_of(app, first)
    made = [store(app).create_table("oz", {"players": ["Ann", f"Guest {n}"]}, group.id) for n in range(300)]
    for row in made:
        assert client.post(f"/t/{row.token}/me", data={"who": "Ann"}).status_code == 303
    assert len(client.get_cookie("session").value) == size < 300
    assert "Who are you?" not in client.get(f"/t/{made[0].token}").get_data(as_text=True)
    enter_line(client, first, "Ann", 1)
    assert store(app).entries(row_of(app, first).id)[0].author == "Ann"
    with client.session_transaction() as session:
        assert set(session) <= {"phone", "group", "csrf_token", "_permanent"}

    newest = client.get(f"/g/{group.token}", headers=OPENED).get_data(as_text=True)
    assert f'href="/t/{made[-1].token}"' in newest and f'href="/t/{made[0].token}"' not in newest
    assert f'href="/g/{group.token}?page=2"' in newest
    last = client.get(f"/g/{group.token}?page=11", headers=OPENED).get_data(as_text=True)
    assert f'href="{first}"' in last and "Older tables" not in last


def test_a_cookie_from_before_keeps_who_the_phone_was_and_stops_growing(app, client):
    table = start(app.test_client(), "Ann", "Ben")
    with client.session_transaction() as session:
        session["who"] = {table.rsplit("/", 1)[1]: "Ben", "no-such-table": "Ann", "x": 3}
        session["recent_names"] = ["Ann", "Ben"]
    assert "Who are you?" not in client.get(table).get_data(as_text=True)
    enter_line(client, table, "Ben", 1)
    assert store(app).entries(row_of(app, table).id)[0].author == "Ben"
    with client.session_transaction() as session:
        assert "who" not in session and "recent_names" not in session and session["phone"]


def test_a_group_is_renamed_by_its_form_and_bad_names_change_nothing(app, client):
    table = start(client, *ACCENTED[:4])
    group = group_of(app, table)
    long_name = " ".join(ACCENTED)[:80].strip()
    renamed = client.post(f"/g/{group.token}", data={"name": f"  {long_name} ", "share_invite": "on"})
    assert renamed.status_code == 303 and renamed.headers["Location"] == f"/g/{group.token}"
    assert groups.by_id(store(app), group.id).name == long_name
    for bad, message in (("   ", "Give the group a name."), ("é" * 81, "1 to 80 characters")):
        refused = client.post(f"/g/{group.token}", data={"name": bad, "share_invite": "on"})
        assert refused.status_code == 422
        assert message in refused.get_data(as_text=True)
    assert groups.by_id(store(app), group.id).name == long_name
    html = client.get(f"/g/{group.token}", headers=OPENED).get_data(as_text=True)
    assert "Zoë Ångström" in html and f'href="/g/{group.token}/history"' in html


def test_a_group_with_many_players_gets_a_name_that_fits():
    assert groups.name_for(["Ann"]) == "Ann's tables"
    assert groups.name_for(["Ann", "Ben"]) == "Ann and Ben"
    long = groups.name_for(ACCENTED)
    assert len(long) <= 80 and long.startswith("Anne-Sophie Lefèvre, Bérénice Dupont") and long.endswith(" more")
    assert len(groups.name_for(["x" * 40] * 10)) <= 80


def test_the_invite_qr_code_holds_the_group_link(app, client):
    group = group_of(app, start(client, "Ann"))
    qr = client.get(f"/g/{group.token}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert qr.get_data(as_text=True).lstrip().startswith("<?xml")
