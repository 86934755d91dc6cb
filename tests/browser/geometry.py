"""Where things sit on a phone's screen, waited for rather than read once: after a swap the page may still be
scrolling the next step into view, or laying out what just arrived."""

from __future__ import annotations

import contextlib
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

APART = """([a, b]) => {
    const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
    return r.right <= s.left || s.right <= r.left || r.bottom <= s.top || s.bottom <= r.top;
}"""

ABOVE = "([a, b]) => a.getBoundingClientRect().top < b.getBoundingClientRect().top"


def whole_on_screen(locator: Any) -> None:
    """The element is on the screen, all of it."""
    expect(locator).to_be_in_viewport(ratio=1)


def unscrolled(page: Any) -> None:
    """The page shows its top: nothing had to be scrolled to reach what the test looks at."""
    page.wait_for_function("() => window.scrollY === 0")


def apart(page: Any, a: Any, b: Any) -> None:
    """The two elements do not cover each other."""
    page.wait_for_function(APART, arg=[a.element_handle(), b.element_handle()])


def above(page: Any, a: Any, b: Any) -> None:
    """`a` begins higher on the page than `b`."""
    page.wait_for_function(ABOVE, arg=[a.element_handle(), b.element_handle()])


def top_of(locator: Any) -> float:
    """Where the element begins, measured once the page has settled for two frames (an instant scroll lands in
    the next frame)."""
    return locator.evaluate(
        """el => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(
            () => done(el.getBoundingClientRect().top))))"""
    )


def still_at(page: Any, locator: Any, top: float) -> None:
    """The element begins where it began before (within 2 px): the page did not move under the phone's finger."""
    page.wait_for_function(
        "([el, top]) => Math.abs(el.getBoundingClientRect().top - top) < 2", arg=[locator.element_handle(), top]
    )


# Every element that stays put while the page scrolls (sticky or fixed) and shows, with its share of the screen.
STUCK = """() => Array.from(document.querySelectorAll('body *'))
    .filter(el => ['sticky', 'fixed'].includes(getComputedStyle(el).position) && el.getClientRects().length)
    .map(el => ({what: el.className || el.tagName, share: el.getBoundingClientRect().height / innerHeight}))"""


def nothing_stuck_over(page: Any, share: float) -> None:
    """Every sticky or fixed element takes at most `share` of the screen's height, once the page has settled; the
    failure names those that do not."""
    with contextlib.suppress(PlaywrightError):  # the assertion below names what is too tall
        page.wait_for_function(f"() => ({STUCK})().every(s => s.share <= {share})", timeout=3000)
    assert [s for s in page.evaluate(STUCK) if s["share"] > share] == []
