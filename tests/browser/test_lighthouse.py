"""Lighthouse (mobile) on the home page and a live table: performance, accessibility and best practices, as a phone
on a slow network would load them; and Chromium's own installability check on the same pages.

Performance is scored from a simulated slow phone, so a busy test machine moves it: `make test` runs these tests on
their own after the others (marker `alone`), and each page is measured three times; the median must reach the
target. Accessibility and best practices do not depend on timing: every
run must score 1.0 on them.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, missing

from .every_page import Site

LIGHTHOUSE = Path(__file__).resolve().parent.parent / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
RUNS = 3
PERFORMANCE = 0.98
CATEGORIES = ("performance", "accessibility", "best-practices")
CHROME_FLAGS = " ".join(["--headless=new", *CHROMIUM_ARGS])
PAGES = ("home", "loaf-mid")

pytestmark = pytest.mark.alone


def lighthouse(url: str, out: Path) -> dict[str, Any]:
    """One Lighthouse run with its default (mobile) settings; the report as JSON."""
    command = [
        str(LIGHTHOUSE),
        url,
        "--quiet",
        f"--chrome-flags={CHROME_FLAGS}",
        f"--only-categories={','.join(CATEGORIES)}",
        "--output=json",
        f"--output-path={out}",
    ]
    env = os.environ | {"CHROME_PATH": CHROMIUM}
    subprocess.run(command, check=True, env=env, timeout=180, capture_output=True)
    return json.loads(out.read_text())


def failing(report: dict[str, Any], category: str) -> list[str]:
    """The audits of a category that lost points, with what Lighthouse says of each: the message when it fails."""
    audits = report["audits"]
    refs = report["categories"][category]["auditRefs"]
    lost = (audits[ref["id"]] for ref in refs if ref["weight"] > 0)
    return [f"{a['id']}: {a.get('displayValue') or a['title']}" for a in lost if (a.get("score") or 0) < 1]


@pytest.mark.parametrize("name", PAGES)
def test_lighthouse_mobile(site: Site, name: str, tmp_path: Path) -> None:
    if not LIGHTHOUSE.exists():
        missing("Lighthouse (make test installs it with npm from tests/lighthouse)")
    url = site.server.url + site.paths[name]
    reports = [lighthouse(url, tmp_path / f"run-{i}.json") for i in range(RUNS)]
    for report in reports:
        for category in ("accessibility", "best-practices"):
            score = report["categories"][category]["score"]
            assert score == 1, f"{name} {category} {score}: {failing(report, category)}"
    scores = [r["categories"]["performance"]["score"] for r in reports]
    worst = min(reports, key=lambda r: r["categories"]["performance"]["score"])
    median = statistics.median(scores)
    assert median >= PERFORMANCE, f"{name} performance {scores}: {failing(worst, 'performance')}"


@pytest.mark.parametrize("name", PAGES)
def test_installable(chromium: Any, site: Site, name: str, tmp_path: Path) -> None:
    """Chromium's own list of reasons it would not offer to install the app from this page: there are none. A
    profile on disk, as a phone's browser has: Chromium never installs from a private window."""
    context = chromium.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    try:
        page = context.new_page()
        page.goto(site.server.url + site.paths[name], wait_until="load")
        session = context.new_cdp_session(page)
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    finally:
        context.close()
    assert errors == [], errors
