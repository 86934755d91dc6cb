"""The API benchmark runs end to end and prints its ratios (its numbers are read by people, not asserted)."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_api_benchmark_prints_every_ratio():
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "api.py"), "--seconds", "0.3", "--tables", "20"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    assert re.search(r"nsp score ratio: \d+\.\d\d .*0 errors", run.stdout)
    assert re.search(r"idle poll ratio: \d+\.\d\d .*0 errors", run.stdout)
    assert re.search(r"resident memory with 20 stored tables: \d+ MB", run.stdout)
