"""A Koala table on a phone: seats set around the drawn table, food by steppers, feasts, units and the winner;
nothing wider than the screen, every control big enough to tap, and a second phone following along."""

import pytest
from playwright.sync_api import expect

from .seats import NOBODY, sit

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bénédicte", "Éloïse-Marguerite de la Fontaine", "Dee"]


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def small_controls(page) -> list[str]:
    """Visible buttons, selects and number fields under 44 × 44 px."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#live button, #live select, #live input[type=number]')]
            .filter(el => el.offsetParent !== null)
            .map(el => [el, el.getBoundingClientRect()])
            .filter(([el, r]) => r.height < 44 || r.width < 44)
            .map(([el, r]) => (el.id || el.textContent.trim()) + ' ' + r.width + 'x' + r.height)"""
    )


def test_a_koala_table_on_a_phone(live_server, phone, chromium):
    page = phone.new_page()
    page.goto(live_server.url + "/new/koala")
    for i, name in enumerate(NAMES):
        page.locator(f"#player-{i}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    sit(page, NOBODY)
    expect(page.get_by_role("heading", name="Koala", exact=True)).to_be_visible()
    no_sideways_scroll(page)
    assert small_controls(page) == []

    other = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    watcher = other.new_page()
    watcher.goto(page.url)
    sit(watcher, NOBODY)

    # Bénédicte stands behind Ann: her own cave 2 is left empty.
    cave1 = page.get_by_role("form", name="Cave 1", exact=True)
    cave1.get_by_label("Behind").select_option("Bénédicte")
    cave1.get_by_role("button", name="Save seats at cave 1").click()
    expect(page.get_by_role("form", name="Cave 2", exact=True).get_by_label("Seated")).to_have_value("")
    expect(page.locator('[data-unit="Ann & Bénédicte"]')).to_have_text("0")

    # Every cave's food and everyone's feasts on one form, saved with one tap.
    food1 = page.locator("#food-1")
    food1.get_by_role("button", name="Pizza: 4", exact=True).click()
    food1.get_by_role("button", name="Hamburger: one more").click()
    expect(food1.get_by_label("Pizza", exact=True)).to_have_value("4")
    expect(food1.get_by_role("button", name="Pizza: 4", exact=True)).to_have_attribute("aria-pressed", "true")
    page.locator("#food-3").get_by_role("button", name="Spaghetti: 2", exact=True).click()
    page.get_by_role("button", name="Dee: one more").click()
    assert small_controls(page) == []
    page.get_by_role("button", name="Save the food and feast cards").click()
    expect(page.get_by_role("heading", name="Final result")).to_be_visible(timeout=10_000)  # one entry per part
    expect(page.locator('p.winner[role="status"]')).to_have_text("Ann & Bénédicte win")
    expect(page.locator('[data-unit="Dee"]')).to_have_text("1")
    expect(watcher.get_by_role("heading", name="Final result")).to_be_visible(timeout=2500)
    # Most pizza and most hamburger: 2 + 2 for each of the two koalas at cave 1.
    expect(page.locator('[data-unit="Ann & Bénédicte"]')).to_have_text("8")
    expect(watcher.locator('[data-unit="Ann & Bénédicte"]')).to_have_text("8", timeout=2500)
    expect(page.locator('[data-unit="Éloïse-Marguerite de la Fontaine"]')).to_have_text("2")
    page.get_by_text("How Ann got 4").click()
    expect(page.get_by_text("Pizza: most at cave 1 (4 cards)").first).to_be_visible()
    no_sideways_scroll(page)
    assert small_controls(page) == []
    other.close()
