"""Orléans: the round events for every player at once, and the end scoring.

Holdings (and how the development track is read) live in `orleans_holdings`, torture (giving up items for coins
still owed) in `orleans_torture`, the round tracker's Farmers step and event deck in `orleans_rounds`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from companion.games.base import Line, PlayerScore, Problem, Result, raise_if, top_scorers
from companion.games.orleans_holdings import DEFAULT_COIN_SPACES as DEFAULT_COIN_SPACES
from companion.games.orleans_holdings import FOOD as FOOD
from companion.games.orleans_holdings import GOOD_POINTS as GOOD_POINTS
from companion.games.orleans_holdings import GOODS as GOODS
from companion.games.orleans_holdings import GOODS_SUPPLY as GOODS_SUPPLY
from companion.games.orleans_holdings import MAX_PLAYERS as MAX_PLAYERS
from companion.games.orleans_holdings import STARTING_LEVEL as STARTING_LEVEL
from companion.games.orleans_holdings import TOP_LEVEL as TOP_LEVEL
from companion.games.orleans_holdings import Goods as Goods
from companion.games.orleans_holdings import Player as Player
from companion.games.orleans_holdings import count_of as _count
from companion.games.orleans_holdings import current_level
from companion.games.orleans_holdings import holding_problems as holding_problems
from companion.games.orleans_holdings import names_text as _names
from companion.games.orleans_holdings import supply_problems as supply_problems

_REF_NAMES = (
    "harvest taxes income trading-day torture coins goods development citizens spare-citizen farmers plague events"
)
RULE_REFS: frozenset[str] = frozenset(f"orleans/{name}" for name in _REF_NAMES.split())

EVENTS: tuple[str, ...] = ("harvest", "taxes", "income", "trading_day")
PHASES: tuple[str, ...] = ("A", "B", "C")
RULE_SETS: tuple[str, ...] = ("phased", "classic")
FOOD_COST = 5

# Harvest: food owed; taxes: goods per coin; income: coins per level; trading day: coins per station.
PHASED_AMOUNTS: Mapping[str, Mapping[str, int]] = {
    "harvest": {"A": 1, "B": 2, "C": 3},
    "taxes": {"A": 1, "B": 2, "C": 3},
    "income": {"A": 3, "B": 2, "C": 1},
    "trading_day": {"A": 3, "B": 2, "C": 1},
}
CLASSIC_AMOUNTS: Mapping[str, int] = {"harvest": 1, "taxes": 3, "income": 1, "trading_day": 1}
EVENT_NAMES: Mapping[str, str] = {
    "harvest": "Harvest",
    "taxes": "Taxes",
    "income": "Income",
    "trading_day": "Trading Day",
}
EVENT_RULES: Mapping[str, str] = {event: "orleans/" + event.replace("_", "-") for event in EVENTS}
TORTURE_RULE = "orleans/torture"
SKIP_RULE = "orleans/sacristy"


@dataclass(frozen=True)
class PlayerEvent:
    """What one event did to one player; `torture` is the coins still missing (one item to give up each)."""

    name: str
    food_paid: Mapping[str, int]
    coins_owed: int
    coins_paid: int
    coins_received: int
    torture: int
    player: Player
    explanation: str
    rule: str
    torture_rule: str | None = None


@dataclass(frozen=True)
class EventResult:
    """An event resolved for every player."""

    event: str
    phase: str
    rules: str
    amount: int
    players: tuple[PlayerEvent, ...]
    notes: tuple[str, ...] = ()


def _setup_problems(players: Sequence[Player]) -> list[Problem]:
    if not 1 <= len(players) <= MAX_PLAYERS:
        return [Problem("players", f"enter 1 to {MAX_PLAYERS} players (Orléans seats at most 4); got {len(players)}")]
    negative = [problem for i, p in enumerate(players) for problem in holding_problems(p, f"players[{i}]")]
    return negative or supply_problems(players)


def event_amount(event: str, phase: str, rules: str = "phased") -> int:
    """The event's number: food owed (harvest), goods per coin (taxes), coins per level or per station."""
    if rules == "classic":
        return CLASSIC_AMOUNTS[event]
    return PHASED_AMOUNTS[event][phase]


def suggest_food(goods: Goods, owed: int) -> dict[str, int]:
    """The food to return, cheapest first (grain, then cheese, then wine), as much as is held up to `owed`."""
    paid = {}
    for kind in FOOD:
        paid[kind] = min(goods.count(kind), owed)
        owed -= paid[kind]
    return paid


def _no_food() -> dict[str, int]:
    return {kind: 0 for kind in FOOD}


def _food_choice_problems(player: Player, choice: Mapping[str, int], owed: int, loc: str) -> list[Problem]:
    problems = []
    for kind, n in choice.items():
        if kind not in FOOD:
            problems.append(Problem(f"{loc}.{kind}", f"only grain, cheese and wine are food, not '{kind}'"))
        elif n < 0:
            problems.append(Problem(f"{loc}.{kind}", "must be 0 or more"))
        elif n > player.goods.count(kind):
            problems.append(Problem(f"{loc}.{kind}", f"{player.name} holds {player.goods.count(kind)} {kind}, not {n}"))
    due = min(owed, player.goods.food())
    given = sum(choice.values())
    if given != due:
        why = "the Harvest asks for" if due == owed else "all the food they hold is"
        problems.append(Problem(loc, f"{player.name} must return {due} food ({why} {due}); this returns {given}"))
    return problems


def _settle(player: Player, event: str, owed: int, text: str, food: Mapping[str, int], goods: Goods) -> PlayerEvent:
    """Pay `owed` coins as far as they go; what is still missing becomes torture."""
    paid = min(player.coins, owed)
    torture = owed - paid
    if owed:
        text += f" {player.name} pays {paid} of {_count(owed, 'coin')}"
        text += f" and must give up {_count(torture, 'item')} (torture)." if torture else "."
    after = replace(player, goods=goods, coins=player.coins - paid)
    torture_rule = TORTURE_RULE if torture else None
    return PlayerEvent(player.name, food, owed, paid, 0, torture, after, text, EVENT_RULES[event], torture_rule)


def _harvest(player: Player, amount: int, choice: Mapping[str, int] | None) -> PlayerEvent:
    food = (_no_food() | dict(choice)) if choice is not None else suggest_food(player.goods, amount)
    missing = amount - sum(food.values())
    goods = player.goods
    for kind, n in food.items():
        goods = goods.minus(kind, n)
    returned = ", ".join(f"{n} {k}" for k, n in food.items() if n) or "no food"
    text = f"{player.name} owes {amount} food and returns {returned}."
    if missing:
        text += f" {missing} food missing × {FOOD_COST} coins each."
    return _settle(player, "harvest", missing * FOOD_COST, text, food, goods)


def _taxes(player: Player, per: int) -> PlayerEvent:
    held = player.goods.total()
    rate = "1 coin per good" if per == 1 else f"1 coin per {per} goods, rounded down"
    text = f"{player.name} holds {_count(held, 'good')}, taxed at {rate}: {_count(held // per, 'coin')}."
    return _settle(player, "taxes", held // per, text, _no_food(), player.goods)


def _level_text(player: Player) -> str:
    level = current_level(player)
    if level < player.development_level:
        return f"development level {level}, where the marker stands now (level {player.development_level} was reached)"
    return f"development level {level}"


def _receive(player: Player, event: str, amount: int) -> PlayerEvent:
    if event == "income":
        base, what = current_level(player), _level_text(player)
    else:
        base, what = player.trading_stations, _count(player.trading_stations, "trading station")
    got = base * amount
    text = f"{player.name} receives {_count(got, 'coin')}: {what} × {_count(amount, 'coin')}."
    after = replace(player, coins=player.coins + got)
    return PlayerEvent(player.name, _no_food(), 0, 0, got, 0, after, text, EVENT_RULES[event])


def _skip(player: Player, event: str) -> PlayerEvent:
    name = EVENT_NAMES[event]
    text = f"{player.name}'s Sacristy is active: {player.name} skips the {name}, paying and receiving nothing."
    return PlayerEvent(player.name, _no_food(), 0, 0, 0, 0, player, text, SKIP_RULE)


def _event_problems(
    event: str,
    phase: str,
    rules: str,
    players: Sequence[Player],
    food_choices: Mapping[str, Mapping[str, int]],
    skipping: Collection[str] = (),
) -> list[Problem]:
    problems = _setup_problems(players)
    strangers = set(skipping) - {p.name for p in players}
    problems += [Problem("players", f"{n} skips the event but is not a player") for n in sorted(strangers)]
    if event not in EVENTS:
        problems.append(Problem("event", f"'{event}' is not an event the app resolves ({', '.join(EVENTS)})"))
    if phase not in PHASES:
        problems.append(Problem("phase", f"the phase is A, B or C, not '{phase}'"))
    if rules not in RULE_SETS:
        problems.append(Problem("rules", f"the rule set is 'phased' or 'classic', not '{rules}'"))
    if food_choices and event != "harvest":
        problems.append(Problem("players", "a choice of food only applies to a Harvest"))
    strangers = set(food_choices) - {p.name for p in players}
    problems += [Problem("players", f"food chosen for {n}, who is not a player") for n in sorted(strangers)]
    if event == "harvest" and phase in PHASES and rules in RULE_SETS:
        amount = event_amount(event, phase, rules)
        for i, p in enumerate(players):
            if p.name in food_choices:
                problems += _food_choice_problems(p, food_choices[p.name], amount, f"players[{i}].food")
    return problems


def resolve_event(
    event: str,
    phase: str,
    players: Sequence[Player],
    rules: str = "phased",
    food_choices: Mapping[str, Mapping[str, int]] | None = None,
    skipping: Collection[str] = (),
) -> EventResult:
    """Resolve one event for every player: what each pays or receives and how many items each must give up.

    `food_choices` maps a player's name to the food they choose to return at a Harvest (the JSON field
    `players[i].food`); players without one return the suggested food, cheapest first. The players named in
    `skipping` have an active Sacristy: the event passes them by.
    """
    choices = food_choices or {}
    raise_if(_event_problems(event, phase, rules, players, choices, skipping))
    amount = event_amount(event, phase, rules)
    results = tuple(_skip(p, event) if p.name in skipping else _one(p, event, amount, choices) for p in players)
    notes = tuple(
        f"{r.name} must give up {_count(r.torture, 'item')}, one per missing coin (all they hold if fewer)."
        for r in results
        if r.torture
    )
    return EventResult(event, phase, rules, amount, results, notes)


def _one(player: Player, event: str, amount: int, choices: Mapping[str, Mapping[str, int]]) -> PlayerEvent:
    if event == "harvest":
        return _harvest(player, amount, choices.get(player.name))
    if event == "taxes":
        return _taxes(player, amount)
    return _receive(player, event, amount)


def spare_citizen(players: Sequence[Player]) -> tuple[str | None, str]:
    """Who gets the spare citizen (the single player with most trading stations), and a note saying why."""
    most = max((p.trading_stations for p in players), default=0)
    leaders = [p.name for p in players if p.trading_stations == most]
    if most == 0:
        return None, "Nobody gets the spare citizen: nobody has a trading station."
    if len(leaders) > 1:
        return None, f"Nobody gets the spare citizen: {_names(leaders)} tie with {_count(most, 'trading station')}."
    return leaders[0], f"{leaders[0]} gets the spare citizen for the most trading stations ({most})."


def _breakdown(player: Player, spare: bool) -> tuple[Line, ...]:
    level = player.development_level
    lines = [Line(f"{_count(player.coins, 'coin')} × 1", player.coins, "orleans/coins")]
    lines += [
        Line(f"{n} {kind} × {GOOD_POINTS[kind]}", n * GOOD_POINTS[kind], "orleans/goods")
        for kind in GOODS
        if (n := player.goods.count(kind))
    ]
    per_level = [
        (_count(player.trading_stations, "trading station"), player.trading_stations, "orleans/development"),
        (_count(player.citizens, "citizen"), player.citizens, "orleans/citizens"),
    ]
    if spare:
        per_level.append(("the spare citizen (most trading stations)", 1, "orleans/spare-citizen"))
    lines += [Line(f"{what} × development level {level}", n * level, rule) for what, n, rule in per_level]
    return tuple(lines)


def _winners(players: Sequence[Player], totals: Mapping[str, int]) -> tuple[tuple[str, ...], list[str]]:
    top = top_scorers(totals)
    if len(top) < 2:
        return top, []
    by_name = {p.name: p for p in players}
    furthest = max(by_name[n].development_position for n in top)
    winners = tuple(n for n in top if by_name[n].development_position == furthest)
    note = f"{_names(top)} tie on {totals[top[0]]} points; the furthest on the development track wins"
    if len(winners) == 1:
        note += f": {winners[0]} (space {furthest})."
    else:
        note += f", but {_names(winners)} are level on space {furthest}, so they share the win."
    return winners, [note]


def score(players: Sequence[Player]) -> Result:
    """End scoring: coins + goods + (trading stations + citizens) × development level, and the winners."""
    raise_if(_setup_problems(players))
    spare, spare_note = spare_citizen(players)
    scores = tuple(
        PlayerScore(
            p.name,
            _breakdown(p, p.name == spare),
            {"spare_citizen": p.name == spare, "development_position": p.development_position},
        )
        for p in players
    )
    winners, tie_notes = _winners(players, {s.name: s.score for s in scores})
    return Result(scores, winners, {"spare_citizen": spare}, (spare_note, *tie_notes))
