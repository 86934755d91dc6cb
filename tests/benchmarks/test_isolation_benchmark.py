"""The isolation benchmark runs end to end and prints its ratio line (times themselves are never asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_isolation_benchmark_prints_the_poll_ratios_under_an_import_flood_and_a_merge_only_import():
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "isolation.py"), "--phones", "8", "--seconds", "2", "--plays", "5"],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    assert re.fullmatch(r"poll p95 ratio under a neighbour's import flood: \d+\.\d\d", lines[-3]), run.stdout
    assert re.fullmatch(r"a merge-only import of 4,000 names, back to back: statuses \{.+\}, 0 poll errors", lines[-2])
    assert re.fullmatch(
        r"poll p95 ratio under a merge-only import of 4,000 names: \d+\.\d\d \(target <= 1\.5\)", lines[-1]
    )
    assert re.search(r"alone: \d+ polls, p95 [\d.]+ ms, 0 errors", run.stdout), run.stdout
    assert re.search(r"neighbour's imports: [1-9]\d* accepted", run.stdout), run.stdout
