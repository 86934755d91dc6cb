"""The round tracker on an Orléans table page: the next round's form (farmers carried over, phase proposed, the
event tapped), the round being played with its Farmers coins and its resolution, Pilgrimage and Plague, refusals
shown beside their fields, and corrections of the new entries."""

import re

from .pages import post_entry
from .test_orleans_table import ANA, held, holdings, start, text
from .test_orleans_table import JO as JO_TWO

JO = {"coins": 3, "grain": 2, "wool": 1, "trading_stations": 2, "development_level": 3, "development_position": 14}
JO |= {"followers_in_bag": 3}
KIM = {"coins": 0, "cheese": 1, "development_level": 1, "development_position": 3}
LOU = {"coins": 5, "trading_stations": 1, "development_level": 2, "development_position": 8}


def ready(client, **options):
    table = start(client, "Jo", "Kim", "Lou", **options)
    for name, counts in (("Jo", JO), ("Kim", KIM), ("Lou", LOU)):
        assert holdings(client, table, name, **counts).status_code == 303
    return table


def begin(client, table, event, phase="A", farmers=(0, 0, 0)):
    seats = {f"farmers_{seat}": n for seat, n in enumerate(farmers, start=1)}
    return post_entry(client, table, "round", event=event, **({"phase": phase} if phase else {}), **seats)


def form(html, css_class):
    return re.search(rf'<form class="card {css_class}".*?</form>', html, re.S).group(0)


def stepper_value(html, field):
    return int(re.search(rf'name="{field}" type="number"[^>]*value="(\d+)"', html).group(1))


def test_the_first_round_s_form_proposes_phase_a_and_offers_every_event(client):
    html = client.get(ready(client)).get_data(as_text=True)
    start_form = form(html, "round-start")
    assert "Round 1 of 18" in start_form
    assert re.search(r'name="phase" value="A" checked', start_form)
    assert [stepper_value(start_form, f"farmers_{seat}") for seat in (1, 2, 3)] == [0, 0, 0]
    buttons = re.findall(r'<button type="submit" name="event" value="(\w+)"', start_form)
    assert buttons == ["pilgrimage", "plague", "harvest", "taxes", "income", "trading_day"]
    assert text(start_form).count("3 of 3 left") == 5  # and round 1's Pilgrimage, proposed in their place
    assert "Pilgrimage ★ proposed" in text(start_form)


def test_a_round_pays_the_farmers_shows_why_and_waits_for_its_event(client):
    table = ready(client)
    assert begin(client, table, "harvest", "B", (3, 1, 0)).status_code == 303
    html = client.get(table).get_data(as_text=True)
    now = re.search(r'<section class="card round-now".*?</section>', html, re.S).group(0)
    assert "Round 1: Harvest" in text(now) and "phase B" in now
    assert re.search(r'data-farmers="Jo">\+1 coin<', now) and re.search(r'data-farmers="Lou">−1 coin<', now)
    assert "Jo</span>: furthest along the farmers track alone (space 3): gains 1 coin" in now
    assert 'href="/rules/orleans#farmers"' in now
    assert (held(html, "Jo", "coins"), held(html, "Kim", "coins"), held(html, "Lou", "coins")) == (4, 0, 4)
    assert '<input type="hidden" name="event" value="harvest">' in now
    assert "2 food in phase B" in text(now)
    assert 'class="card round-start"' not in html  # the next round waits for this one's event


def test_the_next_round_carries_the_farmers_over(client):
    table = ready(client)
    begin(client, table, "income", "A", (3, 1, 0))
    assert post_entry(client, table, "event", event="income", phase="A").status_code == 303
    html = client.get(table).get_data(as_text=True)
    start_form = form(html, "round-start")
    assert "Round 2 of 18" in start_form and "Carried over from round 1" in start_form
    assert [stepper_value(start_form, f"farmers_{seat}") for seat in (1, 2, 3)] == [3, 1, 0]
    assert "Last event: Income" in html
    assert "1 Income · A" in text(html)  # the rounds played


def test_round_seven_is_proposed_in_phase_b(client):
    table = ready(client)
    for event in ("income", "trading_day") * 3:
        begin(client, table, event, "A")
        assert post_entry(client, table, "event", event=event).status_code == 303
    start_form = form(client.get(table).get_data(as_text=True), "round-start")
    assert "Round 7 of 18" in start_form
    assert re.search(r'name="phase" value="B" checked', start_form)
    assert re.search(r'name="event" value="income" disabled>Income<span class="small">0 of 3 left', start_form)


def test_a_pilgrimage_is_a_reminder_and_the_next_round_can_begin(client):
    table = ready(client)
    begin(client, table, "pilgrimage")
    html = client.get(table).get_data(as_text=True)
    assert "Pilgrimage: nobody may recruit a monk this round" in text(html)
    assert "Round 2 of 18" in form(html, "round-start")


def test_a_plague_asks_what_each_player_drew_from_what_their_bag_can_hold(client):
    table = ready(client)
    begin(client, table, "plague")
    html = client.get(table).get_data(as_text=True)
    plague = re.search(r'<form class="plague".*?</form>', html, re.S).group(0)
    assert set(re.findall(r'name="lost_1" value="(\w+)"', plague)) == {
        "starting", "farmer", "boatman", "craftsman", "trader", "scholar", "knight", "monk", "sacristy",
    }  # fmt: skip
    assert re.findall(r'name="lost_3" value="(\w+)"', plague) == ["starting", "sacristy"]  # Lou's bag: no recruit
    assert re.search(r'name="lost_3" value="starting" required checked', plague)
    refused = post_entry(client, table, "plague", lost_1="knight", lost_2="starting", lost_3="monk")
    assert refused.status_code == 422
    assert "Lou has no follower in the bag besides the 4 starting ones" in refused.get_data(as_text=True)
    assert post_entry(client, table, "plague", lost_1="knight", lost_2="starting", lost_3="starting").status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert held(html, "Jo", "followers_in_bag") == 2
    assert "Jo lost a knight, Kim lost none, Lou lost none" in text(html)


def test_a_missing_farmers_space_is_said_beside_its_stepper(client):
    table = ready(client)
    refused = post_entry(client, table, "round", event="taxes", phase="A", farmers_1=2, farmers_2=1)
    assert refused.status_code == 422
    start_form = form(refused.get_data(as_text=True), "round-start")
    lou = re.search(r'<label for="round-farmers_3">Lou</label>.*?</div>\s*(<p class="error".*?</p>)', start_form, re.S)
    assert "enter where Lou stands on the farmers track" in lou.group(1)


def test_a_fourth_card_of_a_kind_is_refused_on_the_form(client):
    table = ready(client, rules="classic")
    for _ in range(3):
        begin(client, table, "trading_day", None)
        post_entry(client, table, "event", event="trading_day")
    refused = begin(client, table, "trading_day", None)
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert "the deck holds 3 Trading Day cards and all came up already (rounds 1, 2 and 3)" in form(html, "round-start")


def test_the_new_entries_are_corrected_on_their_own_forms(client):
    table = ready(client)
    begin(client, table, "plague", "A", (2, 0, 0))
    post_entry(client, table, "plague", lost_1="monk", lost_2="starting", lost_3="starting")
    page = client.get(f"{table}/entries/4/edit").get_data(as_text=True)
    assert re.search(r'name="event" value="plague" checked', page)
    assert stepper_value(page, "farmers_1") == 2
    page = client.get(f"{table}/entries/5/edit").get_data(as_text=True)
    assert re.search(r'name="lost_1" value="monk" checked', page)
    version = int(re.search(r'name="version" value="(\d+)"', page).group(1))
    fixed = {"lost_1": "scholar", "lost_2": "starting", "lost_3": "starting", "version": version, "entry_id": "fix"}
    assert client.post(f"{table}/entries/5/edit", data=fixed).status_code == 303
    assert "Jo lost a scholar" in text(client.get(table).get_data(as_text=True))


def test_level_spaces_show_the_level_the_marker_stands_in(client):
    assert 'name="level_spaces"' in client.get("/new/orleans").get_data(as_text=True)
    table = ready(client, level_spaces="4, 9, 13, 18")
    html = client.get(table).get_data(as_text=True)
    assert held(html, "Jo", "level_now") == 3
    assert "levels begin at 4, 9, 13, 18" in html
    refused = holdings(client, table, "Kim", **{**KIM, "development_position": 10})
    assert refused.status_code == 422
    assert "space 10 lies in level 2" in refused.get_data(as_text=True)


def test_the_phase_is_asked_unless_the_rules_are_classic(client):
    table = start(client, "Jo", "Ana")
    holdings(client, table, "Jo", **JO_TWO)
    holdings(client, table, "Ana", **ANA)
    refused = post_entry(client, table, "round", event="income", farmers_1=0, farmers_2=0)
    assert refused.status_code == 422
    assert "choose the phase" in refused.get_data(as_text=True)
    classic = start(client, "Jo", "Ana", rules="classic")
    holdings(client, classic, "Jo", **JO_TWO)
    holdings(client, classic, "Ana", **ANA)
    html = client.get(classic).get_data(as_text=True)
    assert 'name="phase"' not in html
    assert post_entry(client, classic, "round", event="taxes", farmers_1=0, farmers_2=0).status_code == 303
    assert "1 coin per 3 goods" in client.get(classic).get_data(as_text=True)
    assert post_entry(client, classic, "event", event="taxes").status_code == 303
    assert post_entry(client, classic, "round", event="income", farmers_1=0, farmers_2=0).status_code == 303
    assert post_entry(client, classic, "event", event="income").status_code == 303
    assert held(client.get(classic).get_data(as_text=True), "Jo", "coins") == 3 - 1 + 2  # taxes 1, level 2 × 1 coin


def test_a_food_choice_refused_shows_its_message_in_that_player_s_food(client):
    table = start(client, "Jo", "Ana")
    holdings(client, table, "Jo", coins=5, grain=2)
    holdings(client, table, "Ana", coins=5, grain=2)
    assert post_entry(client, table, "round", event="harvest", phase="A", farmers_1=0, farmers_2=0).status_code == 303
    refused = post_entry(client, table, "event", event="harvest", phase="A", food_2_wine=1)
    assert refused.status_code == 422
    seat = re.search(r'<legend class="name">Ana</legend>.*?</fieldset>', refused.get_data(as_text=True), re.S)
    assert "Ana holds 0 wine, not 1" in seat.group(0)
