"""Two phones at one Next Station Paris table, each entering its own player's line of round 1 and tapping at the
same moment: both lines land, neither phone is told the table changed under it, and each sees the other's line."""

import pytest
from playwright.sync_api import expect

from tests.browser.phones import new_phone

from .seats import NOBODY, sit

pytestmark = pytest.mark.browser


def fill_line(page, player, color, districts, stations, monuments):
    """Type a line on the player's card as a person does, with the steppers; the card is left to be tapped."""
    card = page.locator("form", has=page.get_by_role("heading", name=player))
    card.get_by_label(color).check()
    for name, times in (
        ("Districts", districts),
        ("Most stations in a district", stations),
        ("Monuments", monuments),
    ):
        for _ in range(times):
            card.get_by_role("button", name=f"{name}: one more").click()
    expect(card.locator("output")).to_have_text(str(districts * stations + 2 * monuments))
    return card


def test_two_phones_tapping_their_own_lines_at_once_both_land(live_server, phone, chromium):
    first = phone.new_page()
    first.goto(live_server.url + "/new/next-station-paris")
    first.get_by_label("Player 1").fill("Ana")
    first.get_by_label("Player 2").fill("Ben")
    first.get_by_role("button", name="Start the table").click()
    sit(first, NOBODY)
    expect(first.get_by_role("heading", name="Next Station Paris")).to_be_visible()

    other = new_phone(chromium)
    second = other.new_page()
    second.goto(first.url)
    sit(second, NOBODY)
    expect(second.locator('[data-player="Ben"]')).to_have_text("0")

    ana = fill_line(first, "Ana", "blue", 5, 3, 2)
    ben = fill_line(second, "Ben", "green", 4, 2, 1)
    # Both cards come from the table before either line: the one that lands second was typed against an older one.
    expect(ana.locator('input[name="version"]')).to_have_value("0")
    expect(ben.locator('input[name="version"]')).to_have_value("0")
    ana.get_by_role("button", name="Enter Ana's line").click()
    ben.get_by_role("button", name="Enter Ben's line").click()

    for page in (first, second):
        expect(page.locator('[data-player="Ana"]')).to_have_text("19", timeout=2500)
        expect(page.locator('[data-player="Ben"]')).to_have_text("10", timeout=2500)
        expect(page.get_by_text("just entered")).to_have_count(0)
        expect(page.get_by_text("That entry was not saved")).to_have_count(0)
        expect(page.get_by_role("heading", name="Round 2 of 4")).to_be_visible()  # both round 1 lines are in
        expect(page.locator('input[name="step"][value$=":1"]')).to_have_count(0)
    other.close()
