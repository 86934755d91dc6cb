"""The table while one round resolves: reputations, hands, discard piles and the cards still in play, with the
reputation changes and the other events of the round as they happen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.games.loaf.engine.effects import MAX_REPUTATION, MIN_REPUTATION


@dataclass(frozen=True)
class Change:
    """A reputation change in a round, with the human reason and the rules section behind it."""

    player: str
    delta: int
    reason: str
    rule: str


@dataclass(frozen=True)
class Event:
    """Something an effect did that is not a reputation change (cards moved, a card counting two...)."""

    player: str | None
    text: str
    rule: str


@dataclass
class Board:
    """The mutable table while one round resolves: reputations, hands, discard piles, cards still in play."""

    reputation: dict[str, int]
    hands: dict[str, set[int]]
    discards: dict[str, set[int]]
    table: dict[str, int]
    changes: list[Change] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def move(self, player: str, delta: int) -> int:
        """Move a reputation by `delta`, stopping at the track's ends; returns the change actually made."""
        before = self.reputation[player]
        after = min(MAX_REPUTATION, max(MIN_REPUTATION, before + delta))
        self.reputation[player] = after
        return after - before

    def discard(self, player: str, cards: Sequence[int]) -> None:
        """Move cards from a hand to its discard pile."""
        self.hands[player].difference_update(cards)
        self.discards[player].update(cards)
