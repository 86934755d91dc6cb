"""One contract for every registered game, run over the real tables of the corpus: breakdowns sum to scores and
name existing rules sections, replay is deterministic, state and result round-trip through JSON, and every entry's
canonical payload validates against the OpenAPI document's schema for its kind."""

from __future__ import annotations

import json
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

from companion import rules
from companion.games import RuleError
from companion.jsonable import jsonable
from companion.schemas import result_json
from companion.specs import SPECS
from companion.storage.rows import EntryRow
from companion.tables.replay import Replayed, replay

CORPUS = Path(__file__).parent / "fixtures" / "corpus"
PLAYABLE = [slug for slug, spec in SPECS.items() if spec.table is not None]


def corpus_tables(slug: str) -> list[dict[str, Any]]:
    return [json.loads(path.read_text()) for path in sorted(CORPUS.glob(f"v*/{slug}-*.json"))]


def rows_of(table: dict[str, Any]) -> list[EntryRow]:
    return [
        EntryRow(
            e["seq"],
            e["entry_id"],
            e["kind"],
            e["payload"],
            e["author"],
            datetime.fromisoformat(e["at"]),
            e.get("version", 1),
        )
        for e in table["entries"]
    ]


def replayed(slug: str, table: dict[str, Any]) -> Replayed:
    return replay(SPECS[slug].table, table["setup"], rows_of(table))


def result_of(slug: str, state: Any) -> dict[str, Any] | None:
    try:
        return result_json(SPECS[slug].table.result(state))
    except RuleError:
        return None


@cache
def openapi() -> dict[str, Any]:
    import tempfile

    from tests.conftest import make_app

    with tempfile.TemporaryDirectory() as folder:
        return make_app(Path(folder)).test_client().get("/api/v1/openapi.json").get_json()


@pytest.mark.parametrize("slug", PLAYABLE)
def test_the_corpus_has_tables_of_the_game(slug):
    assert len(corpus_tables(slug)) >= 3


@pytest.mark.parametrize("slug", PLAYABLE)
def test_every_table_replays_without_a_broken_entry(slug):
    for table in corpus_tables(slug):
        assert replayed(slug, table).broken is None, table["title"]


@pytest.mark.parametrize("slug", PLAYABLE)
def test_breakdowns_sum_to_scores_and_name_rules_sections(slug):
    refs = set(rules.all_refs())
    for table in corpus_tables(slug):
        result = result_of(slug, replayed(slug, table).state)
        for player in (result or {}).get("players", []):
            assert player["score"] == sum(line["points"] for line in player["breakdown"]), table["title"]
            for line in player["breakdown"]:
                assert line["rule"] in refs, (table["title"], line)


@pytest.mark.parametrize("slug", PLAYABLE)
def test_replay_is_deterministic_and_state_and_result_round_trip_through_json(slug):
    for table in corpus_tables(slug):
        first, second = replayed(slug, table), replayed(slug, table)
        state = jsonable(first.state)
        assert state == jsonable(second.state), table["title"]
        assert json.loads(json.dumps(state)) == state
        result = result_of(slug, first.state)
        assert result == result_of(slug, second.state)
        assert json.loads(json.dumps(jsonable(result))) == jsonable(result)


@pytest.mark.parametrize("slug", PLAYABLE)
def test_canonical_payloads_validate_against_the_openapi_schemas(slug):
    document = openapi()
    game_rules = SPECS[slug].table
    for table in corpus_tables(slug):
        for entry in replayed(slug, table).log:
            entry_kind = game_rules.entries[entry.kind]
            name = f"{slug}.{entry.kind}.v{entry_kind.version}"
            schema = {"$ref": f"#/components/schemas/{name}", "components": document["components"]}
            jsonschema_rs.Draft202012Validator(schema).validate(entry.payload)
            assert entry_kind.canonical(entry.payload) == entry.payload, (table["title"], entry.seq)
