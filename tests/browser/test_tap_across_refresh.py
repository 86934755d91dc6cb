"""A tap is never lost to a refresh of the table: when another phone's entry arrives while a finger (or a mouse
button) is down on a button, the panel waits until the press is over, then shows the other phone's entry. A panel
swapped between the press and the click takes the click with it: the button pressed is no longer in the page."""

import pytest
from playwright.sync_api import expect

from tests.browser.phones import new_phone
from tests.browser.test_offline_phone import answer, entries_of, held, sit, start, until

pytestmark = pytest.mark.browser

HEARD = """() => {
  window.refreshed = false;
  document.addEventListener("htmx:afterRequest", () => { window.refreshed = true; }, { once: true });
}"""


def enter_card(chromium, table, name, card):
    """Another phone at the table enters its own card."""
    other = new_phone(chromium)
    try:
        page = other.new_page()
        page.goto(table)
        sit(page, name)
        page.locator("#step").get_by_role("group", name=f"{name}'s card").get_by_role(
            "button", name=str(card), exact=True
        ).tap()
        expect(page.locator(".sealed-own")).to_contain_text(f"Your {card} is in")
    finally:
        other.close()


def test_a_card_pressed_as_another_phones_card_arrives_is_entered(live_server, phone, chromium):
    page = phone.new_page()
    table = start(page, live_server.url, "loaf", ["Ann", "Ben", "Cy", "Dee"], seat="Ann")
    card = page.locator("#step").get_by_role("group", name="Ann's card").get_by_role("button", name="7", exact=True)
    card.scroll_into_view_if_needed()
    polls = held(page, "**/live?*")
    until(page, lambda: polls)  # a refresh is on its way
    enter_card(chromium, table, "Ben", 4)

    box = card.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate(HEARD)
    page.unroute("**/live?*")
    for poll in polls:
        answer(poll)  # the refresh brings Ben's card while Ann is pressing her 7
    page.wait_for_function("() => window.refreshed")
    page.mouse.up()

    expect(page.locator(".sealed-own")).to_contain_text("Your 7 is in")
    expect(page.locator(".sealed-status")).to_contain_text("2 of 4 in")  # the refresh put off comes once it is over
    assert [e["kind"] for e in entries_of(live_server.url, table)] == ["card", "card"]


def test_a_refresh_put_off_by_a_press_that_ends_in_no_click_still_comes(live_server, phone, chromium):
    page = phone.new_page()
    table = start(page, live_server.url, "loaf", ["Ann", "Ben", "Cy", "Dee"], seat="Ann")
    title = page.locator("#step-title")
    title.scroll_into_view_if_needed()
    box = title.bounding_box()
    page.mouse.move(box["x"] + 5, box["y"] + box["height"] / 2)
    page.mouse.down()  # held down on the step's title, then dragged off: a press with no click
    enter_card(chromium, table, "Ben", 4)
    page.mouse.move(box["x"] + 5, box["y"] + box["height"] + 200)
    page.mouse.up()
    expect(page.locator(".sealed-status")).to_contain_text("1 of 4 in", timeout=5000)
