"""A Koala table: who sits at which cave, the food in each cave, everyone's feast cards and, in the team game,
each player's team card. An entry sets one cave or one player, or the caves and players one phone changed on the
page's counts form, so two phones never overwrite each other's counts; the end scores come from the Koala engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from companion.games import Payload, PayloadView, Result, Text, msg
from companion.games.koala import engine as koala
from companion.games.koala.counts import CountsEntryIn, CountsForm
from companion.games.koala.moves import counts, feasts, food, seat, team
from companion.games.koala.schemas import (
    FeastsEntryIn,
    FeastsForm,
    FoodEntryIn,
    FoodForm,
    OptionsForm,
    SeatEntryIn,
    SeatForm,
    TeamEntryIn,
    TeamForm,
)
from companion.games.koala.state import CaveView, KoalaTable, new_table, ring_places, standing
from companion.history.reading import PlayReading, Unit
from companion.schemas import EntryForm
from companion.storage.entries import EntryKind, on_payload, read_as
from companion.storage.log import Standing
from companion.tables import TableRules
from companion.tables.parts import key, keyed

__all__ = ["RULES", "CaveView", "KoalaTable", "new_table", "ring_places", "seat"]

ENTRIES = {
    "seat": EntryKind("seat", SeatEntryIn, "Who sits at one cave and who stands behind it.", label=msg("seat")),
    "food": EntryKind("food", FoodEntryIn, "The food cards in one cave.", label=msg("food")),
    "feasts": EntryKind("feasts", FeastsEntryIn, "The feast cards one player holds.", label=msg("feasts")),
    "team": EntryKind("team", TeamEntryIn, "One player's team card in the team game.", label=msg("team")),
    "counts": EntryKind(
        "counts", CountsEntryIn, "Several caves' food and players' feast cards, saved together.", label=msg("counts")
    ),
}
FORMS: dict[str, type[EntryForm]] = {
    "seat": SeatForm,
    "food": FoodForm,
    "feasts": FeastsForm,
    "team": TeamForm,
    "counts": CountsForm,
}
APPLY: dict[str, Callable[[KoalaTable, Payload], KoalaTable]] = {
    "seat": on_payload(SeatEntryIn, seat),
    "food": on_payload(FoodEntryIn, food),
    "feasts": on_payload(FeastsEntryIn, feasts),
    "team": on_payload(TeamEntryIn, team),
    "counts": on_payload(CountsEntryIn, counts),
}


def replay(setup: Payload, entries: Sequence[Standing]) -> KoalaTable:
    """The table as its entries leave it, each applied in turn to the seats everyone starts in."""
    table = new_table(setup)
    for entry in entries:
        table = APPLY[entry.kind](table, entry.payload)
    return table


def _seat_text(entry: SeatEntryIn) -> Text:
    if not entry.white:
        return msg("Cave %(cave)s left empty", cave=entry.cave)
    if entry.black:
        return msg(
            "Cave %(cave)s: %(white)s seated, %(black)s behind", cave=entry.cave, white=entry.white, black=entry.black
        )
    return msg("Cave %(cave)s: %(white)s seated, nobody behind", cave=entry.cave, white=entry.white)


def _food_text(entry: FoodEntryIn) -> Text:
    pizza, hamburger, spaghetti = entry.counts()
    return msg(
        "Food in cave %(cave)s: %(pizza)s pizza, %(hamburger)s hamburger, %(spaghetti)s spaghetti",
        cave=entry.cave,
        pizza=pizza,
        hamburger=hamburger,
        spaghetti=spaghetti,
    )


def _feasts_text(entry: FeastsEntryIn) -> Text:
    return msg("%(name)s's feast cards: %(feasts)s", name=entry.player, feasts=entry.feasts)


def _team_text(entry: TeamEntryIn) -> Text:
    if entry.team == koala.NO_TEAM:
        return msg("%(name)s holds the ? card", name=entry.player)
    return msg("%(name)s's team: %(team)s", name=entry.player, team=entry.team)


def _counts_text(entry: CountsEntryIn) -> str:
    parts = [_food_text(food) for _, food in entry.food_entries()]
    parts += [_feasts_text(feasts) for _, feasts in entry.feasts_entries()]
    said: str = parts[0]
    for part in parts[1:]:
        said = msg("%(list)s; %(item)s", list=said, item=part)
    return said


TEXTS: dict[str, Callable[[Payload], str]] = {
    "seat": read_as(SeatEntryIn, _seat_text),
    "food": read_as(FoodEntryIn, _food_text),
    "feasts": read_as(FeastsEntryIn, _feasts_text),
    "team": read_as(TeamEntryIn, _team_text),
    "counts": read_as(CountsEntryIn, _counts_text),
}


def describe(kind: str, payload: Payload) -> str:
    """An entry in a sentence, for the table's log."""
    return TEXTS[kind](payload)


# A cave's food, a player's feast cards or team card: each set as a whole and checked again, against the box and
# the teams, when it lands late. A seat is whole: it moves whoever it displaces to other caves.
_share = keyed({"food": ("food", "cave"), "feasts": ("feasts", "player"), "team": ("team", "player")})


def part(kind: str, payload: PayloadView) -> str | None:
    """The cave or player an entry sets; a counts save is the food or feasts entry it stands for when it changed
    one cave or one player, and whole when it changed several (a part is one cave or one player)."""
    if kind != "counts" or not isinstance(payload, Mapping):
        return _share(kind, payload)
    food, feasts = payload.get("food", {}), payload.get("feasts", {})
    if not isinstance(food, Mapping) or not isinstance(feasts, Mapping) or len(food) + len(feasts) != 1:
        return None
    if food:
        return key("food", {"cave": next(iter(food))}, "cave")
    return key("feasts", {"player": next(iter(feasts))}, "player")


def result(table: KoalaTable) -> Result:
    """Scores of the table as entered so far: teams count once every player's team card is in."""
    ready = table.teams_ready
    return koala.score(table.engine_players(ready), table.engine_caves(), ready)


def scored_together(result: Result) -> tuple[Unit, ...]:
    """Koalations and lone koalas, or teams: each scores as one."""
    return tuple(Unit(_unit_label(u), tuple(u.names), u.points) for u in standing(koala.units_of(result)))


def _unit_label(unit: koala.Unit) -> str:
    names = " & ".join(unit.names)
    return msg("team %(team)s (%(names)s)", team=unit.team, names=names) if unit.team else names


RULES = TableRules(
    "koala",
    ENTRIES,
    FORMS,
    replay,
    describe,
    result,
    "koala/table.html",
    options=OptionsForm,
    options_template="koala/setup_options.html",
    finished=lambda table: table.finished,
    reading=PlayReading(units=scored_together),
    part=part,
)
