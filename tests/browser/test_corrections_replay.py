"""A correction that replays, on a phone: after Jo settles a Harvest's torture, an early slip in Jo's holdings is
corrected; the table names the torture entry that no longer fits with what to fix, and the phone fixes it there."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from .seats import NOBODY, sit
from .test_orleans_phone import fill_holdings

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("CORRECTION_SHOTS")  # a folder to save screenshots in, for looking at the pages


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def harvest_settled(page, url: str) -> None:
    """Jo and Ana (#1, #2); round 1 turns up a Harvest in phase B (#3), which leaves Jo 2 coins short (#4), settled
    with a wool and a development step (#5)."""
    page.goto(url + "/new/orleans")
    page.get_by_label("Player 1").fill("Jo")
    page.get_by_label("Player 2").fill("Ana")
    page.get_by_role("button", name="Start the table").click()
    sit(page, NOBODY)
    fill_holdings(
        page,
        "Jo",
        **{"Coins": 3, "Cheese": 1, "Wool": 2, "Trading stations": 2, "Level (highest reached)": 2},
        **{"Space the marker is on": 10, "Place tiles": 1},
    )
    fill_holdings(page, "Ana", **{"Coins": 20, "Grain": 3})
    page.locator(".phases label", has_text="B").click()
    page.get_by_role("button", name=re.compile("^Harvest")).click()
    page.get_by_role("button", name="Resolve the Harvest").click()
    torture = page.locator("form.torture")
    expect(torture.get_by_role("heading")).to_have_text("Jo is 2 coins short")
    torture.get_by_role("button", name=re.compile("^Wool")).click()
    torture.get_by_role("button", name=re.compile("^Development step back")).click()
    torture.get_by_role("button", name="Confirm").click()
    expect(page.locator("form.torture")).to_have_count(0)


def test_an_early_holdings_correction_names_the_torture_to_fix_and_the_phone_fixes_it(live_server, phone):
    page = phone.new_page()
    harvest_settled(page, live_server.url)
    table = page.url.split("#", 1)[0]

    # Jo had no coin at all: the holdings entered first (#1) are corrected from the table's log.
    log = page.locator("#live details", has=page.locator("summary", has_text="What was entered"))
    log.locator("summary").click()
    log.locator("li", has_text="Jo's holdings").get_by_role("link", name="Correct").click()
    expect(page.get_by_role("heading", name="Correct an entry")).to_be_visible()
    page.get_by_label("Coins", exact=True).fill("0")
    page.get_by_role("button", name="Save the correction").click()

    # The correction is saved; the torture Jo gave for 2 coins no longer fits the 5 now owed, and the table says so.
    alert = page.locator("section[data-broken]")
    expect(alert.get_by_role("heading")).to_have_text("Entry #5 no longer fits")
    expect(alert).to_contain_text("Entry #1 was corrected, and this later torture entry by Someone no longer fits")
    expect(alert.locator(".to-fix")).to_contain_text("give up exactly 5 items")
    expect(page.locator('dl[data-player="Jo"] dd[data-field="cheese"]')).to_have_text("0")
    shot(page, "table-to-fix")

    alert.get_by_role("link", name="Correct entry #5").click()
    expect(page.get_by_role("heading", name="Correct an entry")).to_be_visible()
    expect(page.locator("form .error").first).to_contain_text("give up exactly 5 items")
    shot(page, "torture-to-fix")
    for label, count in (("Wool", 2), ("Trading stations", 1), ("Development steps back", 2)):
        page.get_by_label(label, exact=True).fill(str(count))
    page.get_by_role("button", name="Save the correction").click()

    expect(page).to_have_url(re.compile(re.escape(table)))
    expect(page.locator("section[data-broken]")).to_have_count(0)
    jo = page.locator('dl[data-player="Jo"]')
    expect(jo.locator('dd[data-field="wool"]')).to_have_text("0")
    expect(jo.locator('dd[data-field="trading_stations"]')).to_have_text("1")
    expect(jo.locator('dd[data-field="development_position"]')).to_have_text("8")
    expect(page.locator("form.torture")).to_have_count(0)
    shot(page, "table-mended")
