"""Sealed parts: what the rules keep secret until everyone has chosen (cards played face down
and turned over together).

A game says which entries of its log are sealed (`TableRules.seal`); sealing is a view of the log, never a change to
it. Until the last part of its step is in, a sealed entry is shown to the phone that wrote it and to nobody else:
every other reader gets the table replayed without it, so neither its value nor anything worked out from it (a
hand, a total, a round's outcome) reaches them. A part that never came face up (changed or taken back before the
reveal) stays sealed for good.

A part can also be kept secret after its step is played (a card discarded face down by an
effect): it counts
for every reader, since the game goes on from it, but only the phone that wrote it sees its value. Such a part
`counts`; the game's `Seal.view` shows every other reader the replayed state without that value."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.storage.log import Standing

from ..games import Problem, msg


@dataclass(frozen=True)
class SealedPart:
    """One sealed entry: whose part it is, the part key it fills, and how the log tells it without its value."""

    player: str
    part: str | None
    sentence: str
    open: bool = True  # its step is still being chosen (False: a part that never came face up)
    counts: bool = False  # replayed for every reader, its value hidden by the game's `Seal.view`


@dataclass(frozen=True)
class SealedStep:
    """The step whose parts are face down now: who is in, and who is still to choose."""

    key: str
    label: str
    done: tuple[str, ...]
    waiting: tuple[str, ...]

    @property
    def told(self) -> str:
        """ "3 of 4 cards in: Ann, Ben, Cy" (the game's word for a part comes with its label)."""
        count = len(self.done) + len(self.waiting)
        return f"{len(self.done)} of {count} in: {', '.join(self.done)}"

    def as_json(self) -> dict[str, Any]:
        return {"step": self.key, "label": self.label, "in": list(self.done), "waiting": list(self.waiting)}


@dataclass(frozen=True)
class Seal:
    """What a table's log keeps sealed: every sealed entry by seq, and the step being chosen face down, if any."""

    parts: Mapping[int, SealedPart] = field(default_factory=dict)
    step: SealedStep | None = None
    kinds: frozenset[str] = frozenset()  # the entry kinds the game plays face down
    # The replayed state as a reader sees it without the values of these counting parts (seqs).
    view: Callable[[Any, frozenset[int]], Any] | None = field(default=None, compare=False)


NO_SEAL = Seal()


def no_seal(state: Any, log: Sequence[Standing]) -> Seal:
    """A game that keeps nothing secret."""
    return NO_SEAL


def hidden_from(seal: Seal, log: Sequence[Standing], phone: int | None) -> frozenset[int]:
    """The sealed entries `phone` may not see: all of them but the ones it wrote while their step is open (a
    reader with no phone, such as the watch link, the API or a PDF, sees none)."""
    if not seal.parts:
        return frozenset()
    writers = {entry.seq: entry.phone_id for entry in log}
    return frozenset(
        seq for seq, part in seal.parts.items() if phone is None or not part.open or writers.get(seq) != phone
    )


def mine(seal: Seal, log: Sequence[Standing], phone: int | None) -> dict[str, int]:
    """The open sealed parts `phone` wrote, by player: "your 7 is in"."""
    writers = {entry.seq: entry.phone_id for entry in log}
    return {
        part.player: seq
        for seq, part in seal.parts.items()
        if part.open and not part.counts and phone is not None and writers.get(seq) == phone
    }


def refusal(seal: Seal, log: Sequence[Standing], phone: int | None, part: str | None) -> Problem | None:
    """Why a new entry filling `part` may not be stored: the part is sealed and another phone wrote it (only that
    phone may change it until the reveal). None when it may."""
    if part is None:
        return None
    writers = {entry.seq: entry.phone_id for entry in log}
    for seq, sealed in seal.parts.items():
        if sealed.open and sealed.part == part and (phone is None or writers.get(seq) != phone):
            said = msg("%(part)s: only the phone that entered it can change it before the reveal", part=sealed.sentence)
            return Problem("form", said)
    return None


def untouchable(seal: Seal, log: Sequence[Standing], phone: int | None, target: int) -> Problem | None:
    """Why entry `target` may not be undone or corrected by `phone`: it is sealed and not this phone's."""
    if target not in hidden_from(seal, log, phone):
        return None
    sealed = seal.parts[target]
    said = msg("%(part)s: only the phone that entered it can take it back before the reveal", part=sealed.sentence)
    return Problem("target", said)
