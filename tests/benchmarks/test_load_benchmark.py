"""The load benchmark runs end to end with a few phones and prints every line (its numbers are read by people;
only the error count is held to its target here), on SQLite alone and against PostgreSQL."""

import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import PG_URL

ROOT = Path(__file__).resolve().parents[2]


def test_load_benchmark_prints_errors_latencies_and_ratios():
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "load.py"),
            *("--database", "sqlite", "--phones", "5", "--seconds", "3", "--tables", "200"),
            *("--throughput-seconds", "0.3", "--requests", "40"),
        ],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert re.search(r"^phones: 5 at 2 tables for 3 s", out, re.M)
    assert re.search(r"^errors: 0 \(target 0\)$", out, re.M), out
    assert re.search(r"^polls: [1-9]\d*, p50 \d+\.\d ms, p95 \d+\.\d ms, p99 \d+\.\d ms$", out, re.M), out
    assert re.search(r"^entries: \d+ \(\d+ answered with a conflict\), p50 \S+ ms, p99 \S+ ms$", out, re.M), out
    assert re.search(r"^poll throughput ratio: \d+\.\d\d \(\d+ idle polls/s, 0 errors\)$", out, re.M), out
    assert re.search(r"^per-request time with 200 stored tables vs 100: ratio \d+\.\d\d \(target <= 1\.20; ", out, re.M)


def test_load_benchmark_compares_postgresql_with_sqlite_and_two_processes_with_one(pg_url):
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "load.py"),
            *("--database", "postgresql", "--postgresql", PG_URL),
            *("--phones", "8", "--seconds", "4", "--turns", "2", "--tables", "120"),
            *("--throughput-seconds", "0.3", "--requests", "40"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    for where in ("sqlite", "postgresql", "two processes"):
        assert re.search(rf"^phones: 8 at 2 tables for 4 s, .* \({where}\)\nerrors: 0 \(target 0\)$", out, re.M), out
    last = out.strip().splitlines()[-2:]
    assert re.fullmatch(r"postgresql/sqlite p95 ratio: \d+\.\d\d \(target <= 1\.50; .*\)", last[0]), out
    assert re.fullmatch(
        r"two-processes/one-process \(postgresql\) p95 ratio: \d+\.\d\d \(target <= 1\.20; .*\)", last[1]
    ), out
