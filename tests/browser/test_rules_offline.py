"""The rules reference on a phone: the search answers as a question is typed, and with no reception, once a rules
page has been visited, the service worker keeps the guides and the searches already made readable offline."""

import re

import pytest
from playwright.sync_api import expect

from companion import rules

pytestmark = pytest.mark.browser


# What sticks out past the right edge of main's text column: tables, the contents, search results.
SPILLS = """() => {
  const main = document.querySelector("main");
  const edge = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight) + 1;
  return [...main.querySelectorAll("table, .toc, .hit, .related")]
    .filter((e) => e.getBoundingClientRect().right > edge)
    .map((e) => e.outerHTML.slice(0, 60));
}"""


# Polled: each call starts a look in the cache and answers with what the previous look found.
SAVED = """(path) => {
  caches.match(path).then((saved) => { window.savedLook = saved !== undefined; });
  return window.savedLook === true;
}"""


def wait_for_worker(page):
    """Until the service worker is active and this page is under its control (it claims pages when it activates)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def wait_until_saved(page, path):
    """Until the worker has saved the whole page at `path`: it saves after answering, so the page can show first.
    The live results of the same address are saved apart (they vary on HX-Request) and do not count."""
    page.evaluate("window.savedLook = undefined")
    page.wait_for_function(SAVED, arg=path)


def test_a_visited_rules_page_reloads_offline(live_server, phone):
    page = phone.new_page()
    page.goto(live_server.url + "/rules/orleans")
    expect(page.get_by_role("heading", name="Torture", exact=True)).to_be_visible()
    wait_for_worker(page)

    phone.set_offline(True)
    response = page.reload()
    assert response is not None and response.from_service_worker
    expect(page.get_by_role("heading", name="Orléans", level=1)).to_be_visible()
    expect(page.get_by_role("heading", name="Torture", exact=True)).to_be_visible()
    # The page keeps its stylesheet offline: the contents are laid out as on line, not as a bare list.
    assert page.evaluate("getComputedStyle(document.querySelector('.toc')).borderTopStyle") == "solid"
    # And the phone really is cut off: what was never saved does not load.
    page.goto(live_server.url + "/rules?q=never-searched-before")
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()


def test_saved_guides_and_searches_open_offline(live_server, phone):
    page = phone.new_page()
    page.goto(live_server.url + "/")
    wait_for_worker(page)
    page.get_by_role("link", name="Search the rules").click()
    box = page.get_by_label("Ask a question or look up a word, in all six games")
    box.fill("torture")
    # The live answer first: a search it made while the page loads again would replace the address in the page
    # and so cancel the load. The button submits the form and fires no search of its own (Enter would).
    expect(page.locator(".hit").first).to_have_attribute("data-game", "orleans")
    page.evaluate("window.sameDocument = true")
    page.get_by_role("button", name="Search", exact=True).click()
    page.wait_for_function("window.sameDocument === undefined")
    expect(page.locator(".hit").first).to_have_attribute("data-game", "orleans")
    wait_until_saved(page, "/rules?q=torture")

    phone.set_offline(True)

    # A guide never opened on this phone was saved when the worker installed: a rule link opens anyway.
    page.goto(live_server.url + "/rules/koala#koalations")
    expect(page.get_by_role("heading", name="Koalations")).to_be_in_viewport()

    # A search already made comes back from the saved copy, best first as before.
    page.goto(live_server.url + "/rules?q=torture")
    expect(page.locator(".hit").first).to_have_attribute("data-game", "orleans")

    # A new search cannot reach the server: a plain page says so and offers the saved guides.
    page.goto(live_server.url + "/rules?q=glinda")
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    page.locator('.guides a[href="/rules/oz"]').click()
    expect(page.get_by_role("heading", name="Oz", level=1)).to_be_visible()


def test_every_guide_fits_a_phone(live_server, phone):
    page = phone.new_page()
    for path in [f"/rules/{game}" for game in rules.games()] + ["/rules", "/rules?q=points", "/"]:
        page.goto(live_server.url + path)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390, path
        assert page.evaluate(SPILLS) == [], path
    box = page.get_by_label("Search the rules").bounding_box()
    assert box and box["height"] >= 44 and box["x"] + box["width"] <= 390


def test_the_rules_page_answers_as_a_question_is_typed(live_server, phone):
    page = phone.new_page()
    page.goto(live_server.url + "/rules?game=orleans")
    page.evaluate("window.sameDocument = true")  # gone if the page were loaded again
    box = page.get_by_label("Ask a question or look up a word, in all six games")

    box.press_sequentially("what if I can't pay", delay=30)
    first = page.locator(".hit").first
    expect(first).to_have_attribute("data-section", "torture")
    expect(page.locator("#results-status")).to_have_text(re.compile(r"^\d+ sections? for “what if I can't pay”$"))
    expect(page).to_have_url(re.compile(r"/rules\?q=what(\+|%20)if(\+|%20)I(\+|%20)can%27t(\+|%20)pay&game=orleans$"))

    box.fill("")
    expect(page.locator(".guides .card")).to_have_count(len(rules.games()))
    box.press_sequentially("who wins a draw", delay=30)
    expect(first).to_have_attribute("data-section", "winner")
    expect(first).to_have_attribute("data-game", "orleans")
    assert page.evaluate("window.sameDocument") is True

    # Without JavaScript's help the same form is a plain GET: Enter loads the results page.
    box.press("Enter")
    expect(page.get_by_role("heading", name="Search the rules", level=1)).to_be_visible()
    expect(first).to_have_attribute("data-game", "orleans")
    assert page.evaluate("window.sameDocument === undefined")
