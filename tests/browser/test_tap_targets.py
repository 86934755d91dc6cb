"""Every kind of page fits a phone, at 390 × 844 and at 320 × 640, measured in Chromium: its header is at most 56 px
tall and offers the rules search in one tap, nothing makes it scroll sideways, and every visible control is at
least 44 × 44 px.

Measured: links, buttons, inputs, selects, textareas and summaries, and a label wrapping its input (the label is
what a finger hits there: the input inside it may be drawn small or hidden under it). The one exception is
WCAG's inline one: a link set in a line of prose, whose height is the line's. Precisely, a link is inline when
it is laid out inline (computed display `inline`) and the block it sits in (its nearest ancestor that is not
inline: a p, li, td, …) holds other words besides the link's own. A link to a rule is never exempt: players tap
"rule" beside a number mid-game, and it is a target of its own.

A table's page has no exception at all: every link on it, in a line of prose or not, is a target a player hits
mid-game (the share links, a group's name), and it is measured on each game's table empty, half played, finished,
refusing an entry, asking "Who are you?" and watched, and on the finished table's whole log (which links to the
play history, in a line of prose).
"""

from __future__ import annotations

import pytest

from .every_page import GAMES, PAGES, SIZES, Site

pytestmark = pytest.mark.browser

MIN = 44
# Subpixel layout (rem-based sizes at a device pixel ratio of 2) may land a hair under a CSS min-height of 44px.
SLACK = 0.01

MEASURE = """
(strict) => {
  const CONTROLS = 'a[href], button, input:not([type=hidden]), select, textarea, summary';
  const visible = el => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
  };
  const selector = el => {
    const parts = [];
    for (let e = el; e && e.nodeType === 1 && e !== document.body; e = e.parentElement) {
      let part = e.localName;
      if (e.id) { parts.unshift(part + '#' + e.id); break; }
      if (e.classList.length) part += '.' + [...e.classList].join('.');
      const same = e.parentElement ? [...e.parentElement.children].filter(c => c.localName === e.localName) : [];
      if (same.length > 1) part += `:nth-of-type(${same.indexOf(e) + 1})`;
      parts.unshift(part);
    }
    return parts.join(' > ');
  };
  const inline = a => {
    if (a.localName !== 'a' || getComputedStyle(a).display !== 'inline') return false;
    if ((a.getAttribute('href') || '').startsWith('/rules/')) return false;
    let block = a.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    if (!block) return false;
    const words = (block.textContent || '').replace(a.textContent || '', '');
    return words.trim().length > 0;
  };
  const targets = new Set();
  for (const el of document.querySelectorAll(CONTROLS)) {
    const label = el.localName === 'input' ? el.closest('label') : null;
    targets.add(label || el);
  }
  const found = [];
  for (const el of targets) {
    if (!visible(el) || (!strict && inline(el))) continue;
    const r = el.getBoundingClientRect();
    found.push({
      selector: selector(el),
      width: Math.round(r.width * 100) / 100,
      height: Math.round(r.height * 100) / 100,
      text: (el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 40),
    });
  }
  return found;
}
"""


HEADER_MAX = 56

LAYOUT = """
width => {
  const header = document.querySelector('body > header');
  const box = header ? header.getBoundingClientRect() : null;
  const links = header ? [...header.querySelectorAll('a[href]')] : [];
  const search = links.some(a => new URL(a.href).pathname === '/rules');
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 0.5) {
      wide.push(`${el.localName}.${[...el.classList].join('.')} right=${Math.round(r.right)}`);
    }
  }
  return {
    scrollWidth: document.documentElement.scrollWidth,
    width,
    header: box ? Math.round(box.height * 100) / 100 : null,
    search,
    wide: wide.slice(0, 8),
  };
}
"""

_measured: dict[tuple[str, str], dict] = {}
# A table's page, in every state a phone meets it: no link on it is exempt.
TABLE_PAGES = {
    f"{game}-{state}" for game in GAMES for state in ("empty", "mid", "finished", "refused", "seat", "viewer", "log")
} | {"orleans-to-fix"}


def measure(site: Site, page, size: str, name: str) -> dict:
    """The page's layout and tap targets at `size`, measured once for the three checks below."""
    key = (size, name)
    if key not in _measured:
        assert name in site.paths or name in site.answers, f"the app has no {name} page"
        site.show(page, name, size=size)
        layout = page.evaluate(LAYOUT, SIZES[size]["width"])
        strict = name in TABLE_PAGES
        _measured[key] = {"layout": layout, "targets": page.evaluate(MEASURE, strict), "strict": strict}
    return _measured[key]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_every_tap_target_is_at_least_44_px(site: Site, phone_page, name: str, size: str) -> None:
    targets = measure(site, phone_page, size, name)["targets"]
    assert targets, f"{name}: nothing to tap was found"
    small = [t for t in targets if t["width"] < MIN - SLACK or t["height"] < MIN - SLACK]
    lines = [f"    {t['width']} × {t['height']}  {t['selector']}  {t['text']!r}" for t in small]
    assert not small, f"{name} at {size}: {len(small)} tap target(s) under {MIN} × {MIN} px\n" + "\n".join(lines)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_nothing_scrolls_sideways(site: Site, phone_page, name: str, size: str) -> None:
    layout = measure(site, phone_page, size, name)["layout"]
    wide = f"{name} at {size}: {layout['scrollWidth']} px wide, past the screen's edge: {layout['wide']}"
    assert layout["scrollWidth"] <= layout["width"], wide


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_the_header_is_at_most_56_px_and_the_rules_search_one_tap_away(
    site: Site, phone_page, name: str, size: str
) -> None:
    layout = measure(site, phone_page, size, name)["layout"]
    assert layout["header"] is not None, f"{name}: no header"
    assert layout["header"] <= HEADER_MAX, f"{name} at {size}: the header is {layout['header']} px tall"
    assert layout["search"], f"{name}: the header has no link to the rules search"
