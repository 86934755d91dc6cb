"""Answering "Who are you?" on a table's page, as a phone does once when it first opens a table."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

NOBODY = ""  # "None of them": the phone only keeps score, its entries are by "Someone"


def sit(page: Any, who: str) -> None:
    """Tap `who` (a player's name, or NOBODY) in the prompt, and wait for the table to show."""
    ask = page.locator("section.seat-ask")
    expect(ask).to_be_visible()
    ask.locator(f'button[name="who"][value="{who}"]').tap()
    expect(page.locator("#live section.seat-ask")).to_have_count(0)
    expect(page.locator("#live")).to_be_visible()
