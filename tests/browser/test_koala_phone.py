"""A Koala table on a phone: seats set around the drawn table, food by steppers, feasts, units and the winner;
nothing wider than the screen, every control big enough to tap, and a second phone following along."""

import pytest
from playwright.sync_api import expect

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
    expect(page.get_by_role("heading", name="Koala", exact=True)).to_be_visible()
    no_sideways_scroll(page)
    assert small_controls(page) == []

    other = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    watcher = other.new_page()
    watcher.goto(page.url)

    # Bénédicte stands behind Ann: her own cave 2 is left empty.
    cave1 = page.get_by_role("form", name="Cave 1", exact=True)
    cave1.get_by_label("Behind").select_option("Bénédicte")
    cave1.get_by_role("button", name="Save seats at cave 1").click()
    expect(page.get_by_role("form", name="Cave 2", exact=True).get_by_label("Seated")).to_have_value("")
    expect(page.locator('[data-unit="Ann & Bénédicte"]')).to_have_text("0")

    food1 = page.locator("#food-1")
    for _ in range(4):
        food1.get_by_role("button", name="Pizza: one more").click()
    food1.get_by_role("button", name="Hamburger: one more").click()
    expect(food1.get_by_label("Pizza", exact=True)).to_have_value("4")
    food1.get_by_role("button", name="Save cave 1's food").click()
    # Most pizza and most hamburger: 2 + 2 for each of the two koalas at cave 1.
    expect(page.locator('[data-unit="Ann & Bénédicte"]')).to_have_text("8")
    expect(watcher.locator('[data-unit="Ann & Bénédicte"]')).to_have_text("8", timeout=2500)

    food3 = page.locator("#food-3")
    for _ in range(2):
        food3.get_by_role("button", name="Spaghetti: one more").click()
    food3.get_by_role("button", name="Save cave 3's food").click()
    expect(page.locator('[data-unit="Éloïse-Marguerite de la Fontaine"]')).to_have_text("2")

    # A mistake, then undone.
    food3 = page.locator("#food-3")
    food3.get_by_label("Spaghetti", exact=True).fill("9")
    food3.get_by_role("button", name="Save cave 3's food").click()
    expect(page.locator("#food-3").get_by_label("Spaghetti", exact=True)).to_have_value("9")
    page.get_by_text("What was entered (4)").click()
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#food-3").get_by_label("Spaghetti", exact=True)).to_have_value("2")

    for cave in (2, 4):
        page.locator(f"#food-{cave}").get_by_role("button", name=f"Save cave {cave}'s food").click()
        expect(page.locator(f"#food-{cave}").get_by_text("✓ counted")).to_be_visible()
    for name in NAMES:
        if name == "Dee":
            page.get_by_role("button", name="Dee: one more").click()
        page.get_by_role("button", name=f"Save {name}'s feast cards").click()
        expect(page.get_by_role("button", name=f"✓ Saved {name}'s feast cards")).to_be_visible()

    expect(page.get_by_role("heading", name="Final result")).to_be_visible()
    expect(page.locator('p.winner[role="status"]')).to_have_text("Ann & Bénédicte win")
    expect(page.locator('[data-unit="Dee"]')).to_have_text("1")
    expect(watcher.get_by_role("heading", name="Final result")).to_be_visible(timeout=2500)
    page.get_by_text("How Ann got 4").click()
    expect(page.get_by_text("Pizza: most at cave 1 (4 cards)").first).to_be_visible()
    no_sideways_scroll(page)
    assert small_controls(page) == []
    other.close()
