"""The play timer on a table's pages: one button that starts, pauses or resumes it (a plain form, or htmx's), its
time in the live panel, its entries in the log (undone like any other, never corrected), a watch link that shows it
without the button, and a result sheet that says the time played."""

from __future__ import annotations

import re
import secrets

from .pages import post_entry, start, version
from .test_printing import pdf_pages, text_of


def tap(client, table: str, action: str, headers: dict[str, str] | None = None, **fields):
    """The clock's button, as the page's form sends it."""
    data = {"action": action, "version": version(client, table), "entry_id": secrets.token_hex(8), **fields}
    return client.post(f"{table}/clock", data=data, headers=headers)


def page(client, address: str) -> str:
    return client.get(address).get_data(as_text=True)


def clock_card(html: str) -> str:
    found = re.search(r'<section class="card clock.*?</section>', html, re.S)
    assert found, "no clock on the page"
    return found.group(0)


def button(html: str) -> str | None:
    found = re.search(r'name="action" value="([a-z]+)"', clock_card(html))
    return found.group(1) if found else None


def watch_link(client, table: str) -> str:
    return re.search(r'href="(/v/[^"/]+)"', page(client, table)).group(1)


def test_a_new_table_offers_to_start_its_clock_and_a_watch_link_shows_none(client):
    table = start(client, "Ann", "Ben")
    assert button(page(client, table)) == "start"
    assert 'class="card clock' not in page(client, watch_link(client, table))


def test_start_pause_and_resume_each_change_the_button_and_the_clock(client):
    table = start(client, "Ann", "Ben")
    assert tap(client, table, "start").status_code == 303
    html = page(client, table)
    assert button(html) == "pause" and "data-running" in clock_card(html) and "Time played" in clock_card(html)
    assert tap(client, table, "pause").status_code == 303
    html = page(client, table)
    assert button(html) == "resume" and "data-running" not in clock_card(html) and "Paused" in clock_card(html)
    assert tap(client, table, "resume").status_code == 303
    assert button(page(client, table)) == "pause"


def test_the_watch_link_shows_the_clock_without_its_button(client):
    table = start(client, "Ann", "Ben")
    tap(client, table, "start")
    watched = page(client, watch_link(client, table))
    assert "data-running" in clock_card(watched) and button(watched) is None
    assert "/clock" not in watched


def test_htmx_gets_the_live_panel_with_the_clock_running(client):
    table = start(client, "Ann", "Ben")
    response = tap(client, table, "start", headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="live"') and button(html) == "pause"


def test_a_second_start_is_refused_beside_the_clock_and_stores_nothing(client):
    table = start(client, "Ann", "Ben")
    seen = version(client, table)
    tap(client, table, "start")
    response = client.post(f"{table}/clock", data={"action": "start", "version": seen + 1, "entry_id": "again"})
    assert response.status_code == 422
    card = clock_card(response.get_data(as_text=True))
    assert 'class="error"' in card and "the clock was started already" in card
    assert version(client, table) == seen + 1


def test_two_phones_pausing_at_once_store_one_pause(client):
    table = start(client, "Ann", "Ben")
    tap(client, table, "start")
    seen = version(client, table)
    first = client.post(f"{table}/clock", data={"action": "pause", "version": seen, "entry_id": "a"})
    second = client.post(f"{table}/clock", data={"action": "pause", "version": seen, "entry_id": "b"})
    assert first.status_code == 303 and second.status_code == 422
    assert "the clock is paused already" in clock_card(second.get_data(as_text=True))
    assert version(client, table) == seen + 1


def test_a_clock_button_that_names_no_action_is_a_bad_request(client):
    table = start(client, "Ann", "Ben")
    for action in ("", "stop", "START"):
        assert tap(client, table, action).status_code == 400
    assert version(client, table) == 0


def test_a_phone_that_never_said_who_it_is_is_asked_first(client):
    table = start(client, "Ann", "Ben", seat=None)
    data = {"action": "start", "version": 0, "entry_id": "x"}
    assert client.post(f"{table}/clock", data=data).status_code == 422
    assert "Who are you" in page(client, table) or "who you are" in page(client, table)


def test_the_log_says_each_clock_entry_and_undoes_the_last_without_a_correct_link(client):
    table = start(client, "Ann", "Ben")
    tap(client, table, "start")
    line = {"player": "Ann", "round": 1, "color": "blue", "districts": 2, "max_stations_in_district": 2}
    assert post_entry(client, table, "line", monuments=0, **line).status_code == 303
    tap(client, table, "pause")
    log = page(client, f"{table}/log")
    assert "Clock started" in log and "Clock paused" in log
    assert re.search(r'name="target" value="3"', log) and re.search(r'name="target" value="2"', log)
    assert "/entries/3/edit" not in log and "/entries/1/edit" not in log and "/entries/2/edit" in log
    undo = {"target": 3, "version": 3, "entry_id": "u"}
    assert client.post(f"{table}/undo", data=undo).status_code == 303
    assert button(page(client, table)) == "pause"
    assert client.get(f"{table}/entries/1/edit").status_code == 404


def finish(client, table: str) -> None:
    for round_no, color in enumerate(("blue", "green", "orange", "purple"), start=1):
        for name in ("Ann", "Ben"):
            line = {"player": name, "round": round_no, "color": color, "districts": 2, "max_stations_in_district": 2}
            assert post_entry(client, table, "line", monuments=0, **line).status_code == 303
    for name in ("Ann", "Ben"):
        assert post_entry(client, table, "bonus", player=name).status_code == 303


def test_a_finished_table_shows_its_clock_stopped_with_no_button(client):
    table = start(client, "Ann", "Ben")
    tap(client, table, "start")
    finish(client, table)
    card = clock_card(page(client, table))
    assert button(page(client, table)) is None and "data-running" not in card and "Time played" in card
    assert tap(client, table, "pause").status_code == 422


def test_a_finished_table_that_never_used_its_clock_shows_none(client):
    table = start(client, "Ann", "Ben")
    finish(client, table)
    assert 'class="card clock' not in page(client, table)
    assert tap(client, table, "start").status_code == 422


def test_the_result_sheet_says_the_time_played_once_the_clock_was_used(client):
    table = start(client, "Ann", "Ben")
    assert "Time played" not in text_of(pdf_pages(client.get(f"{table}/results.pdf").data)[0])
    tap(client, table, "start")
    tap(client, table, "pause")
    assert re.search(r"Time played: 0:0\d", text_of(pdf_pages(client.get(f"{table}/results.pdf").data)[0]))
