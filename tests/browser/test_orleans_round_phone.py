"""An Orléans round on a small phone (320 × 640) that said who it is: its own holdings a one-line summary with what
the round changed, corrected in place; the undo beside the step it undoes; the last event's line whole, down to who
is short; and nothing that stays on screen while scrolling takes more than 15% of it."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .geometry import nothing_stuck_over, whole_on_screen
from .seats import sit
from .test_accessibility import report
from .test_tap_targets import MEASURE

pytestmark = pytest.mark.browser

NAMES = ("Józefina Wiśniewska-Kowalczyk", "Łukasz Brzęczyszczykiewicz", "Ángeles Núñez de Castañeda", "Zoë Ørsted")
SHORT = NAMES[1]  # no coin and 2 grain: a Taxes leaves him 2 coins short

ONE_LINE = """el => {
    const lines = new Set(Array.from(el.querySelectorAll('span'), s => Math.round(s.getBoundingClientRect().top)));
    return lines.size === 1;
}"""

# The undo covers no line of the step's words, and sits on the same row as their first line.
BESIDE = """([button, words]) => {
    const b = button.getBoundingClientRect(), range = document.createRange();
    range.selectNodeContents(words);
    const lines = Array.from(range.getClientRects()).filter(l => l.width > 0);
    const clear = lines.every(l => l.right <= b.left || b.right <= l.left || l.bottom <= b.top || b.bottom <= l.top);
    return clear && lines[0].top < b.bottom && b.top < lines[0].bottom;
}"""

WHOLE = """el => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1
    && getComputedStyle(el).textOverflow !== 'ellipsis'"""


@pytest.fixture
def small(chromium):
    context = chromium.new_context(
        viewport={"width": 320, "height": 640}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    yield context
    context.close()


def seated_table(page, url):
    """Four long names; the phone is the first player's; everyone's holdings in, the second with no coin."""
    page.goto(url + "/new/orleans")
    for seat, name in enumerate(NAMES):
        page.locator(f"#player-{seat}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    sit(page, NAMES[0])
    step = page.locator("#step")
    for name in NAMES:
        expect(step).to_have_attribute("data-player", name)
        if name == SHORT:
            step.get_by_label("Coins", exact=True).fill("0")
            step.get_by_label("Grain", exact=True).fill("2")
        step.get_by_role("button", name=re.compile("^Save")).click()
    expect(step).to_have_attribute("data-step", "start")
    return step


def begin(step, event, farmer=True):
    if farmer:
        step.get_by_role("button", name=f"{NAMES[0]}: one more").click()
    step.get_by_role("button", name=re.compile(f"^{event}")).click()
    expect(step).to_have_attribute("data-step", "event")


def test_the_own_holdings_are_a_line_with_what_the_round_changed_and_open_in_place(live_server, small):
    page = small.new_page()
    step = seated_table(page, live_server.url)
    begin(step, "Taxes")

    own = page.locator("details.own-holdings")
    expect(own.locator(".glance")).to_have_text("6 coins · 0 goods · level 1")  # 5, and the Farmers' coin
    page.wait_for_function(ONE_LINE, arg=own.locator(".glance").element_handle())
    expect(own.locator("[data-changes]")).to_have_text("Round 1: +1 coin")
    expect(own.get_by_label("Wool", exact=True)).to_be_hidden()
    whole_on_screen(own.locator("summary"))

    own.locator("summary").click()
    own.get_by_role("button", name="Wool: one more").click()
    save = own.get_by_role("button", name="Save your holdings")
    whole_on_screen(save)  # in the bar at the bottom of the screen
    save.click()

    expect(page.locator(".last-step summary")).to_contain_text("Saved: your holdings")
    expect(own.locator("[data-changes] .chip-text")).to_have_text(["+1 coin", "+1 wool"])
    expect(own.locator(".glance")).to_have_text("6 coins · 1 good · level 1")
    expect(own.get_by_label("Wool", exact=True)).to_be_hidden()  # folded again
    expect(step).to_have_attribute("data-step", "event")  # the round's event is still the step
    expect(page.locator(".holdings.folded", has=page.locator(f'[data-player="{NAMES[0]}"]'))).to_have_count(0)


def test_a_wrong_round_start_is_undone_from_beside_it(live_server, small):
    page = small.new_page()
    step = seated_table(page, live_server.url)
    begin(step, "Harvest")

    line = page.locator(".last-step")
    expect(line.locator("summary")).to_contain_text("Round 1 began: Harvest")
    undo = line.get_by_role("button", name="Undo: Round 1 began: Harvest")
    whole_on_screen(undo)
    page.wait_for_function(BESIDE, arg=[undo.element_handle(), line.locator(".last-text").element_handle()])
    undo.click()

    expect(step).to_have_attribute("data-step", "start")
    expect(step.get_by_role("heading", name="Round 1 of 18")).to_be_visible()
    expect(step.get_by_role("button", name=re.compile("^Harvest"))).to_contain_text("3 of 3 left")
    expect(page.locator("section.round-now")).to_have_count(0)


def test_the_last_event_s_line_says_whole_who_is_short(live_server, small):
    page = small.new_page()
    step = seated_table(page, live_server.url)
    begin(step, "Taxes", farmer=False)
    step.get_by_role("button", name="Resolve the Taxes").click()

    line = page.locator(".last-step .last-line")
    expect(line).to_have_text(f"{SHORT} 2 short")
    page.evaluate("window.scrollTo(0, 0)")
    line.scroll_into_view_if_needed()
    whole_on_screen(line)
    for part in (line, page.locator(".last-step .last-text"), page.locator(".last-step summary")):
        page.wait_for_function(WHOLE, arg=part.element_handle())
    expect(page.locator("form.torture h2")).to_have_text(f"{SHORT} is 2 coins short")


def test_nothing_stuck_to_a_small_screen_takes_more_than_15_percent_of_it(live_server, small):
    page = small.new_page()
    step = seated_table(page, live_server.url)
    step.get_by_role("button", name=re.compile("^Taxes")).scroll_into_view_if_needed()
    nothing_stuck_over(page, 0.15)  # the start of a round: the six events

    begin(step, "Taxes", farmer=False)
    nothing_stuck_over(page, 0.15)  # the round's event: its Resolve in the bar

    own = page.locator("details.own-holdings")
    own.locator("summary").click()
    own.get_by_label("Cheese", exact=True).scroll_into_view_if_needed()
    nothing_stuck_over(page, 0.15)  # the own holdings opened: their Save in the bar
    own.locator("summary").click()

    step.get_by_role("button", name="Resolve the Taxes").click()
    torture = page.locator("form.torture")
    expect(torture).to_be_visible()
    torture.get_by_role("button", name=re.compile("^Grain")).scroll_into_view_if_needed()
    nothing_stuck_over(page, 0.15)  # a torture: its tally and Confirm in the bar


def test_the_round_on_a_small_phone_passes_axe_and_every_tap_target_is_44_px(live_server, small):
    page = small.new_page()
    step = seated_table(page, live_server.url)
    begin(step, "Taxes")
    page.locator("details.own-holdings summary").click()
    expect(page.locator("details.own-holdings").get_by_label("Wool", exact=True)).to_be_visible()
    violations = Axe().run(page).response["violations"]
    assert not violations, report(violations)
    tiny = [t for t in page.evaluate(MEASURE) if min(t["width"], t["height"]) < 44 - 0.01]
    assert tiny == [], f"tap targets under 44 px: {tiny}"
