"""An Orléans table: holdings kept through events, torture for whoever falls short, end scoring, corrections."""

import re

import pytest

from companion.games.orleans.engine import DEFAULT_COIN_SPACES
from companion.games.orleans.engine.holdings import PRESET_COIN_SPACES, PRESET_LEVEL_SPACES

from .pages import post_entry, sit, version

JO = {
    "coins": 3,
    "cheese": 1,
    "wool": 2,
    "trading_stations": 2,
    "development_level": 2,
    "development_position": 10,
    "followers_in_bag": 3,
    "place_tiles": 1,
}
ANA = {"coins": 20, "grain": 3, "wine": 1, "trading_stations": 1, "development_level": 1, "development_position": 4}


def start(client, *players, **options):
    response = client.post("/new/orleans", data={"players": list(players), **options})
    assert response.status_code == 303, response.get_data(as_text=True)
    sit(client, response.headers["Location"], "")
    return response.headers["Location"]


def holdings(client, table, player, **counts):
    return post_entry(client, table, "holdings", f"holdings-{player}", player=player, **counts)


def torture(client, table, player, **items):
    return post_entry(client, table, "torture", f"torture-{player}", player=player, **items)


def held(html, player, field):
    """The number shown in a player's holdings grid."""
    grid = re.search(rf'<dl class="holding-grid" data-player="{re.escape(player)}">(.*?)</dl>', html, re.S).group(1)
    return int(re.search(rf'data-field="{field}">(\d+)<', grid).group(1))


def text(html):
    """What a person reads: the page without its tags, spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" 's", "'s")


def total(html, player):
    return int(re.search(rf'class="big-total" data-player="{re.escape(player)}">(-?\d+)<', html).group(1))


@pytest.fixture
def short_table(client):
    """Jo and Ana after a Harvest in phase B: Jo returned 1 cheese, paid 3 of 5 coins and is 2 coins short."""
    table = start(client, "Jo", "Ana")
    holdings(client, table, "Jo", **JO)
    holdings(client, table, "Ana", **ANA)
    assert post_entry(client, table, "event", event="harvest", phase="B").status_code == 303
    return table


def test_the_new_table_form_offers_the_rule_set_the_track_preset_and_other_spaces(client):
    html = client.get("/new/orleans").get_data(as_text=True)
    assert 'name="rules" value="classic"' in html
    assert 'name="track" value="preset">' in html  # one tap, once the table has looked at its board
    assert "Check your board" in html
    shown = (
        "levels 1 to 5 begin on spaces 0, 4, 9, 15 and 22; level 6 is the last space, 30; coins on spaces 7, 12 and 25"
    )
    assert shown in text(html)
    assert ", ".join(map(str, PRESET_LEVEL_SPACES[:5])) == "0, 4, 9, 15, 22" and PRESET_LEVEL_SPACES[5] == 30
    assert ", ".join(map(str, PRESET_COIN_SPACES)) == "7, 12, 25"  # the template's words are the engine's preset
    default = ", ".join(str(s) for s in DEFAULT_COIN_SPACES)
    assert f'name="coin_spaces" value="{default}"' in html  # other spaces may still be typed
    assert 'name="track" value="other"' in html


@pytest.mark.parametrize(
    ("spaces", "message"),
    [("7, twelve", "with commas between"), ("0, 12", "numbered 1 to 99"), ("", "at least one coin space")],
)
def test_bad_coin_spaces_are_refused_when_the_table_starts(client, spaces, message):
    response = client.post("/new/orleans", data={"players": ["Jo", "Ana"], "coin_spaces": spaces})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in html
    assert 'value="Jo"' in html


def test_holdings_show_in_the_grid_and_events_wait_for_everyone(client):
    table = start(client, "Jo", "Ana")
    html = client.get(table).get_data(as_text=True)
    assert "Enter Jo's holdings" in html
    assert 'name="event" value="harvest"' not in html
    holdings(client, table, "Jo", **JO)
    refused = post_entry(client, table, "event", event="taxes", phase="A")
    assert refused.status_code == 422
    assert "Enter the holdings of Ana first" in refused.get_data(as_text=True)
    holdings(client, table, "Ana", **ANA)
    html = client.get(table).get_data(as_text=True)
    assert held(html, "Jo", "wool") == 2
    assert held(html, "Jo", "development_position") == 10
    assert 'name="event" value="harvest"' in html


def test_a_harvest_leaves_jo_short_and_offers_only_what_jo_holds(client, short_table):
    html = client.get(short_table).get_data(as_text=True)
    assert "Jo is 2 coins short" in text(html)
    assert "Jo pays 3 of 5 coins and must give up 2 items" in html
    assert held(html, "Jo", "coins") == 0
    assert held(html, "Jo", "cheese") == 0
    assert held(html, "Ana", "grain") == 1  # Ana returned her cheapest food
    form = re.search(r'<form class="card torture".*?</form>', html, re.S).group(0)
    offered = set(re.findall(r'name="(\w+)" type="number"', form))
    assert offered == {"goods_wool", "development", "follower", "place_tile", "trading_station"}
    assert "space 10 → 8 at most" in form  # 10 -> 9 -> 8, never onto the coin space 7
    assert "0</output> of 2 chosen" in form
    assert "Settle the torture above first" in html


def test_jo_gives_up_a_wool_and_a_development_step(client, short_table):
    response = torture(client, short_table, "Jo", goods_wool=1, development=1)
    assert response.status_code == 303
    html = client.get(short_table).get_data(as_text=True)
    assert (held(html, "Jo", "wool"), held(html, "Jo", "development_position")) == (1, 9)
    assert held(html, "Jo", "development_level") == 2  # a step back moves the marker, not the level reached
    assert "Jo gave up 1 wool, 1 development step back (torture)" in html
    assert re.search(r'<div class="card last-step with-undo" [^>]*data-kind="torture">', html)  # undo that first
    assert "is 2 coins short" not in text(html)
    assert 'name="event" value="harvest"' in html


@pytest.mark.parametrize(
    ("items", "message"),
    [
        ({"goods_wool": 1}, "give up exactly 2 items"),
        ({"development": 3}, "onto or past a coin space"),
        ({"goods_wool": 1, "technology_tile": 1}, "no technology tile left"),
    ],
)
def test_a_torture_choice_that_breaks_a_rule_is_refused_and_kept(client, short_table, items, message):
    response = torture(client, short_table, "Jo", **items)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in html
    assert version(client, short_table) == 3
    for name, count in items.items():
        if name != "technology_tile":  # Jo holds none, so the page does not offer it
            assert re.search(rf'name="{name}" type="number"[^>]*value="{count}"', html)


def test_nothing_else_happens_until_the_torture_is_settled(client, short_table):
    for kind, data in (("event", {"event": "income", "phase": "B"}), ("end", {})):
        refused = post_entry(client, short_table, kind, **data)
        assert refused.status_code == 422
        assert "Jo still owes 2 items (torture)" in refused.get_data(as_text=True)
    coins = holdings(client, short_table, "Jo", **{**JO, "coins": 4})
    assert coins.status_code == 422
    assert "coins stay 0" in coins.get_data(as_text=True)
    assert torture(client, short_table, "Ana", goods_grain=1).status_code == 422  # Ana owes nothing


def test_a_player_with_nothing_left_has_the_debt_dropped(client):
    table = start(client, "Jo", "Ana")
    holdings(client, table, "Jo", coins=0, wool=1)
    holdings(client, table, "Ana", coins=9)
    post_entry(client, table, "event", event="harvest", phase="C")  # Jo: 3 food missing, 15 coins
    html = client.get(table).get_data(as_text=True)
    assert "Give up <strong>1</strong> item: all Jo has left" in html
    assert torture(client, table, "Jo", goods_wool=1).status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert held(html, "Jo", "wool") == 0
    assert "is 15 coins short" not in text(html)


def test_a_food_choice_returns_that_food(client):
    table = start(client, "Jo", "Ana")
    holdings(client, table, "Jo", coins=5, grain=2, wine=2)
    holdings(client, table, "Ana", coins=5, grain=2)
    post_entry(client, table, "event", event="harvest", phase="B", food_1_wine=2, food_2_grain="", food_2_wine="")
    html = client.get(table).get_data(as_text=True)
    assert (held(html, "Jo", "grain"), held(html, "Jo", "wine")) == (2, 0)
    assert held(html, "Ana", "grain") == 0  # blank: the cheapest
    refused = post_entry(client, table, "event", event="harvest", phase="A", food_1_wine=1)
    assert refused.status_code == 422
    assert "Jo holds 0 wine, not 1" in refused.get_data(as_text=True)


def test_the_coin_spaces_decide_how_far_back_a_marker_may_go(client):
    table = start(client, "Jo", "Ana", coin_spaces="9, 20")
    holdings(client, table, "Jo", **JO)
    holdings(client, table, "Ana", **ANA)
    post_entry(client, table, "event", event="harvest", phase="B")
    assert 'name="development"' not in client.get(table).get_data(as_text=True)  # 10 -> 9 lands on a coin space
    refused = torture(client, table, "Jo", development=2)
    assert refused.status_code == 422
    bad = post_entry(client, table, "track", coin_spaces="3, fifteen")
    assert bad.status_code == 422
    assert re.search(r'<details class="card" id="track" open>.*with commas between', bad.get_data(as_text=True), re.S)
    assert post_entry(client, table, "track", coin_spaces="3; 15").status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert "coin spaces at 3, 15" in html
    assert "space 10 → 4 at most" in html
    assert torture(client, table, "Jo", development=2).status_code == 303


def test_end_scoring_from_the_holdings_with_a_winner(client):
    table = start(client, "Jo", "Ana")
    holdings(client, table, "Jo", **{**JO, "citizens": 1})
    holdings(client, table, "Ana", **ANA)
    html = client.get(table).get_data(as_text=True)
    # Jo: 3 coins + cheese 2 + wool 8 + (2 stations + 1 citizen + the spare citizen) × level 2
    assert total(html, "Jo") == 3 + 2 + 8 + 4 * 2
    assert total(html, "Ana") == 20 + 3 + 3 + 1
    assert "Jo gets the spare citizen" in html
    assert post_entry(client, table, "end").status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert "Final scores" in html
    assert "Ana wins" in html
    assert post_entry(client, table, "event", event="taxes", phase="A").status_code == 422


def test_correcting_holdings_replays_the_event(client, short_table):
    corrected = {**JO, "coins": 5, "version": version(client, short_table), "entry_id": "fix", "player": "Jo"}
    response = client.post(f"{short_table}/entries/1/edit", data=corrected)
    assert response.status_code == 303
    html = client.get(short_table).get_data(as_text=True)
    assert "is 2 coins short" not in text(html)  # with 5 coins Jo pays the missing food in full
    assert held(html, "Jo", "coins") == 0


def test_undo_an_event_restores_the_holdings(client):
    table = start(client, "Jo", "Ana")
    holdings(client, table, "Jo", **JO)
    holdings(client, table, "Ana", **ANA)
    post_entry(client, table, "event", event="trading_day", phase="A")
    html = client.get(table).get_data(as_text=True)
    assert held(html, "Jo", "coins") == 3 + 6
    assert re.search(r'<div class="card last-step with-undo" [^>]*data-kind="event">', html)
    assert client.post(f"{table}/undo", data={"target": 3, "version": 3, "entry_id": "u"}).status_code == 303
    assert held(client.get(table).get_data(as_text=True), "Jo", "coins") == 3


def test_every_entry_can_be_opened_for_correction(client, short_table):
    torture(client, short_table, "Jo", goods_wool=1, place_tile=1)
    post_entry(client, short_table, "track", coin_spaces="7, 12, 26")
    post_entry(client, short_table, "end")
    for seq, expected in [(1, 'name="wool"'), (3, 'name="phase" value="B" checked'), (4, 'name="place_tile"')]:
        page = client.get(f"{short_table}/entries/{seq}/edit")
        assert page.status_code == 200
        assert expected in page.get_data(as_text=True)
    assert 'value="7, 12, 26"' in client.get(f"{short_table}/entries/5/edit").get_data(as_text=True)
    assert client.get(f"{short_table}/entries/6/edit").status_code == 200


def test_the_viewer_sees_the_torture_but_no_forms(client, app, short_table):
    html = client.get(short_table).get_data(as_text=True)
    viewer = re.search(r'href="(/v/[\w-]+)"', html).group(1)
    page = client.get(viewer).get_data(as_text=True)
    assert "Jo is 2 coins short" in text(page)
    assert "is choosing 2 items" in page
    assert 'method="post"' not in page
    assert 'name="player"' not in page


def test_a_torture_item_refused_shows_its_message_beside_that_item(client, short_table):
    response = torture(client, short_table, "Jo", development=3)
    html = response.get_data(as_text=True)
    item = re.search(r'<li class="item">(?:(?!</li>).)*name="development".*?</li>', html, re.S).group(0)
    assert "would go onto or past a coin space" in item
    assert "give up exactly 2 items" not in item  # the count concerns the whole choice: said above the items


V1_HOLDINGS = {**dict.fromkeys(("grain", "wine", "brocade", "citizens", "technology_tiles"), 0), **JO, "player": "Jo"}
V1_HOLDINGS |= {"followers_in_bag": 3, "place_tiles": 1}


def test_an_entry_stored_in_version_1_reads_opens_and_is_corrected_in_today_s_shape(client, app):
    table = start(client, "Jo", "Ana")
    store = app.extensions["store"]
    row = store.by_token(table.rsplit("/", 1)[1])
    store.append(row.id, 0, "old", "holdings", V1_HOLDINGS, "Jo", 1)  # the form's flat fields, as stored before
    html = client.get(table).get_data(as_text=True)
    assert held(html, "Jo", "wool") == 2
    assert "holdings: 3 coins; 1 cheese, 2 wool; 2 trading stations" in html
    page = client.get(f"{table}/entries/1/edit").get_data(as_text=True)
    assert re.search(r'name="wool" type="number"[^>]*value="2"', page)
    fixed = {**V1_HOLDINGS, "wool": 1, "version": 1, "entry_id": "fix"}
    assert client.post(f"{table}/entries/1/edit", data=fixed).status_code == 303
    correction = store.entries(row.id)[-1]
    assert correction.version == 2
    assert correction.payload["payload"]["goods"] == {"grain": 0, "cheese": 1, "wine": 0, "wool": 1, "brocade": 0}
    assert held(client.get(table).get_data(as_text=True), "Jo", "wool") == 1
