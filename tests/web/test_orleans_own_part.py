"""Orléans one step per screen: a phone that said who it is gets its own holdings first, filled with what the table
holds for it, and the other players' folded; a phone that did not say sees every player's holdings as before."""

import re

from .test_orleans_table import ANA, JO, holdings, post, start


def played_table(client):
    """Jo and Ana with their holdings in, and round 1 (a Harvest) begun: both play, then correct what changed."""
    table = start(client, "Jo", "Ana")
    holdings(client, table, "Jo", **JO)
    holdings(client, table, "Ana", **ANA)
    assert post(client, table, "round", event="harvest", phase="A", farmers_1=1, farmers_2=0).status_code == 303
    return table


def first_step(html):
    return re.search(
        r'<(section|form) class="card [\w -]+" id="step" data-step="(\w+)"(?: data-player="([^"]+)")?', html
    )


def step_value(html, field):
    step = re.search(r'id="step".*?</section>', html, re.S).group(0)
    return int(re.search(rf'name="{field}" type="number"[^>]*value="(\d+)"', step).group(1))


def test_a_seated_phone_gets_its_own_holdings_first_filled_with_them(client):
    table = played_table(client)
    client.post(f"{table}/me", data={"who": "Ana"})
    html = client.get(table).get_data(as_text=True)
    step = first_step(html)
    assert (step.group(2), step.group(3)) == ("holdings", "Ana")
    assert html.index('id="step"') < html.index('class="card round-now"')  # before the round's event
    assert (step_value(html, "coins"), step_value(html, "grain"), step_value(html, "wine")) == (20, 3, 1)
    assert "Save your holdings" in html
    assert re.search(r'<details class="card holdings folded" data-player="Jo">', html)  # the others folded
    assert not re.search(r'<details class="card holdings folded" data-player="Ana"', html)


def test_once_saved_the_round_s_event_is_the_step_with_the_saved_holdings_above_it(client):
    table = played_table(client)
    client.post(f"{table}/me", data={"who": "Ana"})
    assert holdings(client, table, "Ana", **{**ANA, "coins": 18}).status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert first_step(html).group(2) == "event"
    summary = re.search(r'<details class="card last-step".*?</summary>', html, re.S).group(0)
    assert "Saved: your holdings" in summary and "18 coins" in summary
    assert html.index("last-step") < html.index('id="step"')
    assert re.search(r'class="step-bar"><button type="submit" class="wide">Resolve the Harvest', html)


def test_a_phone_that_did_not_say_who_it_is_gets_the_event_and_every_holdings_card(client):
    table = played_table(client)
    html = client.get(table).get_data(as_text=True)
    assert first_step(html).group(2) == "event"
    assert "Save your holdings" not in html
    assert [m for m in re.findall(r'<section class="card holdings" aria-labelledby="holdings-(\d)"', html)] == [
        "1",
        "2",
    ]


def test_a_seated_phone_enters_a_missing_player_after_its_own(client):
    table = start(client, "Jo", "Ana", "Lou")
    client.post(f"{table}/me", data={"who": "Lou"})
    assert first_step(client.get(table).get_data(as_text=True)).group(3) == "Lou"
    holdings(client, table, "Lou", coins=4)
    assert first_step(client.get(table).get_data(as_text=True)).group(3) == "Jo"
