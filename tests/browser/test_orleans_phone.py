"""Two phones at one Orléans table: a Harvest leaves Jo 2 coins short; Jo gives up a wool and a development step,
and the other phone's holdings follow within the 2-second refresh."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def fill_holdings(page, name, **counts):
    card = page.locator("section.holdings", has=page.get_by_role("heading", name=name))
    for label, value in counts.items():
        card.get_by_label(label, exact=True).fill(str(value))
    card.get_by_role("button", name=f"Save {name}'s holdings").click()
    expect(card.locator('dd[data-field="coins"]')).to_have_text(str(counts["Coins"]))


def test_a_harvest_torture_reaches_the_second_phone(live_server, phone, chromium):
    first = phone.new_page()
    first.goto(live_server.url + "/new/orleans")
    first.get_by_label("Player 1").fill("Jo")
    first.get_by_label("Player 2").fill("Ana")
    first.get_by_role("button", name="Start the table").click()
    expect(first.get_by_role("heading", name="Orléans")).to_be_visible()

    fill_holdings(
        first,
        "Jo",
        **{"Coins": 3, "Cheese": 1, "Wool": 2, "Trading stations": 2, "Level (highest reached)": 2},
        **{"Space the marker is on": 10, "Place tiles": 1},
    )
    fill_holdings(first, "Ana", **{"Coins": 20, "Grain": 3})

    other = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    second = other.new_page()
    second.goto(first.url)
    jo_wool = second.locator('dl[data-player="Jo"] dd[data-field="wool"]')
    jo_space = second.locator('dl[data-player="Jo"] dd[data-field="development_position"]')
    expect(jo_wool).to_have_text("2")

    first.locator(".phases label", has_text="B").click()
    first.get_by_role("button", name="Harvest").click()

    torture = first.locator("form.torture")
    expect(torture.get_by_role("heading")).to_have_text("Jo is 2 coins short")
    expect(torture).to_contain_text("Jo pays 3 of 5 coins")
    confirm = torture.get_by_role("button", name="Confirm")
    expect(confirm).to_be_disabled()
    expect(torture.get_by_role("button", name=re.compile("^Grain"))).to_have_count(0)  # Jo holds none: not offered

    torture.get_by_role("button", name=re.compile("^Wool")).click()
    expect(torture.locator("output")).to_have_text("1")
    torture.get_by_role("button", name=re.compile("^Development step back")).click()
    expect(torture.locator(".tally")).to_have_text("2 of 2 chosen")
    expect(torture.get_by_role("button", name=re.compile("^Place tile"))).to_be_disabled()
    confirm.click()

    jo = first.locator('dl[data-player="Jo"]')
    expect(jo.locator('dd[data-field="wool"]')).to_have_text("1")
    expect(jo.locator('dd[data-field="development_position"]')).to_have_text("9")
    expect(first.locator("form.torture")).to_have_count(0)
    expect(jo_wool).to_have_text("1", timeout=2500)
    expect(jo_space).to_have_text("9", timeout=2500)
    expect(second.locator('dl[data-player="Jo"] dd[data-field="coins"]')).to_have_text("0")
    other.close()
