"""Fingerprints of the rulebooks' wording: a short hash of every run of 12 consecutive words, so that a checkout
without the rulebooks can still tell whether our guides share a run with them. The hashes are committed; the text is
not, and cannot be read back from them.

`python -m tests.rules.fingerprints` writes them again from the rulebooks beside the checkout."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

RUN = 12
SEEDS_DIR = Path(os.environ.get("COMPANION_SEEDS_DIR", Path(__file__).resolve().parents[3] / "shared" / "seeds"))
FINGERPRINTS = Path(__file__).resolve().parents[1] / "fixtures" / "seed_fingerprints.json"
WORD = re.compile(r"[a-z0-9']+")


def words(text: str) -> list[str]:
    """Words compared case-insensitively on [a-z0-9'] runs only, so punctuation and Markdown make no difference."""
    return WORD.findall(text.lower())


def ngrams(tokens: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}


def fingerprint(run: tuple[str, ...]) -> str:
    return hashlib.blake2b(" ".join(run).encode(), digest_size=8).hexdigest()


def of_text(text: str) -> set[str]:
    return {fingerprint(run) for run in ngrams(words(text))}


def of_seeds(folder: Path = SEEDS_DIR) -> dict[str, set[str]]:
    """Each rulebook's fingerprints, by file name; empty when the rulebooks are not beside the checkout."""
    seeds = sorted(folder.glob("*.txt")) if folder.is_dir() else []
    return {seed.name: of_text(seed.read_text(encoding="utf-8")) for seed in seeds}


def committed() -> dict[str, set[str]]:
    stored = json.loads(FINGERPRINTS.read_text(encoding="utf-8"))
    return {name: set(prints) for name, prints in stored.items()}


def write(prints: dict[str, set[str]]) -> None:
    stored = {name: sorted(found) for name, found in sorted(prints.items())}
    FINGERPRINTS.write_text(json.dumps(stored, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    found = of_seeds()
    if not found:
        raise SystemExit(f"No rulebooks in {SEEDS_DIR}: set COMPANION_SEEDS_DIR.")
    write(found)
    print(f"{sum(map(len, found.values()))} fingerprints of {len(found)} rulebooks in {FINGERPRINTS}")
