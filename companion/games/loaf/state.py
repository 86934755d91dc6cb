"""A L'oaf table's state after its replay: the game now and before each round, the rounds as the page shows them,
the round being entered in parts, and what the page asks of them (hands, choices, marks on the reputation track,
the review cards used, the scores so far)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeVar

from pydantic import ValidationError

from companion.games import PlayerScore, Result, RuleError, Text, msg
from companion.games.loaf import engine as loaf
from companion.games.loaf.engine.cards import RoundCard, short
from companion.games.loaf.engine.effects import MAX_REPUTATION, MIN_REPUTATION, Effect
from companion.games.loaf.engine.scoring import score_game
from companion.games.loaf.form import RoundForm
from companion.games.loaf.kept import KeptCard, kept_cards
from companion.games.loaf.labels import SIDE_KINDS, TARGET_LABELS
from companion.games.loaf.pending import Missing, Pending, holders, missing, outcome, requests
from companion.games.loaf.picks import PickGroup, Repeat, deck, groups, repeats, used
from companion.games.loaf.round_entry import ADVANCED_TARGETS, BASIC_TARGETS, RoundEntryIn
from companion.games.loaf.rounds import engine_round
from companion.gamespec import StoredCard

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# A page's view of the table (a dataclass of the web layer, with its `message`).
View = TypeVar("View", bound="DataclassInstance")


@dataclass(frozen=True)
class Played:
    """A recorded round as the page shows it: its entry, the cards played, the engine's result, and the sides of
    its review card as entered (a round entered in parts may give only the side that applied)."""

    seq: int
    plays: Mapping[str, int]
    average: int
    result: loaf.RoundResult
    review: Mapping[str, Effect] = field(default_factory=dict)


@dataclass(frozen=True)
class LoafTable:
    """The replayed table: players, whether advanced cards are in, the game, and the game before each round."""

    players: tuple[str, ...]
    advanced: bool
    game: loaf.Game
    before: tuple[loaf.Game, ...] = ()
    played: tuple[Played, ...] = ()
    pending: Pending = Pending(1)
    # Cards each player discarded face down that this reader may not know (loaf_face_down.py): they are still among
    # the player's cards shown, one of which is gone.
    face_down: Mapping[str, int] = field(default_factory=dict)

    target_labels = TARGET_LABELS
    side_kinds = SIDE_KINDS
    track = tuple(range(MIN_REPUTATION, MAX_REPUTATION + 1))
    short = staticmethod(short)

    @property
    def finished(self) -> bool:
        return self.game.ended

    @property
    def next_round(self) -> int:
        return len(self.game.rounds) + 1

    @property
    def targets(self) -> tuple[str, ...]:
        return BASIC_TARGETS + (ADVANCED_TARGETS if self.advanced else ())

    def missing(self, face_down: Sequence[str] = ()) -> list[Missing]:
        """The parts the round being entered still waits for, but the cards of `face_down` (in, sealed from this
        reader)."""
        if self.finished:
            return []
        return [m for m in missing(self.game, self.pending, self.advanced) if m.key not in _cards_of(face_down)]

    def outcome(self) -> str | None:
        """The outcome of the round being entered, once its order and cards tell it."""
        return outcome(self.game, self.pending)

    def part_requests(self) -> tuple[loaf.ChoiceRequest, ...]:
        """The choices the round being entered asks for, once its review card's side is in."""
        return requests(self.game, self.pending, self.advanced)

    @staticmethod
    def moved(played: Played) -> list[tuple[str, int]]:
        """Each player whose reputation the round moved, with the whole move, in the order they moved."""
        totals: dict[str, int] = {}
        for change in played.result.changes:
            totals[change.player] = totals.get(change.player, 0) + change.delta
        return [(name, delta) for name, delta in totals.items() if delta]

    @property
    def deck_cards(self) -> tuple[RoundCard, ...]:
        """The real round cards this table plays with."""
        return deck(self.advanced)

    def review_picks(self) -> list[PickGroup]:
        """The real round cards to pick this round's review card from, grouped and marked when used already."""
        last = self.played[-1].average if self.played else None
        return groups([p.review for p in self.played], self.advanced, last)

    def used_cards(self) -> dict[str, int]:
        """The real cards that were review cards this game, by key: the round each first came up in."""
        return used([p.review for p in self.played], self.advanced)

    def repeats(self) -> dict[int, Repeat]:
        """The rounds whose review card had come up in an earlier round (a card comes up once a game)."""
        return repeats([p.review for p in self.played], self.advanced)

    def kept(self, rows: Sequence[StoredCard]) -> list[KeptCard]:
        """The group's review cards this table may use (a basic table only the basic ones)."""
        return [card for card in kept_cards(rows) if self.advanced or card.basic]

    def index_of(self, seq: int) -> int:
        """The round index (0-based) of a log entry; an entry the replay stopped at is the next round."""
        return next((i for i, p in enumerate(self.played) if p.seq == seq), len(self.played))

    def game_at(self, index: int | None = None) -> loaf.Game:
        """The game before round `index` (0-based), or now."""
        return self.game if index is None or index >= len(self.before) else self.before[index]

    def hand(self, player: str, index: int | None = None) -> tuple[int, ...]:
        return self.game_at(index).player(player).hand

    def held(self, player: str) -> tuple[int, ...]:
        """What `player` holds now: their hand less the card they played this round, once this reader may see it
        (everyone's once the round's cards are revealed; a phone its own before)."""
        played = self.pending.plays.get(player)
        return tuple(card for card in self.game.player(player).hand if card != played)

    def requests(self, values: Mapping[str, object], index: int | None = None) -> list[loaf.ChoiceRequest]:
        """The choices the round in `values` asks for (empty when the round is not complete enough to tell)."""
        try:
            entry = RoundEntryIn.model_validate(RoundForm.model_validate(dict(values)).to_payload())
            return list(loaf.choice_requests(self.game_at(index), engine_round(entry, self.advanced)))
        except (ValidationError, RuleError, ValueError):
            return []

    def round_errors(self, errors: Mapping[str, str], values: Mapping[str, object]) -> dict[str, object]:
        """A refused round form's problems, with the card of every player who holds cards and picked none: the
        form alone cannot tell who still plays, so one refusal names every card missing too."""
        if not errors:
            return {}
        unplayed = [name for name in holders(self.game) if not values.get(f"card-{name}")]
        said = {
            f"card-{name}": msg(
                "Round %(round)s: %(name)s played no card; every player with cards in hand plays one",
                round=self.next_round,
                name=name,
            )
            for name in unplayed
        }
        return said | worded(errors)

    @staticmethod
    def worded(errors: Mapping[str, object]) -> dict[str, object]:
        """Problems as the page says them (`worded`)."""
        return worded(errors)

    @staticmethod
    def chose(values: Mapping[str, object], player: str) -> bool:
        """True when the form already holds a choice of `player` (so an error about it is worth showing)."""
        return bool(values.get(f"choice-{player}")) or any(k.startswith(f"pick-{player}-") for k in values)

    def needs_choices(self, errors: Mapping[str, str]) -> bool:
        """True when the only thing keeping a round from being recorded is a choice still to make."""
        return bool(errors) and all(k.startswith("choice-") for k in errors)

    @staticmethod
    def quiet(view: View) -> View:
        """The page's view without its message: while a round only waits for a choice, the page says so itself."""
        return replace(view, message=None)

    def marks(self) -> dict[str, str]:
        """A short, distinct mark per player for the reputation track: an initial, or more letters on a clash."""
        for size in (1, 2, 3):
            marks = {name: name[:size].upper() if size == 1 else name[:size].capitalize() for name in self.players}
            if len(set(marks.values())) == len(marks):
                return marks
        return {name: f"{name[:1].upper()}{i + 1}" for i, name in enumerate(self.players)}

    def at(self, value: int) -> list[str]:
        """The players whose reputation is `value`, in seating order."""
        return [p.name for p in self.game.players if p.reputation == value]

    def by_reputation(self) -> list[loaf.PlayerState]:
        """Players from the highest reputation down (seating order on a tie)."""
        return sorted(self.game.players, key=lambda p: -p.reputation)

    def standings(self) -> list[PlayerScore]:
        """The final (or provisional) scores, best first, fired players last."""
        res = result(self)
        return sorted(res.players, key=lambda p: (bool(p.extra.get("fired")), -p.score))


def worded(errors: Mapping[str, object]) -> dict[str, object]:
    """Problems by field, each one a sentence the page can say in the reader's language: a problem that came back
    through a form's validation is its English only, so it is looked up again as a message of its own."""
    return {
        key: said if isinstance(said, Text) or not isinstance(said, str) else Text(said) for key, said in errors.items()
    }


def _cards_of(players: Sequence[str]) -> set[str]:
    return {f"card-{name}" for name in players}


def result(table: LoafTable) -> Result:
    """The final result once over; until then, what everyone would score if the Happy Boss ended it now."""
    game = table.game
    if game.result:
        return game.result
    cards = sorted(((c.round, c.effect) for c in game.happy_row + game.angry_row), key=lambda c: c[0])
    now = score_game(
        {p.name: p.hand for p in game.players},
        {p.name: p.reputation for p in game.players},
        frozenset(),
        cards,
    )
    if not table.face_down:
        return now
    names = ", ".join(table.face_down)
    note = msg("%(names)s: a card discarded face down is not known here, so it still counts in their hand", names=names)
    return replace(now, notes=(*now.notes, note))
