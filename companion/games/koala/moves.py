"""The moves of a Koala table: each entry sets one cave's seats or food, or one player's feasts or team card, or
several caves' food and players' feasts together."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from companion.games import Problem, RuleError, msg, msg_n, raise_if
from companion.games.koala import engine as koala
from companion.games.koala.counts import CountsEntryIn
from companion.games.koala.engine.checks import WORDS, and_list, seating, team_key
from companion.games.koala.schemas import FeastsEntryIn, FoodEntryIn, SeatEntryIn, TeamEntryIn
from companion.games.koala.state import ROLES, KoalaTable, Slot

Entry = TypeVar("Entry")


def _player(table: KoalaTable, name: str, loc: str) -> str:
    found = next((p for p in table.players if p.casefold() == name.casefold()), None)
    if found is None:
        raise RuleError(msg("no player at this table is called %(name)s", name=name), loc)
    return found


def _cave(table: KoalaTable, number: int) -> int:
    if number > len(table.seats):
        raise RuleError(msg("this table has %(caves)s caves", caves=len(table.seats)), "cave")
    return number - 1


def seat(table: KoalaTable, entry: SeatEntryIn) -> KoalaTable:
    """Put `white` and `black` at the cave. Whoever sat there moves to the seat a newcomer left (a swap); a black
    koala left without a white one steps forward; anyone who would be left without a cave is a RuleError."""
    c = _cave(table, entry.cave)
    new = [_player(table, n, role) if n else None for role, n in zip(ROLES, (entry.white, entry.black), strict=True)]
    white, black = new
    if black and not white:
        says = msg("%(name)s cannot stand behind an empty seat: a black koala needs a white one in front", name=black)
        raise RuleError(says, "black")
    if white and white == black:
        says = msg("%(name)s cannot both sit at cave %(cave)s and stand behind it", name=white, cave=entry.cave)
        raise RuleError(says, "black")
    slots: dict[Slot, str] = {
        (i, role): name for i, pair in enumerate(table.seats) for role, name in zip(ROLES, pair, strict=True) if name
    }
    where = {name: slot for slot, name in slots.items()}
    old = [slots.get((c, role)) for role in ROLES]
    vacated = [where[p] for p in new if p and where[p][0] != c]
    displaced = [(role, p) for role, p in zip(ROLES, old, strict=True) if p and p not in new]
    if len(displaced) > len(vacated):
        role, stranded = displaced[len(vacated)]
        raise RuleError(msg("%(name)s would have no cave: move them to another cave first", name=stranded), role)
    for p in new:
        if p:
            del slots[where[p]]
    for role in ROLES:
        slots.pop((c, role), None)
    slots.update({(c, role): p for role, p in zip(ROLES, new, strict=True) if p})
    slots.update({slot: p for slot, (_, p) in zip(vacated, displaced, strict=False)})
    seats = []
    for i in range(len(table.seats)):
        w, b = slots.get((i, "white")), slots.get((i, "black"))
        seats.append((w or b, b if w else None))  # a black koala alone steps forward to the seat
    return replace(table, seats=tuple(seats))


def food(table: KoalaTable, entry: FoodEntryIn) -> KoalaTable:
    """Set one cave's food; the box holds 22 cards of each food across all caves."""
    raise_if(_food_problems(table, entry))
    return _checked(_with_food(table, entry), "form")


def feasts(table: KoalaTable, entry: FeastsEntryIn) -> KoalaTable:
    return _checked(_with_feasts(table, entry), "feasts")


def counts(table: KoalaTable, entry: CountsEntryIn) -> KoalaTable:
    """Set several caves' food and players' feasts at once, as their food and feasts entries would, then check
    each against the table they leave together (so cards moved from one cave to another in one save fit the box).
    Every problem is refused at once, located at its part."""
    problems: list[Problem] = []
    for loc, food_entry in entry.food_entries():
        table = _located(problems, loc, _with_food, table, food_entry)
    for loc, feasts_entry in entry.feasts_entries():
        table = _located(problems, loc, _with_feasts, table, feasts_entry)
    for loc, food_entry in entry.food_entries():
        if food_entry.cave <= len(table.seats):  # a cave the table does not have is refused above
            problems += [Problem(f"{loc}.{p.loc}", p.msg) for p in _food_problems(table, food_entry)]
    raise_if(problems)
    return _checked(table, "")


def _located(
    problems: list[Problem], loc: str, move: Callable[[KoalaTable, Entry], KoalaTable], table: KoalaTable, entry: Entry
) -> KoalaTable:
    """The table after one part's move; a part the table cannot take adds its problems, located at `loc`."""
    try:
        return move(table, entry)
    except RuleError as exc:
        problems += [Problem(loc, p.msg) for p in exc.problems]
        return table


def _with_food(table: KoalaTable, entry: FoodEntryIn) -> KoalaTable:
    c = _cave(table, entry.cave)
    counts = tuple(entry.counts() if i == c else counts for i, counts in enumerate(table.food))
    return replace(table, food=counts, counted=table.counted | {c})


def _with_feasts(table: KoalaTable, entry: FeastsEntryIn) -> KoalaTable:
    return replace(table, feasts={**table.feasts, _player(table, entry.player, "player"): entry.feasts})


def _food_problems(table: KoalaTable, entry: FoodEntryIn) -> list[Problem]:
    """Each food of the cave beyond what the box holds once the other caves' cards are counted (a cave without
    that food is never the one over it)."""
    c = _cave(table, entry.cave)
    problems = []
    for f, name in enumerate(koala.FOODS):
        others = sum(counts[f] for i, counts in enumerate(table.food) if i != c)
        if entry.counts()[f] and others + entry.counts()[f] > koala.FOOD_CARDS_PER_FOOD:
            most = koala.FOOD_CARDS_PER_FOOD - others
            problems.append(
                Problem(
                    name,
                    msg(
                        "only %(limit)s %(food)s cards exist and the other caves hold %(others)s: "
                        "this cave can hold at most %(most)s",
                        limit=koala.FOOD_CARDS_PER_FOOD,
                        food=WORDS[name],
                        others=others,
                        most=most,
                    ),
                )
            )
    return problems


def _checked(table: KoalaTable, loc: str) -> KoalaTable:
    """The engine's own checks of the box (food and feast cards); their messages go beside the field `loc`."""
    try:
        seating(table.engine_players(False), table.engine_caves(), False)
    except RuleError as exc:
        raise RuleError([Problem(loc, p.msg) for p in exc.problems]) from None
    return table


def team(table: KoalaTable, entry: TeamEntryIn) -> KoalaTable:
    """Record one player's team card, refusing a choice that could never make a complete set of teams."""
    if not table.teams:
        raise RuleError(msg("this table is not playing in teams"), "team")
    player = _player(table, entry.player, "player")
    team_of = {**table.team_of, player: entry.team}
    problems = team_problems(table.players, team_of)
    if problems:
        raise RuleError(problems)
    return replace(table, team_of=team_of)


def team_problems(players: Sequence[str], team_of: Mapping[str, str]) -> list[Problem]:
    """Teams of two, and the right number of "?" cards, as far as they can still be completed."""
    n = len(players)
    allowed = [1] if n % 2 else ([0, 2] if n == koala.MAX_PLAYERS else [0])
    jokers = sum(1 for t in team_of.values() if t == koala.NO_TEAM)
    sizes = Counter(team_key(t) for t in team_of.values() if t != koala.NO_TEAM)
    for key, size in sizes.items():
        if size > 2:
            members = [p for p in players if p in team_of and team_key(team_of[p]) == key]
            says = msg(
                "team %(team)s would have %(names)s: a team is two players",
                team=team_of[members[0]],
                names=_and(members),
            )
            return [Problem("team", says)]
    possible = [j for j in allowed if j >= jokers]
    if not possible:
        most = max(allowed)
        if most == 0:
            return [Problem("team", msg("with %(n)s players nobody holds the ? card", n=n))]
        says = msg_n(
            "with %(n)s players at most %(num)d player holds the ? card",
            "with %(n)s players at most %(num)d players hold the ? card",
            most,
            n=n,
        )
        return [Problem("team", says)]
    waiting = [p for p in players if p in team_of and team_of[p] != koala.NO_TEAM and sizes[team_key(team_of[p])] == 1]
    missing = possible[0] - jokers  # "?" cards that must still turn up
    left = n - len(team_of)
    if len(waiting) + missing <= left:
        return []
    needs: list[str] = []
    if waiting:
        needs.append(
            msg_n(
                "%(names)s still needs a teammate",
                "%(names)s each still need a teammate",
                len(waiting),
                names=_and(waiting),
            )
        )
    if missing:
        needs.append(
            msg_n(
                "with %(n)s players %(num)d more ? card must turn up",
                "with %(n)s players %(num)d more ? cards must turn up",
                missing,
                n=n,
            )
        )
    if left == 0:
        says = msg("%(needs)s, but every player has a team card already", needs=_and(needs))
        return [Problem("team", says)]
    says = msg_n(
        "%(needs)s, but only %(num)d player has no team card yet",
        "%(needs)s, but only %(num)d players have no team card yet",
        left,
        needs=_and(needs),
    )
    return [Problem("team", says)]


_and = and_list
