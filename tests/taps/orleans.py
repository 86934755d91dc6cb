"""The Orléans tap-budget flow: a round on a seated phone, from the event revealed to the event resolved, with the
Farmers track and the phone's own holdings changed by one value on the way."""

from __future__ import annotations

import re
from typing import Any

from benchmarks._taps import Run, Taps, new_phone, sit_as, start_table
from companion.games.orleans import engine as orl
from companion.games.orleans.engine.holdings import STARTING_COINS

ORLEANS_PLAYERS = ["Anaïs", "Bénédicte", "Côme"]


def orleans_first_round(page: Any) -> None:
    """What comes before the round counted: everyone's holdings as the box sets them out, and round 1's Pilgrimage
    (nothing to resolve)."""
    step = page.locator("#step")
    for name in ORLEANS_PLAYERS:
        page.locator(f'#step[data-player="{name}"]').wait_for()
        step.get_by_role("button", name=re.compile("^Save")).click()
    page.locator('#step[data-step="start"]').wait_for()
    step.get_by_role("button", name=re.compile("^Pilgrimage")).click()
    page.locator('#step[data-step="start"] h2', has_text="Round 2 of 18").wait_for()


def orleans_expected() -> dict[str, str]:
    """Anaïs alone furthest along the Farmers track gains a coin; the Income pays level 1 in phase A."""
    coins = STARTING_COINS + 1 + orl.event_amount("income", "A", "phased")
    return {
        '.own-holdings [data-field="coins"]': f"{coins} coins",
        ".own-holdings [data-changes]": f"Round 2: +{coins - STARTING_COINS} coins +1 wool",
    }


def orleans_seated_round(browser: Any, base: str) -> Run:
    """Round 2 on Anaïs's phone: her farmer one space on, the Income revealed, a wool she gained in the round's
    actions, and the Income resolved."""
    context = new_phone(browser)
    try:
        page = context.new_page()
        start_table(page, base, "orleans", ORLEANS_PLAYERS)
        sit_as(page, ORLEANS_PLAYERS[0])
        orleans_first_round(page)
        taps = Taps()
        start = page.locator('#step[data-step="start"]')
        taps.tap(start.get_by_role("button", name=f"{ORLEANS_PLAYERS[0]}: one more", exact=True))
        taps.tap(start.get_by_role("button", name=re.compile("^Income")))
        page.locator('#step[data-step="event"]').wait_for()
        own = page.locator("details.own-holdings")
        taps.tap(own.locator("summary"))
        taps.set_count(own, "Wool", 1)
        taps.tap(own.get_by_role("button", name="Save your holdings"))
        page.locator(".last-step summary", has_text="Saved: your holdings").wait_for()
        taps.tap(page.locator("#step").get_by_role("button", name="Resolve the Income"))
        page.locator('#step[data-step="start"] h2', has_text="Round 3 of 18").wait_for()
        expected = orleans_expected()
        return Run(taps.count, shows(page, expected), expected)
    finally:
        context.close()


def shows(page: Any, expected: dict[str, str]) -> dict[str, str]:
    """What each selector reads, its spaces collapsed (the changes are chips on one line)."""
    return {selector: " ".join((page.locator(selector).first.text_content() or "").split()) for selector in expected}
