"""A L'oaf table: one entry per round (order, each player's card, the review card, the choices its effect needs).

The replay turns each round's form into an engine round, asks the engine which choices the round needs, and plays
it. A problem in the round being entered is reported beside its field (`card-<name>`, `average`, `choice-<name>`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pydantic import ValidationError

from ..games import loaf
from ..games.base import Problem, Result, RuleError
from ..games.loaf_effects import MAX_REPUTATION, MIN_REPUTATION, Effect, score_game
from ..log import Standing
from ..schemas.loaf import ADVANCED_TARGETS, BASIC_TARGETS, QUICK_CARDS, LoafOptions, RoundForm
from . import TableKind, legacy_entries

PENDING = -1  # the seq of an entry being checked before it is stored

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
        """The round index (0-based) of a log entry."""
        return next(i for i, p in enumerate(self.played) if p.seq == seq)

    def game_at(self, index: int | None = None) -> loaf.Game:
        """The game before round `index` (0-based), or now."""
        return self.game if index is None else self.before[index]

    def hand(self, player: str, index: int | None = None) -> tuple[int, ...]:
        return self.game_at(index).player(player).hand

    def requests(self, values: Mapping[str, Any], index: int | None = None) -> list[loaf.ChoiceRequest]:
        """The choices the round in `values` asks for (empty when the round is not complete enough to tell)."""
        try:
            form = RoundForm.model_validate(dict(values))
            game = self.game_at(index)
            return list(loaf.choice_requests(game, form.to_round(self.advanced)))
        except (ValidationError, RuleError, ValueError):
            return []

    @staticmethod
    def chose(values: Mapping[str, Any], player: str) -> bool:
        """True when the form already holds a choice of `player` (so an error about it is worth showing)."""
        return bool(values.get(f"choice-{player}")) or any(k.startswith(f"pick-{player}-") for k in values)

    def needs_choices(self, errors: Mapping[str, str]) -> bool:
        """True when the only thing keeping a round from being recorded is a choice still to make."""
        return bool(errors) and all(k.startswith("choice-") for k in errors)

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

    def flat(self, payload: Mapping[str, Any]) -> dict[str, Any]:
        """A stored round as the form's own fields (`card-<name>`, `choice-<name>`), for the correction page."""
        out = {k: v for k, v in payload.items() if k not in ("plays", "choices")}
        out |= {f"card-{name}": card for name, card in (payload.get("plays") or {}).items()}
        return out | {f"choice-{name}": cards for name, cards in (payload.get("choices") or {}).items()}


def _options(setup: Mapping[str, Any]) -> LoafOptions:
    return LoafOptions.model_validate(setup.get("options") or {})


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> LoafTable:
    players = tuple(setup["players"])
    advanced = _options(setup).advanced
    table = LoafTable(players, advanced, loaf.new_game(players))
    for entry in entries:
        form = RoundForm.model_validate(entry.payload)
        try:
            table = _play(table, form, entry.seq)
        except RuleError as error:
            pending = entry.seq == PENDING
            raise RuleError([_locate(p, players, pending) for p in error.problems]) from error
    return table


def _play(table: LoafTable, form: RoundForm, seq: int) -> LoafTable:
    game = table.game
    rnd = form.to_round(table.advanced)
    rnd = replace(rnd, choices=form.choices_for(loaf.choice_requests(game, rnd)))
    after = loaf.play_round(game, rnd)
    played = Played(seq, dict(form.plays), form.average, after.rounds[-1])
    return replace(table, game=after, before=(*table.before, game), played=(*table.played, played))


def _locate(problem: Problem, players: Sequence[str], pending: bool) -> Problem:
    """Engine locations ("rounds[2].plays.Ann") become the form's field names for the round being entered."""
    if not pending:
        return Problem("form", problem.msg)
    loc = problem.loc
    rest = loc.split("]", 1)[1] if loc.startswith("rounds[") else loc
    for name in players:
        if rest == f".plays.{name}":
            return Problem(f"card-{name}", problem.msg)
        if rest.startswith(f".choices.{name}."):
            return Problem(f"choice-{name}", problem.msg)
    fields = {".order.average": "average", ".order.total": "total"}
    if rest in fields:
        return Problem(fields[rest], problem.msg)
    if rest.startswith(".review"):
        return Problem("review", problem.msg)
    return Problem("form" if loc.startswith("rounds[") else loc, problem.msg)


def describe(kind: str, payload: dict[str, Any]) -> str:
    form = RoundForm.model_validate(payload)
    plays = ", ".join(f"{name} {card}" for name, card in form.plays.items())
    text = f"Round: order {form.average} per player"
    if form.total is not None:
        text += f" (total {form.total})"
    text += f"; {plays}" if plays else ""
    try:
        success, failure = form.review_effects(advanced=True)
        text += f"; review: success {success.describe()}, failure {failure.describe()}"
    except RuleError:
        pass
    for name, cards in form.choices.items():
        text += f"; {name} picks {cards.replace(',', ', ')}"
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


KIND = TableKind(
    "loaf",
    legacy_entries({"round": RoundForm}),
    {"round": RoundForm},
    replay,
    describe,
    result,
    "loaf/table.html",
    options=LoafOptions,
    options_template="loaf/setup_options.html",
    finished=lambda table: table.finished,
)
