"""The corpus scripts still play against today's forms: each `plays_*.py` that writes today's entry versions is
played into a temporary store, and every table it writes must store the same log as the newest committed file of
its name and reach the same result. A script that writes older entry versions names, in its docstring, the commit
it was played by and the version directory it wrote ("played by commit <hash> into v<N>/"); it is skipped here, and
its committed tables must indeed hold an entry version today's code no longer writes."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion.specs import table_rules
from companion.storage.log import CORRECT, UNDO
from tests.test_corpus import CORPUS, differences, generator, load, replay_corpus_table

__all__ = ["generator"]  # the fixture, imported for the tests below

PINNED = re.compile(r"played\s+by\s+commit\s+([0-9a-f]{7,40})\s+into\s+(v\d+)/")
SCRIPTS = sorted(p.stem for p in CORPUS.glob("plays_*.py"))


def pinned(script: str) -> tuple[str, str] | None:
    """The (commit, version directory) a script's docstring says it was played by, if it says so."""
    tree = ast.parse((CORPUS / f"{script}.py").read_text(encoding="utf-8"))
    found = PINNED.search(ast.get_docstring(tree) or "")
    return (found[1], found[2]) if found else None


def newest_committed(name: str) -> Path | None:
    """The committed corpus file of this name in the highest version directory."""
    found = sorted(CORPUS.glob(f"v*/{name}"), key=lambda p: int(p.parent.name[1:]))
    return found[-1] if found else None


def old_versions(game: str, table: dict[str, Any]) -> list[str]:
    """The entries of a table stored at a version other than the one today's code writes for their kind (a
    correction carries the version of the kind it corrects)."""
    current = {name: entry.version for name, entry in table_rules()[game].entries.items()}
    found = []
    for row in table["entries"]:
        name = row["payload"]["kind"] if row["kind"] == CORRECT else row["kind"]
        if name != UNDO and current.get(name) != row["version"]:
            found.append(f"#{row['seq']} {name} v{row['version']} (today v{current.get(name)})")
    return found


def stored(table: dict[str, Any]) -> list[tuple[str, int, Any, str]]:
    """What a table's log holds, without the moments and ids that differ from one playing to the next."""
    return [(row["kind"], row["version"], row["payload"], row["author"]) for row in table["entries"]]


def test_the_pin_pattern_reads_a_commit_and_a_version_directory() -> None:
    found = PINNED.search("were played by commit 4004963\ninto v2/, whose")
    assert found is not None and found.groups() == ("4004963", "v2")
    assert PINNED.search("played by commit main into v2/") is None
    assert pinned("plays_orleans") == ("4004963", "v2") and pinned("plays_orleans_current") is None


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_current_script_plays_its_committed_tables_again_with_today_s_forms(
    script: str, generator: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if pin := pinned(script):
        pytest.skip(f"{script} writes the entry versions of commit {pin[0]} ({pin[1]}/): play it from that commit")
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path))  # the generator points it at its own folder
    assert generator.main(["--out", str(tmp_path / "out"), "--only", script]) == 0
    written = sorted((tmp_path / "out").glob("*.json"))
    assert written, f"{script} wrote no table"
    for path in written:
        table = load(path)
        assert old_versions(table["game"], table) == [], path.name
        committed_path = newest_committed(path.name)
        assert committed_path is not None, f"{path.name} is in no committed corpus version"
        committed = load(committed_path)
        assert (table["setup"], stored(table)) == (committed["setup"], stored(committed)), committed_path
        finished, result = replay_corpus_table(table)
        assert finished == committed["expected"]["finished"] == table["expected"]["finished"]
        if committed["expected"]["result"] is not None:
            assert differences(committed["expected"]["result"], result) == [], committed_path


@pytest.mark.parametrize("script", [s for s in SCRIPTS if pinned(s)])
def test_a_pinned_script_s_tables_hold_an_entry_version_today_s_forms_no_longer_write(script: str) -> None:
    _commit, version = pinned(script) or ("", "")
    game = re.search(r'^GAME = "([^"]+)"', (CORPUS / f"{script}.py").read_text(encoding="utf-8"), re.M)
    assert game is not None
    tables = [load(path) for path in sorted((CORPUS / version).glob(f"{game[1]}-*.json"))]
    assert tables, f"{version}/ holds no table of {game[1]}"
    assert any(old_versions(game[1], table) for table in tables)
