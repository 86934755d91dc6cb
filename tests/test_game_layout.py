"""A game lives in one place: its package, companion/games/<package>/ (engine, entries, forms, table, spec, page
templates, pad, guide, synonyms), and beside it only its own script and stylesheet in static/.

A file is the game's when a word of its path (words split at "_", "-" and ".") is the game's slug or package name,
or when it sits in the game's package. Outside tests/ (where a game's tap-budget flows live too, beside its browser
tests), one kind of file may name a game and stay where it is: a database migration
(companion/storage/migrations/versions/), whose file name is its Alembic revision id, which every database it
upgraded keeps in `alembic_version`, so renaming or moving it would strand those databases."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from companion.specs import SPECS

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = ("tests/", "companion/storage/migrations/versions/")
MOST_FOLDERS = 2


def named_after(path: str, slug: str) -> bool:
    """True when a folder or file of the path is named after the game: its slug (or package name, the slug with "_"
    for "-") is one or more whole words of the name, words split at "_", "-" and "."."""
    words = slug.replace("-", "_")
    return any(f"_{words}_" in "_" + re.sub(r"[-.]", "_", part) + "_" for part in Path(path).parts)


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


def folders_by_game(files: list[str]) -> dict[str, list[str]]:
    """For each game of the registry, the folders outside tests/ that hold its files."""
    return {slug: sorted(folders_of(slug, files)) for slug in SPECS}


@pytest.fixture(scope="module")
def files() -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return listed.stdout.splitlines()


def test_each_game_s_files_sit_in_at_most_two_folders_its_package_and_static(files):
    listed = folders_by_game(files)
    allowed = {slug: [SPECS[slug].home.relative_to(ROOT).as_posix(), "static"] for slug in SPECS}
    assert {slug: folders for slug, folders in listed.items() if not set(folders) <= set(allowed[slug])} == {}
    assert all(allowed[slug][0] in folders for slug, folders in listed.items()), listed
    assert all(len(folders) <= MOST_FOLDERS for folders in listed.values()), listed


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
    assert named_after("benchmarks/_loaf_taps.py", "loaf") and named_after("benchmarks/load_oz.py", "oz")
    assert not named_after("static/cozy.css", "oz") and not named_after("companion/loafer.py", "loaf")
    assert folders_of("loaf", ["tests/taps/loaf.py", "companion/storage/migrations/versions/0011_loaf.py"]) == set()
    assert folders_of("loaf", ["benchmarks/_loaf_taps.py"]) == {"benchmarks"}
    assert folders_of("oz", ["benchmarks/oz_load.py", "benchmarks/_oz_taps_helper.py"]) == {"benchmarks"}
