"""Every page fits the narrowest phone in every language: German, French and Dutch words are longer than English
ones (a record's headings, a button's label), and a page must still not scroll sideways at 320 × 640."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .every_page import PAGES, SIZES, Site
from .test_tap_targets import LAYOUT

pytestmark = pytest.mark.browser

SIZE = "320x640"
LANGUAGES = ("de", "fr", "nl")


@pytest.fixture(scope="module", params=LANGUAGES)
def reader(request: pytest.FixtureRequest, chromium: Any, site: Site) -> Iterator[tuple[str, Any]]:
    """A phone that reads the app in one language (its browser asks for it), seated where the site's phone is."""
    language = request.param
    context = chromium.new_context(
        viewport=SIZES[SIZE],
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        service_workers="block",
        locale=language,
        extra_http_headers={"Accept-Language": language},
    )
    context.add_cookies(site.cookies)
    yield language, context.new_page()
    context.close()


# A form's answer ("-error", "-refused", a L'oaf choice refused) was rendered once, in English, by the site's client.
ANSWERED = ("loaf-choice",)


@pytest.mark.parametrize("name", [n for n in PAGES if not n.endswith(("-error", "-refused")) and n not in ANSWERED])
def test_nothing_scrolls_sideways_in_the_reader_s_language(site: Site, reader: tuple[str, Any], name: str) -> None:
    language, page = reader
    assert name in site.paths, f"{name} is a form's answer, which the server sent in English: leave it out here"
    site.show(page, name, size=SIZE)
    assert page.evaluate("document.documentElement.lang") == language
    layout = page.evaluate(LAYOUT, SIZES[SIZE]["width"])
    wide = f"{name} in {language}: {layout['scrollWidth']} px wide, past the screen's edge: {layout['wide']}"
    assert layout["scrollWidth"] <= layout["width"], wide
