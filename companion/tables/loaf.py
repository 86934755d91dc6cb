"""A L'oaf table: a round is one entry (order, each player's card, the review card, the choices its effect needs),
or its parts entered one by one, each phone its own (loaf_pending.py).

A round entry is one element of POST /api/v1/loaf/game's `rounds` (schemas/loaf_round.py); the replay plays each
round on the engine (loaf_rounds.py) and keeps the game before each round, for the page and its corrections.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pydantic import ValidationError

from ..entries import EntryKind
from ..games import loaf
from ..games.base import PlayerScore, Result, RuleError
from ..games.loaf_effects import MAX_REPUTATION, MIN_REPUTATION, Effect
from ..games.loaf_scoring import score_game
from ..log import Standing
from ..reading import PlayReading
from ..schemas.loaf_form import LoafOptions, RoundForm
from ..schemas.loaf_part_forms import CardForm, ChoiceForm, OrderForm, ReviewForm
from ..schemas.loaf_parts import CardPart, ChoicePart, OrderPart, ReviewPart
from ..schemas.loaf_round import ADVANCED_TARGETS, BASIC_TARGETS, QUICK_CARDS, RoundEntryIn, round_v1_to_v2
from . import Step, TableKind
from .loaf_kept import KeptCard, kept_cards
from .loaf_part_log import describe_part
from .loaf_pending import PARTS, Missing, Pending, add, completed, holders, missing, outcome, part_of, requests
from .loaf_rounds import engine_round, located, play
from .loaf_seal import seal

ENTRIES = {
    "round": EntryKind(
        "round",
        RoundEntryIn,
        "One round: the order, each player's card, the review card and the choices its effect asks for.",
        version=2,
        upgrades={1: round_v1_to_v2},
    ),
    "order": EntryKind("order", OrderPart, "A round's order card, as a part of the round."),
    "card": EntryKind("card", CardPart, "The card one player played in a round, as a part of the round."),
    "review": EntryKind("review", ReviewPart, "A round's review card (one side is enough), as a part of the round."),
    "choice": EntryKind("choice", ChoicePart, "What one player chose for the round's effect, as a part of it."),
}
FORMS = {"round": RoundForm, "order": OrderForm, "card": CardForm, "review": ReviewForm, "choice": ChoiceForm}

SIDE_KINDS = {
    "basic": (("up", "Reputation up (+X)"), ("down", "Reputation down (−X)")),
    "advanced": (
        ("discard", "Discard X cards"),
        ("retrieve_lowest", "Take back the lowest discarded card"),
        ("take_back_lower", "Take back, discard one at most X lower"),
        ("take_back_higher", "Take back, discard one at least X higher"),
        ("bonus_points", "X bonus points at the end"),
        ("minus_points", "X minus points at the end"),
        ("double_bonus", "x2 bonus (no target)"),
        ("double_minus", "x2 minus (no target)"),
        ("double_success", "Double success (no target)"),
        ("double_failure", "Double failure (no target)"),
        ("empty_double", "Empty: counts as two (no target)"),
        ("empty", "Empty: counts as one (no target)"),
    ),
}
TARGET_LABELS = {
    "highest": "Highest (crown)",
    "lowest": "Lowest (broken crown)",
    "good": "Good: 0 or more (+1 icon)",
    "bad": "Bad: below 0 (−1 icon)",
    "zero": "Exactly 0 (0 icon)",
    "all": "Every player",
}
SHORT_TARGETS = {"highest": "Highest", "lowest": "Lowest", "good": "Good", "bad": "Bad"}


def quick_label(effect: Effect) -> str:
    """A quick-pick side in a few words: "Highest +1"."""
    return f"{SHORT_TARGETS.get(effect.target or '', effect.target)} {effect.amount:+d}".replace("-", "−")


QUICK_PICKS = tuple((key, quick_label(s), quick_label(f)) for key, (s, f) in QUICK_CARDS.items())


@dataclass(frozen=True)
class Played:
    """A recorded round as the page shows it: its entry, the cards played and the engine's result."""

    seq: int
    plays: Mapping[str, int]
    average: int
    result: loaf.RoundResult


@dataclass(frozen=True)
class LoafTable:
    """The replayed table: players, whether advanced cards are in, the game, and the game before each round."""

    players: tuple[str, ...]
    advanced: bool
    game: loaf.Game
    before: tuple[loaf.Game, ...] = ()
    played: tuple[Played, ...] = ()
    pending: Pending = Pending(1)

    quick_picks = QUICK_PICKS
    target_labels = TARGET_LABELS
    side_kinds = SIDE_KINDS
    track = tuple(range(MIN_REPUTATION, MAX_REPUTATION + 1))

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

    def kept(self, rows: Sequence[Any]) -> list[KeptCard]:
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

    def requests(self, values: Mapping[str, Any], index: int | None = None) -> list[loaf.ChoiceRequest]:
        """The choices the round in `values` asks for (empty when the round is not complete enough to tell)."""
        try:
            entry = RoundEntryIn.model_validate(RoundForm.model_validate(dict(values)).to_payload())
            return list(loaf.choice_requests(self.game_at(index), engine_round(entry, self.advanced)))
        except (ValidationError, RuleError, ValueError):
            return []

    def round_errors(self, errors: Mapping[str, str], values: Mapping[str, Any]) -> dict[str, str]:
        """A refused round form's problems, with the card of every player who holds cards and picked none: the
        form alone cannot tell who still plays, so one refusal names every card missing too."""
        if not errors:
            return {}
        unplayed = [name for name in holders(self.game) if not values.get(f"card-{name}")]
        said = {
            f"card-{name}": f"Round {self.next_round}: {name} played no card; every player with cards in hand plays one"
            for name in unplayed
        }
        return said | dict(errors)

    @staticmethod
    def chose(values: Mapping[str, Any], player: str) -> bool:
        """True when the form already holds a choice of `player` (so an error about it is worth showing)."""
        return bool(values.get(f"choice-{player}")) or any(k.startswith(f"pick-{player}-") for k in values)

    def needs_choices(self, errors: Mapping[str, str]) -> bool:
        """True when the only thing keeping a round from being recorded is a choice still to make."""
        return bool(errors) and all(k.startswith("choice-") for k in errors)

    @staticmethod
    def quiet(view: Any) -> Any:
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

    def standings(self) -> list[Any]:
        """The final (or provisional) scores, best first, fired players last."""
        res = result(self)
        return sorted(res.players, key=lambda p: (bool(p.extra.get("fired")), -p.score))


def _cards_of(players: Sequence[str]) -> set[str]:
    return {f"card-{name}" for name in players}


def _options(setup: Mapping[str, Any]) -> LoafOptions:
    return LoafOptions.model_validate(setup.get("options") or {})


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> LoafTable:
    """The table after its round entries (canonical rounds), each played on the game so far."""
    players = tuple(setup["players"])
    table = LoafTable(players, _options(setup).advanced, loaf.new_game(players))
    for entry in entries:
        if entry.kind in PARTS:
            table = _with_part(table, entry)
        else:
            table = _played(table, entry.seq, RoundEntryIn.model_validate(entry.payload))
    return table


def _with_part(table: LoafTable, entry: Standing) -> LoafTable:
    """The table with one more part of the round being entered, the round played once it is whole."""
    try:
        pending = add(table.game, table.pending, entry.kind, entry.payload, table.advanced)
        whole = completed(table.game, pending, table.advanced)
    except RuleError as error:
        raise located(error, entry.seq) from error
    return replace(table, pending=pending) if whole is None else _played(table, entry.seq, whole)


def _played(table: LoafTable, seq: int, rnd: RoundEntryIn) -> LoafTable:
    """The table after a whole round; the parts entered for it are done with."""
    try:
        after = play(table.game, rnd, table.advanced)
    except RuleError as error:
        raise located(error, seq) from error
    played = Played(seq, dict(rnd.plays), rnd.order.average, after.rounds[-1])
    before, done = (*table.before, table.game), (*table.played, played)
    return replace(table, game=after, before=before, played=done, pending=Pending(len(after.rounds) + 1))


def describe(kind: str, payload: dict[str, Any]) -> str:
    """A round in a line: its order, who played what, the review card and the picks (or one part of it)."""
    if kind in PARTS:
        return describe_part(kind, payload)
    rnd = RoundEntryIn.model_validate(payload)
    plays = ", ".join(f"{name} {card}" for name, card in rnd.plays.items())
    text = f"Round: order {rnd.order.average} per player"
    if rnd.order.total is not None:
        text += f" (total {rnd.order.total})"
    text += f"; {plays}" if plays else ""
    try:
        review = engine_round(rnd, advanced=True).review
        text += f"; review: success {review.success.describe()}, failure {review.failure.describe()}"
    except RuleError:
        pass
    for name, choice in rnd.choices.items():
        cards = choice.discard if choice.discard is not None else [] if choice.take_back is None else [choice.take_back]
        text += f"; {name} picks {', '.join(map(str, cards))}" if cards else ""
    return text


def result(table: LoafTable) -> Result:
    """The final result once over; until then, what everyone would score if the Happy Boss ended it now."""
    game = table.game
    if game.result:
        return game.result
    cards = sorted(((c.round, c.effect) for c in game.happy_row + game.angry_row), key=lambda c: c[0])
    return score_game(
        {p.name: p.hand for p in game.players},
        {p.name: p.reputation for p in game.players},
        frozenset(),
        cards,
    )


def round_step(number: int) -> Step:
    return Step(f"round:{number}", f"Round {number}")


def next_round(table: LoafTable, kind: str, payload: Mapping[str, Any]) -> Step | None:
    """A whole round entered at once records the round being played."""
    return round_step(table.next_round) if kind == "round" else None


def rounds_played(table: LoafTable, entries: Sequence[Standing]) -> list[tuple[Step, int]]:
    """Each round played, with the entry that completed it."""
    return [(round_step(number), played.seq) for number, played in enumerate(table.played, 1)]


def not_scored(player: PlayerScore) -> str:
    """A player the Angry Boss fired is not scored."""
    return "fired by the Angry Boss" if player.extra.get("fired") else ""


KIND = TableKind(
    "loaf",
    ENTRIES,
    FORMS,
    replay,
    describe,
    result,
    "loaf/table.html",
    options=LoafOptions,
    options_template="loaf/setup_options.html",
    finished=lambda table: table.finished,
    reading=PlayReading(out=not_scored),
    step=next_round,
    steps=rounds_played,
    part=part_of,
    seal=seal,
)
