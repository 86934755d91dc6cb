"""A Koala table: who sits at which cave, the food in each cave, everyone's feast cards and, in the team game,
each player's team card. Every entry sets one cave or one player, so two phones never overwrite each other's
counts; the end scores come from the Koala engine."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..games import koala
from ..games.base import Problem, Result, RuleError
from ..games.koala_checks import TEAMS_MIN_PLAYERS, seating, team_key
from ..log import Standing
from ..schemas.koala import FeastsForm, FoodForm, OptionsForm, SeatForm, TeamForm
from . import TableKind, legacy_entries

ROLES = ("white", "black")
Slot = tuple[int, str]


@dataclass(frozen=True)
class CaveView:
    """One cave as the page draws it: its number (from 1), who is there, its food, where it sits in the ring."""

    number: int
    white: str | None
    black: str | None
    food: Mapping[str, int]
    counted: bool
    place: str

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(n for n in (self.white, self.black) if n)


@dataclass(frozen=True)
class KoalaTable:
    """A table as entered so far: (white, black) at each cave, each cave's (pizza, hamburger, spaghetti), which
    caves were counted, feast cards and team cards by player. `teams_refused`: teams were asked for, too few."""

    players: tuple[str, ...]
    teams: bool
    seats: tuple[tuple[str | None, str | None], ...]
    food: tuple[tuple[int, int, int], ...]
    counted: frozenset[int] = frozenset()
    feasts: Mapping[str, int] = field(default_factory=dict)
    team_of: Mapping[str, str] = field(default_factory=dict)
    teams_refused: bool = False

    @property
    def teams_ready(self) -> bool:
        return self.teams and len(self.team_of) == len(self.players)

    @property
    def finished(self) -> bool:
        """Every cave's food and every player's feasts (and, in the team game, teams) have been entered."""
        teams_done = self.teams_ready or not self.teams
        return len(self.counted) == len(self.seats) and len(self.feasts) == len(self.players) and teams_done

    def caves(self) -> list[CaveView]:
        """The caves in number order, each with its place in the ring drawn around the table."""
        places = ring_places(len(self.seats))
        return [
            CaveView(i + 1, w, b, dict(zip(koala.FOODS, self.food[i], strict=True)), i in self.counted, places[i])
            for i, (w, b) in enumerate(self.seats)
        ]

    def cave_of(self, name: str) -> int:
        return next(i + 1 for i, pair in enumerate(self.seats) if name in pair)

    def team_names(self) -> list[str]:
        """Team names entered so far, each once, for the team field's suggestions."""
        return sorted({t for t in self.team_of.values() if t != koala.NO_TEAM}, key=team_key)

    def engine_caves(self) -> list[koala.Cave]:
        return [koala.Cave(w, b, *self.food[i]) for i, (w, b) in enumerate(self.seats)]

    def engine_players(self, with_teams: bool) -> list[koala.Player]:
        return [
            koala.Player(p, self.feasts.get(p, 0), self.team_of.get(p) if with_teams else None) for p in self.players
        ]


def ring_places(caves: int) -> list[str]:
    """CSS classes placing caves clockwise around the table: cave 1 top left, down the right side, back up the left.

    The right side holds half the caves (rounded down); with an odd count its cards sit half a row lower."""
    right = caves // 2
    staggered = caves % 2 == 1
    places = ["l1"]
    places += [f"rh{k}" if staggered else f"r{k}" for k in range(1, right + 1)]
    left = caves - 1 - right
    places += [f"l{k}" for k in range(left + 1, 1, -1)]
    return places


def new_table(setup: Mapping[str, Any]) -> KoalaTable:
    """Everyone at a cave as they start: the first six seated, the rest standing behind caves 1, 2, 3 and 4."""
    players = tuple(setup["players"])
    asked = bool(OptionsForm.model_validate(setup.get("options", {})).teams)
    count = min(len(players), koala.MAX_CAVES)
    behind = players[count:]
    seats = tuple((players[i], behind[i] if i < len(behind) else None) for i in range(count))
    teams = asked and len(players) >= TEAMS_MIN_PLAYERS
    return KoalaTable(players, teams, seats, ((0, 0, 0),) * count, teams_refused=asked and not teams)


def _player(table: KoalaTable, name: str, loc: str) -> str:
    found = next((p for p in table.players if p.casefold() == name.casefold()), None)
    if found is None:
        raise RuleError(f"no player at this table is called {name}", loc)
    return found


def _cave(table: KoalaTable, number: int) -> int:
    if number > len(table.seats):
        raise RuleError(f"this table has {len(table.seats)} caves", "cave")
    return number - 1


def seat(table: KoalaTable, form: SeatForm) -> KoalaTable:
    """Put `white` and `black` at the cave. Whoever sat there moves to the seat a newcomer left (a swap); a black
    koala left without a white one steps forward; anyone who would be left without a cave is a RuleError."""
    c = _cave(table, form.cave)
    new = [_player(table, n, role) if n else None for role, n in zip(ROLES, (form.white, form.black), strict=True)]
    white, black = new
    if black and not white:
        raise RuleError(f"{black} cannot stand behind an empty seat: a black koala needs a white one in front", "black")
    if white and white == black:
        raise RuleError(f"{white} cannot both sit at cave {form.cave} and stand behind it", "black")
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


def food(table: KoalaTable, form: FoodForm) -> KoalaTable:
    """Set one cave's food; the box holds 22 cards of each food across all caves."""
    c = _cave(table, form.cave)
    problems = []
    for f, name in enumerate(koala.FOODS):
        others = sum(counts[f] for i, counts in enumerate(table.food) if i != c)
        if others + form.counts()[f] > koala.FOOD_CARDS_PER_FOOD:
            most = koala.FOOD_CARDS_PER_FOOD - others
            problems.append(
                Problem(
                    name,
                    f"only {koala.FOOD_CARDS_PER_FOOD} {name} cards exist and the other caves hold {others}: "
                    f"this cave can hold at most {most}",
                )
            )
    if problems:
        raise RuleError(problems)
    counts = tuple(form.counts() if i == c else counts for i, counts in enumerate(table.food))
    return _checked(replace(table, food=counts, counted=table.counted | {c}), "form")


def feasts(table: KoalaTable, form: FeastsForm) -> KoalaTable:
    player = _player(table, form.player, "player")
    return _checked(replace(table, feasts={**table.feasts, player: form.feasts}), "feasts")


def _checked(table: KoalaTable, loc: str) -> KoalaTable:
    """The engine's own checks of the box (food and feast cards); their messages go beside the field `loc`."""
    try:
        seating(table.engine_players(False), table.engine_caves(), False)
    except RuleError as exc:
        raise RuleError([Problem(loc, p.msg) for p in exc.problems]) from None
    return table


def team(table: KoalaTable, form: TeamForm) -> KoalaTable:
    """Record one player's team card, refusing a choice that could never make a complete set of teams."""
    if not table.teams:
        raise RuleError("this table is not playing in teams", "team")
    player = _player(table, form.player, "player")
    team_of = {**table.team_of, player: form.team}
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


FORMS: dict[str, Any] = {"seat": SeatForm, "food": FoodForm, "feasts": FeastsForm, "team": TeamForm}
APPLY: dict[str, Any] = {"seat": seat, "food": food, "feasts": feasts, "team": team}


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> KoalaTable:
    table = new_table(setup)
    for entry in entries:
        table = APPLY[entry.kind](table, FORMS[entry.kind].model_validate(entry.payload))
    return table


def describe(kind: str, payload: dict[str, Any]) -> str:
    if kind == "seat":
        white, black = payload.get("white"), payload.get("black")
        if not white:
            return f"Cave {payload['cave']} left empty"
        return f"Cave {payload['cave']}: {white} seated, {black + ' behind' if black else 'nobody behind'}"
    if kind == "food":
        counts = ", ".join(f"{payload[f]} {f}" for f in koala.FOODS)
        return f"Food in cave {payload['cave']}: {counts}"
    if kind == "feasts":
        n = payload["feasts"]
        return f"{payload['player']}'s feast cards: {n}"
    if payload["team"] == koala.NO_TEAM:
        return f"{payload['player']} holds the ? card"
    return f"{payload['player']}'s team: {payload['team']}"


def result(table: KoalaTable) -> Result:
    """Scores of the table as entered so far: teams count once every player's team card is in."""
    ready = table.teams_ready
    return koala.score(table.engine_players(ready), table.engine_caves(), ready)


KIND = TableKind(
    "koala",
    legacy_entries(FORMS),
    FORMS,
    replay,
    describe,
    result,
    "koala/table.html",
    options=OptionsForm,
    options_template="koala/setup_options.html",
    finished=lambda table: table.finished,
)
