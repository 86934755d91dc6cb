"""L'oaf's work cards are played face down and turned over together: a card part stays sealed until every player
who holds cards has one in for the round. A card changed or taken back before then never came face up, so it stays
sealed for good. A round entered whole (every card at once) has nothing to seal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..log import Standing
from .loaf_pending import holders, part_of
from .sealing import Seal, SealedPart, SealedStep


def seal(table: Any, log: Sequence[Standing]) -> Seal:
    """The card parts the table keeps face down (`table` is the LoafTable replayed from the whole log)."""
    cards = [entry for entry in log if entry.kind == "card" and isinstance(entry.payload, Mapping)]
    latest = {part_of("card", entry.payload): entry.seq for entry in cards if entry.active}
    number = table.pending.number
    held = [] if table.finished else holders(table.game)
    done = tuple(name for name in held if name in table.pending.plays)
    waiting = tuple(name for name in held if name not in table.pending.plays)
    face_down = bool(done and waiting)
    parts = {}
    for entry in cards:
        part = part_of("card", entry.payload)
        player, played_in = str(entry.payload.get("player")), entry.payload.get("round")
        card = f"{player}'s card for round {played_in}"
        if not entry.active:
            parts[entry.seq] = SealedPart(player, part, f"{card}, taken back", open=False)
        elif latest.get(part) != entry.seq:
            parts[entry.seq] = SealedPart(player, part, f"{card}, changed before the reveal", open=False)
        elif face_down and played_in == number:
            parts[entry.seq] = SealedPart(player, part, f"{card} is in, face down")
    step = SealedStep(f"round:{number}:cards", f"Round {number}'s cards", done, waiting) if face_down else None
    return Seal(parts, step, frozenset({"card"}))
