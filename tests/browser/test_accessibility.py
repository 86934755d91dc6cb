"""axe-core on every kind of page, in Chromium at a phone's size, in the light and the dark colour scheme (the app
follows the phone's): every rule axe runs by default, zero violations."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from .every_page import PAGES, Site

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def axe() -> Axe:
    return Axe()


def report(violations: list[dict]) -> str:
    """Each violation: its rule, impact, help text, and every element it was found on."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}  {v['helpUrl']}")
        for node in v["nodes"]:
            lines.append(f"    {' > '.join(map(str, node['target']))}: {node.get('failureSummary', '')!r}")
            lines.append(f"        {node['html'][:300]}")
    return "\n".join(lines)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", PAGES)
def test_no_axe_violations(site: Site, phone_page, axe: Axe, name: str, scheme: str) -> None:
    assert name in site.paths or name in site.answers, f"the app has no {name} page"
    site.show(phone_page, name, scheme=scheme)
    assert phone_page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    violations = axe.run(phone_page).response["violations"]
    assert not violations, f"{name} ({scheme}): {len(violations)} axe violation(s)\n{report(violations)}"
