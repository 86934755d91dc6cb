"""The words Orléans' sentences share, as Texts each language can say again: a number with its noun ("3 coins"),
a good's name, a list of parts ("1 grain, 2 cheese"), names in a phrase ("Jo, Kim and Lou")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from companion.games import Text, msg, msg_n

COUNTED: Mapping[str, Callable[[int], Text]] = {
    "coin": lambda n: msg_n("%(num)s coin", "%(num)s coins", n),
    "item": lambda n: msg_n("%(num)s item", "%(num)s items", n),
    "good": lambda n: msg_n("%(num)s good", "%(num)s goods", n),
    "trading station": lambda n: msg_n("%(num)s trading station", "%(num)s trading stations", n),
    "citizen": lambda n: msg_n("%(num)s citizen", "%(num)s citizens", n),
    "grain": lambda n: msg_n("%(num)s grain", "%(num)s grain", n),
    "cheese": lambda n: msg_n("%(num)s cheese", "%(num)s cheese", n),
    "wine": lambda n: msg_n("%(num)s wine", "%(num)s wine", n),
    "wool": lambda n: msg_n("%(num)s wool", "%(num)s wool", n),
    "brocade": lambda n: msg_n("%(num)s brocade", "%(num)s brocade", n),
}

GOOD_NAMES: Mapping[str, Text] = {
    "grain": msg("grain"),
    "cheese": msg("cheese"),
    "wine": msg("wine"),
    "wool": msg("wool"),
    "brocade": msg("brocade"),
}

FOLLOWER_NAMES: Mapping[str, Text] = {
    "farmer": msg("farmer"),
    "boatman": msg("boatman"),
    "craftsman": msg("craftsman"),
    "trader": msg("trader"),
    "scholar": msg("scholar"),
    "knight": msg("knight"),
    "monk": msg("monk"),
}


def counted(n: int, noun: str) -> Text:
    """A number with its noun: "1 coin", "3 coins", "2 wool"."""
    return COUNTED[noun](n)


def listed(parts: Sequence[str]) -> str:
    """Parts with commas between ("1 grain, 2 cheese"), each said in the reader's language."""
    if len(parts) < 2:
        return parts[0] if parts else ""
    return msg("%(first)s, %(rest)s", first=parts[0], rest=listed(parts[1:]))


def names_text(names: Sequence[str]) -> str:
    """Names in a phrase: Jo; Jo and Kim; Jo, Kim and Lou."""
    if len(names) < 2:
        return names[0] if names else ""
    return msg("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])


def good_name(kind: str) -> str:
    """A good's name ("wool"), said in the reader's language; anything else as it is."""
    return GOOD_NAMES.get(kind, kind)


def follower_name(kind: str) -> str:
    """A follower's name ("monk"), said in the reader's language; anything else as it is."""
    return FOLLOWER_NAMES.get(kind, kind)
