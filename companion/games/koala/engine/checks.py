"""Koala: every rule-level check of a finished table (players, seating at the caves, the box's cards, teams).

`seating(players, caves, teams)` returns where each player sits, or raises a RuleError listing every problem.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from companion.games import Problem, Text, msg, msg_n, raise_if

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
# Each food as a label starts with it ("Pizza: ...") and as a sentence names it ("22 pizza cards").
TITLES = {"pizza": msg("Pizza"), "hamburger": msg("Hamburger"), "spaghetti": msg("Spaghetti")}
WORDS = {"pizza": msg("pizza"), "hamburger": msg("hamburger"), "spaghetti": msg("spaghetti")}


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


def cards(n: int) -> Text:
    """'1 card' or 'n cards'."""
    return msg_n("%(num)d card", "%(num)d cards", n)


def and_list(items: Sequence[str]) -> str:
    """'Ann', 'Ann and Ben', 'Ann, Ben and Cy': each a Text past the first, so another language joins its own way."""
    if len(items) == 1:
        return items[0]
    return msg("%(list)s and %(last)s", list=comma_list(items[:-1]), last=items[-1])


def comma_list(items: Sequence[str]) -> str:
    """'a, b, c', as Texts."""
    joined = items[0]
    for item in items[1:]:
        joined = msg("%(list)s, %(item)s", list=joined, item=item)
    return joined


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
        says = msg(
            "Koala is for %(min)s to %(max)s players; this table has %(n)s", min=MIN_PLAYERS, max=MAX_PLAYERS, n=n
        )
        return [Problem("players", says)]
    expected = min(n, MAX_CAVES)
    if len(caves) != expected:
        says = msg(
            "with %(n)s players there are %(expected)s caves; %(entered)s were entered",
            n=n,
            expected=expected,
            entered=len(caves),
        )
        return [Problem("caves", says)]
    return []


def _seats(players: Sequence[PlayerLike], caves: Sequence[CaveLike]) -> tuple[dict[str, Seat], list[Problem]]:
    problems: list[Problem] = []
    known: dict[str, str] = {}
    for j, player in enumerate(players):
        if player.name.casefold() in known:
            problems.append(Problem(f"players[{j}].name", msg("two players are called %(name)s", name=player.name)))
        known.setdefault(player.name.casefold(), player.name)
    seats: dict[str, Seat] = {}
    for i, cave in enumerate(caves):
        if cave.black is not None and cave.white is None:
            problems.append(
                Problem(
                    f"caves[{i}].black",
                    msg(
                        "%(name)s stands behind cave %(cave)s, which has no white koala; "
                        "a black koala always stands behind a white one",
                        name=cave.black,
                        cave=i + 1,
                    ),
                )
            )
        for role, given in (("white", cave.white), ("black", cave.black)):
            if given is None:
                continue
            loc = f"caves[{i}].{role}"
            name = known.get(given.casefold())
            if name is None:
                problems.append(Problem(loc, msg("no player is called %(name)s", name=given)))
            elif name in seats:
                where = seats[name].cave + 1
                problems.append(
                    Problem(
                        loc,
                        msg(
                            "%(name)s already sits at cave %(cave)s; each player is at one cave", name=name, cave=where
                        ),
                    )
                )
            else:
                seats[name] = Seat(i, role)
    problems += [
        Problem(
            f"players[{j}]", msg("%(name)s sits at no cave; every player is a white or black koala at one", name=p.name)
        )
        for j, p in enumerate(players)
        if known.get(p.name.casefold()) == p.name and p.name not in seats
    ]
    return seats, problems


def _food_problems(players: Sequence[PlayerLike], caves: Sequence[CaveLike]) -> list[Problem]:
    problems: list[Problem] = []
    totals = {food: sum(food_count(c, food) for c in caves) for food in FOODS}
    for food in FOODS:
        title = TITLES[food]
        in_one_cave = [
            Problem(f"caves[{i}].{food}", _food_out_of_box(count, title))
            for i, count in enumerate(food_count(c, food) for c in caves)
            if not 0 <= count <= FOOD_CARDS_PER_FOOD
        ]
        problems += in_one_cave
        if totals[food] > FOOD_CARDS_PER_FOOD and not in_one_cave:
            problems.append(
                Problem(
                    "caves",
                    msg(
                        "only %(limit)s %(food)s cards exist; the caves hold %(total)s together",
                        limit=FOOD_CARDS_PER_FOOD,
                        food=title,
                        total=totals[food],
                    ),
                )
            )
    for j, player in enumerate(players):
        if not 0 <= player.feasts <= FEAST_CARDS:
            problems.append(Problem(f"players[{j}].feasts", _feasts_out_of_box(player.feasts, player.name)))
    if problems:
        return problems
    return _feast_problems(sum(p.feasts for p in players), totals)


def _food_out_of_box(count: int, food: str) -> Text:
    if count < 0:
        return msg("a count of %(food)s cards cannot be negative (%(count)s)", food=food, count=count)
    return msg(
        "only %(limit)s %(food)s cards exist; this cave holds %(count)s",
        limit=FOOD_CARDS_PER_FOOD,
        food=food,
        count=count,
    )


def _feasts_out_of_box(count: int, holder: str) -> Text:
    if count < 0:
        return msg("a count of feast cards cannot be negative (%(count)s)", count=count)
    return msg(
        "only %(limit)s feast cards exist; %(name)s holds %(count)s", limit=FEAST_CARDS, name=holder, count=count
    )


def _feast_problems(feasts: int, totals: dict[str, int]) -> list[Problem]:
    if feasts > FEAST_CARDS:
        says = msg("only %(limit)s feast cards exist; the players hold %(feasts)s", limit=FEAST_CARDS, feasts=feasts)
        return [Problem("players", says)]
    possible = sum((FOOD_CARDS_PER_FOOD - totals[food]) // FOOD_PER_FEAST for food in FOODS)
    if feasts <= possible:
        return []
    left = comma_list([msg("%(count)s %(food)s", count=totals[food], food=TITLES[food]) for food in FOODS])
    says = msg_n(
        "each feast sends at least %(per)s cards of one food out of the game; with %(left)s still in the caves "
        "there was room for at most %(num)d feast, but the players hold %(feasts)s",
        "each feast sends at least %(per)s cards of one food out of the game; with %(left)s still in the caves "
        "there was room for at most %(num)d feasts, but the players hold %(feasts)s",
        possible,
        per=FOOD_PER_FEAST,
        left=left,
        feasts=feasts,
    )
    return [Problem("players", says)]


def _team_problems(players: Sequence[PlayerLike], teams: bool) -> list[Problem]:
    if not teams:
        return [
            Problem(f"players[{j}].team", msg("%(name)s has a team, but this game is not played in teams", name=p.name))
            for j, p in enumerate(players)
            if p.team is not None
        ]
    n = len(players)
    problems: list[Problem] = []
    if n < TEAMS_MIN_PLAYERS:
        says = msg("teams need at least %(min)s players; this table has %(n)s", min=TEAMS_MIN_PLAYERS, n=n)
        problems.append(Problem("teams", says))
    problems += [
        Problem(f"players[{j}].team", msg("%(name)s has no team: give a team name, or ? for no team", name=p.name))
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
        allowed, says = (
            {1},
            msg("with %(n)s players exactly one player has the ? card; %(jokers)s do", n=n, jokers=jokers),
        )
    elif n == MAX_PLAYERS:
        allowed = {0, 2}
        says = msg("with %(n)s players either two players have the ? card or nobody; %(jokers)s do", n=n, jokers=jokers)
    else:
        allowed = {0}
        says = msg("with %(n)s players (an even number) nobody has the ? card; %(jokers)s do", n=n, jokers=jokers)
    return [] if jokers in allowed else [Problem("players", says)]


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
                Problem(
                    f"players[{indices[0]}].team",
                    msg("team %(team)s has only %(name)s; a team is two players", team=team, name=first),
                )
            )
        for j in indices[2:]:
            pair = and_list([first, players[indices[1]].name])
            says = msg("team %(team)s already has %(pair)s; a team is two players", team=team, pair=pair)
            problems.append(Problem(f"players[{j}].team", says))
    return problems
