"""No table is ever unreadable: an entry that cannot be replayed is named, the table shows what came before it,
and undoing it mends the table."""

from __future__ import annotations

import pytest

from companion.specs import table_rules
from companion.storage.entries import EntryKind, UnreadableEntry

from .pages import post_entry, sit

LINE = {"player": "Ann", "round": 1, "line": {"color": "blue", "districts": 3, "max_stations_in_district": 2}}


@pytest.fixture
def table(app, client):
    created = client.post("/api/v1/tables", json={"game": "next-station-paris", "players": ["Ann", "Ben"]}).get_json()
    body = {"kind": "line", "payload": LINE, "entry_id": "good", "base_version": 0}
    assert client.post(f"/api/v1/tables/{created['edit'].rsplit('/', 1)[1]}/entries", json=body).status_code == 201
    sit(client, created["edit"], "")
    return created


def damage(app, table, kind, payload, version):
    store = app.extensions["store"]
    row = store.by_token(table["edit"].rsplit("/", 1)[1])
    store.append(row.id, store.version(row.id), f"bad-{version}", kind, payload, "Ben", version)


@pytest.mark.parametrize(
    ("kind", "payload", "version", "why"),
    [
        ("line", {"player": "Ben", "round": 1, "colour": "green"}, 1, "cannot be replayed"),
        ("line", {**LINE, "player": "Ben"}, 99, "newer version of the app"),
        ("teleport", {"player": "Ben"}, 1, "no entries of the kind"),
        ("line", {"player": "Ben", "round": 1, "line": {"color": "blue", "districts": 2}}, 2, "cannot be replayed"),
    ],
)
def test_a_broken_entry_is_named_and_the_table_still_opens(app, client, table, kind, payload, version, why):
    damage(app, table, kind, payload, version)
    for path in (table["edit"], f"{table['edit']}/live", table["watch"], f"{table['watch']}/live"):
        response = client.get(path)
        assert response.status_code == 200, path
        html = response.get_data(as_text=True)
        assert "Entry #2 cannot be replayed" in html
        assert why in html or why == "cannot be replayed"
        assert 'data-player="Ann">6<' in html  # what came before the broken entry still counts
    read = client.get(f"/api/v1/tables/{table['edit'].rsplit('/', 1)[1]}").get_json()
    assert read["broken"]["seq"] == 2


def test_undoing_the_broken_entry_mends_the_table(app, client, table):
    damage(app, table, "line", {"player": "Ben", "round": 1, "colour": "green"}, 1)
    html = client.get(table["edit"]).get_data(as_text=True)
    assert "Undo entry #2" in html
    line = {"player": "Ann", "round": "2", "color": "green", "districts": "1", "max_stations_in_district": "1"}
    refused = post_entry(client, table["edit"], "line", **line, version="2", entry_id="new")
    assert refused.status_code == 422
    assert "undo or correct it first" in refused.get_data(as_text=True)
    undone = client.post(f"{table['edit']}/undo", data={"target": "2", "version": "2", "entry_id": "u"})
    assert undone.status_code == 303
    html = client.get(table["edit"]).get_data(as_text=True)
    assert "cannot be replayed" not in html


def test_the_broken_entry_s_own_form_sent_again_corrects_it(app, client, table):
    damage(app, table, "line", {"player": "Ben", "round": 1, "colour": "green"}, 1)
    line = {"player": "Ben", "round": "1", "color": "blue", "districts": "2", "max_stations_in_district": "1"}
    assert post_entry(client, table["edit"], "line", **line, version="2", entry_id="again").status_code == 303
    html = client.get(table["edit"]).get_data(as_text=True)
    assert "cannot be replayed" not in html
    assert 'data-player="Ben">2<' in html
    store = app.extensions["store"]
    assert store.find(store.by_token(table["edit"].rsplit("/", 1)[1]).id, "again").kind == "correct"


def test_a_broken_entry_can_be_corrected_in_place(app, client, table):
    damage(app, table, "line", {"player": "Ben", "round": 1, "colour": "green"}, 1)
    assert client.get(f"{table['edit']}/entries/2/edit").status_code == 200
    fixed = client.post(
        f"{table['edit']}/entries/2/edit",
        data={
            "player": "Ben",
            "round": "1",
            "color": "blue",
            "districts": "1",
            "max_stations_in_district": "1",
            "monuments": "0",
            "version": "2",
            "entry_id": "fix",
        },
    )
    assert fixed.status_code == 303
    html = client.get(table["edit"]).get_data(as_text=True)
    assert "cannot be replayed" not in html
    assert 'data-player="Ben">1<' in html


def test_every_upgrade_step_is_needed():
    line = table_rules()["next-station-paris"].entries["line"]
    old = {"player": "Ann", "round": 1, "color": "blue", "districts": 3, "max_stations_in_district": 2, "monuments": 0}
    assert line.upgrade(1, old) == {**LINE, "line": {**LINE["line"], "monuments": 0}}
    without = EntryKind(line.name, line.schema, line.summary, line.version, {})
    with pytest.raises(UnreadableEntry, match="no upgrade"):
        without.upgrade(1, old)


def test_the_history_lists_a_broken_table_until_it_is_mended(app, client, table):
    from companion import groups
    from companion.history import plays as plays

    damage(app, table, "line", {"player": "Ben", "round": 1, "colour": "green"}, 1)
    store = app.extensions["store"]
    plays.rebuild(store)  # as `companion init-db` does after an upgrade
    mine = groups.by_id(store, store.by_token(table["edit"].rsplit("/", 1)[1]).group_id)
    history = f"/g/{mine.token}/history"
    html = client.get(history).get_data(as_text=True)
    assert "Needs attention" in html
    assert "Entry #2 (line)" in html and "incomplete or damaged" in html
    assert table["watch"] in html and table["edit"] not in html
    other = groups.create_group(store, "Another group")
    assert "Needs attention" not in client.get(f"/g/{other.token}/history").get_data(as_text=True)
    client.post(f"{table['edit']}/undo", data={"target": "2", "version": "2", "entry_id": "u"})
    assert "Needs attention" not in client.get(history).get_data(as_text=True)


@pytest.mark.parametrize(
    ("payload", "version"),
    [({**LINE, "player": "Ben"}, 99), ({"player": "Ben", "round": 1, "line": {"color": "blue", "districts": 99}}, 1)],
)
def test_the_history_says_why_a_table_stops_in_the_reader_s_language(app, client, table, payload, version):
    from sqlalchemy import select, update

    from companion import groups
    from companion.history import plays as plays
    from companion.storage.store import attention
    from tests.english import english_left

    damage(app, table, "line", payload, version)
    store = app.extensions["store"]
    plays.rebuild(store)
    mine = groups.by_id(store, store.by_token(table["edit"].rsplit("/", 1)[1]).group_id)
    history = f"/g/{mine.token}/history"

    def reason(language):
        html = client.get(history, headers={"Accept-Language": language}).get_data(as_text=True)
        found = html[html.index('id="attention-title"') :]
        return found[found.index('<span class="small">') : found.index("</span>", found.index('<span class="small">'))]

    with store.engine.connect() as conn:
        english, said = conn.execute(select(attention.c.message, attention.c.said)).one()
    assert said is not None and said["msgid"] != english
    german = reason("de")
    assert english not in german and not english_left(german, ["Ben"]), german
    assert english in reason("en")

    with store.engine.begin() as conn:  # a flag noticed before its values were kept: its English, as stored
        conn.execute(update(attention).values(said=None))
    assert english in reason("de")
