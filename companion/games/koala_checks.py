"""Koala: every rule-level check of a finished table (players, seating at the caves, the box's cards, teams).

`seating(players, caves, teams)` returns where each player sits, or raises a RuleError listing every problem.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from companion.games.base import Problem, raise_if

FOODS = ("pizza", "hamburger", "spaghetti")
# The seed's component list: 22 cards of each food, 8 feast cards.
FOOD_CARDS_PER_FOOD = 22
FEAST_CARDS = 8
# A feast sends all of a food from the cave (6 or more cards) to the discard pile, and the discard pile never
# returns to play, so every feast card held means at least 6 cards of one food are out of the game.
FOOD_PER_FEAST = 6
MIN_PLAYERS = 3
MAX_PLAYERS = 10
MAX_CAVES = 6
TEAMS_MIN_PLAYERS = 4
NO_TEAM = "?"


class PlayerLike(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def feasts(self) -> int: ...
    @property
    def team(self) -> str | None: ...


class CaveLike(Protocol):
    @property
    def white(self) -> str | None: ...
    @property
    def black(self) -> str | None: ...


@dataclass(frozen=True)
class Seat:
    """Where a player sits: the cave's index in `caves` and "white" (at the table) or "black" (behind)."""

    cave: int
    role: str


def food_count(cave: CaveLike, food: str) -> int:
    """Cards of `food` in `cave`."""
    return int(getattr(cave, food))


def cards(n: int) -> str:
    """'1 card' or 'n cards'."""
    return f"{n} card" if n == 1 else f"{n} cards"


def team_key(team: str) -> str:
    """Team names group case-insensitively: "red" and "Red " are the same team."""
    return team.strip().casefold()


def seating(players: Sequence[PlayerLike], caves: Sequence[CaveLike], teams: bool) -> dict[str, Seat]:
    """Check the whole table against the rules; return each player's seat by name, or raise a RuleError."""
    problems = _count_problems(players, caves)
    seats, seat_problems = _seats(players, caves)
    problems += seat_problems + _food_problems(players, caves) + _team_problems(players, teams)
    raise_if(problems)
    return seats


def _count_problems(players: Sequence[PlayerLike], caves: Sequence[CaveLike]) -> list[Problem]:
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return [Problem("players", f"Koala is for {MIN_PLAYERS} to {MAX_PLAYERS} players; this table has {n}")]
    expected = min(n, MAX_CAVES)
    if len(caves) != expected:
        return [Problem("caves", f"with {n} players there are {expected} caves; {len(caves)} were entered")]
    return []


def _seats(players: Sequence[PlayerLike], caves: Sequence[CaveLike]) -> tuple[dict[str, Seat], list[Problem]]:
    problems: list[Problem] = []
    known: dict[str, str] = {}
    for j, player in enumerate(players):
        if player.name.casefold() in known:
            problems.append(Problem(f"players[{j}].name", f"two players are called {player.name}"))
        known.setdefault(player.name.casefold(), player.name)
    seats: dict[str, Seat] = {}
    for i, cave in enumerate(caves):
        if cave.black is not None and cave.white is None:
            problems.append(
                Problem(
                    f"caves[{i}].black",
                    f"{cave.black} stands behind cave {i + 1}, which has no white koala; "
                    "a black koala always stands behind a white one",
                )
            )
        for role, given in (("white", cave.white), ("black", cave.black)):
            if given is None:
                continue
            loc = f"caves[{i}].{role}"
            name = known.get(given.casefold())
            if name is None:
                problems.append(Problem(loc, f"no player is called {given}"))
            elif name in seats:
                where = seats[name].cave + 1
                problems.append(Problem(loc, f"{name} already sits at cave {where}; each player is at one cave"))
            else:
                seats[name] = Seat(i, role)
    problems += [
        Problem(f"players[{j}]", f"{p.name} sits at no cave; every player is a white or black koala at one")
        for j, p in enumerate(players)
        if known.get(p.name.casefold()) == p.name and p.name not in seats
    ]
    return seats, problems


def _food_problems(players: Sequence[PlayerLike], caves: Sequence[CaveLike]) -> list[Problem]:
    problems: list[Problem] = []
    totals = {food: sum(food_count(c, food) for c in caves) for food in FOODS}
    for food in FOODS:
        title = food.capitalize()
        in_one_cave = [
            Problem(f"caves[{i}].{food}", _out_of_box(count, FOOD_CARDS_PER_FOOD, f"{title} cards", "this cave"))
            for i, count in enumerate(food_count(c, food) for c in caves)
            if not 0 <= count <= FOOD_CARDS_PER_FOOD
        ]
        problems += in_one_cave
        if totals[food] > FOOD_CARDS_PER_FOOD and not in_one_cave:
            problems.append(
                Problem(
                    "caves",
                    f"only {FOOD_CARDS_PER_FOOD} {title} cards exist; the caves hold {totals[food]} together",
                )
            )
    for j, player in enumerate(players):
        if not 0 <= player.feasts <= FEAST_CARDS:
            msg = _out_of_box(player.feasts, FEAST_CARDS, "feast cards", player.name)
            problems.append(Problem(f"players[{j}].feasts", msg))
    if problems:
        return problems
    return _feast_problems(sum(p.feasts for p in players), totals)


def _out_of_box(count: int, limit: int, what: str, holder: str) -> str:
    if count < 0:
        return f"a count of {what} cannot be negative ({count})"
    return f"only {limit} {what} exist; {holder} holds {count}"


def _feast_problems(feasts: int, totals: dict[str, int]) -> list[Problem]:
    if feasts > FEAST_CARDS:
        return [Problem("players", f"only {FEAST_CARDS} feast cards exist; the players hold {feasts}")]
    possible = sum((FOOD_CARDS_PER_FOOD - totals[food]) // FOOD_PER_FEAST for food in FOODS)
    if feasts <= possible:
        return []
    left = ", ".join(f"{totals[food]} {food.capitalize()}" for food in FOODS)
    return [
        Problem(
            "players",
            f"each feast sends at least {FOOD_PER_FEAST} cards of one food out of the game; with {left} "
            f"still in the caves there was room for at most {possible} feast{'' if possible == 1 else 's'}, "
            f"but the players hold {feasts}",
        )
    ]


def _team_problems(players: Sequence[PlayerLike], teams: bool) -> list[Problem]:
    if not teams:
        return [
            Problem(f"players[{j}].team", f"{p.name} has a team, but this game is not played in teams")
            for j, p in enumerate(players)
            if p.team is not None
        ]
    n = len(players)
    problems: list[Problem] = []
    if n < TEAMS_MIN_PLAYERS:
        problems.append(Problem("teams", f"teams need at least {TEAMS_MIN_PLAYERS} players; this table has {n}"))
    problems += [
        Problem(f"players[{j}].team", f"{p.name} has no team: give a team name, or {NO_TEAM} for no team")
        for j, p in enumerate(players)
        if p.team is None or not p.team.strip()
    ]
    if TEAMS_MIN_PLAYERS <= n <= MAX_PLAYERS:
        problems += _no_team_problems(players)
    return problems + _pair_problems(players)


def _no_team_problems(players: Sequence[PlayerLike]) -> list[Problem]:
    n = len(players)
    jokers = sum(1 for p in players if p.team is not None and p.team.strip() == NO_TEAM)
    if n % 2 == 1:
        allowed, says = {1}, f"with {n} players exactly one player has the {NO_TEAM} card"
    elif n == MAX_PLAYERS:
        allowed, says = {0, 2}, f"with {n} players either two players have the {NO_TEAM} card or nobody"
    else:
        allowed, says = {0}, f"with {n} players (an even number) nobody has the {NO_TEAM} card"
    return [] if jokers in allowed else [Problem("players", f"{says}; {jokers} do")]


def _pair_problems(players: Sequence[PlayerLike]) -> list[Problem]:
    # The two "?" cards aside, team cards come in pairs ("the two teammates"): a team is exactly two players.
    members: dict[str, list[int]] = {}
    for j, p in enumerate(players):
        if p.team is not None and p.team.strip() and p.team.strip() != NO_TEAM:
            members.setdefault(team_key(p.team), []).append(j)
    problems: list[Problem] = []
    for indices in members.values():
        team = players[indices[0]].team
        first = players[indices[0]].name
        if len(indices) == 1:
            problems.append(
                Problem(f"players[{indices[0]}].team", f"team {team} has only {first}; a team is two players")
            )
        for j in indices[2:]:
            pair = f"{first} and {players[indices[1]].name}"
            problems.append(Problem(f"players[{j}].team", f"team {team} already has {pair}; a team is two players"))
    return problems
