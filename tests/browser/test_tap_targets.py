"""Every visible control on every kind of page is at least 44 × 44 px on a phone, measured in Chromium.

Measured: links, buttons, inputs, selects, textareas and summaries, and a label wrapping its input (the label is
what a finger hits there: the input inside it may be drawn small or hidden under it). The one exception is
WCAG's inline one: a link set in a line of prose, whose height is the line's. Precisely, a link is inline when
it is laid out inline (computed display `inline`) and the block it sits in (its nearest ancestor that is not
inline: a p, li, td, …) holds other words besides the link's own.
"""

from __future__ import annotations

import pytest

from .every_page import PAGES, Site

pytestmark = pytest.mark.browser

MIN = 44
# Subpixel layout (rem-based sizes at a device pixel ratio of 2) may land a hair under a CSS min-height of 44px.
SLACK = 0.01

MEASURE = """
() => {
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
    if (!visible(el) || inline(el)) continue;
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


@pytest.mark.parametrize("name", PAGES)
def test_every_tap_target_is_at_least_44_px(site: Site, phone_page, name: str) -> None:
    assert name in site.paths or name in site.answers, f"the app has no {name} page"
    site.show(phone_page, name)
    targets = phone_page.evaluate(MEASURE)
    assert targets, f"{name}: nothing to tap was found"
    small = [t for t in targets if t["width"] < MIN - SLACK or t["height"] < MIN - SLACK]
    lines = [f"    {t['width']} × {t['height']}  {t['selector']}  {t['text']!r}" for t in small]
    assert not small, f"{name}: {len(small)} tap target(s) under {MIN} × {MIN} px\n" + "\n".join(lines)
