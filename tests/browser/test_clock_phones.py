"""The play timer across two phones: one starts it and the other sees it running; the other pauses it and the first
sees it paused at the same time; a reload and a restart of the server keep it as it was."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.phones import new_phone
from tests.conftest import LiveServer, make_app

from .seats import NOBODY, sit

pytestmark = pytest.mark.browser

WAIT = 10_000  # ms: a poll every few seconds brings the other phone's change


def new_table(page, url):
    page.goto(f"{url}/new/next-station-paris")
    for i, name in enumerate(("Ana", "Ben")):
        page.locator(f"#player-{i}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    sit(page, NOBODY)
    expect(page.locator("#live")).to_be_visible()
    return page.url


def clock(page):
    return page.locator("#live section.clock")


def time_of(page):
    return clock(page).locator("time.clock-time")


def tap(page, name):
    clock(page).get_by_role("button", name=name, exact=True).tap()


def expect_paused(page, shown):
    expect(clock(page).get_by_role("button", name="Resume", exact=True)).to_be_visible(timeout=WAIT)
    expect(time_of(page)).not_to_have_attribute("data-running", "", timeout=WAIT)
    expect(time_of(page)).to_have_text(shown, timeout=WAIT)


def test_two_phones_share_one_clock_through_a_reload_and_a_restart(chromium, tmp_path):
    server = LiveServer(make_app(tmp_path)).__enter__()
    first_phone, second_phone = new_phone(chromium), new_phone(chromium)
    try:
        first = first_phone.new_page()
        table = new_table(first, server.url)
        tap(first, "Start")
        expect(time_of(first)).to_have_attribute("data-running", "")

        second = second_phone.new_page()
        second.goto(table)
        sit(second, NOBODY)
        expect(time_of(second)).to_have_attribute("data-running", "", timeout=WAIT)
        expect(clock(second).get_by_role("button", name="Pause", exact=True)).to_be_visible()
        counted = re.compile(r"^0:(0[2-9]|[1-5]\d)$")  # two seconds or more: the phone counts on by itself
        expect(time_of(second)).to_have_text(counted, timeout=WAIT)

        tap(second, "Pause")
        expect(clock(second).get_by_role("button", name="Resume", exact=True)).to_be_visible()
        shown = time_of(second).inner_text()
        assert re.fullmatch(r"0:\d\d", shown) and shown != "0:00"
        expect_paused(first, shown)

        first.reload()
        expect_paused(first, shown)

        server.stop()
        server = LiveServer(make_app(tmp_path), port=server.server.effective_port).__enter__()
        first.reload()
        second.reload()
        expect_paused(first, shown)
        expect_paused(second, shown)

        tap(first, "Resume")
        expect(time_of(second)).to_have_attribute("data-running", "", timeout=WAIT)
        expect(clock(first).get_by_role("button", name="Pause", exact=True)).to_be_visible()
    finally:
        first_phone.close()
        second_phone.close()
        server.stop()
