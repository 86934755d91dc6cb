"""Orléans torture: after paying every coin, a player gives up one item per coin still missing.

Items: a trading station, a follower drawn from the bag (never a starting one), one development step back
(never from a coin space the marker stands on, never onto or past one), a goods tile, a place tile, a technology
tile. A player who runs out of items gives up everything and the rest of the debt is dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from companion.games import Problem, Text, msg, raise_if
from companion.games.orleans.engine import phrases
from companion.games.orleans.engine.holdings import GOODS, Player, holding_problems

ITEMS: tuple[str, ...] = (
    "trading_station",
    "follower",
    "development",
    "goods",
    "place_tile",
    "technology_tile",
)


@dataclass(frozen=True)
class GiveUp:
    """One item given up: `item` is one of ITEMS; `good` names the kind, for goods only."""

    item: str
    good: str | None = None


def can_step_back(position: int, coin_spaces: Sequence[int]) -> bool:
    """Whether the development marker may move from `position` to `position - 1`.

    The marker never goes below the start (0), never steps back from a coin space it stands on, and never lands on
    one: no coin space lies in [position - 1, position].
    """
    return position >= 1 and not any(position - 1 <= space <= position for space in coin_spaces)


def development_steps(player: Player) -> int:
    """How many single steps back the player's development marker can still take, one after another."""
    position = player.development_position
    if position < 1 or position in player.coin_spaces:
        return 0
    # The marker stops at the start, or on the space just past the nearest coin space behind it.
    stop = max([0, *(space + 1 for space in player.coin_spaces if space < position)])
    return position - stop


def items_held(player: Player) -> int:
    """Every item the player could give up, counting each legal development step as one."""
    return (
        player.trading_stations
        + player.followers_in_bag
        + development_steps(player)
        + player.goods.total()
        + player.place_tiles
        + player.technology_tiles
    )


def legal_items(player: Player, owed: int) -> list[GiveUp]:
    """The distinct items this player may give up now (each goods kind held, once); none if owed is 0."""
    if owed <= 0:
        return []
    counts = {
        "trading_station": player.trading_stations,
        "follower": player.followers_in_bag,
        "development": int(can_step_back(player.development_position, player.coin_spaces)),
        "place_tile": player.place_tiles,
        "technology_tile": player.technology_tiles,
    }
    options = [GiveUp(item) for item, n in counts.items() if n > 0]
    options += [GiveUp("goods", kind) for kind in GOODS if player.goods.count(kind) > 0]
    return options


def _step_back(player: Player, loc: str) -> tuple[Player, Problem | None]:
    position = player.development_position
    if can_step_back(position, player.coin_spaces):
        return replace(player, development_position=position - 1), None
    if position == 0:
        return player, Problem(loc, msg("%(name)s's development marker is already at the start", name=player.name))
    if position in player.coin_spaces:
        why = msg(
            "%(name)s's development marker stands on a coin space (space %(space)s): it cannot step back",
            name=player.name,
            space=position,
        )
        return player, Problem(loc, why)
    said = msg("stepping back from space %(space)s would go onto or past a coin space", space=position)
    return player, Problem(loc, said)


def _give_goods(player: Player, good: str | None, loc: str) -> tuple[Player, Problem | None]:
    if good is None:
        return player, Problem(f"{loc}.good", msg("say which good to give up (%(goods)s)", goods=", ".join(GOODS)))
    if good not in GOODS:
        return player, Problem(
            f"{loc}.good", msg("'%(kind)s' is not a good (%(goods)s)", kind=good, goods=", ".join(GOODS))
        )
    if player.goods.count(good) == 0:
        said = msg("%(name)s has no %(what)s left to give up", name=player.name, what=phrases.good_name(good))
        return player, Problem(loc, said)
    return replace(player, goods=player.goods.minus(good)), None


Give = Callable[[Player, str], tuple[Player, Problem | None]]


def _counter(what: Text, held: Callable[[Player], int], one_less: Callable[[Player], Player]) -> Give:
    def give(player: Player, loc: str) -> tuple[Player, Problem | None]:
        if held(player) == 0:
            return player, Problem(loc, msg("%(name)s has no %(what)s left to give up", name=player.name, what=what))
        return one_less(player), None

    return give


_COUNTERS = {
    "trading_station": _counter(
        msg("trading station"),
        lambda p: p.trading_stations,
        lambda p: replace(p, trading_stations=p.trading_stations - 1),
    ),
    "follower": _counter(
        msg("follower in the bag besides the 4 starting ones"),
        lambda p: p.followers_in_bag,
        lambda p: replace(p, followers_in_bag=p.followers_in_bag - 1),
    ),
    "place_tile": _counter(
        msg("place tile"), lambda p: p.place_tiles, lambda p: replace(p, place_tiles=p.place_tiles - 1)
    ),
    "technology_tile": _counter(
        msg("technology tile"),
        lambda p: p.technology_tiles,
        lambda p: replace(p, technology_tiles=p.technology_tiles - 1),
    ),
}


def _give(player: Player, choice: GiveUp, loc: str) -> tuple[Player, Problem | None]:
    if choice.item == "goods":
        return _give_goods(player, choice.good, loc)
    if choice.item not in ITEMS:
        said = msg("'%(item)s' is not an item (%(items)s)", item=choice.item, items=", ".join(ITEMS))
        return player, Problem(f"{loc}.item", said)
    if choice.good is not None:
        return player, Problem(f"{loc}.good", msg("only a goods item names a good"))
    if choice.item == "development":
        return _step_back(player, loc)
    return _COUNTERS[choice.item](player, loc)


def _count_problem(player: Player, owed: int, given: int) -> Problem | None:
    held = items_held(player)
    due = min(owed, held)
    if given == due:
        return None
    if due < owed:
        said = msg(
            "give up exactly %(due)s items (%(name)s has only %(held)s: all of them go and the rest of the debt is "
            "dropped); this gives up %(given)s",
            due=due,
            name=player.name,
            held=held,
            given=given,
        )
    else:
        said = msg(
            "give up exactly %(due)s items (one item per coin still owed (%(owed)s)); this gives up %(given)s",
            due=due,
            owed=owed,
            given=given,
        )
    return Problem("give_up", said)


def apply_torture(player: Player, owed: int, give_up: Sequence[GiveUp]) -> Player:
    """Check one player's choice of items for `owed` missing coins against the rules, and apply it.

    Items are given up in the listed order (several development steps go back one at a time). Raises RuleError
    listing every problem: coins left unpaid, a wrong number of items, an item not held, a blocked step back.
    """
    problems = holding_problems(player, "player")
    if owed < 0:
        problems.append(Problem("owed", msg("must be 0 or more")))
    raise_if(problems)
    if player.coins > 0:
        said = msg("%(name)s pays all %(coins)s coins before torture", name=player.name, coins=player.coins)
        problems.append(Problem("player.coins", said))
    count = _count_problem(player, owed, len(give_up))
    if count is not None:
        problems.append(count)
    state = player
    for i, choice in enumerate(give_up):
        state, problem = _give(state, choice, f"give_up[{i}]")
        if problem is not None:
            problems.append(problem)
    raise_if(problems)
    return state
