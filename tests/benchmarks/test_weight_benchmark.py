"""The weight benchmark runs end to end: a ratio for every game's new table page, and for every game that draws a
chart, its finished table's page and the chart's own share of its budget (sizes, not times: they are asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from companion.specs import GAMES, table_rules
from companion.tables.charts import no_chart

ROOT = Path(__file__).resolve().parents[2]
RATIO = r"(\d+\.\d\d)"


def test_weight_benchmark_measures_each_finished_table_page_with_its_chart_within_its_budgets():
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "weight.py")], capture_output=True, text=True, timeout=300, cwd=ROOT
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    charted = [slug for slug, rules in table_rules().items() if rules.chart is not no_chart]
    assert charted, "no game draws a chart"
    for slug in GAMES:
        assert re.search(rf"^{slug} table page ratio: {RATIO} of the 50 KB budget", out, re.M), out
    for slug in charted:
        page = re.search(rf"^{slug} finished table page with its chart ratio: {RATIO}", out, re.M)
        chart = re.search(rf"^{slug} chart ratio: {RATIO} of the 20 KB budget", out, re.M)
        assert page and chart, out
        assert float(page.group(1)) <= 1.0 and 0 < float(chart.group(1)) <= 1.0, out
