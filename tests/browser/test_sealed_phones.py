"""Three phones at a L'oaf table, a watch page beside them: each phone's work card is face down until the last card
of the round is in. Until then no other phone, the watch page, the table API or the result sheet shows a card or
any change to a hand; then every one of them shows all the cards at once."""

import io

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.browser.phones import new_phone

pytestmark = pytest.mark.browser

PLAYERS = ("Joaquín", "Maëlle", "Søren")
CARDS = {"Joaquín": 7, "Maëlle": 4, "Søren": 9}
FULL_HAND = "Holds 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11"


def sit(page, name):
    ask = page.locator("section.seat-ask")
    if ask.count():
        ask.get_by_role("button", name=name, exact=True).click()
    expect(page.get_by_role("heading", name=f"Round 1 · Your card, {name}")).to_be_visible()


def tap_card(page, name, last=False):
    page.get_by_role("group", name=f"{name}'s card").get_by_role("button", name=str(CARDS[name]), exact=True).click()
    if not last:
        expect(page.locator(".sealed-own")).to_contain_text(f"Your {CARDS[name]} is in")


def hand_of(page, name):
    return page.locator(".hands li", has=page.locator(".name", has_text=name)).locator(".sr-only")


def sheet(page, url):
    response = page.request.get(url)
    assert response.status == 200
    return "".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)


def test_cards_stay_face_down_on_every_other_reader_until_the_last_is_in(live_server, chromium):
    contexts = [new_phone(chromium) for _ in PLAYERS]
    try:
        first, second, third = pages = [context.new_page() for context in contexts]
        first.goto(live_server.url + "/new/loaf")
        for i, name in enumerate(PLAYERS):
            first.locator(f"#player-{i}").fill(name)
        first.get_by_role("button", name="Start the table").click()
        first.wait_for_url("**/t/*")
        token = first.url.rsplit("/", 1)[1]
        api = f"{live_server.url}/api/v1/tables/{token}"
        watch = live_server.url + first.request.get(api).json()["watch"]
        for page, name in zip(pages, PLAYERS, strict=True):
            if page is not first:
                page.goto(first.url)
            sit(page, name)
        viewer = contexts[0].new_page()
        viewer.goto(watch)
        before = sheet(first, f"{live_server.url}/t/{token}/results.pdf")

        tap_card(first, "Joaquín")
        tap_card(second, "Maëlle")
        for page in (third, viewer):
            expect(page.locator(".sealed-status")).to_contain_text("2 of 3 in")
            expect(page.locator("#live")).not_to_contain_text("Joaquín played")
            expect(page.locator("#live")).not_to_contain_text("Maëlle played")
            expect(hand_of(page, "Joaquín")).to_have_text(FULL_HAND)
            expect(hand_of(page, "Maëlle")).to_have_text(FULL_HAND)
        expect(second.locator("#live")).not_to_contain_text("Joaquín played")
        body = third.request.get(api).json()
        assert [e["payload"] for e in body["entries"] if e["kind"] == "card"] == [None, None]
        assert body["state"]["pending"]["plays"] == {} and body["state"]["sealed"]["waiting"] == ["Søren"]
        assert sheet(third, f"{watch}/results.pdf") == before

        tap_card(third, "Søren", last=True)
        for page in (*pages, viewer):
            for name, value in CARDS.items():
                expect(page.locator("#live")).to_contain_text(f"{name} played {value}")
            expect(page.locator(".sealed-status")).to_have_count(0)
        cards = {e["payload"]["player"]: e["payload"]["card"] for e in first.request.get(api).json()["entries"]}
        assert cards == CARDS
    finally:
        for context in contexts:
            context.close()
