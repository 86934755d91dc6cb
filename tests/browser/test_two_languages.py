"""A German phone and an English phone at one table: each reads the table in its own language, live, and a phone
that picks another language on the language page comes back to the table in it."""

import pytest
from playwright.sync_api import expect

from tests.english import english_left

from .phones import new_phone
from .seats import NOBODY, sit

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Next Station Paris", "Table Companion"]


def test_a_german_and_an_english_phone_each_read_their_own_language_live(live_server, chromium):
    german = new_phone(chromium, locale="de-DE")
    english = new_phone(chromium, locale="en-GB")
    first = german.new_page()
    first.goto(live_server.url + "/new/next-station-paris")
    first.locator("#player-0").fill("Ana")
    first.locator("#player-1").fill("Ben")
    first.locator("form button[type=submit]").last.click()
    first.wait_for_url("**/t/*")
    sit(first, NOBODY)
    expect(first.locator("html")).to_have_attribute("lang", "de")

    second = english.new_page()
    second.goto(first.url)
    sit(second, NOBODY)
    expect(second.locator("html")).to_have_attribute("lang", "en")
    card = second.locator("form", has=second.get_by_role("heading", name="Ana"))
    card.get_by_label("blue").check()
    for _ in range(5):
        card.get_by_role("button", name="Districts: one more").click()
    for _ in range(2):
        card.get_by_role("button", name="Most stations in a district: one more").click()
    card.get_by_role("button", name="Enter Ana's line").click()
    expect(second.locator('[data-player="Ana"]')).to_have_text("10")
    expect(second.get_by_role("heading", name="Scores so far")).to_be_visible()

    expect(first.locator('[data-player="Ana"]')).to_have_text("10", timeout=2500)
    expect(first.locator("a.language-link")).to_have_text("DE")
    assert english_left(first.locator("#live").inner_html(), NAMES) == []
    assert english_left(first.locator("header").inner_html(), NAMES) == []

    first.locator("a.language-link").click()
    first.get_by_role("button", name="Nederlands").click()
    expect(first.locator("html")).to_have_attribute("lang", "nl")
    expect(first.locator('[data-player="Ana"]')).to_have_text("10")
    expect(first.locator("a.language-link")).to_have_text("NL")
    assert english_left(first.locator("#live").inner_html(), NAMES) == []
    expect(second.locator("html")).to_have_attribute("lang", "en")
    german.close()
    english.close()
