"""A player's name is 1 to 40 characters: every name field on the pages says so, takes no more, and the server
takes exactly that much (a name of 41 is refused, one of 40 is kept)."""

from __future__ import annotations

import re

import pytest

from companion.schemas import NAME_MAX
from companion.specs import SPECS

from .pages import start

NAME_FIELDS = re.compile(r'<input type="text" id="[^"]*" name="(?:players|name)"[^>]*>')


def maxlengths(page: str) -> list[str]:
    return [re.search(r'maxlength="([^"]*)"', field).group(1) for field in NAME_FIELDS.findall(page)]


@pytest.mark.parametrize("path", [f"/new/{slug}" for slug in SPECS] + ["/print"])
def test_every_name_field_takes_what_its_page_says(client, path):
    page = client.get(path).get_data(as_text=True)
    assert NAME_MAX == 40
    assert maxlengths(page) and set(maxlengths(page)) == {str(NAME_MAX)}
    assert f"1 to {NAME_MAX} characters" in page


def test_the_lfg_hero_name_field_takes_what_a_hero_name_may_be(client):
    table = start(client, "Ann", "Ben", game="lfg")
    assert set(maxlengths(client.get(table).get_data(as_text=True))) == {str(NAME_MAX)}


def test_a_new_table_keeps_a_name_of_40_and_refuses_one_of_41(client):
    assert client.post("/new/oz", data={"players": ["A" * 41, "Ben"]}).status_code == 422
    table = start(client, "A" * 40, "Ben", game="oz")
    assert "A" * 40 in client.get(table).get_data(as_text=True)


def test_a_pad_keeps_a_name_of_40_and_refuses_one_of_41(client):
    refused = client.get("/print/oz/score-pad.pdf", query_string={"players": ["A" * 41, "Ben"]})
    assert refused.status_code in (400, 422)
    assert client.get("/print/oz/score-pad.pdf", query_string={"players": ["A" * 40, "Ben"]}).status_code == 200
