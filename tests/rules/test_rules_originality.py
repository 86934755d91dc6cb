"""Our guides are written in our own words: no run of 12 consecutive words is shared with any rulebook seed.

Words are compared case-insensitively on [a-z0-9'] runs only, so punctuation and Markdown make no difference.
The seeds live beside the repository in ../shared/seeds; COMPANION_SEEDS_DIR may point elsewhere.
"""

import os
import re
from pathlib import Path

import pytest

from companion import rules
from tests.conftest import missing

RUN = 12
SEEDS_DIR = Path(os.environ.get("COMPANION_SEEDS_DIR", Path(__file__).resolve().parents[3] / "shared" / "seeds"))
GUIDE_FILES = sorted(Path(rules.__file__).parent.glob("*.md"))
WORD = re.compile(r"[a-z0-9']+")


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def ngrams(tokens: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}


@pytest.fixture(scope="module")
def seed_ngrams() -> dict[str, set[tuple[str, ...]]]:
    seeds = sorted(SEEDS_DIR.glob("*.txt")) if SEEDS_DIR.is_dir() else []
    if not seeds:
        missing(f"the rulebook seeds in {SEEDS_DIR}")
    return {seed.name: ngrams(words(seed.read_text(encoding="utf-8"))) for seed in seeds}


def test_the_helpers_find_a_shared_run():
    seed = ngrams(words("One two three four five six seven eight nine ten eleven twelve thirteen."))
    assert ngrams(words("ZERO, one two THREE four five six seven eight nine ten eleven twelve!")) & seed
    assert not ngrams(words("one two three four five six seven eight nine ten eleven zwölf")) & seed


def test_there_is_a_guide_file_per_game():
    assert [p.stem for p in GUIDE_FILES] == sorted(rules.games())


@pytest.mark.parametrize("guide_file", GUIDE_FILES, ids=lambda p: p.stem)
def test_no_twelve_word_run_is_shared_with_any_seed(guide_file, seed_ngrams):
    ours = ngrams(words(guide_file.read_text(encoding="utf-8")))
    shared = {seed: sorted(" ".join(g) for g in ours & theirs) for seed, theirs in seed_ngrams.items()}
    assert {seed: runs for seed, runs in shared.items() if runs} == {}
