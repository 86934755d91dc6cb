"""A game lives in one place: its package, companion/games/<package>/ (engine, entries, forms, table, spec, page
templates, pad, guide, synonyms), and beside it only its own script and stylesheet in static/. The tests and the
benchmarks drive the app from outside and keep their own files per game; the database migrations are records
of changes made to stored data and stay where Alembic reads them."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from companion.specs import SPECS

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = ("tests/", "benchmarks/", "companion/storage/migrations/versions/")
MOST_FOLDERS = 2


def named_after(path: str, slug: str) -> bool:
    """True when a folder or file of the path is named after the game (its slug or package name, alone or as the
    first word of the name)."""
    names = {slug, slug.replace("-", "_")}
    return any(re.match(rf"({'|'.join(map(re.escape, names))})([_.-]|$)", part) for part in Path(path).parts)


def folders_of(slug: str, files: list[str]) -> set[str]:
    """The folders (from the repository's root) that hold files of the game."""
    home = SPECS[slug].home.relative_to(ROOT).as_posix()
    found = set()
    for path in files:
        if path.startswith(OUTSIDE):
            continue
        if path.startswith(home + "/"):
            found.add(home)
        elif named_after(path, slug):
            found.add(Path(path).parent.as_posix())
    return found


@pytest.fixture(scope="module")
def files() -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return listed.stdout.splitlines()


@pytest.mark.parametrize("slug", list(SPECS))
def test_a_game_s_files_sit_in_its_package_and_static(slug, files):
    folders = folders_of(slug, files)
    home = SPECS[slug].home.relative_to(ROOT).as_posix()
    assert home in folders and len(folders) <= MOST_FOLDERS, sorted(folders)
    assert folders <= {home, "static"}, sorted(folders)


@pytest.mark.parametrize("slug", list(SPECS))
def test_a_game_s_package_holds_its_templates_pad_and_guide(slug):
    spec = SPECS[slug]
    assert spec.guide_path.is_file()
    assert (spec.templates / slug).is_dir() and list((spec.templates / slug).glob("*.html"))
    assert (spec.printables / spec.pad_template).is_file()


def test_the_count_finds_a_game_s_file_elsewhere():
    files = ["companion/games/oz/table.py", "static/oz.js", "templates/oz/table.html", "companion/web/oz_cards.py"]
    assert folders_of("oz", files) == {"companion/games/oz", "static", "templates/oz", "companion/web"}
    assert folders_of("oz", ["companion/web/frozen.py", "static/app.js", "tests/web/test_oz_table.py"]) == set()
    assert named_after("static/next-station-paris.css", "next-station-paris")
    assert named_after("companion/schemas/next_station_paris_limits.py", "next-station-paris")
