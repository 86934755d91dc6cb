"""Tables played through earlier versions of the app replay to the same results with today's code.

Each file under fixtures/corpus/v<N>/ holds one table as it was stored (its setup and every row of its log) and what
the app made of it then. Today's result must contain the committed one: it may gain fields, never change or lose
one."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from dataclasses import asdict, is_dataclass
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion.games import RuleError
from companion.schemas import result_json
from companion.specs import SPECS, table_rules
from companion.storage.log import CORRECT, UNDO
from companion.storage.rows import EntryRow
from companion.tables.replay import replay

CORPUS = Path(__file__).parent / "fixtures" / "corpus"
FILES = sorted(CORPUS.glob("v*/*.json"))


def replay_corpus_table(data: dict[str, Any]) -> tuple[bool, dict[str, Any] | None]:
    """A corpus table replayed by today's code: whether its game is over, and its result as JSON (None when it
    cannot be scored). The only place here that knows how a stored log is read and replayed."""
    rows = [
        EntryRow(
            seq=e["seq"],
            entry_id=e["entry_id"],
            kind=e["kind"],
            payload=e["payload"],
            author=e["author"],
            at=datetime.fromisoformat(e["at"]),
            version=e["version"],
        )
        for e in data["entries"]
    ]
    rules = table_rules()[data["game"]]
    replayed = replay(rules, data["setup"], rows)
    broken = replayed.broken
    assert broken is None, f"entry #{broken.seq} ({broken.kind}) no longer replays: {broken.message}"
    try:
        result = result_json(rules.result(replayed.state))
    except RuleError:
        return rules.finished(replayed.state), None
    return rules.finished(replayed.state), json.loads(json.dumps(result, default=_plain))


def _plain(value: Any) -> Any:
    """What a result holds beyond JSON (a game's own dataclasses) as it was written to the corpus."""
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def differences(old: Any, new: Any, where: str = "result") -> list[str]:
    """Where `new` fails to contain `old`: a key of `old` missing or different, a list of another length."""
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return [f"{where}: was an object, now {new!r}"]
        found = [f"{where}.{key}: missing" for key in old if key not in new]
        return found + [d for key in old if key in new for d in differences(old[key], new[key], f"{where}.{key}")]
    if isinstance(old, list):
        if not isinstance(new, list) or len(new) != len(old):
            return [f"{where}: was {old!r}, now {new!r}"]
        return [d for i, (a, b) in enumerate(zip(old, new, strict=True)) for d in differences(a, b, f"{where}[{i}]")]
    same = old == new and type(old) is type(new)  # True is not 1
    return [] if same else [f"{where}: was {old!r}, now {new!r}"]


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(CORPUS)) for p in FILES])
def test_an_old_table_replays_to_the_results_it_had(path: Path) -> None:
    data = load(path)
    assert [e["seq"] for e in data["entries"]] == list(range(1, len(data["entries"]) + 1))
    finished, result = replay_corpus_table(data)
    assert finished == data["expected"]["finished"]
    committed = data["expected"]["result"]
    if committed is not None:  # a table that could not be scored promised no result
        assert differences(committed, result) == []


def test_the_contained_check_allows_new_fields_only() -> None:
    old = {"players": [{"name": "Ann", "score": 3}], "winners": ["Ann"], "flag": True}
    assert differences(old, old | {"units": []}) == []
    assert differences(old, {**old, "players": [{"name": "Ann", "score": 3, "extra": 1}]}) == []
    assert differences(old, {**old, "winners": ["Ann", "Ben"]}) == ["result.winners: was ['Ann'], now ['Ann', 'Ben']"]
    assert differences(old, {**old, "flag": 1}) == ["result.flag: was True, now 1"]
    assert differences(old, {"players": old["players"], "flag": True}) == ["result.winners: missing"]
    assert differences(old, {**old, "players": [{"name": "Ann", "score": 4}]}) == [
        "result.players[0].score: was 3, now 4"
    ]


def test_the_corpus_covers_every_game_every_entry_kind_undo_and_corrections() -> None:
    assert FILES, f"no corpus files under {CORPUS}"
    seen: dict[str, set[str]] = {}
    for path in FILES:
        data = load(path)
        seen.setdefault(data["game"], set()).update(e["kind"] for e in data["entries"])
    wanted = {slug: {*rules.forms, UNDO, CORRECT} for slug, rules in table_rules().items()}
    missing = {slug: sorted(kinds_ - seen.get(slug, set())) for slug, kinds_ in wanted.items()}
    assert {slug: gap for slug, gap in missing.items() if gap} == {}


def test_the_orleans_tables_of_corpus_v5_hold_every_entry_kind_at_its_current_version() -> None:
    rules = table_rules()["orleans"]
    seen: dict[str, set[int]] = {}
    for path in sorted((CORPUS / "v5").glob("orleans-*.json")):
        for e in load(path)["entries"]:
            name = e["payload"]["kind"] if e["kind"] == CORRECT else e["kind"]
            if name != UNDO:
                seen.setdefault(name, set()).add(e["version"])
    assert seen == {name: {entry.version} for name, entry in rules.entries.items()}


@pytest.fixture
def generator(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The corpus generator, imported as the script runs (its folder first on the path)."""
    monkeypatch.syspath_prepend(str(CORPUS))
    before = set(sys.modules)
    try:
        yield importlib.import_module("generate")
    finally:
        for name in set(sys.modules) - before:
            if Path(getattr(sys.modules[name], "__file__", None) or "/").parent == CORPUS:
                del sys.modules[name]


def test_the_generator_plays_every_module_beside_it_by_the_registry_s_games(generator: ModuleType) -> None:
    modules = generator.plays()
    assert sorted(m.__name__ for m in modules) == sorted(p.stem for p in CORPUS.glob("plays_*.py"))
    games = [m.GAME for m in modules]
    assert games == sorted(games, key=list(SPECS).index)
    assert set(games) == set(table_rules())  # every game with a table has its corpus tables scripted


def test_the_generator_refuses_a_module_that_names_no_game(
    generator: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "plays_nothing.py").write_text('GAME = "no-such-game"\nPLAYS = ()\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(generator, "HERE", tmp_path)
    try:
        with pytest.raises(SystemExit, match="plays_nothing.*no-such-game"):
            generator.plays()
    finally:
        sys.modules.pop("plays_nothing", None)
