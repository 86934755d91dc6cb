"""An Orléans table page and the box: five coins and level 1 prefilled, the track preset in one tap (other spaces
still typed), round 1's Pilgrimage proposed and another event warned, the farmers' torture, and the Sacristy."""

import re
from html import unescape

from .pages import post_entry
from .test_orleans_rounds_page import JO, LOU, begin, form, ready, stepper_value
from .test_orleans_table import holdings, start, text

KIM_BROKE = {"coins": 0, "cheese": 1, "development_level": 1, "development_position": 3}


def test_a_new_player_s_holdings_start_with_five_coins_and_level_one(client):
    table = start(client, "Jo", "Kim")
    html = client.get(table).get_data(as_text=True)
    assert stepper_value(html, "coins") == 5
    assert stepper_value(html, "development_level") == 1
    assert re.search(r'name="development_level" type="number" inputmode="numeric" min="1" max="6"', html)
    holdings(client, table, "Jo", coins=2, development_level=3)
    again = client.get(table).get_data(as_text=True)
    jo_form = re.search(r'data-player="Jo".*?</details>', again, re.S).group(0)
    assert stepper_value(jo_form, "coins") == 2  # once entered, what the table holds


def test_a_forgotten_or_impossible_level_is_refused_beside_its_field(client):
    table = start(client, "Jo", "Kim")
    for level, message in (("0", "must be at least 1"), ("7", "must be at most 6")):
        refused = holdings(client, table, "Jo", coins=5, development_level=level)
        assert refused.status_code == 422
        assert message in refused.get_data(as_text=True)
    over = holdings(client, table, "Jo", coins=5, development_level=1, trading_stations=11)
    assert over.status_code == 422
    assert "each player has 10 trading stations; Jo has 11" in over.get_data(as_text=True)


def test_citizens_past_the_box_are_refused_on_the_entry_that_goes_over(client):
    table = start(client, "Jo", "Kim")
    assert holdings(client, table, "Jo", development_level=1, citizens=8).status_code == 303
    refused = holdings(client, table, "Kim", development_level=1, citizens=6)
    assert refused.status_code == 422
    assert "the box holds 14 citizens" in refused.get_data(as_text=True)


def test_the_track_preset_is_one_tap_and_other_spaces_are_still_typed(client):
    preset = start(client, "Jo", "Kim", track="preset")
    html = client.get(preset).get_data(as_text=True)
    assert "coin spaces at 7, 12, 25; levels begin at 0, 4, 9, 15, 22, 30" in html
    assert "app's starting guess" not in html
    own = start(client, "Jo", "Kim", track="other", coin_spaces="5, 10", level_spaces="0, 3")
    html = client.get(own).get_data(as_text=True)
    assert "coin spaces at 5, 10; levels begin at 0, 3" in html
    assert post_entry(client, own, "track", "track-preset", track="preset").status_code == 303
    assert "levels begin at 0, 4, 9, 15, 22, 30" in client.get(own).get_data(as_text=True)


def test_round_one_proposes_the_pilgrimage_and_warns_on_another(client):
    table = ready(client)
    start_form = form(client.get(table).get_data(as_text=True), "round-start")
    assert re.search(r'value="pilgrimage" class="proposed"', start_form)
    assert "Round 1 is a Pilgrimage: the setup puts one on top of the deck." in text(start_form)
    assert begin(client, table, "harvest").status_code == 303  # a warning, never a refusal
    html = client.get(table).get_data(as_text=True)
    assert "Round 1: Harvest" in html
    warning = re.search(r'<p class="warning"[^>]*data-warning="round-1">(.*?)</p>', html, re.S).group(1)
    assert "Round 1 is a Pilgrimage in the box's setup" in unescape(warning) and "this says Harvest" in warning


def test_no_warning_for_a_pilgrimage(client):
    table = ready(client)
    assert begin(client, table, "pilgrimage").status_code == 303
    assert 'data-warning="round-1"' not in client.get(table).get_data(as_text=True)


def test_a_trailer_without_a_coin_owes_torture_for_the_farmers_coin(client):
    table = start(client, "Jo", "Kim", "Lou")
    for name, counts in (("Jo", JO), ("Kim", KIM_BROKE), ("Lou", LOU)):
        assert holdings(client, table, name, **counts).status_code == 303
    assert begin(client, table, "pilgrimage", farmers=(4, 0, 2)).status_code == 303
    html = client.get(table).get_data(as_text=True)
    torture = re.search(r'<form class="card torture".*?</form>', html, re.S).group(0)
    assert "Kim is 1 coin short" in text(torture)
    assert "with no coin to pay: owes 1 item instead (torture)" in torture
    assert 'href="/rules/orleans#farmers"' in torture
    assert post_entry(client, table, "torture", "torture-Kim", player="Kim", goods_cheese=1).status_code == 303
    assert 'class="card torture"' not in client.get(table).get_data(as_text=True)


def test_a_sacristy_is_ticked_to_skip_the_event(client):
    table = ready(client)
    assert begin(client, table, "pilgrimage").status_code == 303
    assert begin(client, table, "income").status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert "Sacristy: who skips this event" in html
    assert 'name="sacristy_1"' in html and 'name="sacristy_3"' in html
    assert post_entry(client, table, "event", event="income", phase="A", sacristy_1="on").status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert "Jo's Sacristy is active: Jo skips the Income, paying and receiving nothing." in unescape(html)
