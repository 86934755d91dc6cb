"""The L'oaf tap-budget flows: a phone's own card, a round with each phone its own card (revealed together), and a
whole round from one phone (basic, and advanced with a card the group keeps), and a review card picked from the
real round cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from benchmarks._taps import Run, Taps, new_phone, sit_as, start_table

LOAF_PLAYERS = ["Anaïs", "Bénédicte", "Côme", "Dorothée"]


def loaf_table(page: Any, base: str, advanced: bool = False) -> None:
    def choose_game(form: Any) -> None:
        box = form.get_by_label("Advanced", exact=False)
        if box.count():
            box.first.set_checked(advanced)

    start_table(page, base, "loaf", LOAF_PLAYERS, choose_game)
    sit_as(page, LOAF_PLAYERS[0])


def loaf_step(page: Any) -> Any:
    return page.locator("section#step")


def loaf_where(page: Any) -> str:
    """The step the phone shows: its heading and which part it is for."""
    step = loaf_step(page)
    if not step.count():
        return ""
    return f"{step.locator('#step-title').text_content()}|{step.get_attribute('data-part')}"


def loaf_tap(taps: Taps, page: Any, button: Any) -> None:
    """Tap, then wait for the phone to show what comes next."""
    before = loaf_where(page)
    taps.tap(button)
    page.wait_for_function(
        """before => {
            const step = document.querySelector('section#step');
            const now = step ? step.querySelector('#step-title').textContent + '|' + step.dataset.part : '';
            return now !== before;
        }""",
        arg=before,
    )


def loaf_round_no(page: Any) -> int:
    title = loaf_step(page).locator("#step-title")
    text = title.text_content() if title.count() else ""
    words = (text or "").replace("·", " ").split()
    return int(words[1]) if len(words) > 1 and words[0] == "Round" and words[1].isdigit() else 0


def loaf_part(taps: Taps, page: Any, review: Callable[[Any], Any]) -> None:
    """Enter the part the phone shows, the way a player would: the first card of a hand, 5 work per player for
    the order, the review card `review` picks, and the first cards offered for a choice."""
    step = loaf_step(page)
    part = step.get_attribute("data-part") or ""
    if part == "waiting":
        loaf_other_card(taps, page)
    elif part.startswith("card-"):
        loaf_tap(taps, page, step.locator(".taps button").first)
    elif part == "order":
        loaf_tap(taps, page, step.get_by_role("group", name="Order: work per player").get_by_role("button").nth(5))
    elif part == "review":
        loaf_tap(taps, page, review(step))
    else:
        several = step.get_by_role("button", name="Discard these", exact=False)
        if not several.count():
            loaf_tap(taps, page, step.locator(".taps button").first)
            return
        count = int((several.text_content() or "").split()[-1])
        for box in step.locator(".taps input[type=checkbox]").all()[:count]:
            taps.tap(box)
        loaf_tap(taps, page, several)


def loaf_other_card(taps: Taps, page: Any) -> None:
    """The first card of a player without a phone, entered on purpose: "Enter a card for…", then a card in their
    row; waits until that row is gone (the card is in) or the round is played."""
    others = loaf_step(page).locator("details.others")
    if not others.evaluate("details => details.open"):
        taps.tap(others.locator("summary"))
    row = others.locator("form").first
    name = row.locator("input[name=player]").get_attribute("value")
    number = loaf_round_no(page)
    taps.tap(row.locator(".taps button").first)
    page.wait_for_function(
        """([name, number]) => {
            const title = document.querySelector('section#step #step-title');
            if (!title || !title.textContent.includes(`Round ${number} `)) return true;
            const rows = document.querySelectorAll('section#step details.others input[name=player]');
            return ![...rows].some(input => input.value === name);
        }""",
        arg=[name, number],
    )


def loaf_play_round(taps: Taps, page: Any, review: Callable[[Any], Any]) -> dict[str, str]:
    """Every part of the round the phone is on, each as the phone offers it next; what round it is on after."""
    first = loaf_round_no(page)
    for _ in range(3 * len(LOAF_PLAYERS)):
        if loaf_round_no(page) != first:
            break
        loaf_part(taps, page, review)
    return {"round shown after": str(loaf_round_no(page))}


def loaf_own_card(browser: Any, base: str) -> Run:
    """Round 1 of a basic game: Anaïs's own card, on her phone; then the phone asks for another part."""
    context = new_phone(browser)
    try:
        page = context.new_page()
        loaf_table(page, base)
        taps = Taps()
        step = loaf_step(page)
        own = f"card-{LOAF_PLAYERS[0]}"
        shown = {"part offered first": step.get_attribute("data-part") or ""}
        loaf_tap(taps, page, step.get_by_role("group", name=f"{LOAF_PLAYERS[0]}'s card").get_by_role("button").first)
        shown["part offered after"] = "another" if loaf_step(page).get_attribute("data-part") != own else own
        return Run(taps.count, shown, {"part offered first": own, "part offered after": "another"})
    finally:
        context.close()


def loaf_phones_round(browser: Any, base: str) -> Run:
    """Round 1 with four phones, each its own card (the first also the order and the review card): no phone sees
    another's card until the last is in (its own it may), then every phone shows all four."""
    phones = [new_phone(browser) for _ in LOAF_PLAYERS]
    try:
        pages = [phone.new_page() for phone in phones]
        loaf_table(pages[0], base)
        for page, player in zip(pages[1:], LOAF_PLAYERS[1:], strict=True):
            page.goto(pages[0].url)
            sit_as(page, player)
        taps = Taps()
        for page, player in zip(pages[:-1], LOAF_PLAYERS[:-1], strict=True):
            own = loaf_step(page).get_by_role("group", name=f"{player}'s card").get_by_role("button").first
            loaf_tap(taps, page, own)
        first = pages[0]
        loaf_tap(taps, first, first.get_by_role("group", name="Order: work per player").get_by_role("button").nth(5))
        loaf_tap(taps, first, real_card("Lowest ±1")(loaf_step(first)))
        for page in pages:  # every phone has had the poll that brought the third card's news
            page.locator(".sealed-status", has_text="3 of 4 in").wait_for()
        seen = [page.locator("#live").text_content() or "" for page in pages]
        leaked = [
            f"{other} to {reader}"
            for reader, text in zip(LOAF_PLAYERS, seen, strict=True)
            for other in LOAF_PLAYERS
            if other != reader and f"{other} played" in text
        ]
        last = loaf_step(pages[-1]).get_by_role("group", name=f"{LOAF_PLAYERS[-1]}'s card").get_by_role("button")
        loaf_tap(taps, pages[-1], last.first)
        shown = {"cards seen before the last one": ", ".join(leaked) or "none"}
        for page, player in zip(pages, LOAF_PLAYERS, strict=True):
            plays = page.locator(".round-summary .plays")
            plays.wait_for(state="attached")
            shown[f"cards shown to {player}"] = str(sum(name in (plays.text_content() or "") for name in LOAF_PLAYERS))
        expected = {"cards seen before the last one": "none"} | {f"cards shown to {p}": "4" for p in LOAF_PLAYERS}
        return Run(taps.count, shown, expected)
    finally:
        for phone in phones:
            phone.close()


def loaf_round(browser: Any, base: str, advanced: bool) -> Run:
    """A whole round for 4 players entered from one phone: every card, the order and the review card, each part
    as the phone offers it after the one before."""
    context = new_phone(browser)
    try:
        page = context.new_page()
        loaf_table(page, base, advanced)
        if advanced:
            keep_a_group_card(page, base)

        def review(step: Any) -> Any:
            if advanced:
                return step.get_by_role("group", name="The group's cards").get_by_role("button").first
            return real_card("Lowest ±1")(step)

        taps = Taps()
        shown = loaf_play_round(taps, page, review)
        return Run(taps.count, shown, {"round shown after": "2"})
    finally:
        context.close()


def keep_a_group_card(page: Any, base: str) -> None:
    """A review card the group keeps, entered once on the group's page (both sides), then back to the table."""
    table = page.url
    group = page.locator("a.name[href^='/g/']").first.get_attribute("href")
    page.goto(f"{base}{group}/loaf-cards")
    form = page.locator("form.group-card-form")
    form.get_by_label("What you call it").fill("Le pétrin")
    for side in ("success", "failure"):
        form.locator(f'select[name="{side}_effect"]').select_option(index=1)
        form.locator(f'select[name="{side}_target"]').select_option(index=1)
        form.locator(f'input[name="{side}_amount"]').fill("1")
    form.get_by_role("button", name="Keep this card").click()
    page.locator("li.kept-card", has_text="Le pétrin").wait_for()
    page.goto(table)


def loaf_basic_round(browser: Any, base: str) -> Run:
    return loaf_round(browser, base, advanced=False)


def loaf_advanced_round(browser: Any, base: str) -> Run:
    return loaf_round(browser, base, advanced=True)


def real_card(name: str) -> Callable[[Any], Any]:
    """The review step's tap on the real round card of that name."""
    return lambda step: step.get_by_role("group", name="The round cards").locator(
        "button.review-tap", has=step.page.locator("strong.name", has_text=name)
    )


def loaf_on_review_step(page: Any, base: str) -> None:
    """An advanced table on its second round, every part but the review card in, so the step knows its side
    (round 1 reviewed by "Lowest ±1"; every order 5 each, so this round's review card is one that printed a 5)."""
    loaf_table(page, base, advanced=True)
    setup = Taps()
    loaf_play_round(setup, page, real_card("Lowest ±1"))
    for _ in range(3 * len(LOAF_PLAYERS)):
        step = loaf_step(page)
        if step.get_attribute("data-part") != "review":
            loaf_part(setup, page, real_card("Lowest ±1"))
        elif step.locator("details.others").count():
            loaf_other_card(setup, page)
        else:
            return


def loaf_real_review_card(browser: Any, base: str) -> Run:
    """Round 2's review card picked from the real round cards, once everything else of the round is in: the round
    is played with it (every card a failure, so "Good ±3" costs the good reputations 3)."""
    context = new_phone(browser)
    try:
        page = context.new_page()
        loaf_on_review_step(page, base)
        taps = Taps()
        loaf_tap(taps, page, real_card("Good ±3")(loaf_step(page)))
        summary = page.locator(".round-summary").first
        summary.wait_for(state="attached")
        shown = {
            "round shown after": str(loaf_round_no(page)),
            "round 2's effect": "good −3" if "-3 reputation for a good" in (summary.text_content() or "") else "other",
        }
        return Run(taps.count, shown, {"round shown after": "3", "round 2's effect": "good −3"})
    finally:
        context.close()
