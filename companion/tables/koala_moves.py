"""The moves of a Koala table: each entry sets one cave's seats or food, or one player's feasts or team card, or
several caves' food and players' feasts together."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..games import koala
from ..games.base import Problem, RuleError, raise_if
from ..games.koala_checks import seating, team_key
from ..schemas.koala import FeastsEntryIn, FoodEntryIn, SeatEntryIn, TeamEntryIn
from ..schemas.koala_counts import CountsEntryIn
from .koala_state import ROLES, KoalaTable, Slot

Move = Callable[[KoalaTable, Any], KoalaTable]


def _player(table: KoalaTable, name: str, loc: str) -> str:
    found = next((p for p in table.players if p.casefold() == name.casefold()), None)
    if found is None:
        raise RuleError(f"no player at this table is called {name}", loc)
    return found


def _cave(table: KoalaTable, number: int) -> int:
    if number > len(table.seats):
        raise RuleError(f"this table has {len(table.seats)} caves", "cave")
    return number - 1


def seat(table: KoalaTable, entry: SeatEntryIn) -> KoalaTable:
    """Put `white` and `black` at the cave. Whoever sat there moves to the seat a newcomer left (a swap); a black
    koala left without a white one steps forward; anyone who would be left without a cave is a RuleError."""
    c = _cave(table, entry.cave)
    new = [_player(table, n, role) if n else None for role, n in zip(ROLES, (entry.white, entry.black), strict=True)]
    white, black = new
    if black and not white:
        raise RuleError(f"{black} cannot stand behind an empty seat: a black koala needs a white one in front", "black")
    if white and white == black:
        raise RuleError(f"{white} cannot both sit at cave {entry.cave} and stand behind it", "black")
    slots: dict[Slot, str] = {
        (i, role): name for i, pair in enumerate(table.seats) for role, name in zip(ROLES, pair, strict=True) if name
    }
    where = {name: slot for slot, name in slots.items()}
    old = [slots.get((c, role)) for role in ROLES]
    vacated = [where[p] for p in new if p and where[p][0] != c]
    displaced = [(role, p) for role, p in zip(ROLES, old, strict=True) if p and p not in new]
    if len(displaced) > len(vacated):
        role, stranded = displaced[len(vacated)]
        raise RuleError(f"{stranded} would have no cave: move them to another cave first", role)
    for p in new:
        if p:
            del slots[where[p]]
    for role in ROLES:
        slots.pop((c, role), None)
    slots.update({(c, role): p for role, p in zip(ROLES, new, strict=True) if p})
    slots.update({slot: p for slot, (_, p) in zip(vacated, displaced, strict=False)})
    seats = []
    for i in range(len(table.seats)):
        w, b = slots.get((i, "white")), slots.get((i, "black"))
        seats.append((w or b, b if w else None))  # a black koala alone steps forward to the seat
    return replace(table, seats=tuple(seats))


def food(table: KoalaTable, entry: FoodEntryIn) -> KoalaTable:
    """Set one cave's food; the box holds 22 cards of each food across all caves."""
    raise_if(_food_problems(table, entry))
    return _checked(_with_food(table, entry), "form")


def feasts(table: KoalaTable, entry: FeastsEntryIn) -> KoalaTable:
    return _checked(_with_feasts(table, entry), "feasts")


def counts(table: KoalaTable, entry: CountsEntryIn) -> KoalaTable:
    """Set several caves' food and players' feasts at once, as their food and feasts entries would, then check
    each against the table they leave together (so cards moved from one cave to another in one save fit the box).
    Every problem is refused at once, located at its part."""
    problems: list[Problem] = []
    for loc, food_entry in entry.food_entries():
        table = _located(problems, loc, _with_food, table, food_entry)
    for loc, feasts_entry in entry.feasts_entries():
        table = _located(problems, loc, _with_feasts, table, feasts_entry)
    for loc, food_entry in entry.food_entries():
        if food_entry.cave <= len(table.seats):  # a cave the table does not have is refused above
            problems += [Problem(f"{loc}.{p.loc}", p.msg) for p in _food_problems(table, food_entry)]
    raise_if(problems)
    return _checked(table, "")


def _located(problems: list[Problem], loc: str, move: Move, table: KoalaTable, entry: Any) -> KoalaTable:
    """The table after one part's move; a part the table cannot take adds its problems, located at `loc`."""
    try:
        return move(table, entry)
    except RuleError as exc:
        problems += [Problem(loc, p.msg) for p in exc.problems]
        return table


def _with_food(table: KoalaTable, entry: FoodEntryIn) -> KoalaTable:
    c = _cave(table, entry.cave)
    counts = tuple(entry.counts() if i == c else counts for i, counts in enumerate(table.food))
    return replace(table, food=counts, counted=table.counted | {c})


def _with_feasts(table: KoalaTable, entry: FeastsEntryIn) -> KoalaTable:
    return replace(table, feasts={**table.feasts, _player(table, entry.player, "player"): entry.feasts})


def _food_problems(table: KoalaTable, entry: FoodEntryIn) -> list[Problem]:
    """Each food of the cave beyond what the box holds once the other caves' cards are counted (a cave without
    that food is never the one over it)."""
    c = _cave(table, entry.cave)
    problems = []
    for f, name in enumerate(koala.FOODS):
        others = sum(counts[f] for i, counts in enumerate(table.food) if i != c)
        if entry.counts()[f] and others + entry.counts()[f] > koala.FOOD_CARDS_PER_FOOD:
            most = koala.FOOD_CARDS_PER_FOOD - others
            problems.append(
                Problem(
                    name,
                    f"only {koala.FOOD_CARDS_PER_FOOD} {name} cards exist and the other caves hold {others}: "
                    f"this cave can hold at most {most}",
                )
            )
    return problems


def _checked(table: KoalaTable, loc: str) -> KoalaTable:
    """The engine's own checks of the box (food and feast cards); their messages go beside the field `loc`."""
    try:
        seating(table.engine_players(False), table.engine_caves(), False)
    except RuleError as exc:
        raise RuleError([Problem(loc, p.msg) for p in exc.problems]) from None
    return table


def team(table: KoalaTable, entry: TeamEntryIn) -> KoalaTable:
    """Record one player's team card, refusing a choice that could never make a complete set of teams."""
    if not table.teams:
        raise RuleError("this table is not playing in teams", "team")
    player = _player(table, entry.player, "player")
    team_of = {**table.team_of, player: entry.team}
    problems = team_problems(table.players, team_of)
    if problems:
        raise RuleError(problems)
    return replace(table, team_of=team_of)


def team_problems(players: Sequence[str], team_of: Mapping[str, str]) -> list[Problem]:
    """Teams of two, and the right number of "?" cards, as far as they can still be completed."""
    n = len(players)
    allowed = [1] if n % 2 else ([0, 2] if n == koala.MAX_PLAYERS else [0])
    jokers = sum(1 for t in team_of.values() if t == koala.NO_TEAM)
    sizes = Counter(team_key(t) for t in team_of.values() if t != koala.NO_TEAM)
    for key, size in sizes.items():
        if size > 2:
            members = [p for p in players if p in team_of and team_key(team_of[p]) == key]
            return [Problem("team", f"team {team_of[members[0]]} would have {_and(members)}: a team is two players")]
    possible = [j for j in allowed if j >= jokers]
    if not possible:
        most = max(allowed)
        cards = "nobody holds" if most == 0 else f"at most {most} player{'s hold' if most > 1 else ' holds'}"
        return [Problem("team", f"with {n} players {cards} the {koala.NO_TEAM} card")]
    waiting = [p for p in players if p in team_of and team_of[p] != koala.NO_TEAM and sizes[team_key(team_of[p])] == 1]
    missing = possible[0] - jokers  # "?" cards that must still turn up
    left = n - len(team_of)
    if len(waiting) + missing <= left:
        return []
    needs: list[str] = []
    if waiting:
        needs.append(
            f"{_and(waiting)} {'still needs a teammate' if len(waiting) == 1 else 'each still need a teammate'}"
        )
    if missing:
        needs.append(f"with {n} players {missing} more {koala.NO_TEAM} card{'s' if missing > 1 else ''} must turn up")
    if left == 0:
        return [Problem("team", f"{' and '.join(needs)}, but every player has a team card already")]
    players_left = "1 player has" if left == 1 else f"{left} players have"
    return [Problem("team", f"{' and '.join(needs)}, but only {players_left} no team card yet")]
    return []


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
