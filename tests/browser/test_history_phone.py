"""A group's play history on a phone: plays, filters, a player's record, merging two names, a game's scores,
deleting a play and restoring it, and a finished table's BG Stats link and .bgsplay download; nothing wider than the
screen, every control big enough."""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from companion import groups
from companion.history import plays as plays
from companion.history.bgstats import BGSTATS_CREATE_PLAY

from ..conftest import LiveServer, make_app
from ..test_history import T0, koala_koalation, lfg_disqualified, loaf_angry, log, nsp

pytestmark = pytest.mark.browser

LONG = "Éloïse-Marguerite de la Fontaine"
SHOTS = os.environ.get("HISTORY_SHOTS")  # a folder to save screenshots in, for looking at the pages


def seeded(tmp_path):
    app = make_app(tmp_path)
    builders = [loaf_angry, lfg_disqualified, koala_koalation, lambda: nsp({LONG: (3, 2, 1), "ann": (4, 3, 0)})]
    items = []
    for i, builder in enumerate(builders):
        game, setup, entries = builder()
        items.append((game, setup, T0, log(entries, T0 + timedelta(days=i))))
    group = groups.create_group(app.extensions["store"], "Thursday games")
    rows = plays.restore(app.extensions["store"], group.id, items)
    return app, group, rows[-1]


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def small_controls(page) -> list[str]:
    """Visible buttons, selects, inputs and links in lists or rows that are under 44 px tall."""
    return page.evaluate(
        """() => [...document.querySelectorAll(
                'main button, main select, main .button, main .play .links a, main .ranking li, main input[type=file]')]
            .filter(el => el.offsetParent !== null)
            .map(el => [el, el.getBoundingClientRect()])
            .filter(([el, r]) => r.height < 44)
            .map(([el, r]) => (el.id || el.textContent.trim()) + ' ' + r.width + 'x' + r.height)"""
    )


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def test_the_history_on_a_phone(tmp_path, phone):
    app, group, nsp_row = seeded(tmp_path)
    history = f"/g/{group.token}/history"
    with LiveServer(app) as server:
        page = phone.new_page()
        page.goto(server.url + history)
        expect(page.get_by_role("heading", name="Play history")).to_be_visible()
        expect(page.locator(".play")).to_have_count(4)
        fits(page)
        assert small_controls(page) == []
        shot(page, "history")

        page.get_by_label("Player", exact=True).select_option("Ann")
        page.get_by_role("button", name="Show").click()
        expect(page.get_by_role("heading", name="4 plays")).to_be_visible()  # "ann" at NSP is Ann too
        expect(page.get_by_label("Player", exact=True)).to_have_value("Ann")
        page.get_by_label("Game", exact=True).select_option("koala")
        page.get_by_role("button", name="Show").click()
        expect(page.get_by_role("heading", name="1 of 4 plays")).to_be_visible()
        first = page.locator(".ranking.units li").first
        expect(first.locator(".rank")).to_have_text("1")
        expect(first).to_contain_text("Ann & Ben")
        expect(first.locator(".winner")).to_have_text("★")
        expect(first.locator(".pts")).to_have_text("5")

        page.locator(".ranking").get_by_role("link", name="Ben", exact=True).click()
        expect(page.get_by_role("heading", name="Ben", exact=True)).to_be_visible()
        expect(page.locator('[data-stat="plays"]')).to_have_text("2")
        fits(page)
        assert small_controls(page) == []
        shot(page, "player")

        page.get_by_label("Merge this name into Ben").select_option("Dee")
        page.get_by_role("button", name="Merge").click()
        expect(page.locator('[data-stat="plays"]')).to_have_text("2")  # Dee and Ben sat at the same koala table
        expect(page.get_by_text("was merged into Ben")).to_be_visible()
        page.get_by_role("button", name="Undo").click()
        expect(page.get_by_text("was merged into Ben")).to_have_count(0)

        page.goto(f"{server.url}{history}/games/next-station-paris")
        expect(page.locator('[data-stat="highest-by"]')).to_have_text("48")
        expect(page.locator("meter")).not_to_have_count(0)
        fits(page)
        shot(page, "game")

        page.goto(server.url + history)
        page.locator(".play").first.get_by_role("button", name="Delete from history").click()
        expect(page.get_by_role("status")).to_contain_text("The Next Station Paris play of 04 Mar was deleted")
        expect(page.locator(".play")).to_have_count(3)
        expect(page.get_by_role("heading", name="Recently deleted")).to_be_visible()
        expect(page.locator(".deleted")).to_contain_text("Next Station Paris")
        fits(page)
        assert small_controls(page) == []
        shot(page, "deleted")
        page.get_by_role("status").get_by_role("button", name="Undo").click()
        expect(page.get_by_role("status")).to_contain_text("The play is back in the history.")
        expect(page.locator(".play")).to_have_count(4)

        page.goto(f"{server.url}/v/{nsp_row.viewer_token}")
        send = page.get_by_role("link", name="Send to BG Stats")
        expect(send).to_be_visible()
        link = send.get_attribute("href")
        assert link.startswith(BGSTATS_CREATE_PLAY + "?data=")
        data = json.loads(parse_qs(urlsplit(link).query)["data"][0])
        assert [(p["name"], p["rank"]) for p in data["players"]] == [(LONG, 2), ("ann", 1)]
        fits(page)
        shot(page, "table")
        with page.expect_download() as download:
            page.get_by_role("link", name="Download .bgsplay").click()
        assert download.value.suggested_filename.endswith(".bgsplay")
        assert json.loads(Path(download.value.path()).read_text(encoding="utf-8")) == data
