"""A L'oaf table: a round is one entry (order, each player's card, the review card, the choices its effect needs),
or its parts entered one by one, each phone its own (loaf_pending.py).

A round entry is one element of POST /api/v1/loaf/game's `rounds` (schemas/loaf_round.py); the replay plays each
round on the engine (loaf_rounds.py) and keeps the game before each round, for the page and its corrections.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeVar

from pydantic import ValidationError

from companion.games import Payload, PayloadView, PlayerScore, Result, RuleError, Text, msg
from companion.games.loaf import engine as loaf
from companion.games.loaf.engine.cards import RoundCard, short
from companion.games.loaf.engine.effects import MAX_REPUTATION, MIN_REPUTATION, Effect
from companion.games.loaf.engine.json_shapes import effect_from_json
from companion.games.loaf.engine.scoring import score_game
from companion.games.loaf.form import LoafOptions, RoundForm
from companion.games.loaf.kept import KeptCard, kept_cards
from companion.games.loaf.part_forms import CardForm, ChoiceForm, OrderForm, ReviewForm
from companion.games.loaf.part_log import describe_part
from companion.games.loaf.parts import CardPart, ChoicePart, OrderPart, ReviewPart
from companion.games.loaf.pending import (
    PARTS,
    Missing,
    Pending,
    add,
    completed,
    holders,
    missing,
    outcome,
    part_of,
    requests,
)
from companion.games.loaf.picks import PickGroup, Repeat, deck, groups, repeats, used
from companion.games.loaf.round_entry import ADVANCED_TARGETS, BASIC_TARGETS, SIDES, RoundEntryIn, round_v1_to_v2
from companion.games.loaf.rounds import engine_round, located, play
from companion.gamespec import StoredCard
from companion.history.reading import PlayReading
from companion.schemas import EntryForm
from companion.storage.entries import EntryKind
from companion.storage.log import Standing
from companion.tables import Step, TableKind
from companion.tables.charts import Chart, Series, rounds_of

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# A page's view of the table (a dataclass of the web layer, with its `message`).
View = TypeVar("View", bound="DataclassInstance")

ENTRIES = {
    "round": EntryKind(
        "round",
        RoundEntryIn,
        "One round: the order, each player's card, the review card and the choices its effect asks for.",
        version=2,
        upgrades={1: round_v1_to_v2},
        label=msg("round"),
    ),
    "order": EntryKind("order", OrderPart, "A round's order card, as a part of the round.", label=msg("order")),
    "card": EntryKind(
        "card", CardPart, "The card one player played in a round, as a part of the round.", label=msg("card")
    ),
    "review": EntryKind(
        "review", ReviewPart, "A round's review card (one side is enough), as a part of the round.", label=msg("review")
    ),
    "choice": EntryKind(
        "choice", ChoicePart, "What one player chose for the round's effect, as a part of it.", label=msg("choice")
    ),
}
FORMS: dict[str, type[EntryForm]] = {
    "round": RoundForm,
    "order": OrderForm,
    "card": CardForm,
    "review": ReviewForm,
    "choice": ChoiceForm,
}

SIDE_KINDS = {
    "basic": (("up", msg("Reputation up (+X)")), ("down", msg("Reputation down (−X)"))),
    "advanced": (
        ("discard", msg("Discard X cards")),
        ("retrieve_lowest", msg("Take back the lowest discarded card")),
        ("take_back_lower", msg("Take back, discard one at most X lower")),
        ("take_back_higher", msg("Take back, discard one at least X higher")),
        ("bonus_points", msg("X bonus points at the end")),
        ("minus_points", msg("X minus points at the end")),
        ("double_bonus", msg("x2 bonus (no target)")),
        ("double_minus", msg("x2 minus (no target)")),
        ("double_success", msg("Double success (no target)")),
        ("double_failure", msg("Double failure (no target)")),
        ("empty_double", msg("Empty: counts as two (no target)")),
        ("empty", msg("Empty: counts as one (no target)")),
    ),
}
TARGET_LABELS = {
    "highest": msg("Highest (crown)"),
    "lowest": msg("Lowest (broken crown)"),
    "good": msg("Good: 0 or more (+1 icon)"),
    "bad": msg("Bad: below 0 (−1 icon)"),
    "zero": msg("Exactly 0 (0 icon)"),
    "all": msg("Every player"),
}


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


def _options(setup: PayloadView) -> LoafOptions:
    return LoafOptions.model_validate(setup.get("options") or {})


def replay(setup: Payload, entries: Sequence[Standing]) -> LoafTable:
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
    if whole is None:
        return replace(table, pending=pending)
    return _played(table, entry.seq, whole, tuple(pending.review))


def _played(table: LoafTable, seq: int, rnd: RoundEntryIn, sides: Sequence[str] = SIDES) -> LoafTable:
    """The table after a whole round (its review card entered with `sides`); the parts entered for it are done
    with."""
    try:
        after = play(table.game, rnd, table.advanced)
    except RuleError as error:
        raise located(error, seq) from error
    review = {side: effect_from_json(getattr(rnd.review, side).model_dump(), side) for side in sides}
    played = Played(seq, dict(rnd.plays), rnd.order.average, after.rounds[-1], review)
    before, done = (*table.before, table.game), (*table.played, played)
    return replace(table, game=after, before=before, played=done, pending=Pending(len(after.rounds) + 1))


def describe(kind: str, payload: Payload) -> str:
    """A round in a line: its order, who played what, the review card and the picks (or one part of it)."""
    if kind in PARTS:
        return describe_part(kind, payload)
    rnd = RoundEntryIn.model_validate(payload)
    plays = ", ".join(f"{name} {card}" for name, card in rnd.plays.items())
    if rnd.order.total is not None:
        text = msg(
            "Round: order %(average)s per player (total %(total)s)", average=rnd.order.average, total=rnd.order.total
        )
    else:
        text = msg("Round: order %(average)s per player", average=rnd.order.average)
    if plays:
        text = Text("%(text)s; %(plays)s", None, None, {"text": text, "plays": plays})
    try:
        review = engine_round(rnd, advanced=True).review
        text = msg(
            "%(text)s; review: success %(success)s, failure %(failure)s",
            text=text,
            success=review.success.describe(),
            failure=review.failure.describe(),
        )
    except RuleError:
        pass
    for name, choice in rnd.choices.items():
        cards = choice.discard if choice.discard is not None else [] if choice.take_back is None else [choice.take_back]
        if cards:
            text = msg("%(text)s; %(name)s picks %(cards)s", text=text, name=name, cards=", ".join(map(str, cards)))
    return text


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


def round_step(number: int) -> Step:
    return Step(f"round:{number}", msg("Round %(round)s", round=number))


def next_round(table: LoafTable, kind: str, payload: PayloadView) -> Step | None:
    """A whole round entered at once records the round being played."""
    return round_step(table.next_round) if kind == "round" else None


def rounds_played(table: LoafTable, entries: Sequence[Standing]) -> list[tuple[Step, int]]:
    """Each round played, with the entry that completed it."""
    return [(round_step(number), played.seq) for number, played in enumerate(table.played, 1)]


def not_scored(player: PlayerScore) -> str:
    """A player the Angry Boss fired is not scored."""
    return msg("fired by the Angry Boss") if player.extra.get("fired") else ""


def chart(table: LoafTable) -> tuple[Chart, ...]:
    """Each player's reputation after each round played."""
    after = [table.game_at(i + 1) for i in range(len(table.game.rounds))]
    series = tuple(Series(p, tuple(g.player(p).reputation for g in after)) for p in table.players)
    return (Chart(msg("Reputation after each round"), rounds_of(len(after)), series),)


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
    chart=chart,
)
