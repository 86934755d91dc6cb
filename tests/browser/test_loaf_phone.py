"""A L'oaf table on a phone: three rounds of a 4-player game, each recorded in at most 8 taps, then one undone;
the reputation track follows."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bénédicte", "Cy", "Dee"]
TAP_BUDGET = 8


class Taps:
    """Every tap on the page goes through here, so a round's taps can be counted."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, locator) -> None:
        self.count += 1
        locator.tap()


def record_round(page, taps, average, cards, review):
    """Record one round with the fewest taps the page allows; return how many it took."""
    before = taps.count
    form = page.locator("#round-form")
    taps(form.get_by_role("group", name="Order: work per player").get_by_role("radio", name=str(average), exact=True))
    for name, card in cards.items():
        taps(form.get_by_role("group", name=name, exact=True).get_by_role("radio", name=str(card), exact=True))
    taps(form.get_by_role("radio", name=review))
    taps(form.get_by_role("button", name="Record round"))
    return taps.count - before


def track_marks(page, value):
    return page.locator(f'.track .cell[data-value="{value}"] .mark')


def test_three_rounds_on_a_phone_then_an_undo(live_server, phone):
    page = phone.new_page()
    page.goto(live_server.url + "/new/loaf")
    for i, name in enumerate(PLAYERS):
        page.locator(f"#player-{i}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()

    taps = Taps()
    quick = "Success: Highest +1 Failure: Lowest −1"
    # Round 1: order 5 (20 needed), 22 played: Ann's 7 is the top card, +2, then the highest reputation +1.
    used = record_round(page, taps, 5, {"Ann": 7, "Bénédicte": 5, "Cy": 4, "Dee": 6}, quick)
    assert used <= TAP_BUDGET
    expect(page.get_by_role("heading", name="Round 1: success")).to_be_visible()
    expect(page.locator("#last-round")).to_contain_text("Ann played 7, 2 above the order's 5: +2")
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_visible()
    # Cards already played are gone from that player's grid.
    ann_grid = page.locator("#round-form").get_by_role("group", name="Ann", exact=True)
    expect(ann_grid.get_by_role("radio")).to_have_count(11)
    expect(ann_grid.get_by_role("radio", name="7", exact=True)).to_have_count(0)

    # Round 2: order 6 (24 needed), 14 played: Ann's 2 is the bottom card, -4, then the lowest reputation -1.
    used = record_round(page, taps, 6, {"Ann": 2, "Bénédicte": 3, "Cy": 5, "Dee": 4}, quick)
    assert used <= TAP_BUDGET
    expect(page.get_by_role("heading", name="Round 2: failure")).to_be_visible()

    # Round 3: order 4 (16 needed), 18 played: Bénédicte's 8 is the top card, +4, then the highest +1.
    used = record_round(page, taps, 4, {"Ann": 3, "Bénédicte": 8, "Cy": 2, "Dee": 5}, quick)
    assert used <= TAP_BUDGET
    expect(page.get_by_role("heading", name="Round 3: success")).to_be_visible()
    assert taps.count <= 3 * TAP_BUDGET

    legend = page.locator(".track + .legend")
    expect(legend.locator('li[data-player="Bénédicte"] .rep')).to_have_text("+5")
    expect(legend.locator('li[data-player="Ann"] .rep')).to_have_text("−2")
    expect(track_marks(page, 5)).to_have_text(["B"])
    expect(track_marks(page, -2)).to_have_text(["A"])
    expect(track_marks(page, 0)).to_have_text(["C", "D"])
    expect(page.locator('.boss[data-boss="happy"] .count')).to_have_text("2 of 5")
    expect(page.locator('.boss[data-boss="angry"] .count')).to_have_text("1 of 5")

    undo = page.get_by_role("button", name="Undo")
    if not undo.is_visible():  # the log folds away once it is long
        page.locator("summary", has_text="What was entered").tap()
    undo.tap()
    expect(page.get_by_role("heading", name="Round 3", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Round 2: failure")).to_be_visible()
    expect(legend.locator('li[data-player="Bénédicte"] .rep')).to_have_text("0")
    expect(track_marks(page, 5)).to_have_count(0)
    expect(track_marks(page, 0)).to_have_text(["B", "C", "D"])
    expect(track_marks(page, -2)).to_have_text(["A"])
    expect(page.locator('.boss[data-boss="happy"] .count')).to_have_text("1 of 5")
    bene = page.locator("#round-form").get_by_role("group", name="Bénédicte", exact=True)
    expect(bene.get_by_role("radio", name="8", exact=True)).to_have_count(1)
