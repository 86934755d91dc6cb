"""Tap budgets: how many taps a phone takes to enter each step of a game, against the most it should take.

    python benchmarks/taps.py

Each flow starts its table in real Chromium at 390 × 844 (touch, as a phone), says once which player the phone is,
then enters one step the way a player would and counts what it costs. Counted: each tap on the page (a button, a
box, a tile, a summary), two for a native list (one to open it, one to pick), and one for each field typed into,
whatever its length. Not counted: starting the table, naming its players, saying who the phone is, and entering
what the group keeps once for every table (LFG heroes, L'oaf review cards).

One line per flow: its name, the taps it took and its budget. A flow whose result does not show on the table as it
should, or that cannot run at all, is over budget and says why. The last line is `taps: all within budget` or
`taps: over budget: ` and the flows over it.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._taps import (  # noqa: E402
    Flow,
    Run,
    Taps,
    launch,
    measure,
    new_phone,
    shows,
    sit_as,
    start_table,
    summary,
)
from companion.games.koala import engine as koala
from tests.taps.loaf import (  # noqa: E402
    loaf_advanced_round,
    loaf_basic_round,
    loaf_own_card,
    loaf_phones_round,
    loaf_real_review_card,
)
from tests.taps.orleans import orleans_seated_round  # noqa: E402

# --- Next Station Paris ---------------------------------------------------------------------------------------


def nsp_line(browser: Any, base: str) -> Run:
    """Ana's line of round 1 on her own phone: green, 5 districts, most 3 stations in one, 2 monuments: 19."""
    context = new_phone(browser)
    try:
        page = context.new_page()
        start_table(page, base, "next-station-paris", ["Ana", "Bénédicte", "Côme"])
        sit_as(page, "Ana")
        taps = Taps()
        card = page.locator("form", has=page.get_by_role("heading", name="Ana", exact=True))
        taps.tick(card.get_by_label("green"))
        taps.set_count(card, "Districts", 5)
        taps.set_count(card, "Most stations in a district", 3)
        taps.set_count(card, "Monuments", 2)
        taps.tap(card.get_by_role("button", name="Enter Ana's line"))
        expected = {'[data-player="Ana"]': "19"}
        return Run(taps.count, shows(page, expected), expected)
    finally:
        context.close()


# --- Oz -------------------------------------------------------------------------------------------------------

OZ_HAND = {"Dorothy": 4, "Lion": 4, "Scarecrow": 2, "Toto": 3, "Oz": 3, "Glinda": 1, "Witch": 1}


def oz_hand(browser: Any, base: str) -> Run:
    """The rulebook's hand of 18 cards with 4 face-up stories, entered on Philippe's own phone: 20 points."""
    context = new_phone(browser)
    try:
        page = context.new_page()
        start_table(page, base, "oz", ["Philippe", "Anaïs", "Bérénice"])
        sit_as(page, "Philippe")
        taps = Taps()
        card = page.locator("details.hand-card", has=page.locator("summary", has_text="Philippe"))
        if not card.evaluate("details => details.open"):
            taps.tap(card.locator("summary"))
        hand = card.get_by_role("group", name="Characters in hand")
        for character, count in OZ_HAND.items():
            taps.set_count(hand, character, count)
        stories = [card.get_by_role("group", name=f"Story {n}") for n in range(1, 5)]
        taps.choose(stories[0].get_by_label("Story 1 type"), "pair")
        picks = stories[0].get_by_role("group", name="Characters on the card")
        taps.tick(picks.get_by_label("Scarecrow"), False)
        taps.tick(picks.get_by_label("Lion"))
        taps.choose(stories[1].get_by_label("Story 2 type"), "majority")
        taps.choose(stories[1].get_by_label("Character"), "lion")
        taps.choose(stories[2].get_by_label("Story 3 type"), "at_most")
        taps.choose(stories[2].get_by_label("Character"), "scarecrow")
        taps.choose(stories[3].get_by_label("Story 4 type"), "plus_minus")
        taps.tap(card.get_by_role("button", name="Score Philippe's hand"))
        expected = {'td.total[data-player="Philippe"]': "20"}
        return Run(taps.count, shows(page, expected), expected)
    finally:
        context.close()


# --- Koala ----------------------------------------------------------------------------------------------------

KOALA_PLAYERS = ["Aurélie", "Bénédicte", "Céleste", "Dorothée", "Élodie", "Françoise"]
KOALA_FOOD = [(4, 2, 1), (1, 3, 2), (2, 1, 5), (3, 3, 0), (0, 2, 3), (2, 4, 1)]  # pizza, hamburger, spaghetti
KOALA_FEASTS = [1, 0, 1, 0, 0, 1]


def koala_expected() -> dict[str, str]:
    """Each koala alone at its own cave: its points as the engine scores them."""
    players = [koala.Player(name, feasts, None) for name, feasts in zip(KOALA_PLAYERS, KOALA_FEASTS, strict=True)]
    caves = [koala.Cave(name, None, *food) for name, food in zip(KOALA_PLAYERS, KOALA_FOOD, strict=True)]
    result = koala.score(players, caves)
    return {f'[data-unit="{p.name}"]': str(p.score) for p in result.players}


def koala_six(browser: Any, base: str) -> Run:
    """Six players, each at a cave of their own: every cave's food and everyone's feast cards from one phone."""
    context = new_phone(browser)
    try:
        page = context.new_page()
        start_table(page, base, "koala", KOALA_PLAYERS)
        sit_as(page, KOALA_PLAYERS[0])
        taps = Taps()
        everything = page.locator("form[data-koala-all]")
        if everything.count():
            koala_on_one_form(taps, everything)
        else:
            koala_form_by_form(taps, page)
        expected = koala_expected()
        return Run(taps.count, shows(page, expected), expected)
    finally:
        context.close()


def koala_on_one_form(taps: Taps, form: Any) -> None:
    for number, food in enumerate(KOALA_FOOD, start=1):
        cave = form.get_by_role("group", name=f"Cave {number}", exact=False)
        for name, count in zip(("Pizza", "Hamburger", "Spaghetti"), food, strict=True):
            taps.set_count(cave, name, count)
    for name, feasts in zip(KOALA_PLAYERS, KOALA_FEASTS, strict=True):
        taps.set_count(form, name, feasts)
    taps.tap(form.get_by_role("button", name="Save", exact=False).last)


def koala_form_by_form(taps: Taps, page: Any) -> None:
    for number, food in enumerate(KOALA_FOOD, start=1):
        cave = page.locator(f"#food-{number}")
        for name, count in zip(("Pizza", "Hamburger", "Spaghetti"), food, strict=True):
            taps.set_count(cave, name, count)
        taps.tap(cave.get_by_role("button", name=f"Save cave {number}'s food"))
        page.locator(f"#food-{number}").get_by_text("✓ counted").wait_for()
    for name, feasts in zip(KOALA_PLAYERS, KOALA_FEASTS, strict=True):
        form = page.locator("form.feast", has=page.locator(f'input[name="player"][value="{name}"]'))
        taps.set_count(form, name, feasts)
        taps.tap(form.get_by_role("button", name=f"Save {name}'s feast cards"))
        saved = page.get_by_role("button", name=f"✓ Saved {name}'s feast cards")
        saved.or_(page.get_by_role("heading", name="Final result")).first.wait_for()


# --- LFG ------------------------------------------------------------------------------------------------------

LFG_HEROES = [
    # name, roles, renown, hurt renown, traits, copies
    ("Chevalier de la Table Ronde", ["defence"], 4, 2, ["loyal"], 1),
    ("Clérc", ["support"], 2, 0, [], 1),
    ("Rogue", ["damage"], 1, 3, ["wild", "scoundrel"], 1),
    ("Bardé", ["defence", "support", "damage"], 3, 1, ["scoundrel"], 2),
    ("Éowyn", ["damage"], 2, 1, [], 1),
    ("Gardienne", ["defence"], 1, 1, [], 1),
    ("Mage", ["support"], 3, -1, ["spellcaster"], 1),
    ("Nécromancienne", ["damage", "support"], 2, 2, ["spellcaster"], 1),
]
LFG_PARTY = ["Chevalier de la Table Ronde", "Clérc", "Rogue", "Bardé", "Éowyn"]
LFG_HURT = "Éowyn"


def lfg_expected() -> str:
    cards = {name: (renown, hurt) for name, _, renown, hurt, _, _ in LFG_HEROES}
    return str(sum(cards[name][1 if name == LFG_HURT else 0] for name in LFG_PARTY))


def keep_the_group_s_heroes(page: Any, base: str) -> None:
    """The group's hero cards, entered once on the group's page (each card's fields), then back to the table."""
    table = page.url
    group = page.locator("a.name[href^='/g/']").first.get_attribute("href")
    page.goto(f"{base}{group}/lfg-heroes")
    for name, roles, renown, hurt, traits, copies in LFG_HEROES:
        form = page.locator("form.group-hero-form")
        form.get_by_label("Hero name").fill(name)
        for flag in (*roles, *traits):
            form.locator(f'input[name="{flag}"]').check()
        form.get_by_label("Renown", exact=True).fill(str(renown))
        form.get_by_label("Renown when hurt", exact=True).fill(str(hurt))
        form.locator(f'input[name="copies"][value="{copies}"]').check()
        form.get_by_role("button", name="Keep this hero").click()
        page.locator("li.kept-hero", has=page.get_by_text(name, exact=True)).wait_for()
    page.goto(table)


def lfg_party(browser: Any, base: str) -> Run:
    """Anaïs's party of 5 heroes, one of them hurt, picked on her own phone from the heroes her group keeps: a new
    table of the group starts with them."""
    context = new_phone(browser)
    try:
        page = context.new_page()
        players = ["Anaïs", "Björn", "Cléo"]
        start_table(page, base, "lfg", players)
        keep_the_group_s_heroes(page, base)
        start_table(page, base, "lfg", players)
        sit_as(page, "Anaïs")
        taps = Taps()
        party = page.locator("details.party-form", has=page.locator("summary .name", has_text="Anaïs"))
        if not party.evaluate("details => details.open"):
            taps.tap(party.locator("summary"))
        for hero in LFG_PARTY:
            taps.tap(party.locator("label.tile", has=page.get_by_text(hero, exact=True)))
        taps.tap(party.get_by_label(f"{LFG_HURT}: Hurt"))
        taps.tap(party.get_by_role("button", name="Save Anaïs's party"))
        expected = {'[data-player="Anaïs"]': lfg_expected()}
        return Run(taps.count, shows(page, expected), expected)
    finally:
        context.close()


FLOWS = [
    Flow("L'oaf own card", 2, loaf_own_card),
    Flow("L'oaf round, each phone its own card, revealed together", 6, loaf_phones_round),
    Flow("L'oaf basic round for 4 from one phone", 8, loaf_basic_round),
    Flow("L'oaf advanced round with a group card", 9, loaf_advanced_round),
    Flow("L'oaf review card from the real cards", 2, loaf_real_review_card),
    Flow("Next Station line", 6, nsp_line),
    Flow(
        "An Orléans round for a seated phone: event, farmers, its own holdings changed by one value",
        6,
        orleans_seated_round,
    ),
    Flow("Oz hand of 18 cards with 4 stories", 30, oz_hand),
    Flow("Koala 6 players from one phone", 40, koala_six),
    Flow("LFG party of 5 from a group catalog", 7, lfg_party),
]


def main() -> None:
    from playwright.sync_api import sync_playwright

    from benchmarks._server import Server

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = Server(Path(folder) / "instance")
        browser = launch(playwright)
        try:
            outcomes = []
            for flow in FLOWS:
                outcome = measure(browser, f"http://127.0.0.1:{server.port}", flow)
                print(outcome.line(), flush=True)
                outcomes.append(outcome)
            print(summary(outcomes))
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
