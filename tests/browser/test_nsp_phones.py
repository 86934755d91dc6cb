"""Two phones at one Next Station Paris table: a line entered on one shows on the other within 2 s."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_two_phones_see_the_same_table(live_server, phone, chromium):
    first = phone.new_page()
    first.goto(live_server.url + "/")
    nsp = first.locator("li", has=first.get_by_role("heading", name="Next Station Paris"))
    nsp.get_by_role("link", name="Start a table").click()
    first.get_by_label("Player 1").fill("Ana")
    first.get_by_label("Player 2").fill("Bénédicte")
    first.get_by_role("button", name="Start the table").click()
    expect(first.get_by_role("heading", name="Next Station Paris")).to_be_visible()

    other = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    second = other.new_page()
    second.goto(first.url)
    ana_total = second.locator('[data-player="Ana"]')
    expect(ana_total).to_have_text("0")

    card = first.locator("form", has=first.get_by_role("heading", name="Ana"))
    card.get_by_label("blue").check()
    for _ in range(5):
        card.get_by_role("button", name="Districts: one more").click()
    for _ in range(3):
        card.get_by_role("button", name="Most stations in a district: one more").click()
    for _ in range(2):
        card.get_by_role("button", name="Monuments: one more").click()
    expect(card.locator("output")).to_have_text("19")
    card.get_by_role("button", name="Enter Ana's line").click()

    expect(first.locator('[data-player="Ana"]')).to_have_text("19")
    expect(ana_total).to_have_text("19", timeout=2500)

    first.get_by_role("button", name="Undo").click()
    expect(first.locator('[data-player="Ana"]')).to_have_text("0")
    expect(ana_total).to_have_text("0", timeout=2500)
    expect(second.get_by_role("button", name="Enter Ana's line")).to_be_visible()
    other.close()
