"""A step is recorded once: a form carries the step it was made for (a L'oaf round, a player's Next Station line, an
Orléans round), and an entry for a step already recorded is a 409 conflict showing both entries, never a second
recording and never a complaint about its fields. The phone may keep the recorded entry or put its own in its place."""

import re
import secrets

from .pages import enter_line, post_entry, unchipped, version
from .pages import start as start_table
from .test_loaf_table import record, start
from .test_orleans_rounds_page import ready

HX = {"HX-Request": "true"}


def step_of(html, form_id="round-form"):
    form = re.search(rf'<form id="{form_id}".*?</form>', html, re.S).group(0)
    return re.search(r'name="step" value="([^"]+)"', form).group(1)


def rounds(client, table):
    return client.get(f"/api/v1/tables/{table.rsplit('/', 1)[1]}").get_json()


def logged(html):
    return re.findall(r"<span class=\"\">(Round: .*?)</span>", unchipped(html))


def test_the_round_form_says_which_round_it_is_for(client):
    table = start(client, "Ann", "Ben")
    assert step_of(client.get(table).get_data(as_text=True)) == "round:1"
    record(client, table, 5, {"Ann": 6, "Ben": 4}, step="round:1")
    assert step_of(client.get(table).get_data(as_text=True)) == "round:2"


def test_the_same_round_from_a_second_phone_is_a_conflict_with_both_entries_and_lands_once(client):
    table = start(client, "Ann", "Ben")
    seen = version(client, table)  # both phones opened round 1 at this version
    first = record(client, table, 5, {"Ann": 6, "Ben": 4}, version=seen, step="round:1")
    assert first.status_code == 303
    late = record(client, table, 3, {"Ann": 2, "Ben": 7}, version=seen, step="round:1")
    assert late.status_code == 409
    html = late.get_data(as_text=True)
    assert "Round 1 was already recorded on another phone" in html
    assert "Recorded:</strong> Round: order 5 per player; Ann 6, Ben 4" in html
    assert "This phone:</strong> Round: order 3 per player; Ann 2, Ben 7" in html
    assert "Keep theirs" in html and "Use mine instead" in html
    assert "Record round 2" in html and 'value="2" checked' not in html  # round 2's form starts empty
    assert len(logged(client.get(table).get_data(as_text=True))) == 1


def test_an_htmx_conflict_is_the_panel_even_when_the_cards_clash(client):
    table = start(client, "Ann", "Ben")
    seen = version(client, table)
    record(client, table, 5, {"Ann": 6, "Ben": 4}, version=seen, step="round:1")
    # The late phone's cards were played in the recorded round: still the conflict, not a card no longer held.
    cards = {"card-Ann": 6, "card-Ben": 4, "review": "highest+1/lowest-1"}
    late = post_entry(client, table, "round", headers=HX, step="round:1", version=seen, average=5, **cards)
    assert late.status_code == 409
    html = late.get_data(as_text=True)
    assert html.startswith('<div id="live"')
    assert "Round 1 was already recorded on another phone" in html
    assert "no longer" not in html and 'class="error"' not in html


def test_a_half_filled_form_for_a_recorded_round_is_a_conflict_not_a_list_of_missing_fields(client):
    table = start(client, "Ann", "Ben")
    seen = version(client, table)
    record(client, table, 5, {"Ann": 6, "Ben": 4}, version=seen, step="round:1")
    late = post_entry(client, table, "round", step="round:1", version=seen, **{"card-Ann": 2})
    assert late.status_code == 409
    html = late.get_data(as_text=True)
    assert "This phone:</strong> an entry that is not complete" in html
    assert "this field is required" not in html


def test_use_mine_puts_the_late_phone_s_round_in_place_of_the_recorded_one(client):
    table = start(client, "Ann", "Ben")
    seen = version(client, table)
    record(client, table, 5, {"Ann": 6, "Ben": 4}, version=seen, step="round:1")
    html = record(client, table, 3, {"Ann": 2, "Ben": 7}, version=seen, step="round:1").get_data(as_text=True)
    mine = re.search(r'<form method="post" action="([^"]+/edit)">(.*?)</form>', html, re.S)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', mine.group(2)))
    assert {"average": "3", "card-Ann": "2", "card-Ben": "7"}.items() <= fields.items()
    assert client.post(mine.group(1), data=fields).status_code == 303
    after = client.get(table).get_data(as_text=True)
    assert [line.split(";")[:2] for line in logged(after)] == [["Round: order 3 per player", " Ann 2, Ben 7"]]
    assert step_of(after) == "round:2"


def test_an_undone_round_is_open_again(client):
    table = start(client, "Ann", "Ben")
    record(client, table, 5, {"Ann": 6, "Ben": 4}, step="round:1")
    html = client.get(table).get_data(as_text=True)
    undo = re.search(r'action="([^"]+/undo)".*?name="target" value="(\d+)"', html, re.S)
    client.post(undo.group(1), data={"target": undo.group(2), "version": version(client, table), "entry_id": "u1"})
    assert record(client, table, 3, {"Ann": 2, "Ben": 7}, step="round:1").status_code == 303


def test_a_retried_round_with_the_same_entry_id_is_not_a_conflict(client):
    table = start(client, "Ann", "Ben")
    data = {"step": "round:1", "version": version(client, table), "entry_id": secrets.token_hex(8), "average": 5}
    data |= {"card-Ann": 6, "card-Ben": 4, "review": "highest+1/lowest-1"}
    assert post_entry(client, table, "round", **data).status_code == 303
    assert post_entry(client, table, "round", **data).status_code == 303
    assert len(logged(client.get(table).get_data(as_text=True))) == 1


def test_a_next_station_line_entered_twice_for_the_same_player_and_round_is_a_conflict(client):
    table = start_table(client, "Ann", "Ben")
    seen = version(client, table)
    html = client.get(table).get_data(as_text=True)
    assert 'name="step" value="line:Ann:1"' in html and 'name="step" value="line:Ben:1"' in html
    assert enter_line(client, table, "Ann", 1, version=seen, step="line:Ann:1").status_code == 303
    late = enter_line(client, table, "Ann", 1, version=seen, step="line:Ann:1", districts=2)
    assert late.status_code == 409
    assert "Ann&#39;s round 1 line was already recorded on another phone" in late.get_data(as_text=True)
    # Ben's line is another step: it is not refused as a conflict (only as a stale version, as before).
    assert enter_line(client, table, "Ben", 1, step="line:Ben:1").status_code == 303


def test_an_orleans_round_begun_twice_is_a_conflict(client):
    table = ready(client)
    html = client.get(table).get_data(as_text=True)
    assert 'name="step" value="round:1"' in html
    farmers = {"farmers_1": 0, "farmers_2": 0, "farmers_3": 0, "phase": "A", "step": "round:1"}
    assert post_entry(client, table, "round", event="harvest", **farmers).status_code == 303
    late = post_entry(client, table, "round", event="taxes", **farmers)
    assert late.status_code == 409
    assert "Round 1 was already recorded on another phone" in late.get_data(as_text=True)
