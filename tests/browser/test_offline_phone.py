"""A phone that loses the table for a while: an entry made offline is kept on the phone and sent by itself once the
table answers (within seconds, with no tap, even after the page was closed), and lands once; what was typed into
a form and not sent comes back after a reload. And a phone is never told another phone recorded a step it
recorded itself, however its own write and a refresh of the table cross."""

import contextlib
import json
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.phones import new_phone

pytestmark = pytest.mark.browser

CONFLICT = "section.conflict, [data-conflict]"


def start(page, url, game, players, seat=None):
    page.goto(f"{url}/new/{game}")
    for i, name in enumerate(players):
        page.locator(f"#player-{i}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/t/*")
    if seat:
        sit(page, seat)
    return page.url


def sit(page, who):
    page.locator("section.seat-ask").get_by_role("button", name=who, exact=True).click()
    page.locator("section.seat-ask").wait_for(state="detached")


def until(page, check, seconds=5.0):
    """Wait for `check()` to be true (a request the page made, a route it holds), as the page goes on."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        page.wait_for_timeout(50)


def held(page, pattern):
    """Requests matching `pattern` are held here, unanswered, until the test answers them."""
    routes = []
    page.route(pattern, lambda route: routes.append(route))
    return routes


def answer(route):
    """Send a held request on to the server now, and give the page its answer (unless the page gave it up)."""
    with contextlib.suppress(Exception):  # the page aborted the request meanwhile: there is nobody to answer
        route.fulfill(response=route.fetch())


class ClosedToEntries:
    """The table answers every new entry with 503, as a table that is down does, until `open()`."""

    def __init__(self, app):
        self.app = app
        self.wsgi_app = app.wsgi_app
        app.wsgi_app = self

    def open(self):
        self.app.wsgi_app = self.wsgi_app

    def __call__(self, environ, start_response):
        if environ["REQUEST_METHOD"] == "POST" and environ["PATH_INFO"].endswith("/entries"):
            start_response("503 Service Unavailable", [("Content-Type", "text/plain"), ("Retry-After", "1")])
            return [b"The table is closed for a moment."]
        return self.wsgi_app(environ, start_response)


def entries_of(url, table_url):
    """The table's entries as its API has them (the watch link is read from the table's page)."""
    token = table_url.rsplit("/t/", 1)[1]
    with urllib.request.urlopen(f"{url}/api/v1/tables/{token}") as response:
        return json.load(response)["entries"]


def test_a_card_whose_own_write_crosses_a_refresh_is_never_a_conflict(live_server, phone):
    page = phone.new_page()
    start(page, live_server.url, "loaf", ["Ann", "Ben", "Cy", "Dee"], seat="Ann")
    step = page.locator("#step")
    expect(step).to_contain_text("Your card")
    polls = held(page, "**/live?*")
    until(page, lambda: polls)  # a refresh is on its way when the card is tapped
    posts = held(page, "**/entries")
    step.get_by_role("group", name="Ann's card").get_by_role("button", name="7", exact=True).tap()
    until(page, lambda: posts)
    stored = posts[0].fetch()  # the card is in on the server before the refresh is read
    for poll in polls:
        answer(poll)
    page.unroute("**/live?*")
    posts[0].fulfill(response=stored)
    page.unroute("**/entries")
    expect(page.locator(".waiting")).not_to_contain_text("Ann's card")
    expect(page.locator(CONFLICT)).to_have_count(0)
    expect(page.get_by_text("was recorded on another phone")).to_have_count(0)
    # Later refreshes bring nothing back either.
    page.evaluate("document.body.dispatchEvent(new Event('poll'))")
    expect(page.locator(CONFLICT)).to_have_count(0)
    assert [e["kind"] for e in entries_of(live_server.url, page.url)] == ["card"]


def tap_card(page, player, card):
    page.locator("#step").get_by_role("group", name=f"{player}'s card").get_by_role(
        "button", name=str(card), exact=True
    ).tap()


def cards_of(url, table_url):
    return [(e["payload"] or {}).get("card") for e in entries_of(url, table_url) if e["kind"] == "card"]


def test_an_entry_made_offline_is_stored_by_itself_once_the_phone_is_back(live_server, phone):
    page = phone.new_page()
    table = start(page, live_server.url, "loaf", ["Ann", "Ben", "Cy"], seat="Ann")
    phone.set_offline(True)
    tap_card(page, "Ann", 7)
    banner = page.locator("#trouble")
    expect(banner).to_contain_text("1 entry waits to be sent")
    expect(banner).to_contain_text("No connection to the table")
    assert entries_of(live_server.url, table) == []
    phone.set_offline(False)
    until(page, lambda: len(entries_of(live_server.url, table)) > 0, seconds=5)  # no tap
    expect(page.locator(".waiting")).not_to_contain_text("Ann's card")
    expect(banner).to_be_hidden()
    expect(page.locator(CONFLICT)).to_have_count(0)
    page.reload()
    expect(page.locator(".waiting")).not_to_contain_text("Ann's card")
    assert len(entries_of(live_server.url, table)) == 1  # once, however often it was tried


def test_two_entries_made_offline_are_counted_and_each_lands_once(live_server, phone):
    page = phone.new_page()
    table = start(page, live_server.url, "loaf", ["Ann", "Ben", "Cy"], seat="Ann")
    phone.set_offline(True)
    tap_card(page, "Ann", 7)
    banner = page.locator("#trouble")
    expect(banner).to_contain_text("1 entry waits to be sent; it goes as soon as the table answers")
    page.locator("#step").get_by_text("Enter a card for…").click()
    tap_card(page, "Ben", 5)
    expect(banner).to_contain_text("2 entries wait to be sent; they go as soon as the table answers")
    phone.set_offline(False)
    until(page, lambda: len(entries_of(live_server.url, table)) == 2, seconds=5)
    expect(banner).to_be_hidden()
    page.reload()
    expect(page.locator(".waiting")).not_to_contain_text("Ben's card")
    assert [e["kind"] for e in entries_of(live_server.url, table)] == ["card", "card"]


def test_an_entry_made_offline_is_stored_when_the_table_is_opened_again_after_the_page_was_closed(live_server, phone):
    page = phone.new_page()
    table = start(page, live_server.url, "loaf", ["Ann", "Ben", "Cy"], seat="Ann")
    phone.set_offline(True)
    # Chromium may let a request through as it closes an offline page (the page's network emulation ends with it):
    # the table itself refuses entries until the page is opened again, so such a request lands nothing.
    closed = ClosedToEntries(live_server.app)
    tap_card(page, "Ann", 4)
    expect(page.locator("#trouble")).to_contain_text("1 entry waits to be sent")
    page.close()
    phone.set_offline(False)
    assert entries_of(live_server.url, table) == []
    again = phone.new_page()
    closed.open()
    again.goto(table)
    until(again, lambda: len(entries_of(live_server.url, table)) > 0, seconds=5)
    expect(again.locator(".waiting")).not_to_contain_text("Ann's card")
    expect(again.locator(CONFLICT)).to_have_count(0)
    expect(again.locator("#trouble")).to_be_hidden()
    assert len(entries_of(live_server.url, table)) == 1


def test_an_entry_made_offline_for_a_step_another_phone_recorded_meanwhile_shows_the_conflict(
    live_server, phone, chromium
):
    page = phone.new_page()
    table = start(page, live_server.url, "loaf", ["Ann", "Ben"], seat="Ann")
    page.get_by_text("Enter the whole round on one form").click()
    form = page.locator("#round-form")
    phone.set_offline(True)
    form.get_by_role("group", name="Order: work per player").get_by_role("radio", name="3", exact=True).check()
    for name, card in {"Ann": 2, "Ben": 7}.items():
        form.get_by_role("group", name=name, exact=True).get_by_role("radio", name=str(card), exact=True).check()
    form.get_by_role("radio", name="Highest ±1").check()
    form.get_by_role("button", name="Record round 1").click()
    expect(page.locator("#trouble")).to_contain_text("1 entry waits to be sent")

    other = new_phone(chromium)
    second = other.new_page()
    second.goto(table)
    sit(second, "Ben")
    second.get_by_text("Enter the whole round on one form").click()
    whole = second.locator("#round-form")
    whole.get_by_role("group", name="Order: work per player").get_by_role("radio", name="5", exact=True).check()
    for name, card in {"Ann": 6, "Ben": 4}.items():
        whole.get_by_role("group", name=name, exact=True).get_by_role("radio", name=str(card), exact=True).check()
    whole.get_by_role("radio", name="Highest ±1").check()
    whole.get_by_role("button", name="Record round 1").click()
    expect(second.get_by_role("button", name="Record round 2")).to_be_attached()
    other.close()

    phone.set_offline(False)
    notice = page.get_by_role("alert").filter(has_text="Round 1 was already recorded on another phone")
    expect(notice).to_be_visible(timeout=5000)
    expect(notice).to_contain_text("This phone: Round: order 3 per player; Ann 2, Ben 7")
    assert len(entries_of(live_server.url, table)) == 1


def test_what_was_typed_into_a_hand_comes_back_after_a_reload(live_server, phone):
    page = phone.new_page()
    table = start(page, live_server.url, "oz", ["Ann", "Ben", "Cy"], seat="Ann")
    hand = page.get_by_role("group", name="Characters in hand")
    for _ in range(3):
        hand.get_by_role("button", name="Dorothy: one more").click()
    hand.get_by_role("button", name="Lion: one more").click()
    expect(hand.locator("output[data-cards]")).to_have_text("4")
    page.reload()
    hand = page.get_by_role("group", name="Characters in hand")
    expect(hand.locator("output[data-cards]")).to_have_text("4")
    expect(hand.get_by_label("Dorothy", exact=True)).to_have_value("3")
    page.close()
    again = phone.new_page()  # a closed tab too
    again.goto(table)
    hand = again.get_by_role("group", name="Characters in hand")
    expect(hand.get_by_label("Lion", exact=True)).to_have_value("1")
    again.get_by_role("button", name="Score Ann's hand").click()
    expect(again.locator("details.own-saved")).to_contain_text("4 cards")
    again.reload()  # once sent, nothing comes back into the form
    expect(again.locator("details.own-saved")).to_contain_text("4 cards")
    assert len(entries_of(live_server.url, table)) == 1


FOUR = ["Ann", "Ben", "Cy", "Dee"]


def no_conflict(pages):
    for page in pages:
        expect(page.locator(CONFLICT)).to_have_count(0)
        expect(page.get_by_text("recorded on another phone")).to_have_count(0)


def play_round(pages, table, number):
    """Every phone taps its own card at once; one of them (in turn) enters the order and the review card."""
    success = number % 2 == 1  # order 0 is always met, order 11 never: the bosses fill up evenly over 9 rounds
    host = pages[(number - 1) % len(pages)]
    host.goto(f"{table}?part=order")  # the bar's link, which does not reload a page already at it
    host.locator("#step").get_by_role("group", name="Order: work per player").get_by_role(
        "button", name="0" if success else "11", exact=True
    ).tap()
    for i, (page, name) in enumerate(zip(pages, FOUR, strict=True)):
        expect(page.locator("#step")).to_contain_text(f"Round {number}", timeout=5000)
        expect(page.locator("#step")).to_contain_text("Your card")
        tap_card(page, name, (number - 1 + 3 * i) % 12)
    no_conflict(pages)
    review = "Highest ±1" if success else "Lowest ±1"  # the real cards whose side applies
    expect(host.locator("#step")).to_contain_text("The review card", timeout=5000)
    host.locator("#step").get_by_role("button", name=review).tap()
    outcome = f"Round {number}: {'success' if success else 'failure'}"
    expect(host.locator(".round-summary .outcome")).to_have_text(outcome)
    no_conflict(pages)


@pytest.mark.parametrize("night", [1, 2, 3])
def test_four_phones_play_nine_rounds_with_no_conflict_box(live_server, chromium, night):
    phones = [new_phone(chromium) for _ in FOUR]
    try:
        pages = [context.new_page() for context in phones]
        table = start(pages[0], live_server.url, "loaf", FOUR, seat=FOUR[0])
        for page, name in zip(pages[1:], FOUR[1:], strict=True):
            page.goto(table)
            sit(page, name)
        for number in range(1, 10):
            play_round(pages, table, number)
        for page in pages:
            expect(page.get_by_role("heading", name="Game over: final scores")).to_be_visible(timeout=5000)
        no_conflict(pages)
        assert len(entries_of(live_server.url, table)) == 9 * 6  # the order, four cards and the review, once
    finally:
        for context in phones:
            context.close()
