"""Phones and groups in Chromium: phone A starts a table and a group appears; phone B joins by code, says who it is
with one tap, and is in the group; phone C opens the group's invite and sees its tables; a fresh phone sees none of
it. The group page fits a phone with six long accented names."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.phones import new_phone

pytestmark = pytest.mark.browser

NAMES = ["Anne-Sophie Lefèvre", "Bérénice Dupont-Aignan", "Çağrı Öztürkoğlu", "Zoë Ångström", "José Muñoz", "Łukasz Ś"]


def start_table(page, url: str, players: list[str]) -> None:
    page.goto(url + "/new/koala")
    for number, name in enumerate(players):
        page.locator(f"#player-{number}").fill(name)
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_role("heading", name="Koala")).to_be_visible()


def test_a_group_appears_and_a_code_and_the_invite_both_give_the_group(live_server, phone, chromium, tmp_path):
    a = phone.new_page()
    start_table(a, live_server.url, NAMES)
    table = a.url
    code = a.locator(".share summary .code").inner_text()
    a.get_by_role("button", name="Anne-Sophie Lefèvre", exact=True).click()
    expect(a.get_by_role("heading", name="Who are you?")).to_have_count(0)
    a.goto(live_server.url + "/")
    group_link = a.get_by_role("link", name=re.compile("Your group"))
    expect(group_link).to_contain_text("Anne-Sophie Lefèvre, Bérénice Dupont-Aignan")
    group_link.click()
    invite = a.url
    expect(a.get_by_role("link", name=re.compile("Koala"))).to_have_count(1)

    b_context = new_phone(chromium)
    b = b_context.new_page()
    b.goto(f"{live_server.url}/join?code={code}")
    assert b.url == table
    b.get_by_role("button", name="Zoë Ångström", exact=True).click()
    expect(b.get_by_role("heading", name="Who are you?")).to_have_count(0)
    expect(b.get_by_role("link", name=re.compile("^Join Anne-Sophie"))).to_have_count(0)
    expect(b.locator(".group-crumb a")).to_have_attribute("href", invite[len(live_server.url) :])
    b.goto(live_server.url + "/")
    expect(b.get_by_role("link", name=re.compile("Your group"))).to_have_attribute(
        "href", invite[len(live_server.url) :]
    )

    c_context = new_phone(chromium)
    c = c_context.new_page()
    c.goto(invite)
    expect(c.get_by_role("heading", name=re.compile("Anne-Sophie Lefèvre"))).to_be_visible()
    c.get_by_role("link", name=re.compile("Koala")).click()
    assert c.url == table
    expect(c.get_by_role("heading", name="Who are you?")).to_be_visible()

    fresh_context = new_phone(chromium)
    fresh = fresh_context.new_page()
    assert fresh.goto(invite[:-3] + "xyz").status == 404
    fresh.goto(live_server.url + "/")
    expect(fresh.get_by_text("Anne-Sophie")).to_have_count(0)
    for context in (b_context, c_context, fresh_context):
        context.close()

    a.goto(invite)
    fits = a.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert fits, "the group page scrolls sideways on a phone"
    a.screenshot(path=str(tmp_path / "group.png"), full_page=True)
