"""Generic code names no game. A game lives in its package (companion/games/<package>/) and in static/<slug>.*;
every other file of the app (its modules, shared templates, printables and scripts) is generic: no game's slug
or name, and none of a game's words, is written in it. What a game's result means elsewhere (who was not scored
and why, who scored together, which cards a group keeps) is the game's to say, through its spec.

Two kinds of file name games by nature and are not generic: the registry (one line per game) and the database
migrations (each a record of a change made to stored data; its revision id is stored in every database)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from companion.specs import GAMES, SPECS

ROOT = Path(__file__).resolve().parent.parent
# Words only one game uses (its rules, its pieces, its ways of not scoring someone), written as they appear.
GAME_WORDS = ["fired", "disqualified", "Angry Boss", "koala", "koalation", "L'oaf", "LFG", "party", "renown", "cave"]
APP_FOLDERS = ("companion", "templates", "printables", "static")
NAMING_GAMES = ("companion/specs/__init__.py", "companion/storage/migrations/versions/")
TEXT = (".py", ".html", ".css", ".js", ".md", ".txt", ".toml", ".json", ".webmanifest", ".svg", ".mako")


def forbidden() -> list[str]:
    names = [w for g in GAMES.values() for w in (g.slug, g.name, g.slug.replace("-", "_"))]
    return sorted({*names, *GAME_WORDS}, key=str.casefold)


def app_files() -> list[str]:
    """Every committed file of the app (not of its tests or benchmarks), as a path from the repository's root."""
    listed = subprocess.run(["git", "ls-files", *APP_FOLDERS], cwd=ROOT, capture_output=True, text=True, check=True)
    return [path for path in listed.stdout.splitlines() if (ROOT / path).is_file()]


def game_of(path: str) -> str | None:
    """The game whose file this is: inside its package, or its own script or stylesheet in static/."""
    for slug, spec in SPECS.items():
        if Path(ROOT / path).is_relative_to(spec.home) or re.fullmatch(rf"static/{re.escape(slug)}\.\w+", path):
            return slug
    return None


def generic_files() -> list[str]:
    return [
        path
        for path in app_files()
        if game_of(path) is None and path.endswith(TEXT) and not path.startswith(NAMING_GAMES)
    ]


def names_in(text: str) -> list[str]:
    return [word for word in forbidden() if re.search(rf"(?<![\w-]){re.escape(word)}(?!\w)", text, re.IGNORECASE)]


def test_the_generic_files_are_all_there():
    files = generic_files()
    assert {"companion/history/plays.py", "companion/web/tables.py", "templates/table_page.html"} <= set(files)
    assert {"static/app.js", "printables/results.html", "companion/rules/synonyms.py"} <= set(files)
    assert not [path for path in files if path.startswith("companion/games/") and path != "companion/games/__init__.py"]


@pytest.mark.parametrize("path", generic_files())
def test_a_generic_file_names_no_game_and_none_of_a_game_s_words(path):
    found = names_in((ROOT / path).read_text(encoding="utf-8"))
    assert found == [], f"{path} names {found}"


def test_the_check_finds_a_game_s_word_where_there_is_one():
    words = forbidden()
    assert {"loaf", "L'oaf", "next-station-paris", "Orléans", "oz", "Angry Boss"} <= set(words)
    assert names_in("a koalation or team") == ["koalation"]
    assert names_in("frozen=True, cavern") == []
    assert names_in('render("loaf/table.html")') == ["loaf"]
