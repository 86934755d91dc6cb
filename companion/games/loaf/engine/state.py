"""L'oaf's game as the engine keeps it: a round as entered (order, plays, review card, choices), each player between
rounds, the review cards under the bosses, what each round did, and the game so far."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from companion.games import Result
from companion.games.loaf.engine.board import Change, Event
from companion.games.loaf.engine.choices import Choice
from companion.games.loaf.engine.effects import HIGHEST_CARD, Effect, Outcome

MIN_PLAYERS, MAX_PLAYERS = 2, 6
END_AT = 5
CARDS: tuple[int, ...] = tuple(range(HIGHEST_CARD + 1))
Boss = Literal["happy", "angry"]


@dataclass(frozen=True)
class Order:
    """The order card: work per player (`average`), the printed `total` when it is not average × players."""

    average: int
    total: int | None = None

    def target(self, players: int) -> int:
        """The total the played cards must reach."""
        return self.average * players if self.total is None else self.total


@dataclass(frozen=True)
class Review:
    """The review card: its success effect and its failure effect."""

    success: Effect
    failure: Effect

    def side(self, outcome: Outcome) -> Effect:
        """The effect that applies for this outcome."""
        return self.success if outcome == "success" else self.failure


@dataclass(frozen=True)
class Round:
    """One round as entered: the order, each player's card, the review card, and the players' choices."""

    order: Order
    plays: Mapping[str, int]
    review: Review
    choices: Mapping[str, Choice] = field(default_factory=dict)


@dataclass(frozen=True)
class BossCard:
    """A review card lying under a boss: the round it came from and its visible effect."""

    round: int
    effect: Effect

    @property
    def weight(self) -> int:
        """How many cards it counts for toward the end."""
        return self.effect.weight


@dataclass(frozen=True)
class PlayerState:
    """A player between rounds: reputation, hand and discard pile (both ascending), and fired at the end."""

    name: str
    reputation: int = 0
    hand: tuple[int, ...] = CARDS
    discards: tuple[int, ...] = ()
    fired: bool = False


@dataclass(frozen=True)
class RoundResult:
    """What one round did: total against target, outcome, the effect that applied, and every change."""

    number: int
    total: int
    target: int
    outcome: Outcome
    effect: Effect
    changes: tuple[Change, ...]
    events: tuple[Event, ...]

    @property
    def boss(self) -> Boss:
        """The boss the review card went under."""
        return "happy" if self.outcome == "success" else "angry"


@dataclass(frozen=True)
class Game:
    """The game after the rounds played so far; `result` is set once it has ended."""

    players: tuple[PlayerState, ...]
    rounds: tuple[RoundResult, ...] = ()
    happy_row: tuple[BossCard, ...] = ()
    angry_row: tuple[BossCard, ...] = ()
    result: Result | None = None

    @property
    def happy(self) -> int:
        """The Happy Boss's count toward the end (a double counts two)."""
        return sum(card.weight for card in self.happy_row)

    @property
    def angry(self) -> int:
        """The Angry Boss's count toward the end (a double counts two)."""
        return sum(card.weight for card in self.angry_row)

    @property
    def ended_by(self) -> Boss | None:
        """The boss whose row reached 5, if any."""
        if self.happy >= END_AT:
            return "happy"
        return "angry" if self.angry >= END_AT else None

    @property
    def ended(self) -> bool:
        """True once a boss has 5 cards (doubles counted)."""
        return self.ended_by is not None

    @property
    def winners(self) -> tuple[str, ...]:
        """The winners once ended (none while playing, or when everyone was fired)."""
        return self.result.winners if self.result else ()

    def player(self, name: str) -> PlayerState:
        """The state of the named player."""
        return next(p for p in self.players if p.name == name)
