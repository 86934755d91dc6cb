"""Orléans on phones: two phones at one table, where a Harvest leaves Jo 2 coins short and the other phone's
holdings follow within the 2-second refresh; and a three-player game played round by round for all 18 rounds."""

import re

import pytest
from playwright.sync_api import expect

from .seats import NOBODY, sit
from .test_tap_targets import MEASURE

pytestmark = pytest.mark.browser


def fill_holdings(page, name, **counts):
    card = page.locator("section.holdings", has=page.get_by_role("heading", name=name))
    for label, value in counts.items():
        card.get_by_label(label, exact=True).fill(str(value))
    card.get_by_role("button", name=f"Save {name}'s holdings").click()
    expect(card.locator('dd[data-field="coins"]')).to_have_text(str(counts["Coins"]))


def test_a_harvest_torture_reaches_the_second_phone(live_server, phone, chromium):
    first = phone.new_page()
    first.goto(live_server.url + "/new/orleans")
    first.get_by_label("Player 1").fill("Jo")
    first.get_by_label("Player 2").fill("Ana")
    first.get_by_role("button", name="Start the table").click()
    sit(first, NOBODY)
    expect(first.get_by_role("heading", name="Orléans")).to_be_visible()

    fill_holdings(
        first,
        "Jo",
        **{"Coins": 3, "Cheese": 1, "Wool": 2, "Trading stations": 2, "Level (highest reached)": 2},
        **{"Space the marker is on": 10, "Place tiles": 1},
    )
    fill_holdings(first, "Ana", **{"Coins": 20, "Grain": 3})

    other = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    second = other.new_page()
    second.goto(first.url)
    sit(second, NOBODY)
    jo_wool = second.locator('dl[data-player="Jo"] dd[data-field="wool"]')
    jo_space = second.locator('dl[data-player="Jo"] dd[data-field="development_position"]')
    expect(jo_wool).to_have_text("2")

    first.locator(".phases label", has_text="B").click()
    first.get_by_role("button", name=re.compile("^Harvest")).click()
    first.get_by_role("button", name="Resolve the Harvest").click()

    torture = first.locator("form.torture")
    expect(torture.get_by_role("heading")).to_have_text("Jo is 2 coins short")
    expect(torture).to_contain_text("Jo pays 3 of 5 coins")
    confirm = torture.get_by_role("button", name="Confirm")
    expect(confirm).to_be_disabled()
    expect(torture.get_by_role("button", name=re.compile("^Grain"))).to_have_count(0)  # Jo holds none: not offered

    torture.get_by_role("button", name=re.compile("^Wool")).click()
    expect(torture.locator("output")).to_have_text("1")
    torture.get_by_role("button", name=re.compile("^Development step back")).click()
    expect(torture.locator(".tally")).to_have_text("2 of 2 chosen")
    expect(torture.get_by_role("button", name=re.compile("^Place tile"))).to_be_disabled()
    confirm.click()

    jo = first.locator('dl[data-player="Jo"]')
    expect(jo.locator('dd[data-field="wool"]')).to_have_text("1")
    expect(jo.locator('dd[data-field="development_position"]')).to_have_text("9")
    expect(first.locator("form.torture")).to_have_count(0)
    expect(jo_wool).to_have_text("1", timeout=2500)
    expect(jo_space).to_have_text("9", timeout=2500)
    expect(second.locator('dl[data-player="Jo"] dd[data-field="coins"]')).to_have_text("0")
    other.close()


# The 18 event cards in the order the table turns them up: every kind three times.
DECK = (
    "Taxes", "Income", "Pilgrimage", "Harvest", "Plague", "Trading Day",
    "Taxes", "Harvest", "Plague", "Income", "Pilgrimage", "Trading Day",
    "Income", "Trading Day", "Harvest", "Plague", "Taxes", "Pilgrimage",
)  # fmt: skip
# Who the Farmers step moves each round: Jo leads until Lou overtakes everyone in round 10; Kim, last from then on,
# has no coin left to lose in rounds 16-18 and owes them torture instead.
FARMERS = {n: {"Jo": "+1 coin", "Kim": "±0", "Lou": "−1 coin"} for n in range(1, 10)}
FARMERS |= {n: {"Jo": "±0", "Kim": "−1 coin", "Lou": "+1 coin"} for n in range(10, 16)}
FARMERS |= {n: {"Jo": "±0", "Kim": "±0", "Lou": "+1 coin"} for n in range(16, 19)}
# With no coin to give, Kim owes the Farmers one thing each round: two steps back on the development track (her
# level stays her highest), then her place tile (no step back onto the coin space); neither costs her points.
OWES = {16: ("Kim", "Development step back"), 17: ("Kim", "Development step back"), 18: ("Kim", "Place tile")}


def start_three(page, url):
    page.goto(url + "/new/orleans")
    for seat, name in enumerate(("Jo", "Kim", "Lou")):
        page.locator(f"#player-{seat}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    sit(page, NOBODY)
    expect(page.get_by_role("heading", name="Orléans")).to_be_visible()


def play_round(page, number, event):
    """Tap the event revealed on the next round's form, check the Farmers coins and resolve the round's event."""
    start = page.locator("form.round-start")
    expect(start.get_by_role("heading")).to_have_text(f"Round {number} of 18")
    start.get_by_role("button", name=re.compile(f"^{event}")).click()
    now = page.locator("section.round-now")
    expect(now.get_by_role("heading", name=f"Round {number}: {event}")).to_be_visible()
    for name, change in FARMERS[number].items():
        expect(now.locator(f'[data-farmers="{name}"]')).to_have_text(change)
    if number in OWES:
        settle_farmers(page, *OWES[number])
    if event == "Pilgrimage":
        expect(now.locator(".reminder")).to_contain_text("nobody may recruit a monk this round")
    elif event == "Plague":
        lost = "Knight" if number == 5 else "A starting one"
        now.locator("fieldset.drawn", has_text="Jo drew").get_by_label(lost).check()
        now.locator("fieldset.drawn", has_text="Lou drew").get_by_label("A starting one").check()
        kim = now.locator("fieldset.drawn", has_text="Kim drew")  # no recruit in the bag: a starting one, or none
        expect(kim.get_by_role("radio")).to_have_count(2)
        expect(kim.get_by_label("Sacristy: skips it")).to_have_count(1)
        now.get_by_role("button", name="Confirm the Plague").click()
    else:
        now.get_by_role("button", name=f"Resolve the {event}").click()
    expect(page.locator("details.rounds-played summary")).to_have_text(f"Rounds played: {number} of 18")


def settle_farmers(page, name, given):
    """The last on the Farmers track with no coin to lose gives up one thing instead."""
    torture = page.locator("form.torture")
    expect(torture.get_by_role("heading")).to_have_text(f"{name} is 1 coin short")
    torture.get_by_role("button", name=re.compile(f"^{given}")).click()
    torture.get_by_role("button", name="Confirm").click()
    expect(page.locator("form.torture")).to_have_count(0)


def test_eighteen_rounds_of_three_players_from_the_first_event_to_the_final_scores(live_server, phone):
    page = phone.new_page()
    start_three(page, live_server.url)
    jo = {"Coins": 10, "Grain": 5, "Cheese": 4, "Trading stations": 2, "Level (highest reached)": 2}
    fill_holdings(page, "Jo", **jo, **{"Space the marker is on": 9, "Followers in the bag": 2})
    kim = {"Coins": 0, "Wool": 2, "Trading stations": 3, "Level (highest reached)": 3, "Place tiles": 1}
    fill_holdings(page, "Kim", **kim, **{"Space the marker is on": 16})
    fill_holdings(page, "Lou", **{"Coins": 30, "Grain": 2, "Level (highest reached)": 1, "Followers in the bag": 1})

    start = page.locator("form.round-start")
    expect(start.locator(".phases input:checked")).to_have_value("A")
    start.get_by_role("button", name="Jo: one more").click(click_count=3)
    start.get_by_role("button", name="Kim: one more").click()
    play_round(page, 1, "Taxes")

    # Kim holds 2 wool and no coin: 2 coins short. Wool and a development step back settle it.
    torture = page.locator("form.torture")
    expect(torture.get_by_role("heading")).to_have_text("Kim is 2 coins short")
    torture.get_by_role("button", name=re.compile("^Wool")).click()
    torture.get_by_role("button", name=re.compile("^Development step back")).click()
    torture.get_by_role("button", name="Confirm").click()
    expect(page.locator("form.torture")).to_have_count(0)
    kim_space = page.locator('dl[data-player="Kim"] dd[data-field="development_position"]')
    expect(kim_space).to_have_text("15")

    for number, event in enumerate(DECK[1:9], start=2):
        play_round(page, number, event)
    expect(page.locator('dl[data-player="Jo"] dd[data-field="followers_in_bag"]')).to_have_text("1")  # the knight
    start = page.locator("form.round-start")
    expect(start.locator(".phases input:checked")).to_have_value("B")
    start.get_by_role("button", name="Lou: one more").click(click_count=5)  # Lou overtakes: 5 on the track
    for number, event in enumerate(DECK[9:], start=10):
        if number == 13:
            expect(page.locator("form.round-start .phases input:checked")).to_have_value("C")
        play_round(page, number, event)

    expect(page.get_by_text("All 18 rounds are played")).to_be_visible()
    expect(page.locator("form.round-start")).to_have_count(0)
    page.get_by_role("button", name="End the game: final scores").click()
    expect(page.get_by_role("heading", name="Final scores")).to_be_visible()
    totals = {name: page.locator(f'.big-total[data-player="{name}"]') for name in ("Jo", "Kim", "Lou")}
    expect(totals["Jo"]).to_have_text("39")  # 29 coins + 3 cheese × 2 + 2 stations × level 2
    expect(totals["Kim"]).to_have_text("16")  # 1 wool × 4 + (3 stations + the spare citizen) × level 3
    expect(totals["Lou"]).to_have_text("14")
    expect(page.locator("p.winner")).to_have_text("Jo wins")


def test_the_round_tracker_s_controls_are_big_enough_to_tap(live_server, phone):
    page = phone.new_page()
    start_three(page, live_server.url)
    fill_holdings(page, "Jo", **{"Coins": 5, "Followers in the bag": 2})
    fill_holdings(page, "Kim", **{"Coins": 5})
    fill_holdings(page, "Lou", **{"Coins": 5})
    page.locator("form.round-start").get_by_role("button", name="Jo: one more").click()
    for event, done in (("Plague", "Confirm the Plague"), ("Harvest", "Resolve the Harvest")):
        page.locator("form.round-start").get_by_role("button", name=re.compile(f"^{event}")).click()
        expect(page.get_by_role("button", name=done)).to_be_visible()
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        small = [t for t in page.evaluate(MEASURE) if min(t["width"], t["height"]) < 44 - 0.01]
        assert small == [], f"{event} round: tap targets under 44 px: {small}"
        if event == "Plague":
            for seat in ("Jo", "Kim", "Lou"):
                page.locator("fieldset.drawn", has_text=f"{seat} drew").get_by_label("A starting one").check()
        page.get_by_role("button", name=done).click()
