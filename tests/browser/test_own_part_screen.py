"""A seated phone at 390 × 844 sees its own part's button without scrolling, in the bar at the bottom of the
screen; once saved, its part shows in one line at the top, its breakdown one tap away."""

import pytest
from playwright.sync_api import expect

from .geometry import unscrolled, whole_on_screen

pytestmark = pytest.mark.browser

PLAYERS = ["Aurélie", "Bénédicte", "Céleste-Éloïse", "Dorothée", "Élodie", "Françoise"]


def seated_at(page, base: str, game: str, who: str, players: int = 6) -> None:
    page.goto(f"{base}/new/{game}")
    for i, name in enumerate(PLAYERS[:players]):
        page.locator(f"#player-{i}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/t/*")
    page.locator("section.seat-ask").get_by_role("button", name=who, exact=True).click()
    page.locator("section.seat-ask").wait_for(state="detached")


def in_view_unscrolled(page, button) -> None:
    """The button is on the first screen, whole, with the page not scrolled."""
    unscrolled(page)
    whole_on_screen(button)
    assert button.evaluate("b => getComputedStyle(b.closest('.action-bar')).position") == "sticky"


def saved_line(page):
    line = page.locator("details.own-saved")
    expect(line).to_be_visible()
    assert line.evaluate("d => d.getBoundingClientRect().top") < 300  # at the top, above the next step
    return line


def test_oz_the_own_hand_s_button_is_on_the_first_screen_and_the_saved_hand_a_line(live_server, phone):
    page = phone.new_page()
    seated_at(page, live_server.url, "oz", "Dorothée", players=4)  # Oz seats at most 4
    button = page.get_by_role("button", name="Score Dorothée's hand")
    in_view_unscrolled(page, button)
    hand = page.get_by_role("group", name="Characters in hand")
    hand.get_by_role("button", name="Dorothy: 3", exact=True).click()
    hand.get_by_role("button", name="Lion: 2", exact=True).click()
    button.click()
    line = saved_line(page)
    expect(line.locator("summary")).to_contain_text("Your hand · 5 cards · 0 points")
    expect(line.locator(".breakdown")).to_be_hidden()
    line.locator("summary").click()
    expect(line.locator(".breakdown")).to_contain_text("No face-up story")
    expect(page.locator('td.total[data-player="Dorothée"]')).to_have_text("0")


def test_koala_the_own_feast_cards_button_is_on_the_first_screen_and_the_saved_part_a_line(live_server, phone):
    page = phone.new_page()
    seated_at(page, live_server.url, "koala", "Élodie")
    step = page.locator("#own-step")
    button = step.get_by_role("button", name="Save your feast cards")
    in_view_unscrolled(page, button)
    step.get_by_role("button", name="Feast cards you hold: 2", exact=True).click()
    button.click()
    line = saved_line(page)
    expect(line.locator("summary")).to_contain_text("Your part · 2 feast cards · 2 points")
    line.locator("summary").click()
    expect(line.locator(".breakdown")).to_be_visible()
    expect(page.locator("#own-step")).to_have_count(0)
    expect(page.locator('[data-unit="Élodie"]')).to_have_text("2")
