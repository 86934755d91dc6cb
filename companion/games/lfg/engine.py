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
from typing import cast

from companion.games import Line, PlayerScore, Problem, Result, Text, msg, msg_n, raise_if, top_scorers

ROLES: tuple[str, ...] = ("defence", "support", "damage")
TRAITS: tuple[str, ...] = ("loyal", "spellcaster", "wild", "scoundrel")
MIN_PLAYERS, MAX_PLAYERS = 2, 7
COPIES_PER_HERO = 2
DIFFERENT_HEROES = 23
RULE_REFS: frozenset[str] = frozenset({"lfg/renown", "lfg/hurt"})
# The roles and traits as a sentence names them (the API's values stay these English words).
WORDS: dict[str, Text] = {
    "defence": msg("defence"),
    "support": msg("support"),
    "damage": msg("damage"),
    "loyal": msg("loyal"),
    "spellcaster": msg("spellcaster"),
    "wild": msg("wild"),
    "scoundrel": msg("scoundrel"),
}


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
        problems.append(Problem(f"{at}{name_field}", msg("a hero needs a name")))
    if not card.roles:
        problems.append(Problem(f"{at}roles", msg("a hero can fill at least one role (defence, support or damage)")))
    problems += _choice_problems(card.roles, ROLES, False, f"{at}roles")
    problems += _choice_problems(card.traits, TRAITS, True, f"{at}traits")
    return problems


def _choice_problems(values: Sequence[str], known: Sequence[str], traits: bool, loc: str) -> list[Problem]:
    problems: list[Problem] = []
    choices = ", ".join(known)
    for i, value in enumerate(values):
        if value not in known:
            says = (
                msg("unknown trait %(value)s; choose from %(choices)s", value=repr(value), choices=choices)
                if traits
                else msg("unknown role %(value)s; choose from %(choices)s", value=repr(value), choices=choices)
            )
            problems.append(Problem(f"{loc}[{i}]", says))
        elif value in values[:i]:
            word = WORDS[value]
            says = (
                msg("the trait %(value)s is listed twice", value=word)
                if traits
                else msg("the role %(value)s is listed twice", value=word)
            )
            problems.append(Problem(f"{loc}[{i}]", says))
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


def missing_reason(party: Sequence[PartyHero]) -> Text:
    """Why this party cannot fill the three roles (call only for an incomplete party)."""
    if not party:
        return msg("the party has no heroes")
    able = {role: [i for i, h in enumerate(party) if role in h.card.roles] for role in ROLES}
    lacking = [WORDS[role] for role in ROLES if not able[role]]
    if lacking:
        return msg("no hero in the party can play %(roles)s", roles=_join(lacking, "or"))
    if len(party) < len(ROLES):
        return msg_n(
            "the party has only %(num)d hero, and each hero fills one role at a time",
            "the party has only %(num)d heroes, and each hero fills one role at a time",
            len(party),
        )
    # Hall's condition: with every role coverable and 3+ heroes, some pair of roles must share a single hero.
    first, second, hero = next(
        (a, b, able[a][0]) for a, b in combinations(ROLES, 2) if len(set(able[a]) | set(able[b])) < 2
    )
    return msg(
        "only %(name)s can play %(first)s or %(second)s, and a hero fills one role at a time",
        name=party[hero].card.name,
        first=WORDS[first],
        second=WORDS[second],
    )


def score(players: Sequence[Player]) -> Result:
    """Score every party, disqualify incomplete ones, and find the winners (renown or scoundrel win)."""
    raise_if(_table_problems(players))
    scored = tuple(_score_player(p) for p in players)
    notes = [
        msg("%(name)s's party is incomplete and disqualified: %(reason)s.", name=p.name, reason=missing_reason(p.party))
        for p, s in zip(players, scored, strict=True)
        if s.extra["disqualified"]
    ]
    winners, win, win_notes = _winners(scored)
    return Result(players=scored, winners=winners, extra={"win": win}, notes=(*notes, *win_notes))


def _table_problems(players: Sequence[Player]) -> list[Problem]:
    problems: list[Problem] = []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        problems.append(
            Problem(
                "players",
                msg(
                    "LFG needs %(min)s to %(max)s players; %(n)s were entered",
                    min=MIN_PLAYERS,
                    max=MAX_PLAYERS,
                    n=len(players),
                ),
            )
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
                        msg(
                            "the box holds only %(copies)s copies of each hero; "
                            "this is %(name)s number %(number)s across the parties",
                            copies=COPIES_PER_HERO,
                            name=hero.card.name,
                            number=copies[key],
                        ),
                    )
                )
            seen_loc, seen = first_seen.setdefault(key, (loc, hero.card))
            if _printed(seen) != _printed(hero.card):
                problems.append(
                    Problem(
                        loc,
                        msg(
                            "both copies of %(name)s are the same card, but this one's roles, renown, "
                            "hurt renown or traits differ from the one at %(loc)s",
                            name=hero.card.name,
                            loc=seen_loc,
                        ),
                    )
                )
    if len(copies) > DIFFERENT_HEROES:
        problems.append(
            Problem(
                "players",
                msg(
                    "the box holds %(heroes)s different heroes; these parties name %(named)s",
                    heroes=DIFFERENT_HEROES,
                    named=len(copies),
                ),
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
        return Line(msg("%(hero)s, hurt: %(renown)s", hero=hero.card.name, renown=hero.renown), hero.renown, "lfg/hurt")
    return Line(msg("%(hero)s: %(renown)s", hero=hero.card.name, renown=hero.renown), hero.renown, "lfg/renown")


def _winners(scored: Sequence[PlayerScore]) -> tuple[tuple[str, ...], str | None, list[str]]:
    complete = [s for s in scored if s.extra["complete"]]
    if not complete:
        return (), None, [msg("No party is complete, so nobody wins.")]
    if len(complete) == 1:
        only = msg("%(name)s has the only complete party and wins.", name=complete[0].name)
        return (complete[0].name,), "renown", [only]
    scoundrel, why = _scoundrel_winner(scored)
    if scoundrel is not None:
        return (scoundrel,), "scoundrel", [why]
    winners = top_scorers({s.name: s.score for s in complete})
    best = max(s.score for s in complete)
    if len(winners) == 1:
        said = msg(
            "%(name)s wins with the highest renown among complete parties (%(renown)s).", name=winners[0], renown=best
        )
        return winners, "renown", [why, said]
    said = msg(
        "%(names)s tie for the highest renown among complete parties (%(renown)s) and share the win.",
        names=_join(winners, "and"),
        renown=best,
    )
    return winners, "renown", [why, said]


def _scoundrels(score: PlayerScore) -> int:
    return cast(int, score.extra["scoundrels"])  # as _score_player stores it


def _scoundrel_winner(scored: Sequence[PlayerScore]) -> tuple[str | None, Text]:
    """The single scoundrel winner if there is one, and a sentence saying why (or why not).

    Only a complete party can win, but it is measured against every final party: an incomplete party's
    scoundrels and renown still stand in its way.
    """
    if not any(_scoundrels(s) for s in scored if s.extra["complete"]):
        return None, msg("No complete party has a scoundrel, so there is no scoundrel win.")
    most = max(_scoundrels(s) for s in scored)
    leaders = [s for s in scored if _scoundrels(s) == most]
    if len(leaders) > 1:
        names = _join([s.name for s in leaders], "and")
        return None, msg(
            "%(names)s tie for the most scoundrels (%(most)s), so there is no scoundrel win.", names=names, most=most
        )
    leader, lowest = leaders[0], min(s.score for s in scored)
    if not leader.extra["complete"]:
        return None, msg(
            "%(name)s has the most scoundrels (%(most)s) but an incomplete party, so there is no scoundrel win.",
            name=leader.name,
            most=most,
        )
    if leader.score > lowest:
        return None, msg(
            "%(name)s has the most scoundrels (%(most)s) but not the lowest renown (%(renown)s; the lowest is "
            "%(lowest)s), so there is no scoundrel win.",
            name=leader.name,
            most=most,
            renown=leader.score,
            lowest=lowest,
        )
    others = [s.name for s in scored if s.score == lowest and s is not leader]
    if others:
        return None, msg(
            "%(name)s has the most scoundrels (%(most)s) but ties %(others)s for the lowest renown (%(lowest)s), "
            "so there is no scoundrel win.",
            name=leader.name,
            most=most,
            others=_join(others, "and"),
            lowest=lowest,
        )
    return leader.name, msg(
        "%(name)s has the most scoundrels (%(most)s) and, alone, the lowest renown (%(lowest)s): a scoundrel win.",
        name=leader.name,
        most=most,
        lowest=lowest,
    )


def _join(items: Sequence[str], word: str) -> str:
    """'a', 'a and b', 'a, b or c' (`word` is "and" or "or"), as Texts."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    joined = items[0]
    for item in items[1:-1]:
        joined = msg("%(list)s, %(item)s", list=joined, item=item)
    if word == "or":
        return msg("%(list)s or %(last)s", list=joined, last=items[-1])
    return msg("%(list)s and %(last)s", list=joined, last=items[-1])
