"""The history, its stats and its exports are generic: no game, and none of a game's words, is named in them. What a
game's result means for the history (who was not scored and why, who scored together) is the game's to say."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.specs import GAMES

ROOT = Path(__file__).resolve().parent.parent
GENERIC = [
    "companion/history.py",
    "companion/plays.py",
    "companion/play_queries.py",
    "companion/play_lookup.py",
    "companion/play_totals.py",
    "companion/reading.py",
    "companion/backup.py",
    "companion/bgstats.py",
    "companion/web/history.py",
    "companion/web/history_files.py",
    "companion/web/history_api.py",
    "companion/store.py",
    "companion/engines.py",
    "companion/poll_reader.py",
    "companion/schema.py",
    "companion/log.py",
    "companion/entries.py",
    "companion/tables/replay.py",
    "companion/printing.py",
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "templates" / "history").glob("*.html")),
]
# Words only one game uses (its rules, its pieces, its ways of not scoring someone), written as they appear.
GAME_WORDS = ["fired", "disqualified", "Angry Boss", "koala", "koalation", "L'oaf", "LFG", "party", "renown", "cave"]


def forbidden() -> list[str]:
    names = [w for g in GAMES.values() for w in (g.slug, g.name, g.slug.replace("-", "_"))]
    return sorted({*names, *GAME_WORDS}, key=str.casefold)


def test_the_generic_modules_are_all_there():
    assert all((ROOT / path).is_file() for path in GENERIC)
    assert len([p for p in GENERIC if p.startswith("templates/history/")]) >= 5


@pytest.mark.parametrize("path", GENERIC)
def test_a_generic_module_names_no_game_and_none_of_a_game_s_words(path):
    text = (ROOT / path).read_text(encoding="utf-8")
    found = [word for word in forbidden() if re.search(rf"(?<![\w-]){re.escape(word)}", text, re.IGNORECASE)]
    assert found == [], f"{path} names {found}"


def test_the_check_finds_a_game_s_word_where_there_is_one():
    words = forbidden()
    assert {"loaf", "L'oaf", "next-station-paris", "Orléans", "oz", "Angry Boss"} <= set(words)
    assert re.search(rf"(?<![\w-]){re.escape('koala')}", "a koalation or team", re.IGNORECASE)
    assert not re.search(rf"(?<![\w-]){re.escape('oz')}", "frozen=True", re.IGNORECASE)
