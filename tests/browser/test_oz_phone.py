"""A 3-player Oz end on one phone: each hand in with steppers (at most 30 taps for 18 cards), stories picked from
their examples, the scores with their reasons and the winner; then a mistake entered and undone."""

import pytest
from playwright.sync_api import expect

from .seats import NOBODY, sit

pytestmark = pytest.mark.browser

MAX_TAPS_FOR_A_HAND = 30
HANDS = {
    "Philippe": {"Dorothy": 4, "Lion": 4, "Scarecrow": 2, "Toto": 3, "Oz": 3, "Glinda": 1, "Witch": 1},
    "Anaïs": {"Dorothy": 3, "Lion": 2, "Scarecrow": 4, "Robot": 4, "Toto": 3, "Oz": 1, "Glinda": 1},
    "Bérénice": {"Dorothy": 1, "Lion": 2, "Scarecrow": 2, "Robot": 4, "Toto": 2, "Oz": 2, "Glinda": 3, "Witch": 2},
}


class Taps:
    """Every tap the test makes, so the cost of entering a hand can be counted."""

    def __init__(self):
        self.count = 0

    def __call__(self, locator):
        self.count += 1
        locator.click()


def hand_card(page, name):
    return page.locator("details.hand-card", has=page.locator("summary", has_text=name))


def enter_characters(page, name, tap):
    """Open the player's hand (if closed), step every character up from 0, and return the taps it took."""
    card = hand_card(page, name)
    before = tap.count
    if not card.evaluate("details => details.open"):
        tap(card.locator("summary"))
    for character, count in HANDS[name].items():
        for _ in range(count):
            tap(card.get_by_role("button", name=f"{character}: one more"))
    expect(card.locator("output[data-cards]")).to_have_text(str(sum(HANDS[name].values())))
    return card, tap.count - before


def story(card, n):
    return card.get_by_role("group", name=f"Story {n}")


def test_three_players_end_a_game_on_one_phone(live_server, phone):
    page = phone.new_page()
    page.goto(live_server.url + "/new/oz")
    for i, name in enumerate(HANDS, start=1):
        page.get_by_label(f"Player {i}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    sit(page, NOBODY)
    expect(page.get_by_role("heading", name="Oz", exact=True)).to_be_visible()
    tap = Taps()

    # Philippe: the rulebook's example. Picking a type fills in its example card, edited to match his cards.
    card, taps = enter_characters(page, "Philippe", tap)
    story(card, 1).get_by_label("Story 1 type").select_option("pair")
    picks = story(card, 1).get_by_role("group", name="Characters on the card")
    expect(picks.get_by_label("Dorothy")).to_be_checked()
    expect(picks.get_by_label("Scarecrow")).to_be_checked()
    expect(story(card, 1).get_by_label("Points")).to_have_value("2")
    expect(story(card, 1).get_by_label("Most allowed")).to_be_hidden()
    tap(picks.get_by_label("Scarecrow"))
    tap(picks.get_by_label("Lion"))
    story(card, 2).get_by_label("Story 2 type").select_option("majority")
    expect(story(card, 2).get_by_label("Character")).to_have_value("witch")
    story(card, 2).get_by_label("Character").select_option("lion")
    story(card, 3).get_by_label("Story 3 type").select_option("at_most")
    expect(story(card, 3).get_by_label("Most allowed")).to_have_value("1")
    story(card, 3).get_by_label("Character").select_option("scarecrow")
    story(card, 4).get_by_label("Story 4 type").select_option("plus_minus")
    minus = story(card, 4).get_by_role("group", name="Costs points per card of")
    expect(minus.get_by_label("Glinda")).to_be_checked()
    expect(minus.get_by_label("Witch")).to_be_checked()
    before_submit = tap.count
    tap(card.get_by_role("button", name="Score Philippe's hand"))
    assert taps + tap.count - before_submit <= MAX_TAPS_FOR_A_HAND  # the 18 cards, not the stories
    expect(page.locator('td.total[data-player="Philippe"]')).to_have_text("20")
    expect(page.locator('td.total[data-player="Anaïs"]')).to_have_text("waiting")

    # Anaïs: a triples story keeps its example scale 2 / 7 / 12, plus the example set of four.
    card, taps = enter_characters(page, "Anaïs", tap)
    story(card, 1).get_by_label("Story 1 type").select_option("triples")
    expect(story(card, 1).get_by_role("spinbutton", name="1 triple", exact=True)).to_have_value("2")
    expect(story(card, 1).get_by_label("2 triples")).to_have_value("7")
    expect(story(card, 1).get_by_label("3 triples")).to_have_value("12")
    story(card, 2).get_by_label("Story 2 type").select_option("set")
    before_submit = tap.count
    tap(card.get_by_role("button", name="Score Anaïs's hand"))
    assert taps + tap.count - before_submit <= MAX_TAPS_FOR_A_HAND
    expect(page.locator('td.total[data-player="Anaïs"]')).to_have_text("10")

    # Bérénice: nobody holds more Glinda than her 3.
    card, taps = enter_characters(page, "Bérénice", tap)
    story(card, 1).get_by_label("Story 1 type").select_option("most_among_players")
    tap(card.get_by_role("button", name="Score Bérénice's hand"))
    assert taps + 1 <= MAX_TAPS_FOR_A_HAND

    expect(page.get_by_role("heading", name="Final scores")).to_be_visible()
    expect(page.locator('td.total[data-player="Bérénice"]')).to_have_text("8")
    expect(page.locator("p.winner")).to_have_text("Philippe wins")
    how = page.locator("details.how", has_text="How Philippe got 20")
    how.locator("summary").click()
    expect(how.get_by_text("4 pairs of Dorothy + Lion × 2")).to_be_visible()
    expect(how.get_by_text("Scarecrow 2 is more than 1: 0")).to_be_visible()
    expect(how.locator(".pts")).to_have_text(["8", "5", "0", "7", "20"])

    # A mistake: one Witch too many for Bérénice. It scores with a warning, and Undo puts it back.
    card = hand_card(page, "Bérénice")
    card.locator("summary").click()
    card.get_by_role("button", name="Witch: one more").click()
    card.get_by_role("button", name="Update Bérénice's hand").click()
    expect(page.get_by_text("Bérénice holds 19 cards")).to_be_visible()
    expect(page.get_by_role("heading", name="Scores so far")).to_be_visible()
    page.get_by_text("What was entered").click()
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_role("heading", name="Final scores")).to_be_visible()
    expect(page.get_by_text("Bérénice holds 19 cards")).to_have_count(0)
    expect(page.locator('td.total[data-player="Bérénice"]')).to_have_text("8")
