"""Groups stay whole, and links from elsewhere change nothing, in Chromium with two phones: a phone that joined by
code starts the next table and it lands in the first phone's group; a page on another site that links to, or pops
up, a group's link leaves the phone's group as it was, until the phone taps "Join this group"."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect

from tests.browser.phones import new_phone

from .geometry import above

pytestmark = pytest.mark.browser


def start_table(page, url: str, slug: str, heading: str, players: list[str]) -> None:
    page.goto(f"{url}/new/{slug}")
    for number, name in enumerate(players):
        page.locator(f"#player-{number}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()


def current_group(page, url: str):
    page.goto(url + "/")
    return page.locator(".group-now .name")


def test_a_phone_that_joined_by_code_starts_the_next_table_in_the_first_phones_group(live_server, phone, chromium):
    a = phone.new_page()
    start_table(a, live_server.url, "koala", "Koala", ["Ann", "Ben", "Cy"])
    a.get_by_role("button", name="Ann", exact=True).click()  # asked first; then the code comes first
    code = a.locator(".share-first .code").inner_text()
    expect(current_group(a, live_server.url)).to_have_text("Ann, Ben and Cy")

    b_context = new_phone(chromium)
    b = b_context.new_page()
    b.goto(live_server.url + "/")
    b.locator("#join-code").fill(code.lower())
    b.get_by_role("button", name="Join", exact=True).click()
    expect(b.get_by_role("heading", name="Who are you?")).to_be_visible()
    b.get_by_role("button", name="Ben", exact=True).click()
    expect(b.locator(".group-invite")).to_have_count(0)  # a member already: nothing to find at the bottom
    expect(current_group(b, live_server.url)).to_have_text("Ann, Ben and Cy")

    b.goto(f"{live_server.url}/new/oz")
    expect(b.locator("#table-group option:checked")).to_have_text("Ann, Ben and Cy")
    start_table(b, live_server.url, "oz", "Oz", ["Ben", "Dee"])
    b_context.close()

    a.goto(live_server.url + "/")
    a.locator(".group-now").click()
    expect(a.locator(".group-table")).to_have_count(2)
    expect(a.locator(".group-table strong")).to_have_text(["Oz", "Koala"])
    expect(a.locator("text=Your other groups")).to_have_count(0)  # no second group of the same name


class Elsewhere:
    """A page on another site that links to a group's link and can pop it up in a window that closes itself."""

    def __init__(self, target: str) -> None:
        html = (
            f'<!doctype html><title>Free board games</title><a id="go" href="{target}">Win a prize</a>'
            f'<button id="pop" onclick="var w = window.open(\'{target}\'); setTimeout(function () {{ w.close(); }},'
            ' 1500)">Prize popup</button>'
        ).encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.end_headers()
                self.wfile.write(html)

            def log_message(self, *_: object) -> None:
                """Nothing logged: the test's output is the test's own."""

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_a_group_link_from_another_site_leaves_the_phones_group_until_join_is_tapped(live_server, phone, chromium):
    attacker_context = new_phone(chromium)
    attacker = attacker_context.new_page()
    start_table(attacker, live_server.url, "loaf", "L'oaf", ["Mal", "Eve"])
    attacker.goto(live_server.url + "/")
    attacker.locator(".group-now").click()
    invite = attacker.url
    attacker_context.close()

    victim = phone.new_page()
    start_table(victim, live_server.url, "koala", "Koala", ["Ann", "Ben", "Cy"])
    expect(current_group(victim, live_server.url)).to_have_text("Ann, Ben and Cy")

    site = Elsewhere(invite)
    try:
        for origin in (f"http://localhost:{site.port}", f"http://127.0.0.1:{site.port}"):  # cross-site, same-site
            victim.goto(origin + "/")
            with victim.context.expect_page() as popped:
                victim.locator("#pop").click()
            popup = popped.value
            expect(popup.get_by_role("button", name="Join this group")).to_be_visible()
            popup.wait_for_event("close")
            victim.goto(origin + "/")
            victim.locator("#go").click()
            expect(victim.get_by_role("heading", name="Mal and Eve")).to_be_visible()
            expect(victim.get_by_role("button", name="Join this group")).to_be_visible()
            expect(current_group(victim, live_server.url)).to_have_text("Ann, Ben and Cy")
            expect(victim.locator(".switch button")).to_have_count(0)  # not even one of its groups
    finally:
        site.close()

    victim.goto(live_server.url + "/new/oz")
    expect(victim.locator("#table-group option:checked")).to_have_text("Ann, Ben and Cy")
    victim.goto(invite)  # typed, or from a chat app: the one-tap welcome still holds
    expect(victim.get_by_role("button", name="Join this group")).to_have_count(0)
    expect(current_group(victim, live_server.url)).to_have_text("Mal and Eve")


def test_tapping_join_this_group_after_a_link_from_elsewhere_makes_it_the_phones_group(live_server, phone, chromium):
    attacker_context = new_phone(chromium)
    attacker = attacker_context.new_page()
    start_table(attacker, live_server.url, "loaf", "L'oaf", ["Mal", "Eve"])
    attacker.goto(live_server.url + "/")
    attacker.locator(".group-now").click()
    invite = attacker.url
    attacker_context.close()

    victim = phone.new_page()
    start_table(victim, live_server.url, "koala", "Koala", ["Ann", "Ben", "Cy"])
    site = Elsewhere(invite)
    try:
        victim.goto(f"http://localhost:{site.port}/")
        victim.locator("#go").click()
        victim.get_by_role("button", name="Join this group").click()
        expect(victim.get_by_text("Your group", exact=True)).to_be_visible()
        expect(victim.get_by_role("button", name="Join this group")).to_have_count(0)
    finally:
        site.close()
    expect(current_group(victim, live_server.url)).to_have_text("Mal and Eve")
    expect(victim.locator(".switch button")).to_have_text(["Ann, Ben and Cy"])
    victim.locator(".switch button").click()
    expect(victim.locator(".group-now .name")).to_have_text("Ann, Ben and Cy")


@pytest.mark.parametrize(("slug", "heading"), [("loaf", "L'oaf"), ("koala", "Koala")])
def test_a_new_tables_code_comes_first_and_folds_away_at_the_first_entry(live_server, phone, slug, heading):
    a = phone.new_page()
    start_table(a, live_server.url, slug, heading, ["Ann", "Ben", "Cy"])
    a.get_by_role("button", name="Ann", exact=True).click()
    first = a.locator(".share-first")
    expect(first).to_be_in_viewport()
    expect(first.locator("img")).to_be_in_viewport()
    step = a.locator("#live form button[type=submit]").first
    above(a, first, step)
    expect(a.locator("details.share")).not_to_have_attribute("open", "")
    if slug == "koala":
        a.get_by_role("button", name="Save your feast cards").click()
        expect(first).to_be_hidden()  # at once, without a reload
        a.reload()
        expect(a.locator(".share-first")).to_have_count(0)
        expect(a.locator("details.share summary")).to_contain_text("Share this table · code")
