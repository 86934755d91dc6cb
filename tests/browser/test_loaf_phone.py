"""A L'oaf table on phones: one phone enters whole rounds of a 4-player game, a tap per part (the cards of players
without a phone on purpose, from "Enter a card for…"), within 8 taps a round, then undoes one; two phones each tap
their own card of the same round at the same time and the round is played once;
an advanced round with one of the group's cards stays within 9 taps."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.phones import new_phone

from .seats import NOBODY, sit

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bénédicte", "Cy", "Dee"]
ROUND_BUDGET = 8
OWN_CARD_BUDGET = 2
GROUP_CARD_BUDGET = 9
QUICK = "Highest ±1"  # a real card: the order and the cards tell a success, so its +1 for the highest counts


class Taps:
    """Every tap on the page goes through here, so a round's taps can be counted."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, locator) -> None:
        self.count += 1
        locator.tap()


def start(page, url, players, advanced=False, who=NOBODY):
    page.goto(url + "/new/loaf")
    for i, name in enumerate(players):
        page.locator(f"#player-{i}").fill(name)
    if advanced:
        page.locator("input[name=advanced]").check()
    page.get_by_role("button", name="Start the table").click()
    sit(page, who)
    expect(page.locator("#step")).to_be_visible()


def step(page):
    return page.locator("#step")


def tap_in(page, taps, group, name):
    taps(step(page).get_by_role("group", name=group, exact=True).get_by_role("button", name=str(name), exact=True))


def other_card(page, taps, name, card):
    """A card for a player without a phone: "Enter a card for…" (opened once, it stays open), then their card."""
    others = step(page).locator("details.others")
    if not others.evaluate("details => details.open"):
        taps(others.locator("summary"))
    row = others.get_by_role("group", name=f"{name}'s card", exact=True)
    taps(row.get_by_role("button", name=str(card), exact=True))
    expect(row).to_have_count(0)


def record_round(page, taps, number, average, cards, review=QUICK):
    """Enter one whole round from this phone, a tap per part; return how many taps it took."""
    before = taps.count
    expect(step(page)).to_contain_text(f"Round {number}")
    tap_in(page, taps, "Order: work per player", average)
    for name, card in cards.items():
        other_card(page, taps, name, card)
    taps(step(page).get_by_role("button", name=review))
    expect(page.locator(".round-summary .outcome")).to_contain_text(f"Round {number}:")
    return taps.count - before


def track_marks(page, value):
    return page.locator(f'.track .cell[data-value="{value}"] .mark')


def test_three_rounds_from_one_phone_then_an_undo(live_server, phone):
    page = phone.new_page()
    start(page, live_server.url, PLAYERS)
    taps = Taps()
    # Round 1: order 5 (20 needed), 22 played: Ann's 7 is the top card, +2, then the highest reputation +1.
    used = record_round(page, taps, 1, 5, {"Ann": 7, "Bénédicte": 5, "Cy": 4, "Dee": 6})
    print(f"basic round for 4 from one phone: {used} taps")
    assert used <= ROUND_BUDGET
    expect(page.locator(".round-summary .outcome")).to_have_text("Round 1: success")
    expect(page.locator("#last-round")).to_contain_text("Ann played 7, 2 above the order's 5: +2")
    expect(step(page)).to_contain_text("Round 2")
    # Its breakdown is one tap away.
    page.locator(".round-summary > summary").tap()
    expect(page.locator("#last-round")).to_be_visible()
    used = record_round(page, taps, 2, 6, {"Ann": 2, "Bénédicte": 3, "Cy": 5, "Dee": 4}, "Lowest ±1")
    assert used <= ROUND_BUDGET
    expect(page.locator(".round-summary .outcome")).to_have_text("Round 2: failure")
    used = record_round(page, taps, 3, 4, {"Ann": 3, "Bénédicte": 8, "Cy": 2, "Dee": 5})
    assert used <= ROUND_BUDGET
    assert taps.count <= 3 * ROUND_BUDGET

    legend = page.locator(".track + .legend")
    expect(legend.locator('li[data-player="Bénédicte"] .rep')).to_have_text("+5")
    expect(legend.locator('li[data-player="Ann"] .rep')).to_have_text("−2")
    expect(track_marks(page, 5)).to_have_text(["B"])
    expect(page.locator('.boss[data-boss="happy"] .count')).to_have_text("2 of 5")

    undo = page.get_by_role("button", name="Undo")
    if not undo.is_visible():  # the log folds away once it is long
        page.locator("summary", has_text="What was entered").tap()
    undo.tap()
    # The review card of round 3 is taken out: the round waits for it again.
    expect(step(page)).to_contain_text("The review card")
    expect(page.locator(".round-summary .outcome")).to_have_text("Round 2: failure")
    expect(legend.locator('li[data-player="Bénédicte"] .rep')).to_have_text("0")
    expect(page.locator('.boss[data-boss="happy"] .count')).to_have_text("1 of 5")


def test_two_phones_tap_their_own_cards_of_one_round_at_once(live_server, chromium):
    a_phone, b_phone = new_phone(chromium), new_phone(chromium)
    try:
        a, b = a_phone.new_page(), b_phone.new_page()
        start(a, live_server.url, ["Ann", "Béa"], who="Ann")
        b.goto(a.url)
        sit(b, "Béa")
        # The step is named as a screen reader says it: the colour chip's initial is not read out.
        expect(step(a)).to_have_accessible_name(re.compile(r"Your card, Ann$"))
        expect(step(b)).to_have_accessible_name(re.compile(r"Your card, Béa$"))
        a_taps, b_taps = Taps(), Taps()
        # Both phones tap their own card without waiting for each other: both were made from the same version.
        a_taps(step(a).get_by_role("group", name="Ann's card").get_by_role("button", name="7", exact=True))
        b_taps(step(b).get_by_role("group", name="Béa's card").get_by_role("button", name="4", exact=True))
        print(f"own card: {a_taps.count} and {b_taps.count} taps")
        assert a_taps.count <= OWN_CARD_BUDGET and b_taps.count <= OWN_CARD_BUDGET
        for page in (a, b):
            expect(page.locator(".waiting")).not_to_contain_text("Ann's card", timeout=5000)
            expect(page.locator(".waiting")).not_to_contain_text("Béa's card", timeout=5000)
        # The order and the review card from one phone each: the round is played once.
        tap_in(b, b_taps, "Order: work per player", 5)
        expect(step(a)).to_contain_text("The review card", timeout=5000)
        a_taps(step(a).get_by_role("button", name=QUICK))
        for page in (a, b):
            expect(page.locator(".round-summary .outcome")).to_have_text("Round 1: success", timeout=5000)
            expect(step(page)).to_contain_text("Round 2")
        a.reload()
        entries = a.locator("ol.log > li")
        expect(entries).to_have_count(4)  # the order, two cards and the review card: no second round
        expect(a.locator(".track + .legend li[data-player='Ann'] .rep")).to_have_text("+3")
    finally:
        a_phone.close()
        b_phone.close()


def test_an_advanced_round_with_a_group_card_within_nine_taps(live_server, phone):
    page = phone.new_page()
    start(page, live_server.url, PLAYERS, advanced=True)
    group = re.search(r'href="(/g/[^"/]+)"', page.content())
    page.goto(live_server.url + group.group(1) + "/loaf-cards")
    page.locator("#card-name").fill("Overtime")
    for side, effect, target, amount in (("success", "up", "highest", "2"), ("failure", "discard", "lowest", "1")):
        page.locator(f"select[name={side}_effect]").select_option(effect)
        page.locator(f"select[name={side}_target]").select_option(target)
        page.locator(f"input[name={side}_amount]").fill(amount)
    page.get_by_role("button", name="Keep this card").click()
    expect(page.locator(".kept-card")).to_contain_text("Overtime")
    page.go_back()
    page.go_back()
    page.reload()
    taps = Taps()
    tap_in(page, taps, "Order: work per player", 6)
    for name, card in {"Ann": 2, "Bénédicte": 5, "Cy": 4, "Dee": 6}.items():
        other_card(page, taps, name, card)
    card = step(page).get_by_role("group", name="The group's cards").get_by_role("button")
    expect(card).to_contain_text("Discard 1 card")
    expect(card).not_to_contain_text("+2")  # a failure: only that side shows
    taps(card)
    tap_in(page, taps, "Ann: card to discard", 0)
    expect(page.locator(".round-summary .outcome")).to_have_text("Round 1: failure")
    print(f"advanced round with a group card: {taps.count} taps")
    assert taps.count <= GROUP_CARD_BUDGET
