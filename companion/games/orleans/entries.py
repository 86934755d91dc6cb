"""An Orléans table's entries, as the table API takes them and the log keeps them, and the steps that bring an
older payload (a version 1 was the shape of the HTML form that made it) up to date."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from companion.games import Payload
from companion.games.orleans import engine as orl
from companion.games.orleans.engine import rounds as rounds
from companion.games.orleans.engine import torture as tort
from companion.games.orleans.schemas import TRACK_END, CoinSpace, Event, FoodIn, GoodsIn, Phase
from companion.schemas import Count, Name, StrictModel

EventKind = Literal["pilgrimage", "plague", "harvest", "taxes", "income", "trading_day"]
Follower = Literal["farmer", "boatman", "craftsman", "trader", "scholar", "knight", "monk"]
LevelSpace = Annotated[int, Field(ge=0, le=TRACK_END)]

SEATS = range(1, orl.MAX_PLAYERS + 1)
# Torture items other than goods, in the order a torture choice hands them over (after the goods).
COUNTED_ITEMS = ("development", "follower", "place_tile", "technology_tile", "trading_station")


class HoldingsEntryIn(StrictModel):
    """One player's holdings, set or corrected as a whole (version 2); what is left out counts 0."""

    player: Name
    coins: Count = 0
    goods: GoodsIn = Field(default_factory=GoodsIn)
    trading_stations: Count = 0
    citizens: Count = 0
    development_level: Count = Field(0, description="the highest level reached (what end scoring multiplies)")
    development_position: Count = Field(0, description="the space the development marker stands on")
    followers_in_bag: Count = Field(0, description="followers in the bag besides the 4 starting ones")
    place_tiles: Count = 0
    technology_tiles: Count = 0

    def to_player(self, coin_spaces: tuple[int, ...], level_spaces: tuple[int, ...] = ()) -> orl.Player:
        """The engine's player, on a track with these coin spaces and levels beginning at these spaces."""
        fields = self.model_dump(exclude={"player", "goods"})
        goods = self.goods.to_engine()
        return orl.Player(self.player, **fields, goods=goods, coin_spaces=coin_spaces, level_spaces=level_spaces)


class EventEntryIn(StrictModel):
    """An event resolved for every player from their holdings (version 3: who skips it for an active Sacristy)."""

    event: Event
    phase: Phase | None = Field(None, description="required with the phased rule set; null with the classic one")
    food: list[FoodIn | None] = Field(
        default_factory=list,
        max_length=orl.MAX_PLAYERS,
        description="Harvest only: the food each player returns, in seat order; null or missing: the cheapest",
    )
    sacristy: list[bool] = Field(
        default_factory=list,
        max_length=orl.MAX_PLAYERS,
        description="in seat order: true for a player whose active Sacristy skips this event; missing: false",
    )


class GiveUpCountsIn(StrictModel):
    """How many of each item a player gives up, named as the torture calculator names them."""

    goods: GoodsIn = Field(default_factory=GoodsIn)
    development: Count = Field(default=0, description="development steps back")
    follower: Count = Field(default=0, description="followers drawn from the bag")
    place_tile: Count = 0
    technology_tile: Count = 0
    trading_station: Count = 0

    def items(self) -> list[tuple[str, tort.GiveUp]]:
        """One (location in the payload, item) per item given up, goods first, in the order they are handed over."""
        kinds = [(f"goods.{kind}", tort.GiveUp("goods", kind), getattr(self.goods, kind)) for kind in orl.GOODS]
        kinds += [(item, tort.GiveUp(item), getattr(self, item)) for item in COUNTED_ITEMS]
        return [(f"give_up.{where}", item) for where, item, n in kinds for _ in range(n)]


class TortureEntryIn(StrictModel):
    """The items one player gives up for the coins the last event left them short (version 2)."""

    player: Name
    give_up: GiveUpCountsIn = Field(default_factory=GiveUpCountsIn)


def _sorted_once(spaces: list[int]) -> list[int]:
    return sorted(set(spaces))


class TrackEntryIn(StrictModel):
    """The development track corrected mid-game (version 2): its coin spaces and, when known, the spaces where levels
    begin. Space numbers count from the start (0), each kept once, in order."""

    coin_spaces: Annotated[list[CoinSpace], AfterValidator(_sorted_once)] = Field(min_length=1, max_length=50)
    level_spaces: Annotated[list[LevelSpace], AfterValidator(_sorted_once)] | None = Field(
        None,
        max_length=50,
        description="where levels 1, 2, 3... begin; an empty list: not known; null or missing: unchanged",
    )


class RoundEntryIn(StrictModel):
    """A round begins: its event card is revealed and the Farmers step moves coins (version 2). The round's number is
    its place in the log; the event is resolved at the end of the round by an "event" or "plague" entry."""

    event: EventKind
    phase: Phase | None = Field(None, description="required with the phased rule set; null with the classic one")
    farmers: list[Count] = Field(
        min_length=rounds.MIN_FARMERS_PLAYERS,
        max_length=orl.MAX_PLAYERS,
        description="each player's space on the farmers track this round, in seat order",
    )
    farmers_torture: bool = Field(
        True,
        description="a trailer who cannot pay the farmers' coin owes torture for it; false only for rounds entered "
        "before that ruling (version 1), when such a trailer owed nothing",
    )


class PlagueEntryIn(StrictModel):
    """A Plague resolved (version 2: who skips it for an active Sacristy): what each player drew from their bag, in
    seat order. A follower they recruited is lost for good; null means a starting follower came out and went back
    (nothing lost), or that the player skipped the Plague."""

    lost: list[Follower | None] = Field(min_length=1, max_length=orl.MAX_PLAYERS)
    sacristy: list[bool] = Field(
        default_factory=list,
        max_length=orl.MAX_PLAYERS,
        description="in seat order: true for a player whose active Sacristy skips this Plague (their `lost` is "
        "null); missing: false",
    )


class EndEntryIn(StrictModel):
    """The game is over: the scores are final."""


def round_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 rounds were played when a trailer without a coin owed nothing for it: they stay so."""
    return {**payload, "farmers_torture": False}


def track_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 knew only the coin spaces: the level spaces stay as they were."""
    return {**payload, "level_spaces": None}


def holdings_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 kept each good beside the coins (`grain`, `cheese`...)."""
    rest = {name: value for name, value in payload.items() if name not in orl.GOODS}
    return {**rest, "goods": {kind: payload[kind] for kind in orl.GOODS if kind in payload}}


def food_field(seat: int, kind: str) -> str:
    """Version 1's (and the form's) field for the food one seat (1-based) returns of one kind: "food_2_cheese"."""
    return f"food_{seat}_{kind}"


def _seat_food(payload: Payload, seat: int) -> dict[str, int] | None:
    chosen = {kind: payload.get(food_field(seat, kind)) for kind in orl.FOOD}
    if all(n is None for n in chosen.values()):
        return None
    return {kind: n or 0 for kind, n in chosen.items()}


def event_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 named each seat's food `food_1_grain`... (a seat with none: the cheapest), and left out a phase not
    asked (classic rules)."""
    food = [_seat_food(payload, seat) for seat in SEATS]
    while food and food[-1] is None:
        food.pop()
    return {"event": payload["event"], "phase": payload.get("phase"), "food": food}


def event_v2_to_v3(payload: Payload) -> Payload:
    """Version 2 had no Sacristy: everyone took part in the event."""
    return {**payload, "sacristy": []}


def plague_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 had no Sacristy: everyone drew at a Plague."""
    return {**payload, "sacristy": []}


def torture_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 counted each item beside the player (`goods_wool`, `development`...)."""
    goods = {kind: payload.get(f"goods_{kind}", 0) for kind in orl.GOODS}
    counted = {item: payload.get(item, 0) for item in COUNTED_ITEMS}
    return {"player": payload["player"], "give_up": {"goods": goods, **counted}}
