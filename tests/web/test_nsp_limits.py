"""A Next Station Paris table refuses a sheet the map cannot hold: inline, beside the number, changing nothing."""

import re

from .pages import enter_line, post_entry, start, version


def stepper_of(html: str, name: str) -> str:
    """The stepper holding the input `name`, from its opening tag to the next stepper or the end of its form."""
    start_at = html.rindex('<div class="stepper">', 0, html.index(f'name="{name}"'))
    end = min(i for i in (html.find('<div class="stepper">', start_at + 1), html.find("</form>", start_at)) if i > 0)
    return html[start_at:end]


def bonus(client, table, player, **counts):
    return post_entry(client, table, "bonus", f"bonus-{player}", player=player, entry_id=f"b-{player}", **counts)


def test_a_line_of_99_districts_is_refused_beside_the_districts(client):
    table = start(client, "Ana")
    response = enter_line(client, table, "Ana", 1, districts=99, stations=3, monuments=0)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    districts = stepper_of(html, "districts")
    assert 'value="99"' in districts
    assert "a line visits at most 13 stations, so it passes through at most 13 districts" in districts
    assert 'class="error"' not in stepper_of(html, "max_stations_in_district")
    assert version(client, table) == 0
    assert re.search(r'data-player="Ana">0<', client.get(table).get_data(as_text=True))


def test_districts_and_the_busiest_district_must_fit_13_stations(client):
    table = start(client, "Ana")
    html = enter_line(client, table, "Ana", 1, districts=8, stations=7, monuments=0).get_data(as_text=True)
    assert "need at least 14 (7 there and 1 in each other district)" in stepper_of(html, "districts")
    assert enter_line(client, table, "Ana", 1, districts=7, stations=7, monuments=0).status_code == 303
    assert re.search(r'data-player="Ana">49<', client.get(table).get_data(as_text=True))


def test_monuments_on_a_line_with_no_station_are_refused_beside_the_monuments(client):
    table = start(client, "Ana")
    response = enter_line(client, table, "Ana", 1, districts=0, stations=0, monuments=2)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "a line with monuments has stations" in stepper_of(html, "monuments")
    assert version(client, table) == 0


def test_the_line_form_carries_its_limits_for_the_page_to_check_as_it_is_typed(client):
    html = client.get(start(client, "Ana")).get_data(as_text=True)
    assert "/static/next-station-paris.js" in html
    assert 'data-nsp-line data-stations="13"' in html
    for name in ("districts", "max_stations_in_district", "monuments"):
        assert f'name="{name}" type="number" inputmode="numeric" min="0" max="13"' in html
    assert "data-nsp-preview" in html
    assert "data-preview" not in html


def finish_lines(client, table, player, empty=()):
    for round_no, color in enumerate(["blue", "green", "orange", "purple"], start=1):
        size = (0, 0, 0) if color in empty else (3, 2, 0)
        assert enter_line(client, table, player, round_no, color, *size).status_code == 303


def test_forty_objectives_are_refused_beside_the_objectives(client):
    table = start(client, "Ana")
    finish_lines(client, table, "Ana")
    before = version(client, table)
    response = bonus(client, table, "Ana", objectives=40, interchanges_2=1)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "a game has at most 5 objectives to complete" in stepper_of(html, "objectives")
    assert 'value="40"' in stepper_of(html, "objectives")
    assert version(client, table) == before


def test_the_bonus_form_fits_the_lines_that_have_stations(client):
    table = start(client, "Ana")
    finish_lines(client, table, "Ana", empty=("orange", "purple"))
    html = client.get(table).get_data(as_text=True)
    assert 'data-nsp-bonus data-lines="2" data-stations="13" data-sections="12" data-objectives="5"' in html
    assert 'name="interchanges_2" type="number" inputmode="numeric" min="0" max="13"' in html
    assert 'name="interchanges_3" type="number" inputmode="numeric" min="0" max="0"' in html
    assert 'name="crossings_2" type="number" inputmode="numeric" min="0" max="12"' in html
    response = bonus(client, table, "Ana", interchanges_3=1)
    assert response.status_code == 422
    assert "only 2 lines on this map can have stations" in stepper_of(response.get_data(as_text=True), "interchanges_3")
    assert bonus(client, table, "Ana", interchanges_2=13, crossings_2=12, objectives=5).status_code == 303
    assert re.search(r'data-player="Ana">\d+<', client.get(table).get_data(as_text=True))
    assert "Final scores" in client.get(table).get_data(as_text=True)


def test_the_table_api_refuses_a_line_the_map_cannot_hold(client):
    created = client.post("/api/v1/tables", json={"game": "next-station-paris", "players": ["Ann"]}).get_json()
    line = {"color": "blue", "districts": 99, "max_stations_in_district": 3, "monuments": 14}
    body = {"kind": "line", "payload": {"player": "Ann", "round": 1, "line": line}, "entry_id": "e1", "base_version": 0}
    response = client.post(f"/api/v1/tables/{created['edit'].rsplit('/', 1)[1]}/entries", json=body)
    assert response.status_code == 422
    assert {e["loc"] for e in response.get_json()["errors"]} == {"payload.line.districts", "payload.line.monuments"}


def test_a_correction_the_map_cannot_hold_is_refused_and_the_line_stands(client):
    table = start(client, "Ana")
    enter_line(client, table, "Ana", 1)
    assert 'data-nsp-line data-stations="13"' in client.get(f"{table}/entries/1/edit").get_data(as_text=True)
    fields = {"player": "Ana", "round": 1, "color": "blue", "districts": 99, "max_stations_in_district": 3}
    response = client.post(f"{table}/entries/1/edit", data={"version": 1, "entry_id": "c1", **fields})
    assert response.status_code == 422
    assert "at most 13 districts" in stepper_of(response.get_data(as_text=True), "districts")
    assert version(client, table) == 1
    assert re.search(r'data-player="Ana">19<', client.get(table).get_data(as_text=True))
