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
from typing import TypedDict

from companion.games import Problem, msg, raise_if
from companion.games.orleans.engine import phrases

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


class Starting(TypedDict):
    coins: int
    development_level: int


STARTING: Starting = {"coins": STARTING_COINS, "development_level": STARTING_LEVEL}
TRADING_STATIONS = 10  # per player
CITIZENS = 14  # in all: 13 are won on the boards during the game, the 14th is the spare the end awards
CITIZENS_WON = CITIZENS - 1
# The development track as other implementations read the board: where levels 1 to 6 begin, and its coin spaces.
# Offered as a preset a table confirms against its own board, never assumed.
PRESET_LEVEL_SPACES: tuple[int, ...] = (0, 4, 9, 15, 22, 30)
PRESET_COIN_SPACES: tuple[int, ...] = (7, 12, 25)


def count_of(n: int, noun: str) -> str:
    """A number with its noun: "1 coin", "3 coins" (a Text, for the nouns the sentences use)."""
    if noun in phrases.COUNTED:
        return phrases.counted(n, noun)
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def names_text(names: Sequence[str]) -> str:
    """Names in a phrase: Jo; Jo and Kim; Jo, Kim and Lou."""
    return phrases.names_text(names)


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
        known = ", ".join(GOODS)
        unknown = [
            Problem(f"{loc}.{k}", msg("'%(kind)s' is not a good (%(goods)s)", kind=k, goods=known))
            for k in counts
            if k not in GOODS
        ]
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
    said = msg(
        "space %(space)s lies in level %(level)s (levels begin at %(starts)s): the highest level reached is at least "
        "%(level)s",
        space=player.development_position,
        level=here,
        starts=", ".join(map(str, player.level_spaces)),
    )
    return [Problem(f"{loc}.development_level", said)]


def box_problems(player: Player, loc: str) -> list[Problem]:
    """More than the box holds for one player: a level above the top one, more than 10 trading stations."""
    problems = []
    if player.development_level > TOP_LEVEL:
        said = msg(
            "the development track's top level is %(top)s; %(name)s has %(level)s",
            top=TOP_LEVEL,
            name=player.name,
            level=player.development_level,
        )
        problems.append(Problem(f"{loc}.development_level", said))
    if player.trading_stations > TRADING_STATIONS:
        said = msg(
            "each player has %(most)s trading stations; %(name)s has %(stations)s",
            most=TRADING_STATIONS,
            name=player.name,
            stations=player.trading_stations,
        )
        problems.append(Problem(f"{loc}.trading_stations", said))
    return problems


def citizen_problems(players: Sequence[Player]) -> list[Problem]:
    """The players together hold at most the 13 citizens won on the boards (the app awards the spare itself)."""
    held = sum(p.citizens for p in players)
    if held <= CITIZENS_WON:
        return []
    box = {"citizens": CITIZENS, "won": CITIZENS_WON}
    over = [i for i, p in enumerate(players) if p.citizens > CITIZENS_WON]
    if len(players) == 1 or over:
        i = over[0] if over else 0
        said = msg(
            "the box holds %(citizens)s citizens: %(won)s to win on the boards and the spare the end awards; "
            "%(name)s has %(held)s",
            **box,
            name=players[i].name,
            held=players[i].citizens,
        )
        return [Problem(f"players[{i}].citizens", said)]
    together = msg(
        "the box holds %(citizens)s citizens: %(won)s to win on the boards and the spare the end awards; "
        "the players hold %(held)s together",
        **box,
        held=held,
    )
    return [Problem("players", together)]


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
            Problem(
                f"players[{i}].goods.{kind}",
                msg(
                    "only %(goods)s exist; %(name)s has %(held)s",
                    goods=phrases.counted(limit, kind),
                    name=p.name,
                    held=p.goods.count(kind),
                ),
            )
            for i, p in alone
        ]
        held = sum(p.goods.count(kind) for p in players)
        if held > limit and not alone:
            together = msg(
                "only %(goods)s exist; the players hold %(held)s together",
                goods=phrases.counted(limit, kind),
                held=held,
            )
            problems.append(Problem("players", together))
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
    problems = [Problem(f"{loc}.{name}", msg("must be 0 or more")) for name in _HELD if getattr(player, name) < 0]
    problems += [
        Problem(f"{loc}.goods.{kind}", msg("must be 0 or more")) for kind in GOODS if player.goods.count(kind) < 0
    ]
    if any(space < 0 for space in player.coin_spaces):
        problems.append(Problem(f"{loc}.coin_spaces", msg("coin spaces are track spaces: 0 or more")))
    if any(space < 0 for space in player.level_spaces):
        problems.append(Problem(f"{loc}.level_spaces", msg("level spaces are track spaces: 0 or more")))
    return problems + box_problems(player, loc)
