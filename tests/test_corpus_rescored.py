"""The corpus's re-scored results (tests/fixtures/corpus/README.md, "Re-scored results"): only L'oaf's expected
results were written again, when its reputation bonus came to be read off the board. The logs of every table, and
every other game's results, are as they were committed: their digests are pinned here."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tests.test_corpus import CORPUS, FILES, load, replay_corpus_table

# Digests of the committed corpus before L'oaf was re-scored; a change to a log or to another game's result fails.
LOGS = "81b8e30c758e3427c017c9458184e95563f36fa18209d0b845e478f3f7f40d46"
OTHER_RESULTS = "d34cd45eaa93abd73e5219506f19600584e0f2a80290a27e1eebdeb15c4fdfbb"


def digest(parts: list[Any]) -> str:
    found = hashlib.sha256()
    for part in parts:
        found.update(json.dumps(part, sort_keys=True).encode())
    return found.hexdigest()


def corpus() -> dict[str, dict[str, Any]]:
    return {str(path.relative_to(CORPUS)): load(path) for path in FILES}


def test_no_log_of_the_corpus_was_edited() -> None:
    assert digest([(name, d["setup"], d["entries"]) for name, d in corpus().items()]) == LOGS


def test_the_other_games_results_are_untouched() -> None:
    assert digest([(name, d["expected"]) for name, d in corpus().items() if d["game"] != "loaf"]) == OTHER_RESULTS


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
