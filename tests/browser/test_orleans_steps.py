"""Orléans one step per screen on a 390 × 844 phone: the phone that said who it is sees its own holdings first with
the save button on screen without scrolling; once everyone's are in, the round's event is the step, the phone's own
holdings a line above it that opens in place, and the last step a line with its breakdown one tap away."""

import re

import pytest
from playwright.sync_api import expect

from .geometry import nothing_stuck_over, unscrolled, whole_on_screen

pytestmark = pytest.mark.browser

NAMES = ("Józefina Wiśniewska-Kowalczyk", "Łukasz Brzęczyszczykiewicz", "Ángeles Núñez de Castañeda", "Zoë Ørsted")


def test_the_own_holdings_step_then_the_event_with_the_last_step_above(live_server, phone):
    page = phone.new_page()
    page.goto(live_server.url + "/new/orleans")
    for seat, name in enumerate(NAMES):
        page.locator(f"#player-{seat}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    page.locator(".seat-ask").get_by_role("button", name=NAMES[0]).click()

    step = page.locator("#step")
    expect(step.get_by_role("heading")).to_have_text("Your holdings")
    save = step.get_by_role("button", name="Save your holdings")
    unscrolled(page)
    whole_on_screen(save)
    step.get_by_label("Coins", exact=True).fill("7")
    save.click()

    expect(page.locator(".last-step summary")).to_contain_text("Saved: your holdings")
    expect(page.locator(".last-step summary")).to_contain_text("7 coins")
    expect(step.get_by_role("heading")).to_contain_text("holdings")  # the next missing player's
    expect(step).to_have_attribute("data-player", NAMES[1])
    page.locator(".last-step summary").click()
    expect(page.locator(".last-step")).to_contain_text(f"{NAMES[0]}'s holdings: 7 coins")

    for name in NAMES[1:]:
        expect(step).to_have_attribute("data-player", name)
        step.get_by_role("button", name=f"Save {name}'s holdings").click()
        expect(page.locator(".last-step summary")).to_contain_text(f"Saved: {name}'s holdings")

    expect(step).to_have_attribute("data-step", "start")
    harvest = step.get_by_role("button", name=re.compile("^Harvest"))
    whole_on_screen(harvest)  # in a bar at the bottom of the screen, small enough to stay there
    nothing_stuck_over(page, 0.15)
    harvest.click()

    expect(page.locator(".last-step summary")).to_contain_text("Round 1 began: Harvest")
    expect(step).to_have_attribute("data-step", "event")  # the own holdings are in: a line above, not a step
    own = page.locator("details.own-holdings")
    expect(own.locator('[data-field="coins"]')).to_have_text("7 coins")
    expect(own.locator("[data-changes]")).to_have_text("Round 1: nothing changed yet")  # nobody's farmer moved
    own.locator("summary").click()
    expect(own.get_by_label("Coins", exact=True)).to_have_value("7")  # filled with the table's holdings
    save = own.get_by_role("button", name="Save your holdings")
    whole_on_screen(save)
    save.click()

    expect(own.get_by_label("Coins", exact=True)).to_be_hidden()  # folded back into its line
    expect(step).to_have_attribute("data-step", "event")
    resolve = step.get_by_role("button", name="Resolve the Harvest")
    whole_on_screen(resolve)
    expect(page.locator(".last-step summary")).to_contain_text("Saved: your holdings")
