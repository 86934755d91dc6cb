"""Two phones at one L'oaf table: the second is asked "Who are you?" before anything else, with the name the first
took marked, and once it has answered it gets the game's step."""

import pytest
from playwright.sync_api import expect

from .seats import sit
from .test_loaf_phone import new_phone

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Ben", "Cy", "Dee"]


def start(page, url):
    page.goto(url + "/new/loaf")
    for i, name in enumerate(PLAYERS):
        page.locator(f"#player-{i}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("section.seat-ask")).to_be_visible()


def test_a_second_phone_is_asked_first_sees_the_taken_name_then_gets_its_step(live_server, chromium):
    first, second = new_phone(chromium), new_phone(chromium)
    try:
        ann = first.new_page()
        start(ann, live_server.url)
        expect(ann.locator("#step")).to_have_count(0)
        sit(ann, "Ann")
        expect(ann.locator("#step")).to_be_visible()

        ben = second.new_page()
        ben.goto(ann.url)
        ask = ben.locator("#live > section.seat-ask")
        expect(ask).to_be_visible()
        expect(ben.locator("#live > :not(template)").first).to_have_class("card seat-ask")
        expect(ben.locator("#step")).to_have_count(0)
        expect(ben.locator('form[action$="/entries"]')).to_have_count(0)
        expect(ask.locator('button[value="Ann"]')).to_contain_text("on another phone")
        for free in ("Ben", "Cy", "Dee"):
            expect(ask.locator(f'button[value="{free}"]')).not_to_contain_text("on another phone")

        sit(ben, "Ben")
        expect(ben.locator("#step")).to_be_visible()
        expect(ben.locator(".table-head .you")).to_contain_text("Ben")
    finally:
        first.close()
        second.close()
