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

import contextlib
import sys
import tempfile
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import koala  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
WAIT_MS = 5000


class Taps:
    """What a player's fingers do on a page, counted."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator: Any) -> None:
        self.count += 1
        locator.click()

    def type(self, locator: Any, text: str) -> None:
        self.count += 1
        locator.fill(text)

    def choose(self, select: Any, value: str) -> None:
        self.count += 2
        select.select_option(value)

    def tick(self, box: Any, on: bool = True) -> None:
        if box.is_checked() != on:
            self.tap(box)

    def set_count(self, scope: Any, label: str, n: int) -> None:
        """A number set the quickest way the page offers: its own button when it has one, else one more at a time."""
        field_ = scope.get_by_label(label, exact=True)
        now = int(field_.input_value() or 0)
        if now == n:
            return
        pick = scope.get_by_role("button", name=f"{label}: {n}", exact=True)
        if pick.count():
            self.tap(pick)
            return
        direction = "one more" if n > now else "one less"
        for _ in range(abs(n - now)):
            self.tap(scope.get_by_role("button", name=f"{label}: {direction}", exact=True))


@dataclass
class Run:
    """What a flow cost, and what the table shows afterwards against what the rules say it should."""

    taps: int
    shown: dict[str, str] = field(default_factory=dict)
    expected: dict[str, str] = field(default_factory=dict)

    @property
    def recorded(self) -> bool:
        return self.shown == self.expected


@dataclass(frozen=True)
class Flow:
    name: str
    budget: int
    run: Callable[[Any, str], Run]


@dataclass(frozen=True)
class Outcome:
    flow: Flow
    taps: int | None
    problem: str = ""

    @property
    def within(self) -> bool:
        return self.taps is not None and not self.problem and self.taps <= self.flow.budget

    def line(self) -> str:
        if self.taps is None:
            return f"{self.flow.name}: could not run ({self.problem}) · budget {self.flow.budget}"
        verdict = "ok" if self.within else "OVER"
        note = f" · {self.problem}" if self.problem else ""
        return f"{self.flow.name}: {self.taps} taps · budget {self.flow.budget} · {verdict}{note}"


def new_phone(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.set_default_timeout(10_000)
    return context


def start_table(
    page: Any, base: str, slug: str, players: list[str], options: Callable[[Any], None] | None = None
) -> None:
    page.goto(f"{base}/new/{slug}")
    for i, name in enumerate(players):
        page.locator(f"#player-{i}").fill(name)
    if options:
        options(page)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/t/*")


def sit_as(page: Any, player: str) -> None:
    """Answer "Who are you?" once, as a phone does when it first opens a table."""
    ask = page.locator("section.seat-ask")
    if ask.count():
        ask.get_by_role("button", name=player, exact=True).click()
        ask.wait_for(state="detached")


def read(page: Any, selector: str, expected: str) -> str:
    """The text at `selector` once it shows `expected`, or what it shows after waiting for it."""
    locator = page.locator(selector).first
    with contextlib.suppress(Exception):  # a wrong or missing text is read and reported below
        locator.filter(has_text=expected).wait_for(timeout=WAIT_MS)
    text = locator.text_content(timeout=WAIT_MS) if locator.count() else None
    return (text or "").strip()


def shows(page: Any, expected: dict[str, str]) -> dict[str, str]:
    return {selector: read(page, selector, value) for selector, value in expected.items()}


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


def enter_heroes(page: Any, base: str) -> None:
    """The group's hero cards, entered once on an earlier table through the table API."""
    token = page.url.rstrip("/").rsplit("/", 1)[1]
    url = f"{base}/api/v1/tables/{token}/entries"
    for version, (name, roles, renown, hurt, traits, copies) in enumerate(LFG_HEROES):
        payload = {"hero": name, "roles": roles, "renown": renown, "hurt_renown": hurt, "traits": traits}
        body = {"kind": "hero", "payload": payload | {"copies": copies}}
        answer = page.request.post(url, data=body | {"entry_id": uuid.uuid4().hex, "base_version": version})
        if answer.status != 201:
            raise RuntimeError(f"the hero {name} was refused: {answer.status} {answer.text()[:200]}")


def lfg_party(browser: Any, base: str) -> Run:
    """Anaïs's party of 5 heroes, one of them hurt, picked on her own phone from the heroes her group entered."""
    context = new_phone(browser)
    try:
        page = context.new_page()
        players = ["Anaïs", "Björn", "Cléo"]
        start_table(page, base, "lfg", players)
        enter_heroes(page, base)

        def copy_heroes(form: Any) -> None:
            form.locator("#copy-from").select_option(index=1)

        start_table(page, base, "lfg", players, copy_heroes)
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


# --- L'oaf ----------------------------------------------------------------------------------------------------

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
    if part.startswith("card-"):
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
            return step.get_by_role("group", name="Common cards").get_by_role("button").first

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


FLOWS = [
    Flow("L'oaf own card", 2, loaf_own_card),
    Flow("L'oaf basic round for 4 from one phone", 8, loaf_basic_round),
    Flow("L'oaf advanced round with a group card", 9, loaf_advanced_round),
    Flow("Next Station line", 6, nsp_line),
    Flow("Oz hand of 18 cards with 4 stories", 30, oz_hand),
    Flow("Koala 6 players from one phone", 40, koala_six),
    Flow("LFG party of 5 from a group catalog", 7, lfg_party),
]


def measure(browser: Any, base: str, flow: Flow) -> Outcome:
    """One flow's outcome; a flow that fails says why instead of stopping the others."""
    try:
        run = flow.run(browser, base)
    except Exception as exc:  # noqa: BLE001 - any failure of a flow is its own outcome, reported on its line
        return Outcome(flow, None, f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}")
    if not run.recorded:
        return Outcome(flow, run.taps, f"the table shows {run.shown}, not {run.expected}")
    return Outcome(flow, run.taps)


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def summary(outcomes: list[Outcome]) -> str:
    over = [o.flow.name for o in outcomes if not o.within]
    return f"taps: over budget: {', '.join(over)}" if over else "taps: all within budget"


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
