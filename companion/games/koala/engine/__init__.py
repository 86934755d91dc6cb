"""Koala: end-of-game scoring of the storage caves (food majorities) and feast cards, by koalation or by team.

`score(players, caves, teams=False)` checks the table (see `engine.checks`), scores every player for the caves'
food majorities and their own feasts, then groups players into units: koalations and lone koalas, or teams.

Box assumptions taken from the seed's component list: 22 cards of each food, 8 feast cards. The team cards'
table did not survive in the seed; we read "the two teammates" as teams of exactly two, plus the "?" card (one
with an odd number of players, two with 10 players, where they form a team of their own).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import cast

from companion.games import Line, PlayerScore, Result, Text, msg, msg_n
from companion.games.koala.engine.checks import (
    FEAST_CARDS,
    FOOD_CARDS_PER_FOOD,
    FOODS,
    MAX_CAVES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_TEAM,
    TITLES,
    Seat,
    and_list,
    cards,
    food_count,
    seating,
    team_key,
)

__all__ = [
    "units_of",
    "FEAST_CARDS",
    "FOOD_CARDS_PER_FOOD",
    "FOODS",
    "MAX_CAVES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NO_TEAM",
    "RULE_REFS",
    "Cave",
    "Player",
    "Unit",
    "score",
]

FOOD_REF = "koala/food-majority"
FEAST_REF = "koala/feasts"
RULE_REFS: frozenset[str] = frozenset({FOOD_REF, FEAST_REF})


@dataclass(frozen=True)
class Player:
    """A player as the API sends it: feast cards held and, in the team variant, a team name or "?"."""

    name: str
    feasts: int = 0
    team: str | None = None


@dataclass(frozen=True)
class Cave:
    """A storage cave: the white koala seated at it, the black koala behind (names or None), and its food."""

    white: str | None = None
    black: str | None = None
    pizza: int = 0
    hamburger: int = 0
    spaghetti: int = 0

    @property
    def food(self) -> int:
        """All food cards in this cave."""
        return sum(food_count(self, food) for food in FOODS)


@dataclass(frozen=True)
class Unit:
    """Who scores together (koalation, lone koala or team): its members, their points, their caves' food.

    `team` is the team's name in the team variant ("?" for the two "?" players with 10 players), else None.
    """

    names: tuple[str, ...]
    points: int
    food: int
    team: str | None = None


def score(players: Sequence[Player], caves: Sequence[Cave], teams: bool = False) -> Result:
    """Score a finished game of Koala; raise RuleError listing every problem with the table."""
    seats = seating(players, caves, teams)
    scores = tuple(_player_score(p, seats[p.name], caves, teams) for p in players)
    points = {s.name: s.score for s in scores}
    if teams:
        units, notes = _team_units(players, points, seats, caves)
        winning, win_notes = _team_winners(units)
    else:
        units, notes = _koalation_units(points, seats, caves), []
        winning, win_notes = _koalation_winners(units)
    members = {name for unit in winning for name in unit.names}
    winners = tuple(p.name for p in players if p.name in members)
    return Result(scores, winners, {"units": units}, tuple(notes + win_notes))


def _player_score(player: Player, seat: Seat, caves: Sequence[Cave], teams: bool) -> PlayerScore:
    food_lines = [_food_line(food, seat.cave, caves) for food in FOODS]
    feasts = Line(_feast_label(player.feasts), player.feasts, FEAST_REF)
    extra: dict[str, object] = {
        "cave_index": seat.cave,
        "seat": seat.role,
        "food_points": {food: line.points for food, line in zip(FOODS, food_lines, strict=True)},
        "feasts": player.feasts,
    }
    if teams and player.team is not None:
        extra["team"] = player.team.strip()
    return PlayerScore(player.name, (*food_lines, feasts), extra)


def _food_line(food: str, cave: int, caves: Sequence[Cave]) -> Line:
    counts = [food_count(c, food) for c in caves]
    most, mine, title = max(counts), counts[cave], TITLES[food]
    # Caves are numbered from 1 in labels, as players count them at the table.
    top = [i + 1 for i, count in enumerate(counts) if count == most]
    if most == 0:
        return Line(msg("%(food)s: no cave holds any", food=title), 0, FOOD_REF)
    if mine < most:
        label = msg(
            "%(food)s: cave %(cave)s has %(mine)s, most is %(most)s (%(caves)s)",
            food=title,
            cave=cave + 1,
            mine=mine,
            most=most,
            caves=_caves(top),
        )
        return Line(label, 0, FOOD_REF)
    if len(top) == 1:
        return Line(
            msg("%(food)s: most at cave %(cave)s (%(cards)s)", food=title, cave=cave + 1, cards=cards(mine)),
            2,
            FOOD_REF,
        )
    others = _caves(i for i in top if i != cave + 1)
    label = msg(
        "%(food)s: cave %(cave)s tied for most with %(others)s (%(cards)s)",
        food=title,
        cave=cave + 1,
        others=others,
        cards=cards(mine),
    )
    return Line(label, 1, FOOD_REF)


def _caves(numbers: Iterable[int]) -> Text:
    listed = [str(n) for n in numbers]
    return msg_n("cave %(caves)s", "caves %(caves)s", len(listed), caves=_and(listed))


_and = and_list


def _points(n: int) -> Text:
    return msg_n("%(num)d point", "%(num)d points", n)


def _feast_label(feasts: int) -> Text:
    return msg("no feast cards") if feasts == 0 else msg_n("%(num)d feast card", "%(num)d feast cards", feasts)


def _food_of(names: Iterable[str], seats: Mapping[str, Seat], caves: Sequence[Cave]) -> int:
    return sum(caves[i].food for i in sorted({seats[name].cave for name in names}))


def units_of(result: Result) -> tuple[Unit, ...]:
    """The units a scored game ranks (koalations and lone koalas, or teams), as `score` stores them."""
    return cast(tuple[Unit, ...], result.extra.get("units", ()))


def _koalation_units(points: Mapping[str, int], seats: Mapping[str, Seat], caves: Sequence[Cave]) -> tuple[Unit, ...]:
    at_cave: dict[int, list[str]] = {}
    # White koala first, then the black one behind it.
    for name, seat in sorted(seats.items(), key=lambda item: (item[1].cave, item[1].role != "white")):
        at_cave.setdefault(seat.cave, []).append(name)
    return tuple(
        Unit(tuple(names), sum(points[n] for n in names), caves[i].food) for i, names in sorted(at_cave.items())
    )


def _label(unit: Unit) -> str:
    if unit.team is not None:
        return msg("team %(team)s (%(names)s)", team=unit.team, names=_and(unit.names))
    return " & ".join(unit.names)


def _koalation_winners(units: Sequence[Unit]) -> tuple[list[Unit], list[str]]:
    most = max(u.points for u in units)
    top = [u for u in units if u.points == most]
    if len(top) == 1:
        return top, []
    tied, points = _and([_label(u) for u in top]), _points(most)
    most_food = max(u.food for u in top)
    winning = [u for u in top if u.food == most_food]
    if len(winning) == len(top):
        return winning, [
            msg(
                "%(units)s tie on %(points)s and on food in their caves (%(cards)s each): they share the win.",
                units=tied,
                points=points,
                cards=cards(most_food),
            )
        ]
    beaten = ", ".join(f"{_label(u)} {u.food}" for u in top if u not in winning)
    if len(winning) == 1:
        return winning, [
            msg(
                "%(units)s tie on %(points)s; %(winner)s wins with more food in its cave "
                "(%(food)s against %(beaten)s).",
                units=tied,
                points=points,
                winner=_label(winning[0]),
                food=most_food,
                beaten=beaten,
            )
        ]
    names = _and([_label(u) for u in winning])
    return winning, [
        msg(
            "%(units)s tie on %(points)s; %(winners)s share the win with the most food in their caves (%(food)s each).",
            units=tied,
            points=points,
            winners=names,
            food=most_food,
        )
    ]


def _team_units(
    players: Sequence[Player], points: Mapping[str, int], seats: Mapping[str, Seat], caves: Sequence[Cave]
) -> tuple[tuple[Unit, ...], list[str]]:
    named: dict[str, list[str]] = {}
    spelled: dict[str, str] = {}
    jokers: list[str] = []
    for p in players:
        team = (p.team or "").strip()
        if team == NO_TEAM:
            jokers.append(p.name)
        else:
            named.setdefault(team_key(team), []).append(p.name)
            spelled.setdefault(team_key(team), team)

    def unit(names: Sequence[str], team: str) -> Unit:
        return Unit(tuple(names), sum(points[n] for n in names), _food_of(names, seats, caves), team)

    units = [unit(names, spelled[key]) for key, names in named.items()]
    if len(jokers) == 2:
        note = msg("%(names)s both hold the ? card and score as a team of their own.", names=_and(jokers))
        return (*units, unit(jokers, NO_TEAM)), [note]
    if len(jokers) == 1:
        return _join_fewest(units, jokers[0], points[jokers[0]], seats, caves)
    return tuple(units), []


def _join_fewest(
    units: Sequence[Unit], joker: str, joker_points: int, seats: Mapping[str, Seat], caves: Sequence[Cave]
) -> tuple[tuple[Unit, ...], list[str]]:
    fewest = min(u.points for u in units)
    joined = [u for u in units if u.points == fewest]
    if len(joined) == 1:
        note = msg(
            "%(name)s (?) joins %(team)s, the team with the fewest points (%(fewest)s), adding %(points)s.",
            name=joker,
            team=_label(joined[0]),
            fewest=fewest,
            points=joker_points,
        )
    else:
        note = msg(
            "%(teams)s tie for the fewest points (%(fewest)s): %(name)s (?) joins each of them and their "
            "%(points)s points count for each.",
            teams=_and([_label(u) for u in joined]),
            fewest=fewest,
            name=joker,
            points=joker_points,
        )

    def join(u: Unit) -> Unit:
        names = (*u.names, joker)
        return replace(u, names=names, points=u.points + joker_points, food=_food_of(names, seats, caves))

    return tuple(join(u) if u.points == fewest else u for u in units), [note]


def _team_winners(units: Sequence[Unit]) -> tuple[list[Unit], list[str]]:
    most = max(u.points for u in units)
    winning = [u for u in units if u.points == most]
    if len(winning) == 1:
        return winning, []
    tied = _and([_label(u) for u in winning])
    return winning, [msg("%(units)s tie on %(points)s and share the win.", units=tied, points=_points(most))]
