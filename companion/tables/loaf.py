"""A L'oaf table: one entry per round (order, each player's card, the review card, the choices its effect needs).

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
from ..games.loaf_effects import MAX_REPUTATION, MIN_REPUTATION, Effect, score_game
from ..log import Standing
from ..reading import PlayReading
from ..schemas.loaf_form import LoafOptions, RoundForm
from ..schemas.loaf_round import ADVANCED_TARGETS, BASIC_TARGETS, QUICK_CARDS, RoundEntryIn, round_v1_to_v2
from . import TableKind
from .loaf_rounds import engine_round, located, play

ENTRIES = {
    "round": EntryKind(
        "round",
        RoundEntryIn,
        "One round: the order, each player's card, the review card and the choices its effect asks for.",
        version=2,
        upgrades={1: round_v1_to_v2},
    ),
}

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


def _options(setup: Mapping[str, Any]) -> LoafOptions:
    return LoafOptions.model_validate(setup.get("options") or {})


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> LoafTable:
    """The table after its round entries (canonical rounds), each played on the game so far."""
    players = tuple(setup["players"])
    table = LoafTable(players, _options(setup).advanced, loaf.new_game(players))
    for entry in entries:
        rnd = RoundEntryIn.model_validate(entry.payload)
        try:
            after = play(table.game, rnd, table.advanced)
        except RuleError as error:
            raise located(error, entry.seq) from error
        played = Played(entry.seq, dict(rnd.plays), rnd.order.average, after.rounds[-1])
        table = replace(table, game=after, before=(*table.before, table.game), played=(*table.played, played))
    return table


def describe(kind: str, payload: dict[str, Any]) -> str:
    """A round in a line: its order, who played what, the review card and the picks."""
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


def not_scored(player: PlayerScore) -> str:
    """A player the Angry Boss fired is not scored."""
    return "fired by the Angry Boss" if player.extra.get("fired") else ""


KIND = TableKind(
    "loaf",
    ENTRIES,
    {"round": RoundForm},
    replay,
    describe,
    result,
    "loaf/table.html",
    options=LoafOptions,
    options_template="loaf/setup_options.html",
    finished=lambda table: table.finished,
    reading=PlayReading(out=not_scored),
)
