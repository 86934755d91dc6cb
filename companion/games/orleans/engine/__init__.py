"""Orléans: the round events for every player at once, and the end scoring.

Holdings (and how the development track is read) live in `engine.holdings`, torture (giving up items for coins
still owed) in `engine.torture`, the round tracker's Farmers step and event deck in `engine.rounds`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from companion.games import Line, PlayerScore, Problem, Result, Text, msg, raise_if, top_scorers
from companion.games.orleans.engine import phrases
from companion.games.orleans.engine.holdings import DEFAULT_COIN_SPACES as DEFAULT_COIN_SPACES
from companion.games.orleans.engine.holdings import FOOD as FOOD
from companion.games.orleans.engine.holdings import GOOD_POINTS as GOOD_POINTS
from companion.games.orleans.engine.holdings import GOODS as GOODS
from companion.games.orleans.engine.holdings import GOODS_SUPPLY as GOODS_SUPPLY
from companion.games.orleans.engine.holdings import MAX_PLAYERS as MAX_PLAYERS
from companion.games.orleans.engine.holdings import STARTING_LEVEL as STARTING_LEVEL
from companion.games.orleans.engine.holdings import TOP_LEVEL as TOP_LEVEL
from companion.games.orleans.engine.holdings import Goods as Goods
from companion.games.orleans.engine.holdings import Player as Player
from companion.games.orleans.engine.holdings import count_of as _count
from companion.games.orleans.engine.holdings import current_level
from companion.games.orleans.engine.holdings import holding_problems as holding_problems
from companion.games.orleans.engine.holdings import names_text as _names
from companion.games.orleans.engine.holdings import supply_problems as supply_problems

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
    "harvest": msg("Harvest"),
    "taxes": msg("Taxes"),
    "income": msg("Income"),
    "trading_day": msg("Trading Day"),
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
        said = msg(
            "enter 1 to %(most)s players (Orléans seats at most 4); got %(got)s", most=MAX_PLAYERS, got=len(players)
        )
        return [Problem("players", said)]
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
            problems.append(
                Problem(f"{loc}.{kind}", msg("only grain, cheese and wine are food, not '%(kind)s'", kind=kind))
            )
        elif n < 0:
            problems.append(Problem(f"{loc}.{kind}", msg("must be 0 or more")))
        elif n > player.goods.count(kind):
            held = phrases.counted(player.goods.count(kind), kind)
            problems.append(
                Problem(f"{loc}.{kind}", msg("%(name)s holds %(held)s, not %(n)s", name=player.name, held=held, n=n))
            )
    due = min(owed, player.goods.food())
    given = sum(choice.values())
    if given != due:
        if due == owed:
            why = msg(
                "%(name)s must return %(due)s food (the Harvest asks for %(due)s); this returns %(given)s",
                name=player.name,
                due=due,
                given=given,
            )
        else:
            why = msg(
                "%(name)s must return %(due)s food (all the food they hold is %(due)s); this returns %(given)s",
                name=player.name,
                due=due,
                given=given,
            )
        problems.append(Problem(loc, why))
    return problems


def _then(first: str, then: str) -> Text:
    """Two sentences, one after the other."""
    return msg("%(first)s %(then)s", first=first, then=then)


def _settle(player: Player, event: str, owed: int, text: str, food: Mapping[str, int], goods: Goods) -> PlayerEvent:
    """Pay `owed` coins as far as they go; what is still missing becomes torture."""
    paid = min(player.coins, owed)
    torture = owed - paid
    if owed and torture:
        items = _count(torture, "item")
        pays = msg(
            "%(name)s pays %(paid)s of %(owed)s and must give up %(items)s (torture).",
            name=player.name,
            paid=paid,
            owed=_count(owed, "coin"),
            items=items,
        )
        text = _then(text, pays)
    elif owed:
        text = _then(
            text, msg("%(name)s pays %(paid)s of %(owed)s.", name=player.name, paid=paid, owed=_count(owed, "coin"))
        )
    after = replace(player, goods=goods, coins=player.coins - paid)
    torture_rule = TORTURE_RULE if torture else None
    return PlayerEvent(player.name, food, owed, paid, 0, torture, after, text, EVENT_RULES[event], torture_rule)


def _harvest(player: Player, amount: int, choice: Mapping[str, int] | None) -> PlayerEvent:
    food = (_no_food() | dict(choice)) if choice is not None else suggest_food(player.goods, amount)
    missing = amount - sum(food.values())
    goods = player.goods
    for kind, n in food.items():
        goods = goods.minus(kind, n)
    returned = phrases.listed([phrases.counted(n, k) for k, n in food.items() if n]) or msg("no food")
    text: str = msg(
        "%(name)s owes %(amount)s food and returns %(returned)s.", name=player.name, amount=amount, returned=returned
    )
    if missing:
        text = _then(text, msg("%(missing)s food missing × %(cost)s coins each.", missing=missing, cost=FOOD_COST))
    return _settle(player, "harvest", missing * FOOD_COST, text, food, goods)


def _taxes(player: Player, per: int) -> PlayerEvent:
    held = player.goods.total()
    rate = msg("1 coin per good") if per == 1 else msg("1 coin per %(per)s goods, rounded down", per=per)
    text = msg(
        "%(name)s holds %(goods)s, taxed at %(rate)s: %(coins)s.",
        name=player.name,
        goods=_count(held, "good"),
        rate=rate,
        coins=_count(held // per, "coin"),
    )
    return _settle(player, "taxes", held // per, text, _no_food(), player.goods)


def _level_text(player: Player) -> str:
    level = current_level(player)
    if level < player.development_level:
        return msg(
            "development level %(level)s, where the marker stands now (level %(reached)s was reached)",
            level=level,
            reached=player.development_level,
        )
    return msg("development level %(level)s", level=level)


def _receive(player: Player, event: str, amount: int) -> PlayerEvent:
    if event == "income":
        base, what = current_level(player), _level_text(player)
    else:
        base, what = player.trading_stations, _count(player.trading_stations, "trading station")
    got = base * amount
    text = msg(
        "%(name)s receives %(got)s: %(what)s × %(amount)s.",
        name=player.name,
        got=_count(got, "coin"),
        what=what,
        amount=_count(amount, "coin"),
    )
    after = replace(player, coins=player.coins + got)
    return PlayerEvent(player.name, _no_food(), 0, 0, got, 0, after, text, EVENT_RULES[event])


def _skip(player: Player, event: str) -> PlayerEvent:
    name = EVENT_NAMES[event]
    text = msg(
        "%(name)s's Sacristy is active: %(name)s skips the %(event)s, paying and receiving nothing.",
        name=player.name,
        event=name,
    )
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
    problems += [
        Problem("players", msg("%(name)s skips the event but is not a player", name=n)) for n in sorted(strangers)
    ]
    if event not in EVENTS:
        said = msg("'%(event)s' is not an event the app resolves (%(events)s)", event=event, events=", ".join(EVENTS))
        problems.append(Problem("event", said))
    if phase not in PHASES:
        problems.append(Problem("phase", msg("the phase is A, B or C, not '%(phase)s'", phase=phase)))
    if rules not in RULE_SETS:
        problems.append(Problem("rules", msg("the rule set is 'phased' or 'classic', not '%(rules)s'", rules=rules)))
    if food_choices and event != "harvest":
        problems.append(Problem("players", msg("a choice of food only applies to a Harvest")))
    strangers = set(food_choices) - {p.name for p in players}
    problems += [
        Problem("players", msg("food chosen for %(name)s, who is not a player", name=n)) for n in sorted(strangers)
    ]
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
        msg(
            "%(name)s must give up %(items)s, one per missing coin (all they hold if fewer).",
            name=r.name,
            items=_count(r.torture, "item"),
        )
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
        return None, msg("Nobody gets the spare citizen: nobody has a trading station.")
    if len(leaders) > 1:
        said = msg(
            "Nobody gets the spare citizen: %(names)s tie with %(stations)s.",
            names=_names(leaders),
            stations=_count(most, "trading station"),
        )
        return None, said
    return leaders[0], msg(
        "%(name)s gets the spare citizen for the most trading stations (%(most)s).", name=leaders[0], most=most
    )


def _breakdown(player: Player, spare: bool) -> tuple[Line, ...]:
    level = player.development_level
    lines = [Line(msg("%(coins)s × 1", coins=_count(player.coins, "coin")), player.coins, "orleans/coins")]
    lines += [
        Line(
            msg("%(goods)s × %(points)s", goods=phrases.counted(n, kind), points=GOOD_POINTS[kind]),
            n * GOOD_POINTS[kind],
            "orleans/goods",
        )
        for kind in GOODS
        if (n := player.goods.count(kind))
    ]
    per_level = [
        (_count(player.trading_stations, "trading station"), player.trading_stations, "orleans/development"),
        (_count(player.citizens, "citizen"), player.citizens, "orleans/citizens"),
    ]
    if spare:
        per_level.append((msg("the spare citizen (most trading stations)"), 1, "orleans/spare-citizen"))
    lines += [
        Line(msg("%(what)s × development level %(level)s", what=what, level=level), n * level, rule)
        for what, n, rule in per_level
    ]
    return tuple(lines)


def _winners(players: Sequence[Player], totals: Mapping[str, int]) -> tuple[tuple[str, ...], list[str]]:
    top = top_scorers(totals)
    if len(top) < 2:
        return top, []
    by_name = {p.name: p for p in players}
    furthest = max(by_name[n].development_position for n in top)
    winners = tuple(n for n in top if by_name[n].development_position == furthest)
    tied = {"names": _names(top), "points": totals[top[0]], "space": furthest}
    if len(winners) == 1:
        note = msg(
            "%(names)s tie on %(points)s points; the furthest on the development track wins: %(winner)s (space "
            "%(space)s).",
            **tied,
            winner=winners[0],
        )
    else:
        note = msg(
            "%(names)s tie on %(points)s points; the furthest on the development track wins, but %(winners)s are "
            "level on space %(space)s, so they share the win.",
            **tied,
            winners=_names(winners),
        )
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
