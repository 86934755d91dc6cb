"""The entry an undo or a correction acts on, read from its row: only those two kinds name one, and a damaged row
names none."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from companion.storage.log import CORRECT, UNDO, target_of
from companion.storage.rows import EntryRow

AT = datetime(2026, 3, 1, tzinfo=UTC)
LINE = {"player": "Ann", "round": 1, "line": {"color": "blue", "districts": 3, "max_stations_in_district": 2}}


def row(kind: str, payload: Any) -> EntryRow:
    return EntryRow(5, "e5", kind, payload, "Ann", AT)


def test_a_correction_names_the_entry_it_corrects():
    assert target_of(row(CORRECT, {"target": 3, "kind": "line", "payload": LINE})) == 3


def test_an_undo_names_the_entry_it_takes_back():
    assert target_of(row(UNDO, {"target": 2})) == 2


def test_a_game_entry_names_none_even_with_a_target_in_its_payload():
    assert target_of(row("line", LINE)) is None
    assert target_of(row("hand", {"player": "Ann", "target": 1})) is None


@pytest.mark.parametrize("payload", [{}, {"target": "2"}, {"target": None}, ["target", 2]])
def test_a_damaged_undo_or_correction_names_none(payload):
    assert target_of(row(UNDO, payload)) is None
    assert target_of(row(CORRECT, payload)) is None
