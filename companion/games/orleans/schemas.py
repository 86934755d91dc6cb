"""Orléans requests: the event, Farmers, torture and score calculators (a table's entries are in `entries`, the
forms that make them in `forms`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import Field

from companion.games import RuleError
from companion.games.orleans import engine as orl
from companion.games.orleans.answers import EVENT_ANSWER, FARMERS_ANSWER, TORTURE_ANSWER
from companion.games.orleans.engine import rounds as rounds
from companion.games.orleans.engine import torture as tort
from companion.schemas import Count, Endpoint, Name, StrictModel, duplicate_name_problems, result_json

Event = Literal["harvest", "taxes", "income", "trading_day"]
Phase = Literal["A", "B", "C"]
RuleSet = Literal["phased", "classic"]
Item = Literal["trading_station", "follower", "development", "goods", "place_tile", "technology_tile"]
Good = Literal["grain", "cheese", "wine", "wool", "brocade"]
TRACK_END = 99  # no board's development track is this long; it only keeps typos out
CoinSpace = Annotated[int, Field(ge=1, le=TRACK_END)]
# The marker starts at level 1 and the track tops out at 6: a level of 0 is a level forgotten, not a level.
Level = Annotated[int, Field(ge=orl.STARTING_LEVEL, le=orl.TOP_LEVEL)]


class GoodsIn(StrictModel):
    grain: Count = 0
    cheese: Count = 0
    wine: Count = 0
    wool: Count = 0
    brocade: Count = 0

    def to_engine(self) -> orl.Goods:
        return orl.Goods(**self.model_dump())


class FoodIn(StrictModel):
    """The food a player chooses to return at a Harvest (by default the app returns the cheapest)."""

    grain: Count = 0
    cheese: Count = 0
    wine: Count = 0


class ScorePlayerIn(StrictModel):
    name: Name
    coins: Count
    goods: GoodsIn
    trading_stations: Count
    citizens: Count = 0
    development_level: Level = Field(description="the highest level reached, 1 (the start) to 6")
    development_position: Count = 0

    def to_engine(self) -> orl.Player:
        fields = self.model_dump(exclude={"goods"})
        return orl.Player(**fields, goods=self.goods.to_engine())


class ScoreRequest(StrictModel):
    players: list[ScorePlayerIn] = Field(min_length=1, max_length=orl.MAX_PLAYERS)


class EventPlayerIn(StrictModel):
    name: Name
    coins: Count
    goods: GoodsIn
    trading_stations: Count
    development_level: Level = Field(
        description="the level the development marker stands in now, 1 to 6 (Income pays on it)"
    )
    food: FoodIn | None = Field(None, description="Harvest only: the food this player returns (default: cheapest)")
    sacristy: bool = Field(False, description="true when this player's Sacristy is active: the event passes them by")

    def to_engine(self) -> orl.Player:
        fields = self.model_dump(exclude={"goods", "food", "sacristy"})
        return orl.Player(**fields, goods=self.goods.to_engine())


class EventRequest(StrictModel):
    event: Event
    phase: Phase
    rules: RuleSet = "phased"
    players: list[EventPlayerIn] = Field(min_length=1, max_length=orl.MAX_PLAYERS)


class FarmersPlayerIn(StrictModel):
    name: Name
    farmers: Count = Field(description="the player's space on the farmers track")
    coins: Count

    def to_engine(self) -> rounds.FarmerSeat:
        return rounds.FarmerSeat(self.name, self.farmers, self.coins)


class FarmersRequest(StrictModel):
    players: list[FarmersPlayerIn] = Field(min_length=rounds.MIN_FARMERS_PLAYERS, max_length=orl.MAX_PLAYERS)


class TorturePlayerIn(StrictModel):
    name: Name
    coins: Count = Field(0, description="must be 0: every coin is paid before torture")
    goods: GoodsIn
    trading_stations: Count
    followers_in_bag: Count
    development_position: Count
    coin_spaces: list[CoinSpace] = Field(default_factory=lambda: list(orl.DEFAULT_COIN_SPACES), max_length=50)
    place_tiles: Count
    technology_tiles: Count

    def to_engine(self) -> orl.Player:
        fields = self.model_dump(exclude={"goods", "coin_spaces"})
        return orl.Player(**fields, goods=self.goods.to_engine(), coin_spaces=tuple(self.coin_spaces))


class GiveUpIn(StrictModel):
    item: Item
    good: Good | None = None


class TortureRequest(StrictModel):
    owed: Count
    player: TorturePlayerIn
    give_up: list[GiveUpIn] = Field(max_length=1000)


def _no_twins(names: list[str]) -> None:
    if problems := duplicate_name_problems(names, "players"):
        raise RuleError(problems)


def score(request: ScoreRequest) -> dict[str, object]:
    """POST /api/v1/orleans/score."""
    _no_twins([p.name for p in request.players])
    return result_json(orl.score([p.to_engine() for p in request.players]))


def event_json(result: orl.EventResult) -> dict[str, object]:
    """An event's answer: per player what was paid and received, torture owed, and holdings after."""
    return {
        "event": result.event,
        "phase": result.phase,
        "rules": result.rules,
        "amount": result.amount,
        "players": [
            {
                "name": r.name,
                "food_paid": dict(r.food_paid),
                "coins_owed": r.coins_owed,
                "coins_paid": r.coins_paid,
                "coins_received": r.coins_received,
                "torture": r.torture,
                "after": {"coins": r.player.coins, "goods": r.player.goods.as_dict()},
                "explanation": r.explanation,
                "rule": r.rule,
                "torture_rule": r.torture_rule,
            }
            for r in result.players
        ],
        "notes": list(result.notes),
    }


def event(request: EventRequest) -> dict[str, object]:
    """POST /api/v1/orleans/event."""
    _no_twins([p.name for p in request.players])
    players = [p.to_engine() for p in request.players]
    food = {p.name: p.food.model_dump() for p in request.players if p.food is not None}
    skipping = {p.name for p in request.players if p.sacristy}
    return event_json(orl.resolve_event(request.event, request.phase, players, request.rules, food, skipping))


def farmers_json(outcomes: tuple[rounds.FarmerOutcome, ...]) -> dict[str, object]:
    """The Farmers step's answer: each player's change of coins, coins after it, and the line saying why."""
    gains = [o.name for o in outcomes if o.coins_change > 0]
    loses = [o.name for o in outcomes if o.coins_change < 0]
    return {
        "players": [
            {
                "name": o.name,
                "farmers": o.farmers,
                "coins_change": o.coins_change,
                "coins": o.coins,
                "torture": o.torture,
                "breakdown": [{"label": o.line.label, "points": o.line.points, "rule": o.line.rule}],
            }
            for o in outcomes
        ],
        "gains": gains[0] if gains else None,
        "loses": loses[0] if loses else None,
        "notes": [rounds.farmers_summary(outcomes)],
    }


def farmers(request: FarmersRequest) -> dict[str, object]:
    """POST /api/v1/orleans/farmers."""
    _no_twins([p.name for p in request.players])
    return farmers_json(rounds.farmers_step([p.to_engine() for p in request.players]))


def player_json(player: orl.Player) -> dict[str, object]:
    """The torture endpoint's player fields."""
    return {
        "name": player.name,
        "coins": player.coins,
        "goods": player.goods.as_dict(),
        "trading_stations": player.trading_stations,
        "followers_in_bag": player.followers_in_bag,
        "development_position": player.development_position,
        "coin_spaces": list(player.coin_spaces),
        "place_tiles": player.place_tiles,
        "technology_tiles": player.technology_tiles,
    }


def torture(request: TortureRequest) -> dict[str, object]:
    """POST /api/v1/orleans/torture."""
    choice = [tort.GiveUp(g.item, g.good) for g in request.give_up]
    after = tort.apply_torture(request.player.to_engine(), request.owed, choice)
    return {"player": player_json(after), "given_up": len(choice), "dropped": request.owed - len(choice)}


@dataclass(frozen=True)
class AnswerEndpoint(Endpoint):
    """An endpoint whose answer is not a scored Result: `response` is its JSON schema for openapi.json."""

    response: dict[str, object] | None = field(default=None, hash=False, compare=False)


ENDPOINTS = [
    Endpoint(
        "/orleans/score", ScoreRequest, score, "Orléans end scoring: coins, goods, (stations + citizens) × level."
    ),
    AnswerEndpoint(
        "/orleans/event",
        EventRequest,
        event,
        "Resolve a Harvest, Taxes, Income or Trading Day for every player: payments and torture owed.",
        EVENT_ANSWER,
    ),
    AnswerEndpoint(
        "/orleans/farmers",
        FarmersRequest,
        farmers,
        "One round's Farmers step: the single player furthest along gains 1 coin, the single one behind loses 1.",
        FARMERS_ANSWER,
    ),
    AnswerEndpoint(
        "/orleans/torture",
        TortureRequest,
        torture,
        "Check and apply the items one player gives up for coins they cannot pay.",
        TORTURE_ANSWER,
    ),
]
