"""Our guides are written in our own words: no run of 12 consecutive words is shared with any rulebook seed, in any
language the guides are written in.

The comparison is made against the rulebooks' committed fingerprints (tests/rules/fingerprints.py), so it runs
from any clone; where the rulebooks sit beside the checkout, the fingerprints must be theirs."""

import pytest

from companion import rules
from companion.specs import SPECS

from .fingerprints import committed, fingerprint, ngrams, of_seeds, of_text, words

GUIDE_FILES = sorted(spec.guide_path for spec in SPECS.values())
# Every language's guide beside the English one (guide.<lang>.md).
ALL_GUIDE_FILES = sorted(path for spec in SPECS.values() for path in spec.home.glob("guide*.md"))


@pytest.fixture(scope="module")
def seed_prints() -> dict[str, set[str]]:
    return committed()


def test_the_helpers_find_a_shared_run():
    seed = of_text("One two three four five six seven eight nine ten eleven twelve thirteen.")
    assert of_text("ZERO, one two THREE four five six seven eight nine ten eleven twelve!") & seed
    assert not of_text("one two three four five six seven eight nine ten eleven zwölf") & seed


def test_every_rulebook_has_its_fingerprints(seed_prints):
    assert len(seed_prints) >= 5 and all(len(prints) > 500 for prints in seed_prints.values())


def test_the_fingerprints_are_the_rulebooks_own():
    beside = of_seeds()
    if not beside:
        pytest.skip("the rulebooks are not beside this checkout; the committed fingerprints stand for them")
    assert beside == committed(), "run `python -m tests.rules.fingerprints` to write them again"


def test_there_is_a_guide_file_per_game():
    assert len(GUIDE_FILES) == len(rules.games()) and all(path.is_file() for path in GUIDE_FILES)


@pytest.mark.parametrize("guide_file", ALL_GUIDE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_twelve_word_run_is_shared_with_any_seed(guide_file, seed_prints):
    ours = {fingerprint(run): " ".join(run) for run in ngrams(words(guide_file.read_text(encoding="utf-8")))}
    shared = {seed: sorted(ours[p] for p in ours.keys() & theirs) for seed, theirs in seed_prints.items()}
    assert {seed: runs for seed, runs in shared.items() if runs} == {}
