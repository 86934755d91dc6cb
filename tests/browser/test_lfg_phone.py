"""LFG on phones: enter the heroes once, tap parties together, and every phone sees who fills which role and
who wins; nothing is too small to tap or wider than the screen."""

import pytest
from playwright.sync_api import expect

from .seats import NOBODY, sit

pytestmark = pytest.mark.browser

HEROES = [
    # name, roles, renown, hurt renown, traits, copies
    ("Bardé", ["defence", "support", "damage"], 3, 1, ["scoundrel"], 2),
    ("Chevalier de la Table Ronde", ["defence"], 4, 2, ["loyal"], 1),
    ("Clérc", ["support"], 2, 0, [], 1),
    ("Rogue", ["damage"], 1, 3, ["wild", "scoundrel"], 1),
]


def add_hero(page, name, roles, renown, hurt_renown, traits, copies):
    form = page.locator("form", has=page.get_by_role("button", name="Add this hero"))
    form.get_by_label("Hero name").fill(name)
    for choice in roles + traits:
        form.get_by_text(choice, exact=True).click()
    for _ in range(renown):
        form.get_by_role("button", name="Renown: one more").click()
    form.get_by_role("spinbutton", name="Renown when hurt").fill(str(hurt_renown))
    if copies == 2:
        form.get_by_text("2 copies", exact=True).click()
    form.get_by_role("button", name="Add this hero").click()


def party_of(page, player):
    return page.locator("details.party-form", has=page.locator("summary .name", has_text=player))


def test_a_table_of_two_phones_enters_heroes_and_parties(live_server, phone, chromium):
    first = phone.new_page()
    first.goto(live_server.url + "/new/lfg")
    first.get_by_label("Player 1").fill("Anaïs-Éloïse de la Fontaine")
    first.get_by_label("Player 2").fill("Björn")
    first.get_by_role("button", name="Start the table").click()
    sit(first, NOBODY)
    expect(first.get_by_role("heading", name="LFG")).to_be_visible()
    expect(first.get_by_text("First enter the heroes of your deck")).to_be_visible()

    for count, hero in enumerate(HEROES, start=1):
        add_hero(first, *hero)
        expect(first.get_by_role("heading", name=f"Heroes in your deck ({count})")).to_be_visible()
    catalog = first.locator("ul.catalog > li", has_text="Rogue")
    expect(catalog.locator(".meta")).to_have_text("damage · renown 1, hurt 3 · wild, scoundrel")

    other = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    second = other.new_page()
    second.goto(first.url)
    sit(second, NOBODY)

    ana = party_of(first, "Anaïs")
    expect(ana.get_by_label("Bardé: 2nd copy", exact=True)).to_be_hidden()  # shown once Bardé is tapped
    ana.get_by_text("Bardé", exact=True).click()
    ana.get_by_label("Bardé: 2nd copy", exact=True).check()
    expect(ana.get_by_label("Bardé: 2nd copy hurt")).to_be_visible()
    ana.get_by_label("Bardé: Hurt").check()
    ana.get_by_text("Chevalier de la Table Ronde", exact=True).click()
    assert_phone_sized(first, ana)
    ana.get_by_role("button", name="Save Anaïs-Éloïse de la Fontaine's party").click()

    result = first.locator("ol.parties > li", has_text="Anaïs")
    expect(result.locator('[data-player="Anaïs-Éloïse de la Fontaine"]')).to_have_text(str(1 + 3 + 4))
    expect(result.locator("dd")).to_have_text(["Chevalier de la Table Ronde", "Bardé", "Bardé"])
    expect(first.get_by_text("Waiting for Björn")).to_be_visible()
    expect(second.get_by_text("Waiting for Björn")).to_be_visible(timeout=2500)

    bjorn = party_of(second, "Björn")
    bjorn.get_by_text("Clérc", exact=True).click()
    bjorn.get_by_text("Rogue", exact=True).click()
    bjorn.get_by_role("button", name="Save Björn's party").click()
    expect(second.locator("ol.parties > li", has_text="Björn")).to_contain_text(
        "Why: no hero in the party can play defence."
    )
    winner = "★ Anaïs-Éloïse de la Fontaine wins on renown"
    expect(second.get_by_text(winner)).to_be_visible()
    expect(first.get_by_text(winner)).to_be_visible(timeout=2500)
    assert first.evaluate("document.documentElement.scrollWidth") <= 390
    other.close()


def assert_phone_sized(page, form):
    """Every tile and toggle in a party form is at least 44 px tall, and nothing is wider than the phone."""
    for control in form.locator(".tile, .toggle").all():
        if control.is_visible():
            box = control.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, control.inner_text()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, control.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
