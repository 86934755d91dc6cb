"""What the tap-budget flows share: a count of taps, what a flow cost and showed, and a phone to run it on."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

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
