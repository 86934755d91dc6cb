"""Two phones at one Next Station Paris table: a line entered on one shows on the other within 2 s."""

import pytest
from playwright.sync_api import expect

from .seats import NOBODY, sit

pytestmark = pytest.mark.browser


def test_two_phones_see_the_same_table(live_server, phone, chromium):
    first = phone.new_page()
    first.goto(live_server.url + "/")
    nsp = first.locator("li", has=first.get_by_role("heading", name="Next Station Paris"))
    nsp.get_by_role("link", name="Start a table").click()
    first.get_by_label("Player 1").fill("Ana")
    first.get_by_label("Player 2").fill("Bénédicte")
    first.get_by_role("button", name="Start the table").click()
    sit(first, NOBODY)
    expect(first.get_by_role("heading", name="Next Station Paris")).to_be_visible()

    other = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    second = other.new_page()
    second.goto(first.url)
    sit(second, NOBODY)
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


def test_a_line_the_map_cannot_hold_is_refused_as_it_is_typed(live_server, phone):
    page = phone.new_page()
    page.goto(live_server.url + "/new/next-station-paris")
    page.get_by_label("Player 1").fill("Ana")
    page.get_by_role("button", name="Start the table").click()
    sit(page, NOBODY)
    card = page.locator("form", has=page.get_by_role("heading", name="Ana"))
    card.get_by_label("blue").check()
    districts = card.get_by_label("Districts", exact=True)
    districts.fill("99")
    card.get_by_role("button", name="Most stations in a district: one more").click()
    stepper = card.locator(".stepper", has=page.locator('input[name="districts"]'))
    expect(stepper.get_by_role("alert")).to_have_text(
        "a line visits at most 13 stations, so it passes through at most 13 districts"
    )
    expect(districts).to_have_attribute("aria-invalid", "true")
    assert districts.evaluate("input => input.validity.customError")  # so the browser will not submit it
    expect(card.locator("output")).to_have_text("—")
    card.get_by_role("button", name="Enter Ana's line").click()  # the phone keeps it: the server never sees it
    expect(page.locator('[data-player="Ana"]')).to_have_text("0")
    expect(page.get_by_text("That entry was not saved")).to_have_count(0)
    expect(districts).to_have_value("99")

    districts.fill("8")
    for _ in range(6):
        card.get_by_role("button", name="Most stations in a district: one more").click()
    expect(stepper.get_by_role("alert")).to_contain_text("need at least 14 (7 there and 1 in each other district)")
    card.get_by_role("button", name="Districts: one less").click()
    expect(stepper.get_by_role("alert")).to_have_count(0)
    expect(card.locator("output")).to_have_text("49")
    card.get_by_role("button", name="Enter Ana's line").click()
    expect(page.locator('[data-player="Ana"]')).to_have_text("49")


def test_bonuses_the_lines_cannot_hold_are_refused_as_they_are_typed(live_server, phone):
    page = phone.new_page()
    created = page.request.post(
        live_server.url + "/api/v1/tables", data={"game": "next-station-paris", "players": ["Ana"]}
    ).json()
    api = f"{live_server.url}/api/v1/tables/{created['edit'].rsplit('/', 1)[1]}/entries"
    for round_no, (color, size) in enumerate([("blue", 3), ("green", 2), ("orange", 0), ("purple", 0)], start=1):
        line = {"color": color, "districts": size, "max_stations_in_district": size}
        entry = {"player": "Ana", "round": round_no, "line": line}
        body = {"kind": "line", "payload": entry, "entry_id": color, "base_version": round_no - 1}
        assert page.request.post(api, data=body).status == 201
    page.goto(live_server.url + created["edit"])
    sit(page, NOBODY)
    card = page.locator("form", has=page.get_by_role("heading", name="Ana"))
    threes = card.get_by_label("Interchanges of 3 lines (5 each)", exact=True)
    threes.fill("1")
    stepper = card.locator(".stepper", has=page.locator('input[name="interchanges_3"]'))
    expect(stepper.get_by_role("alert")).to_have_text(
        "an interchange of 3 lines needs 3 lines with stations, and only 2 lines on this map can have stations"
    )
    card.get_by_label("Objectives completed (10 each)", exact=True).fill("40")
    expect(card.get_by_role("alert")).to_have_count(2)
    card.get_by_role("button", name="Enter Ana's bonuses").click()
    expect(page.locator('[data-player="Ana"]')).to_have_text("13")  # 3 × 3 + 2 × 2: nothing was added
    threes.fill("0")
    card.get_by_label("Objectives completed (10 each)", exact=True).fill("5")
    expect(card.get_by_role("alert")).to_have_count(0)
    card.get_by_role("button", name="Enter Ana's bonuses").click()
    expect(page.locator('[data-player="Ana"]')).to_have_text("63")
