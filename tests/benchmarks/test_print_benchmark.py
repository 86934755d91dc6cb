"""The print benchmark runs end to end and prints every pad's ratio and the poll ratio under a pad flood (times
themselves are never asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from companion.specs import GAMES

ROOT = Path(__file__).resolve().parents[2]


def test_print_benchmark_prints_each_pads_ratio_then_the_poll_ratio_under_a_pad_flood():
    args = ["--rounds", "2", "--pads", "3", "--flooders", "6", "--seconds", "1"]
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "print.py"), *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    assert re.fullmatch(r"poll p95 ratio during a pad flood: \d+\.\d\d", lines[-1]), run.stdout
    pads = lines[-1 - len(GAMES) : -1]
    assert [line.split(" pad ratio: ")[0] for line in pads] == [game.name for game in GAMES.values()], run.stdout
    assert re.search(r"6 clients asked for [1-9]\d* new pads: [1-9]\d* rendered", run.stdout), run.stdout
    assert re.search(r"alone: \d+ polls, p95 [\d.]+ ms, 0 errors", run.stdout), run.stdout
