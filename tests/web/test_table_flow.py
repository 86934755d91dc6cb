"""A Next Station Paris table: entering lines, conflicts, repeats, undo, corrections, the live fragment."""

import re

from .pages import enter_line, post_entry, start, version


def test_an_entered_line_shows_its_score_and_the_total(client):
    table = start(client, "Ana", "Ben")
    response = enter_line(client, table, "Ana", 1)
    assert response.status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert "Blue line: 5 districts × 3 stations + 2 × 2 monuments" in html
    assert re.search(r'data-player="Ana">19<', html)
    assert "Enter Ana's line" not in html
    assert "Enter Ben's line" in html


def test_a_line_that_breaks_a_rule_is_refused_with_the_form_kept(client):
    table = start(client, "Ana")
    response = enter_line(client, table, "Ana", 1, districts=0, stations=3)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "are both 0, or both 1 or more" in html
    assert 'name="max_stations_in_district" type="number" inputmode="numeric" min="0" max="13" value="3"' in html
    assert version(client, table) == 0


def test_a_stale_write_is_refused_with_who_changed_what(client, app):
    table = start(client, "Ana", "Ben")
    token = table.rsplit("/", 1)[1]
    client.post(f"{table}/me", data={"who": "Ben"})
    enter_line(client, table, "Ben", 1, version=0)
    client.post(f"{table}/undo", data={"target": 1, "version": 1, "entry_id": "u1"})
    response = enter_line(client, table, "Ana", 1, version=1, districts=4)  # made before the undo was seen
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Ben just undid an entry" in html
    assert "here is the new state" in html.lower()
    assert 'value="4"' in html  # what Ana typed is still in her form
    store = app.extensions["store"]
    assert [e.kind for e in store.entries(store.by_token(token).id)] == ["line", "undo"]


def test_a_double_tap_enters_once(client, app):
    table = start(client, "Ana")
    first = enter_line(client, table, "Ana", 1, version=0, entry_id="same")
    second = enter_line(client, table, "Ana", 1, version=0, entry_id="same")
    assert first.status_code == second.status_code == 303
    store = app.extensions["store"]
    assert len(store.entries(store.by_token(table.rsplit("/", 1)[1]).id)) == 1


def test_undo_removes_the_last_entry_and_keeps_it_in_the_log(client):
    table = start(client, "Ana")
    enter_line(client, table, "Ana", 1)
    response = client.post(f"{table}/undo", data={"target": 1, "version": 1, "entry_id": "u1"})
    assert response.status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert re.search(r'data-player="Ana">0<', html)
    assert 'class="undone"' in html
    assert "Enter Ana's line" in html
    stale = client.post(f"{table}/undo", data={"target": 1, "version": 2, "entry_id": "u2"})
    assert stale.status_code == 409


def test_an_earlier_entry_can_be_corrected(client):
    table = start(client, "Ana")
    enter_line(client, table, "Ana", 1)
    enter_line(client, table, "Ana", 2, color="green", districts=2, stations=2, monuments=0)
    form = client.get(f"{table}/entries/1/edit")
    assert form.status_code == 200
    response = client.post(
        f"{table}/entries/1/edit",
        data={
            "version": 2,
            "entry_id": "c1",
            "player": "Ana",
            "round": 1,
            "color": "blue",
            "districts": 6,
            "max_stations_in_district": 3,
            "monuments": 2,
        },
    )
    assert response.status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert re.search(r'data-player="Ana">26<', html)  # 6 × 3 + 4, plus 2 × 2
    assert "corrected by" in html


def test_a_correction_that_breaks_a_later_entry_is_taken_and_the_table_names_that_entry(client):
    table = start(client, "Ana")
    enter_line(client, table, "Ana", 1)
    enter_line(client, table, "Ana", 2, color="green")
    response = client.post(
        f"{table}/entries/1/edit",
        data={
            "version": 2,
            "entry_id": "c1",
            "player": "Ana",
            "round": 1,
            "color": "green",
            "districts": 5,
            "max_stations_in_district": 3,
            "monuments": 2,
        },
    )
    assert response.status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert "Entry #2 no longer fits" in html
    assert "Entry #1 was corrected, and this later line entry by Someone no longer fits" in html
    assert "already drawn the green line" in html
    assert "/entries/2/edit" in html
    fixed = {"version": 3, "entry_id": "c2", "player": "Ana", "round": 2, "color": "blue", "districts": 1}
    fixed |= {"max_stations_in_district": 1, "monuments": 0}
    assert client.post(f"{table}/entries/2/edit", data=fixed).status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert "no longer fits" not in html
    assert re.search(r'data-player="Ana">20<', html)  # 5 × 3 + 2 × 2, then 1 × 1


def test_the_live_fragment_is_a_bodiless_304_until_something_changes(client):
    table = start(client, "Ana")  # the phone said who it is: one seat change, no entry ("0.s1")
    unchanged = client.get(f"{table}/live?v=0.s1", headers={"HX-Request": "true"})
    assert unchanged.status_code == 304
    assert unchanged.data == b""
    etag = client.get(f"{table}/live?v=-1").headers["ETag"]
    assert client.get(f"{table}/live", headers={"If-None-Match": etag}).status_code == 304
    enter_line(client, table, "Ana", 1)
    changed = client.get(f"{table}/live?v=0.s1", headers={"HX-Request": "true"})
    assert changed.status_code == 200
    body = changed.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="live"')
    assert "<html" not in body
    assert 'live?v=1.s1"' in body


def test_a_whole_game_ends_with_totals_and_a_winner(client):
    table = start(client, "Ana", "Ben")
    for round_no, color in enumerate(["blue", "green", "orange", "purple"], start=1):
        enter_line(client, table, "Ana", round_no, color=color)
        enter_line(client, table, "Ben", round_no, color=color, districts=2, stations=2, monuments=0)
    html = client.get(table).get_data(as_text=True)
    assert "After the last round" in html
    for player, objectives in (("Ana", 0), ("Ben", 1)):
        post_entry(client, table, "bonus", f"bonus-{player}", player=player, interchanges_3=1, objectives=objectives)
    html = client.get(table).get_data(as_text=True)
    assert "Final scores" in html
    assert re.search(r'data-player="Ana">81<', html)  # 4 × 19 + 5
    assert re.search(r'data-player="Ben">31<', html)  # 4 × 4 + 5 + 10
    assert "Ana wins" in html
    assert "/rules/next-station-paris#line-score" in html


def test_the_viewer_link_shows_the_table_but_cannot_write(client, app):
    table = start(client, "Ana")
    enter_line(client, table, "Ana", 1)
    row = app.extensions["store"].by_token(table.rsplit("/", 1)[1])
    html = client.get(f"/v/{row.viewer_token}").get_data(as_text=True)
    assert re.search(r'data-player="Ana">19<', html)
    assert "<form" not in html.split('id="live"')[1]
    assert client.post(f"/v/{row.viewer_token}/entries", data={}).status_code == 403
    assert client.get(f"/v/{row.viewer_token}/live?v=1.s1").status_code == 304


def test_the_qr_code_is_an_svg_of_the_table_link(client):
    table = start(client, "Ana")
    response = client.get(f"{table}/qr.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.data.lstrip().startswith(b"<?xml") or b"<svg" in response.data[:200]
