"""A Koala table's state: who sits at which cave, each cave's food, feast and team cards, as entered so far."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.games import PayloadView, Text, msg, msg_n
from companion.games.koala import engine as koala
from companion.games.koala.engine.checks import TEAMS_MIN_PLAYERS, team_key
from companion.games.koala.schemas import OptionsForm

ROLES = ("white", "black")
Slot = tuple[int, str]


def standing(units: Sequence[koala.Unit]) -> list[koala.Unit]:
    """Units as the table page and the result sheet list them: most points first, then the most food in their
    caves (the tie-break without teams; with teams, tied teams share the win but still read in this order)."""
    return sorted(units, key=lambda unit: (-unit.points, -unit.food))


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

    standing = staticmethod(standing)

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

    def own_step(self, name: str) -> str:
        """What a player's own phone asks for first: their feast cards, then (in the team game) their team card;
        "" once both are in."""
        if name not in self.feasts:
            return "feasts"
        return "team" if self.teams and name not in self.team_of else ""

    def glance(self, name: str, cave: bool = True) -> str:
        """A player's own part in a few words ("cave 2 · 1 feast card · team 3"), as a folded card shows it; the
        phone's own line leaves the cave out, to fit one line."""
        return " · ".join(self.glance_words(name, cave))

    def glance_words(self, name: str, cave: bool = True) -> list[Text]:
        """The glance's pieces, each a sentence the page says in its reader's language."""
        if name not in self.feasts and name not in self.team_of:
            return [msg("not entered yet")]
        words = [msg("cave %(cave)s", cave=self.cave_of(name))] if cave else []
        if name in self.feasts:
            words.append(msg_n("%(num)d feast card", "%(num)d feast cards", self.feasts[name]))
        if name in self.team_of:
            team = self.team_of[name]
            words.append(msg("the ? card") if team == koala.NO_TEAM else msg("team %(team)s", team=team))
        return words

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


def new_table(setup: PayloadView) -> KoalaTable:
    """Everyone at a cave as they start: the first six seated, the rest standing behind caves 1, 2, 3 and 4."""
    players = tuple(setup["players"])
    asked = bool(OptionsForm.model_validate(setup.get("options", {})).teams)
    count = min(len(players), koala.MAX_CAVES)
    behind = players[count:]
    seats = tuple((players[i], behind[i] if i < len(behind) else None) for i in range(count))
    teams = asked and len(players) >= TEAMS_MIN_PLAYERS
    return KoalaTable(players, teams, seats, ((0, 0, 0),) * count, teams_refused=asked and not teams)
