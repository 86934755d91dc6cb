"""LFG: Looking For Group — end-of-game scoring: complete parties, renown, and the scoundrel win.

A party is complete when three different heroes (two copies of one hero are two heroes) can take defence,
support and damage, one role each. Incomplete parties are scored but disqualified. A complete party with
strictly more scoundrels and strictly less renown than every other final party, complete or not, wins alone;
otherwise the highest renown among complete parties wins and ties share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from companion.games.base import Line, PlayerScore, Problem, Result, raise_if, top_scorers

ROLES: tuple[str, ...] = ("defence", "support", "damage")
TRAITS: tuple[str, ...] = ("loyal", "spellcaster", "wild", "scoundrel")
MIN_PLAYERS, MAX_PLAYERS = 2, 7
COPIES_PER_HERO = 2
DIFFERENT_HEROES = 23
RULE_REFS: frozenset[str] = frozenset({"lfg/renown", "lfg/hurt"})


@dataclass(frozen=True)
class HeroCard:
    """A hero card as printed: its roles, renown, renown when hurt (may be higher or lower), and traits."""

    name: str
    roles: tuple[str, ...]
    renown: int
    hurt_renown: int
    traits: tuple[str, ...] = ()

    @property
    def scoundrel(self) -> bool:
        """Whether the card carries the scoundrel trait."""
        return "scoundrel" in self.traits


@dataclass(frozen=True)
class PartyHero:
    """A hero in a final party: the card and whether it ended the game hurt."""

    card: HeroCard
    hurt: bool = False

    @property
    def renown(self) -> int:
        """The renown this hero adds to the party: the hurt value when hurt."""
        return self.card.hurt_renown if self.hurt else self.card.renown


@dataclass(frozen=True)
class Player:
    """A player and their final party."""

    name: str
    party: tuple[PartyHero, ...]


def card_problems(card: HeroCard, loc: str = "", name_field: str = "name") -> list[Problem]:
    """Every problem with one hero card; `loc` prefixes each location ("players[0].party[2]")."""
    at = f"{loc}." if loc else ""
    problems: list[Problem] = []
    if not card.name.strip():
        problems.append(Problem(f"{at}{name_field}", "a hero needs a name"))
    if not card.roles:
        problems.append(Problem(f"{at}roles", "a hero can fill at least one role (defence, support or damage)"))
    problems += _choice_problems(card.roles, ROLES, "role", f"{at}roles")
    problems += _choice_problems(card.traits, TRAITS, "trait", f"{at}traits")
    return problems


def _choice_problems(values: Sequence[str], known: Sequence[str], kind: str, loc: str) -> list[Problem]:
    problems: list[Problem] = []
    for i, value in enumerate(values):
        if value not in known:
            problems.append(Problem(f"{loc}[{i}]", f"unknown {kind} {value!r}; choose from {', '.join(known)}"))
        elif value in values[:i]:
            problems.append(Problem(f"{loc}[{i}]", f"the {kind} {value} is listed twice"))
    return problems


def fill_roles(role_sets: Sequence[Sequence[str]]) -> dict[str, int] | None:
    """Give each role a different hero (by index into `role_sets`), or None when no such assignment exists.

    A maximum bipartite matching by augmenting paths: a hero already holding a role hands it over whenever
    it can move to another free role, so an early choice never blocks a later role.
    """
    holder: dict[int, str] = {}

    def place(role: str, seen: set[int]) -> bool:
        for i, roles in enumerate(role_sets):
            if role in roles and i not in seen:
                seen.add(i)
                if i not in holder or place(holder[i], seen):
                    holder[i] = role
                    return True
        return False

    for role in ROLES:
        if not place(role, set()):
            return None
    by_role = {role: i for i, role in holder.items()}
    return {role: by_role[role] for role in ROLES}


def _missing_reason(party: Sequence[PartyHero]) -> str:
    """Why this party cannot fill the three roles (call only for an incomplete party)."""
    if not party:
        return "the party has no heroes"
    able = {role: [i for i, h in enumerate(party) if role in h.card.roles] for role in ROLES}
    lacking = [role for role in ROLES if not able[role]]
    if lacking:
        return f"no hero in the party can play {_join(lacking, 'or')}"
    if len(party) < len(ROLES):
        count = "1 hero" if len(party) == 1 else f"{len(party)} heroes"
        return f"the party has only {count}, and each hero fills one role at a time"
    # Hall's condition: with every role coverable and 3+ heroes, some pair of roles must share a single hero.
    first, second, hero = next(
        (a, b, able[a][0]) for a, b in combinations(ROLES, 2) if len(set(able[a]) | set(able[b])) < 2
    )
    return f"only {party[hero].card.name} can play {first} or {second}, and a hero fills one role at a time"


def score(players: Sequence[Player]) -> Result:
    """Score every party, disqualify incomplete ones, and find the winners (renown or scoundrel win)."""
    raise_if(_table_problems(players))
    scored = tuple(_score_player(p) for p in players)
    notes = [
        f"{p.name}'s party is incomplete and disqualified: {_missing_reason(p.party)}."
        for p, s in zip(players, scored, strict=True)
        if s.extra["disqualified"]
    ]
    winners, win, win_notes = _winners(scored)
    return Result(players=scored, winners=winners, extra={"win": win}, notes=(*notes, *win_notes))


def _table_problems(players: Sequence[Player]) -> list[Problem]:
    problems: list[Problem] = []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        problems.append(
            Problem("players", f"LFG needs {MIN_PLAYERS} to {MAX_PLAYERS} players; {len(players)} were entered")
        )
    for p, player in enumerate(players):
        for h, hero in enumerate(player.party):
            problems += card_problems(hero.card, f"players[{p}].party[{h}]", name_field="hero")
    return problems + _box_problems(players)


def _box_problems(players: Sequence[Player]) -> list[Problem]:
    """The box holds two copies each of 23 heroes, and both copies of a hero are the same card."""
    problems: list[Problem] = []
    first_seen: dict[str, tuple[str, HeroCard]] = {}
    copies: dict[str, int] = {}
    for p, player in enumerate(players):
        for h, hero in enumerate(player.party):
            loc, key = f"players[{p}].party[{h}]", hero.card.name.strip().casefold()
            if not key:
                continue
            copies[key] = copies.get(key, 0) + 1
            if copies[key] > COPIES_PER_HERO:
                problems.append(
                    Problem(
                        f"{loc}.hero",
                        f"the box holds only {COPIES_PER_HERO} copies of each hero; "
                        f"this is {hero.card.name} number {copies[key]} across the parties",
                    )
                )
            seen_loc, seen = first_seen.setdefault(key, (loc, hero.card))
            if _printed(seen) != _printed(hero.card):
                problems.append(
                    Problem(
                        loc,
                        f"both copies of {hero.card.name} are the same card, but this one's roles, renown, "
                        f"hurt renown or traits differ from the one at {seen_loc}",
                    )
                )
    if len(copies) > DIFFERENT_HEROES:
        problems.append(
            Problem(
                "players",
                f"the box holds {DIFFERENT_HEROES} different heroes; these parties name {len(copies)}",
            )
        )
    return problems


def _printed(card: HeroCard) -> tuple[frozenset[str], int, int, frozenset[str]]:
    return frozenset(card.roles), card.renown, card.hurt_renown, frozenset(card.traits)


def _score_player(player: Player) -> PlayerScore:
    breakdown = tuple(_hero_line(hero) for hero in player.party)
    filled = fill_roles([hero.card.roles for hero in player.party])
    assignment = None if filled is None else {role: player.party[i].card.name for role, i in filled.items()}
    extra = {
        "complete": filled is not None,
        "assignment": assignment,
        "renown": sum(line.points for line in breakdown),
        "scoundrels": sum(hero.card.scoundrel for hero in player.party),
        "disqualified": filled is None,
    }
    return PlayerScore(name=player.name, breakdown=breakdown, extra=extra)


def _hero_line(hero: PartyHero) -> Line:
    if hero.hurt:
        return Line(f"{hero.card.name}, hurt: {hero.renown}", hero.renown, "lfg/hurt")
    return Line(f"{hero.card.name}: {hero.renown}", hero.renown, "lfg/renown")


def _winners(scored: Sequence[PlayerScore]) -> tuple[tuple[str, ...], str | None, list[str]]:
    complete = [s for s in scored if s.extra["complete"]]
    if not complete:
        return (), None, ["No party is complete, so nobody wins."]
    if len(complete) == 1:
        return (complete[0].name,), "renown", [f"{complete[0].name} has the only complete party and wins."]
    scoundrel, why = _scoundrel_winner(scored)
    if scoundrel is not None:
        return (scoundrel,), "scoundrel", [why]
    winners = top_scorers({s.name: s.score for s in complete})
    best = f"the highest renown among complete parties ({max(s.score for s in complete)})"
    if len(winners) == 1:
        return winners, "renown", [why, f"{winners[0]} wins with {best}."]
    return winners, "renown", [why, f"{_join(winners, 'and')} tie for {best} and share the win."]


def _scoundrel_winner(scored: Sequence[PlayerScore]) -> tuple[str | None, str]:
    """The single scoundrel winner if there is one, and a sentence saying why (or why not).

    Only a complete party can win, but it is measured against every final party: an incomplete party's
    scoundrels and renown still stand in its way.
    """
    no_win = "so there is no scoundrel win."
    if not any(s.extra["scoundrels"] for s in scored if s.extra["complete"]):
        return None, f"No complete party has a scoundrel, {no_win}"
    most = max(s.extra["scoundrels"] for s in scored)
    leaders = [s for s in scored if s.extra["scoundrels"] == most]
    if len(leaders) > 1:
        return (
            None,
            f"{_join([s.name for s in leaders], 'and')} tie for the most scoundrels ({most}), {no_win}",
        )
    leader, lowest = leaders[0], min(s.score for s in scored)
    has_most = f"{leader.name} has the most scoundrels ({most})"
    if not leader.extra["complete"]:
        return None, f"{has_most} but an incomplete party, {no_win}"
    if leader.score > lowest:
        return (
            None,
            f"{has_most} but not the lowest renown ({leader.score}; the lowest is {lowest}), {no_win}",
        )
    others = [s.name for s in scored if s.score == lowest and s is not leader]
    if others:
        return None, f"{has_most} but ties {_join(others, 'and')} for the lowest renown ({lowest}), {no_win}"
    return leader.name, f"{has_most} and, alone, the lowest renown ({lowest}): a scoundrel win."


def _join(items: Sequence[str], word: str) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"
