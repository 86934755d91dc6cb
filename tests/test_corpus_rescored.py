"""The corpus's re-scored results (tests/fixtures/corpus/README.md, "Re-scored results"): L'oaf's expected results
were written again when its reputation bonus came to be read off the board, and LFG's scoundrel tables' when the
scoundrel win came to be measured against every final party. The logs of every table, and every other result, are
as they were committed: their digests are pinned here."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tests.test_corpus import CORPUS, FILES, load, replay_corpus_table

# Digests of the committed corpus (versions 1 to 4) before it was re-scored; a change to a log or to any other
# result fails. Versions added since are pinned whole, each by its own digest.
RESCORED = {"v1/lfg-scoundrel.json", "v2/lfg-scoundrel.json"}  # besides every L'oaf table
RESCORED_VERSIONS = ("v1", "v2", "v3", "v4")
LOGS = "81b8e30c758e3427c017c9458184e95563f36fa18209d0b845e478f3f7f40d46"
OTHER_RESULTS = "7e6200909320c502b12c77d4fd4827730e07fc14b5a90bf0e5d992a0b4f86922"
LATER = {"v5": "f8f75aae891e18b33739b2a1ba73c514ec3174027a81a39ce86fde0303f01da4"}


def digest(parts: list[Any]) -> str:
    found = hashlib.sha256()
    for part in parts:
        found.update(json.dumps(part, sort_keys=True).encode())
    return found.hexdigest()


def corpus(versions: tuple[str, ...] = RESCORED_VERSIONS) -> dict[str, dict[str, Any]]:
    files = [path for path in FILES if path.parent.name in versions]
    return {str(path.relative_to(CORPUS)): load(path) for path in files}


def test_every_version_of_the_corpus_is_pinned() -> None:
    assert {path.parent.name for path in FILES} == {*RESCORED_VERSIONS, *LATER}


def test_no_file_of_a_later_version_was_edited() -> None:
    found = {version: digest(sorted(corpus((version,)).items())) for version in LATER}
    assert found == LATER


def test_no_log_of_the_corpus_was_edited() -> None:
    assert digest([(name, d["setup"], d["entries"]) for name, d in corpus().items()]) == LOGS


def test_the_other_games_results_are_untouched() -> None:
    others = [(name, d["expected"]) for name, d in corpus().items() if d["game"] != "loaf" and name not in RESCORED]
    assert digest(others) == OTHER_RESULTS


def test_every_loaf_bonus_line_in_the_corpus_is_read_off_the_board() -> None:
    bands = {
        rep: points for points, reps in ((2, (1, 2, 3)), (3, (4, 5, 6)), (4, (7, 8, 9)), (5, (10,))) for rep in reps
    }
    seen = 0
    for path in (p for p in FILES if p.name.startswith("loaf-")):
        _finished, result = replay_corpus_table(load(path))
        for player in (result or {}).get("players", []):
            for line in player["breakdown"]:
                if line["rule"] == "loaf/bonus-points":
                    rep = int(line["label"].split(":")[0].split()[-1])
                    assert line["points"] == bands.get(rep, 0), (path.name, line)
                    seen += 1
    assert seen > 10
