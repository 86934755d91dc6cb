"""The browser tests' shared pages: every kind of page the app serves, and one phone to look at them with."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .every_page import ANSWERS, Site, build, stop


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """Every kind of page on a live server of its own, built once per test process for the accessibility and
    tap-target tests (looking at the pages changes nothing on it)."""
    built, server = build(tmp_path_factory.mktemp("every-page"))
    server.thread.start()
    try:
        yield built
    finally:
        stop(server)


@pytest.fixture(scope="session")
def phone_page(chromium: Any, site: Site) -> Iterator[Any]:
    """One browser page the size of a phone, with the `phone` fixture's settings (390 × 844, touch), that goes from
    page to page for every check: a new page each time costs Chromium a new renderer. Service workers are off, so
    every page comes from the server as it is now, not from the offline copy the rules pages keep. It is the site's
    own phone (`Site.cookies`), seated at the site's tables."""
    context = chromium.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        service_workers="block",
    )
    context.add_cookies(site.cookies)
    page = context.new_page()
    page.route(f"{site.server.url}{ANSWERS}*", site.answer)
    yield page
    context.close()
