"""Orléans holdings: what a player holds (coins, goods, stations, citizens, tiles, followers) and where their
development marker stands, with the checks every calculator shares.

How the development track is read: `development_position` is the space the marker stands on; `development_level`
is the highest level number the marker has reached, which is what end scoring multiplies. `level_spaces`, when a
table knows them, are the spaces where levels 1, 2, 3... begin: the level the marker stands in now (what Income
pays on) follows from the position. Without them the marker is taken to stand in the highest level reached.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace

from companion.games.base import Problem, raise_if

GOODS: tuple[str, ...] = ("grain", "cheese", "wine", "wool", "brocade")
FOOD: tuple[str, ...] = ("grain", "cheese", "wine")  # cheapest in points first: the suggested order to return
GOOD_POINTS: Mapping[str, int] = {"grain": 1, "cheese": 2, "wine": 3, "wool": 4, "brocade": 5}
GOODS_SUPPLY: Mapping[str, int] = {"grain": 24, "cheese": 21, "wine": 18, "wool": 15, "brocade": 12}

# The seed does not give the board's layout of coin spaces on the development track; this default (the API's
# example) is only a starting point, and each table can enter its own list.
DEFAULT_COIN_SPACES: tuple[int, ...] = (7, 12, 25)
# A calculator may be run for a single player (to check one person's payment or total); the base box seats four.
MAX_PLAYERS = 4
# What the box sets out for each player, and what it holds at most.
STARTING_COINS = 5
STARTING_LEVEL, TOP_LEVEL = 1, 6
STARTING: Mapping[str, int] = {"coins": STARTING_COINS, "development_level": STARTING_LEVEL}
TRADING_STATIONS = 10  # per player
CITIZENS = 14  # in all: 13 are won on the boards during the game, the 14th is the spare the end awards
CITIZENS_WON = CITIZENS - 1
# The development track as other implementations read the board: where levels 1 to 6 begin, and its coin spaces.
# Offered as a preset a table confirms against its own board, never assumed.
PRESET_LEVEL_SPACES: tuple[int, ...] = (0, 4, 9, 15, 22, 30)
PRESET_COIN_SPACES: tuple[int, ...] = (7, 12, 25)


def count_of(n: int, noun: str) -> str:
    """A number with its noun: "1 coin", "3 coins"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def names_text(names: Sequence[str]) -> str:
    """Names in a phrase: Jo; Jo and Kim; Jo, Kim and Lou."""
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


@dataclass(frozen=True)
class Goods:
    """Goods tiles held, by kind."""

    grain: int = 0
    cheese: int = 0
    wine: int = 0
    wool: int = 0
    brocade: int = 0

    @classmethod
    def from_mapping(cls, counts: Mapping[str, int], loc: str = "goods") -> Goods:
        """Build from {"grain": 3, ...}; missing kinds count 0, an unknown kind is a RuleError."""
        unknown = [Problem(f"{loc}.{k}", f"'{k}' is not a good ({', '.join(GOODS)})") for k in counts if k not in GOODS]
        raise_if(unknown)
        return cls(**dict(counts))

    def count(self, kind: str) -> int:
        """How many of one kind are held."""
        return int(getattr(self, kind))

    def total(self) -> int:
        """All goods tiles held."""
        return sum(self.count(k) for k in GOODS)

    def food(self) -> int:
        """Food tiles held (grain, cheese, wine)."""
        return sum(self.count(k) for k in FOOD)

    def minus(self, kind: str, n: int = 1) -> Goods:
        """A copy with n fewer of one kind."""
        return replace(self, **{kind: self.count(kind) - n})

    def as_dict(self) -> dict[str, int]:
        """{"grain": n, ...} with every kind."""
        return asdict(self)


@dataclass(frozen=True)
class Player:
    """One player's holdings; each endpoint uses the fields it needs (the others keep their defaults)."""

    name: str
    coins: int = 0
    goods: Goods = Goods()
    trading_stations: int = 0
    citizens: int = 0
    development_level: int = 0
    development_position: int = 0
    followers_in_bag: int = 0  # non-starting followers only: the 4 starting ones are never given up
    place_tiles: int = 0
    technology_tiles: int = 0
    coin_spaces: tuple[int, ...] = DEFAULT_COIN_SPACES
    level_spaces: tuple[int, ...] = ()


def level_at(position: int, level_spaces: Sequence[int]) -> int:
    """The level a space lies in, given the spaces where levels 1, 2, 3... begin."""
    return sum(1 for start in level_spaces if start <= position)


def current_level(player: Player) -> int:
    """The level the development marker stands in now (what Income pays on).

    Without the track's level spaces the app cannot see a marker drop below a level, so it reads the highest
    level reached."""
    if not player.level_spaces:
        return player.development_level
    return min(player.development_level, level_at(player.development_position, player.level_spaces))


def level_problems(player: Player, loc: str) -> list[Problem]:
    """A highest level reached below the level of the space the marker stands on is impossible."""
    if not player.level_spaces:
        return []
    here = level_at(player.development_position, player.level_spaces)
    if here <= player.development_level:
        return []
    msg = (
        f"space {player.development_position} lies in level {here} (levels begin at "
        f"{', '.join(map(str, player.level_spaces))}): the highest level reached is at least {here}"
    )
    return [Problem(f"{loc}.development_level", msg)]


def box_problems(player: Player, loc: str) -> list[Problem]:
    """More than the box holds for one player: a level above the top one, more than 10 trading stations."""
    problems = []
    if player.development_level > TOP_LEVEL:
        msg = f"the development track's top level is {TOP_LEVEL}; {player.name} has {player.development_level}"
        problems.append(Problem(f"{loc}.development_level", msg))
    if player.trading_stations > TRADING_STATIONS:
        msg = f"each player has {TRADING_STATIONS} trading stations; {player.name} has {player.trading_stations}"
        problems.append(Problem(f"{loc}.trading_stations", msg))
    return problems


def citizen_problems(players: Sequence[Player]) -> list[Problem]:
    """The players together hold at most the 13 citizens won on the boards (the app awards the spare itself)."""
    held = sum(p.citizens for p in players)
    if held <= CITIZENS_WON:
        return []
    why = f"the box holds {CITIZENS} citizens: {CITIZENS_WON} to win on the boards and the spare the end awards"
    over = [i for i, p in enumerate(players) if p.citizens > CITIZENS_WON]
    if len(players) == 1 or over:
        i = over[0] if over else 0
        return [Problem(f"players[{i}].citizens", f"{why}; {players[i].name} has {players[i].citizens}")]
    return [Problem("players", f"{why}; the players hold {held} together")]


def supply_problems(players: Sequence[Player]) -> list[Problem]:
    """Problems where the players together hold more citizens, or more of a good, than the game has."""
    return citizen_problems(players) + goods_problems(players)


def goods_problems(players: Sequence[Player]) -> list[Problem]:
    """Problems where the players together hold more of a good than the game has."""
    problems = []
    for kind in GOODS:
        limit = GOODS_SUPPLY[kind]
        alone = [(i, p) for i, p in enumerate(players) if p.goods.count(kind) > limit]
        problems += [
            Problem(f"players[{i}].goods.{kind}", f"only {limit} {kind} exist; {p.name} has {p.goods.count(kind)}")
            for i, p in alone
        ]
        held = sum(p.goods.count(kind) for p in players)
        if held > limit and not alone:
            problems.append(Problem("players", f"only {limit} {kind} exist; the players hold {held} together"))
    return problems


_HELD = (
    "coins",
    "trading_stations",
    "citizens",
    "development_level",
    "development_position",
    "followers_in_bag",
    "place_tiles",
    "technology_tiles",
)


def holding_problems(player: Player, loc: str) -> list[Problem]:
    """Nobody holds fewer than 0 of anything: coins, goods, stations, citizens, tiles, followers, track spaces."""
    problems = [Problem(f"{loc}.{name}", "must be 0 or more") for name in _HELD if getattr(player, name) < 0]
    problems += [Problem(f"{loc}.goods.{kind}", "must be 0 or more") for kind in GOODS if player.goods.count(kind) < 0]
    if any(space < 0 for space in player.coin_spaces):
        problems.append(Problem(f"{loc}.coin_spaces", "coin spaces are track spaces: 0 or more"))
    if any(space < 0 for space in player.level_spaces):
        problems.append(Problem(f"{loc}.level_spaces", "level spaces are track spaces: 0 or more"))
    return problems + box_problems(player, loc)
