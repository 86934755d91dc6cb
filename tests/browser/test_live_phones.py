"""Phones at one table while others enter: a half-typed form keeps its values while the rest of the page follows
within 2 s, without the page jumping; the same L'oaf round recorded on two phones lands once and the late phone is
told so with a choice; a failed request shows a banner with Retry, keeps what was typed and recovers; a refused
entry shows all its problems at once, the first in view with its field focused."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.phones import new_phone

from .geometry import apart, still_at, top_of
from .seats import NOBODY, sit

pytestmark = pytest.mark.browser

QUICK = "Highest ±1"  # the real card; every round here is a success, so its +1 for the highest counts


def new_table(page, url, game, *players):
    page.goto(f"{url}/new/{game}")
    for i, name in enumerate(players):
        page.locator(f"#player-{i}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    sit(page, NOBODY)
    expect(page.locator("#live")).to_be_visible()
    return page.url


def line_form(page, player):
    return page.locator("form", has=page.get_by_role("heading", name=player, exact=True))


def enter_line(page, player, districts, stations, monuments, color="blue"):
    card = line_form(page, player)
    card.get_by_label(color).check()
    card.get_by_label("Districts", exact=True).fill(str(districts))
    card.get_by_label("Most stations in a district", exact=True).fill(str(stations))
    card.get_by_label("Monuments", exact=True).fill(str(monuments))
    card.get_by_role("button", name=f"Enter {player}'s line").click()


def test_a_half_typed_line_keeps_its_values_focus_and_place_while_the_other_phone_s_line_arrives(
    live_server, phone, chromium
):
    first = phone.new_page()
    table = new_table(first, live_server.url, "next-station-paris", "Ana", "Ben", "Cy")
    other = new_phone(chromium)
    second = other.new_page()
    second.goto(table)
    sit(second, NOBODY)

    ben = line_form(first, "Ben")
    ben.get_by_label("green").check()
    ben.get_by_label("Districts", exact=True).fill("4")
    monuments = ben.get_by_label("Monuments", exact=True)
    monuments.fill("2")
    ben.scroll_into_view_if_needed()
    first.evaluate("window.scrollBy(0, 120)")
    before = top_of(ben)

    enter_line(second, "Ana", 5, 3, 2)  # 19
    expect(first.locator('[data-player="Ana"]')).to_have_text("19", timeout=2000)
    expect(first.get_by_role("button", name="Enter Ana's line")).to_have_count(0)
    expect(ben.get_by_label("Districts", exact=True)).to_have_value("4")
    expect(monuments).to_have_value("2")
    expect(ben.get_by_label("green")).to_be_checked()
    expect(monuments).to_be_focused()
    still_at(first, ben, before)

    # The kept form still sends, as typed, against the table as it now stands.
    ben.get_by_label("Most stations in a district", exact=True).fill("3")
    ben.get_by_role("button", name="Enter Ben's line").click()
    expect(first.locator('[data-player="Ben"]')).to_have_text("16")
    expect(second.locator('[data-player="Ben"]')).to_have_text("16", timeout=2500)
    other.close()


def whole_round(page):
    form = page.locator("#round-form")
    if not form.is_visible():
        page.get_by_text("Enter the whole round on one form").click()
    return form


def fill_round(page, average, cards):
    form = whole_round(page)
    form.get_by_role("group", name="Order: work per player").get_by_role("radio", name=str(average), exact=True).check()
    for name, card in cards.items():
        form.get_by_role("group", name=name, exact=True).get_by_role("radio", name=str(card), exact=True).check()
    form.get_by_role("radio", name=QUICK).check()
    return form


def rounds_in_log(page):
    page.reload()
    return len(re.findall(r"Round: order", page.locator(".log").inner_text()))


def test_the_same_round_typed_on_two_phones_lands_once_and_the_late_phone_chooses(live_server, phone, chromium):
    first = phone.new_page()
    table = new_table(first, live_server.url, "loaf", "Ann", "Ben")
    other = new_phone(chromium)
    second = other.new_page()
    second.goto(table)
    sit(second, NOBODY)

    fill_round(second, 3, {"Ann": 2, "Ben": 7})  # half-way when the other phone records the round
    fill_round(first, 5, {"Ann": 6, "Ben": 4}).get_by_role("button", name="Record round 1").click()
    expect(first.get_by_role("button", name="Record round 2")).to_be_attached()

    notice = second.get_by_role("alert").filter(has_text="Round 1 was recorded on another phone")
    expect(notice).to_be_visible(timeout=2000)
    expect(notice).to_contain_text("Round: order 5 per player; Ann 6, Ben 4")
    kept = notice.locator("form")
    expect(kept.get_by_role("group", name="Ben", exact=True).get_by_role("radio", name="7")).to_be_checked()
    expect(kept.get_by_role("button", name="Record round 1")).to_be_hidden()  # no second recording from here
    notice.get_by_role("button", name="Keep theirs").click()
    expect(notice).to_have_count(0)
    expect(second.get_by_role("button", name="Record round 2")).to_be_attached()
    assert rounds_in_log(second) == 1
    other.close()


def test_a_round_sent_after_another_phone_recorded_it_is_a_conflict_and_use_mine_corrects_it(
    live_server, phone, chromium
):
    first = phone.new_page()
    table = new_table(first, live_server.url, "loaf", "Ann", "Ben")
    other = new_phone(chromium)
    second = other.new_page()
    second.goto(table)
    sit(second, NOBODY)
    second.route("**/live?*", lambda route: route.fulfill(status=304))  # this phone has not heard of it yet

    fill_round(first, 5, {"Ann": 6, "Ben": 4}).get_by_role("button", name="Record round 1").click()
    expect(first.get_by_role("button", name="Record round 2")).to_be_attached()
    fill_round(second, 3, {"Ann": 2, "Ben": 7}).get_by_role("button", name="Record round 1").click()

    notice = second.get_by_role("alert").filter(has_text="Round 1 was already recorded on another phone")
    expect(notice).to_be_in_viewport()
    expect(notice).to_contain_text("Recorded: Round: order 5 per player; Ann 6, Ben 4")
    expect(notice).to_contain_text("This phone: Round: order 3 per player; Ann 2, Ben 7")
    expect(notice.get_by_role("link", name="Keep theirs")).to_be_focused()
    expect(second.get_by_text("no longer")).to_have_count(0)
    notice.get_by_role("button", name="Use mine instead").click()
    second.unroute("**/live?*")
    expect(second.locator(".log")).to_contain_text("Round: order 3 per player; Ann 2, Ben 7")
    assert rounds_in_log(second) == 1
    expect(first.locator(".log")).to_contain_text("Ann 2, Ben 7", timeout=2500)
    other.close()


def test_a_failed_entry_shows_a_banner_keeps_the_typing_and_retry_sends_it_once_the_server_is_back(
    live_server, phone, chromium
):
    page = phone.new_page()
    table = new_table(page, live_server.url, "next-station-paris", "Ana", "Ben")
    down = {"on": True}

    def storage_down(route):
        if down["on"]:
            route.fulfill(status=503, headers={"Retry-After": "1"}, body="The table's storage cannot be reached.")
        else:
            route.continue_()

    page.route("**/entries", storage_down)
    ana = line_form(page, "Ana")
    ana.get_by_label("blue").check()
    ana.get_by_label("Districts", exact=True).fill("5")
    ana.get_by_label("Most stations in a district", exact=True).fill("3")
    send = ana.get_by_role("button", name="Enter Ana's line")
    send.click()

    banner = page.get_by_role("alert").filter(has=page.get_by_role("button", name="Retry"))
    expect(banner).to_contain_text("The table's storage cannot be reached just now")
    expect(banner).to_contain_text("Nothing you typed is lost")
    expect(banner).to_be_in_viewport()
    apart(page, banner, send)
    # Polls go on meanwhile and answer: the phone says the table is back, and the typed form stays.
    expect(banner).to_contain_text("The table answers again", timeout=2500)
    expect(ana.get_by_label("Districts", exact=True)).to_have_value("5")

    down["on"] = False
    banner.get_by_role("button", name="Retry").click()
    expect(page.locator('[data-player="Ana"]')).to_have_text("15")
    expect(banner).to_be_hidden()

    other = new_phone(chromium)
    second = other.new_page()
    second.goto(table)
    sit(second, NOBODY)
    enter_line(second, "Ben", 2, 2, 0, "green")
    expect(page.locator('[data-player="Ben"]')).to_have_text("4", timeout=2500)  # polling goes on
    other.close()


def test_polls_that_cannot_reach_the_table_say_so_and_the_phone_catches_up_after(live_server, phone, chromium):
    page = phone.new_page()
    table = new_table(page, live_server.url, "next-station-paris", "Ana", "Ben")
    page.route("**/live?*", lambda route: route.abort("connectionrefused"))
    banner = page.get_by_role("alert").filter(has_text="No connection to the table")
    expect(banner).to_be_visible(timeout=3000)

    other = new_phone(chromium)
    second = other.new_page()
    second.goto(table)
    sit(second, NOBODY)
    enter_line(second, "Ana", 5, 3, 2)
    page.unroute("**/live?*")
    expect(page.locator('[data-player="Ana"]')).to_have_text("19", timeout=2500)
    expect(banner).to_be_hidden()
    other.close()


def test_a_refused_round_lists_every_problem_with_the_first_in_view_and_focused(live_server, phone):
    page = phone.new_page()
    new_table(page, live_server.url, "loaf", "Ann", "Ben", "Cy", "Dee")
    form = whole_round(page)
    form.get_by_role("group", name="Order: work per player").get_by_role("radio", name="5", exact=True).check()
    form.get_by_role("radio", name=QUICK).check()
    form.get_by_role("group", name="Dee", exact=True).get_by_role("radio", name="3", exact=True).check()
    form.get_by_role("button", name="Record round 1").click()

    errors = page.locator("#round-form .error")
    expect(errors).to_have_count(3)  # Ann, Ben and Cy played no card: all said at once
    for name in ("Ann", "Ben", "Cy"):
        group = page.locator("#round-form").get_by_role("group", name=name, exact=True)
        expect(group.locator(".error")).to_contain_text(f"{name} played no card")
    first = page.locator("#round-form").get_by_role("group", name="Ann", exact=True)
    expect(first.locator(".error")).to_be_in_viewport()
    focused = page.evaluate("document.activeElement.name")
    assert focused == "card-Ann"
