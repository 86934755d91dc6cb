"""Orléans one step per screen: a phone that said who it is gets its own holdings first, filled with what the table
holds for it, and the other players' folded; a phone that did not say sees every player's holdings as before."""

import re

from .pages import post_entry, version
from .test_orleans_table import ANA, JO, holdings, start


def played_table(client):
    """Jo and Ana with their holdings in, and round 1 (a Harvest) begun: both play, then correct what changed."""
    table = start(client, "Jo", "Ana")
    holdings(client, table, "Jo", **JO)
    holdings(client, table, "Ana", **ANA)
    assert post_entry(client, table, "round", event="harvest", phase="A", farmers_1=1, farmers_2=0).status_code == 303
    return table


def first_step(html):
    return re.search(
        r'<(section|form) class="card [\w -]+" id="step" data-step="(\w+)"(?: data-player="([^"]+)")?', html
    )


def step_value(html, field):
    return int(re.search(rf'name="{field}" type="number"[^>]*value="(\d+)"', html).group(1))


def own_line(html):
    return re.search(r'<details class="card own-holdings" data-player="([^"]+)".*?</summary>', html, re.S)


def test_a_seated_phone_gets_the_round_s_event_with_its_own_holdings_as_a_line_above(client):
    table = played_table(client)
    client.post(f"{table}/me", data={"who": "Ana"})
    html = client.get(table).get_data(as_text=True)
    assert first_step(html).group(2) == "event"
    line = own_line(html)
    assert line.group(1) == "Ana"
    assert html.index("own-holdings") < html.index('id="step"')  # above the round's event
    assert "20 coins" in line.group(0) and "4 goods" in line.group(0)
    assert "Round 1:" in line.group(0) and "nothing changed yet" in line.group(0)  # Jo led the Farmers, not Ana
    form = re.search(r'<details class="card own-holdings".*?</details>', html, re.S).group(0)
    assert (step_value(form, "coins"), step_value(form, "grain"), step_value(form, "wine")) == (20, 3, 1)
    assert "Save your holdings" in form  # opened in place
    assert re.search(r'<details class="card holdings folded" data-player="Jo">', html)  # the others folded
    assert not re.search(r'<details class="card holdings folded" data-player="Ana"', html)


def test_the_line_says_what_the_round_changed(client):
    table = played_table(client)
    client.post(f"{table}/me", data={"who": "Jo"})
    assert (
        holdings(client, table, "Jo", **{**JO, "coins": JO["coins"] + 2, "wool": 1, "citizens": 1}).status_code == 303
    )
    line = own_line(client.get(table).get_data(as_text=True)).group(0)
    changed = re.findall(r'<span class="chip-text (gain|loss)">([^<]+)</span>', line)
    # The Farmers coin Jo gained and one more the holdings add, the wool sold and the citizen won.
    assert changed == [("gain", "+2 coins"), ("loss", "−1 wool"), ("gain", "+1 citizen")]


def test_once_saved_the_event_stays_the_step_with_the_saved_holdings_and_their_undo_above_it(client):
    table = played_table(client)
    client.post(f"{table}/me", data={"who": "Ana"})
    assert holdings(client, table, "Ana", **{**ANA, "coins": 18}).status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert first_step(html).group(2) == "event"
    card = re.search(r'<div class="card last-step with-undo".*?</form>\s*</div>', html, re.S).group(0)
    summary = re.search(r"<summary>.*?</summary>", card, re.S).group(0)
    assert "Saved: your holdings" in summary and "18 coins" in summary
    assert 'name="target" value="4"' in card and 'aria-label="Undo: Saved: your holdings"' in card
    assert html.index("last-step") < html.index("own-holdings") < html.index('id="step"')
    assert re.search(r'class="step-bar"><button type="submit" class="wide">Resolve the Harvest', html)


def test_a_wrong_round_start_is_undone_from_beside_it(client):
    table = played_table(client)
    client.post(f"{table}/me", data={"who": "Ana"})
    html = client.get(table).get_data(as_text=True)
    card = re.search(r'<div class="card last-step with-undo" [^>]*data-kind="round">.*?</form>\s*</div>', html, re.S)
    assert "Round 1 began: Harvest" in card.group(0)
    assert 'name="target" value="3"' in card.group(0)
    undo = {"target": 3, "version": version(client, table), "entry_id": "undo-round"}
    assert client.post(f"{table}/undo", data=undo).status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert 'id="step" data-step="start"' in html
    assert "Round 1 of 18" in html and "Round 1: Harvest" not in html


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
