"""A finished table's log as it may leave the app (a backup): what came face up, and nothing that did not.

A part changed or taken back before its reveal was never seen by the other players, and a value a face-down part
held before its owner corrected it neither: those rows are left out, and a face-down part's corrections are folded
into it, so it carries only the value that was turned over. The rows left are numbered again from 1, every undo and
correction still naming its entry, and the log replays to the same game as the whole one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from companion.storage.log import CORRECT, UNDO, standing, target_of
from companion.storage.rows import EntryRow

from . import TableRules
from .replay import replay


def face_up(rules: TableRules, setup: dict[str, Any], rows: Sequence[EntryRow]) -> list[EntryRow]:
    seal = replay(rules, setup, rows).seal
    if not seal.kinds:
        return list(rows)
    by_seq = {row.seq: row for row in rows}
    # On a finished table, every sealed part is one that never came face up; a part that counts (a card discarded
    # face down on a table still being played) stays, since the game goes on from it.
    secret = frozenset(seq for seq, part in seal.parts.items() if not part.counts)
    folded = {
        entry.seq: entry
        for entry in standing(rows)
        if entry.kind in seal.kinds and entry.corrected_by is not None and entry.seq not in secret
    }
    kept = [row for row in rows if not _left_out(row, by_seq, secret, seal.kinds)]
    renumbered = {row.seq: n for n, row in enumerate(kept, start=1)}
    return [_renumbered(row, renumbered, folded) for row in kept]


def _left_out(row: EntryRow, by_seq: dict[int, EntryRow], secret: frozenset[int], sealed: frozenset[str]) -> bool:
    if row.kind not in (UNDO, CORRECT):
        return row.seq in secret
    target = by_seq.get(target_of(row) or 0)
    if target is None or target.seq in secret:
        return True
    return row.kind == CORRECT and target.kind in sealed


def _renumbered(row: EntryRow, renumbered: dict[int, int], folded: dict[int, Any]) -> EntryRow:
    if row.seq in folded:
        row = replace(row, payload=folded[row.seq].payload, version=folded[row.seq].version)
    target = target_of(row)
    if target is not None:
        row = replace(row, payload={**row.payload, "target": renumbered[target]})
    return replace(row, seq=renumbered[row.seq])
