"""An Orléans table page offers the Sacristy on a Plague too: a seat answers "Sacristy: skips it", keeps
its followers, and the rounds played say who skipped it."""

import re

from .pages import post_entry
from .test_orleans_rounds_page import begin, ready
from .test_orleans_table import text


def plague_form(html: str) -> str:
    return re.search(r'<form class="plague".*?</form>', html, re.S).group(0)


def test_a_sacristy_skips_a_plague_on_the_page(client):
    table = ready(client)
    assert begin(client, table, "pilgrimage").status_code == 303
    assert begin(client, table, "plague").status_code == 303
    html = plague_form(client.get(table).get_data(as_text=True))
    assert 'name="lost_1" value="sacristy"' in html and 'name="lost_3" value="sacristy"' in html
    assert "Sacristy: skips it" in html
    refused = post_entry(client, table, "plague", lost_1="knight", lost_2="starting", lost_3="monk")
    assert refused.status_code == 422
    sheltered = post_entry(client, table, "plague", lost_1="sacristy", lost_2="starting", lost_3="starting")
    assert sheltered.status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert "Jo skipped it (Sacristy), Kim lost none, Lou lost none" in text(html)
    assert "Plague: nobody lost a follower; Sacristy: seat 1 skipped it" in text(html)


def test_the_event_form_links_the_sacristy_to_its_rule(client):
    table = ready(client)
    begin(client, table, "pilgrimage")
    begin(client, table, "taxes")
    html = client.get(table).get_data(as_text=True)
    sacristy = re.search(r'<details class="sacristy".*?</details>', html, re.S).group(0)
    assert 'href="/rules/orleans#sacristy"' in sacristy
