"""Which step an Orléans table page puts first for a phone, and the last step recorded in one line.

A phone at the table sees one step at a time: torture first (nothing else can happen until it is settled), then
holdings not entered yet, then the round's event, then the next round. A phone that has said who it is gets its own
part first; once its holdings are in, they stay above the step as a line (with what the round changed), opened in
place to correct them. Any phone may still enter any part further down the page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from companion.games import msg, msg_n
from companion.games.orleans.engine import GOODS, SKIP_RULE, EventResult, Player
from companion.games.orleans.engine.phrases import counted, follower_name
from companion.games.orleans.engine.rounds import EVENT_NAMES, FarmerOutcome, PlagueOutcome
from companion.games.orleans.text import describe, torture_line
from companion.storage.log import Standing


# The replayed table (orleans_state.Table) asks these helpers about itself: they name only what they read of it,
# so that the table's module may import this one.
class Round(Protocol):
    @property
    def number(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def event(self) -> str: ...
    @property
    def phase(self) -> str | None: ...
    @property
    def outcomes(self) -> tuple[FarmerOutcome, ...]: ...
    @property
    def plague(self) -> tuple[PlagueOutcome, ...]: ...


class Table(Protocol):
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> str: ...
    @property
    def finished(self) -> bool: ...
    @property
    def holdings(self) -> Mapping[str, Player]: ...
    @property
    def rounds(self) -> Sequence[Round]: ...
    @property
    def last_event(self) -> EventResult | None: ...
    @property
    def dropped(self) -> Mapping[str, int]: ...
    def owing(self) -> list[str]: ...
    def missing(self) -> list[str]: ...
    def open_round(self) -> Round | None: ...
    def next_round(self) -> int | None: ...


@dataclass(frozen=True)
class Step:
    """The step a phone is shown first: "torture", "holdings", "start" (the next round), "event" or "plague"; and
    for whom, for a torture or a holdings step."""

    kind: str
    player: str = ""


def current(table: Table, who: str | None) -> Step | None:
    """The step this phone is shown first; `who` is the player the phone said it is (falsy: it did not say)."""
    if table.finished:
        return None
    seated = who if who in table.names else ""
    if owing := table.owing():
        return Step("torture", seated if seated in owing else owing[0])
    if missing := table.missing():
        return Step("holdings", seated if seated in missing else missing[0]) if seated else Step("start")
    if open_round := table.open_round():
        return Step("plague" if open_round.event == "plague" else "event")
    return Step("start") if table.next_round() else None


@dataclass(frozen=True)
class Summary:
    """The last step recorded, as a compact line: what it was (`title`) and what it did (`line`); the page keeps
    its breakdown one tap away."""

    kind: str
    title: str
    line: str
    text: str


def glance(p: Player) -> str:
    """A player's holdings in a few words: "5 coins · 3 goods · level 2"."""
    return msg(
        "%(coins)s · %(goods)s · level %(level)s",
        coins=counted(p.coins, "coin"),
        goods=counted(p.goods.total(), "good"),
        level=p.development_level,
    )


# Each count a holdings entry keeps, as a change reads: its field, and the number with its word.
CHANGED: tuple[tuple[str, Callable[[int], str]], ...] = (
    ("coins", lambda n: counted(n, "coin")),
    *((kind, lambda n, kind=kind: counted(n, kind)) for kind in GOODS),
    ("trading_stations", lambda n: counted(n, "trading station")),
    ("citizens", lambda n: counted(n, "citizen")),
    ("development_level", lambda n: msg_n("%(num)s level", "%(num)s levels", n)),
    ("development_position", lambda n: msg_n("%(num)s development space", "%(num)s development spaces", n)),
    ("followers_in_bag", lambda n: msg_n("%(num)s follower in the bag", "%(num)s followers in the bag", n)),
    ("place_tiles", lambda n: msg_n("%(num)s place tile", "%(num)s place tiles", n)),
    ("technology_tiles", lambda n: msg_n("%(num)s technology tile", "%(num)s technology tiles", n)),
)


def _held(p: Player, field: str) -> int:
    return p.goods.count(field) if field in GOODS else int(getattr(p, field))


def changes(before: Player, after: Player) -> tuple[str, ...]:
    """What moved from one of a player's holdings to the next, a few words each: ("+1 coin", "−2 wool")."""
    moved = [(said, _held(after, f) - _held(before, f)) for f, said in CHANGED]
    return tuple(
        msg("+%(change)s", change=said(n)) if n > 0 else msg("−%(change)s", change=said(-n)) for said, n in moved if n
    )


def _holdings(table: Table, entry: Standing, who: str | None) -> tuple[str, str]:
    name = entry.payload.get("player", "")
    p = table.holdings.get(name)
    title = msg("Saved: your holdings") if name == who else msg("Saved: %(name)s's holdings", name=name)
    return title, glance(p) if p else ""


def _round(table: Table) -> tuple[str, str]:
    r = table.rounds[-1]
    moved = [f"{o.name} {'+1' if o.coins_change > 0 else '−1'}" for o in r.outcomes if o.coins_change]
    if r.phase:
        title = msg("Round %(number)s began: %(event)s, phase %(phase)s", number=r.number, event=r.name, phase=r.phase)
    else:
        title = msg("Round %(number)s began: %(event)s", number=r.number, event=r.name)
    return title, msg("Farmers: %(moved)s", moved=" · ".join(moved) or msg("no coin moved"))


def _event(table: Table) -> tuple[str, str]:
    last = table.last_event
    if last is None:
        return msg("Event resolved"), ""
    event = EVENT_NAMES[last.event]
    if table.rules == "phased":
        title = msg("Last event: %(event)s, phase %(phase)s", event=event, phase=last.phase)
    else:
        title = msg("Last event: %(event)s", event=event)
    short = [_short(p.name, p.torture, p.name in table.dropped) for p in last.players if p.torture]
    return title, _dotted(short) or msg("nobody short")


def _dotted(parts: Sequence[str]) -> str:
    """Parts with a dot between ("Jo 2 short · Ana 1 short")."""
    if len(parts) < 2:
        return parts[0] if parts else ""
    return msg("%(first)s · %(rest)s", first=parts[0], rest=_dotted(parts[1:]))


def _short(name: str, owed: int, dropped: bool) -> str:
    # "2 short" is never split from the name it belongs to.
    if dropped:
        return msg("%(name)s\u00a0%(owed)s\u00a0short, nothing to give up: dropped", name=name, owed=owed)
    return msg("%(name)s\u00a0%(owed)s\u00a0short", name=name, owed=owed)


def _plague(table: Table) -> tuple[str, str]:
    outcomes = table.rounds[-1].plague if table.rounds else ()
    said = [_plagued(o) for o in outcomes if o.lost or o.line.rule == SKIP_RULE]
    return msg("Plague resolved"), _dotted(said) or msg("nobody lost a follower")


def _plagued(outcome: PlagueOutcome) -> str:
    if outcome.line.rule == SKIP_RULE:
        return msg("%(name)s skipped it (Sacristy)", name=outcome.name)
    return msg("%(name)s lost a %(follower)s", name=outcome.name, follower=follower_name(outcome.lost or ""))


def summary(table: Table, entry: Standing | None, who: str | None = None) -> Summary | None:
    """The entry recorded last as the page's one-line summary (None before any entry, or for the end)."""
    if entry is None or entry.kind == "end":
        return None
    text = describe(entry.kind, entry.payload)
    if entry.kind == "holdings":
        title, line = _holdings(table, entry, who)
    elif entry.kind == "round" and table.rounds:
        title, line = _round(table)
    elif entry.kind == "event":
        title, line = _event(table)
    elif entry.kind == "plague":
        title, line = _plague(table)
    elif entry.kind == "torture":
        title = msg("Torture settled: %(name)s", name=entry.payload.get("player", ""))
        line = torture_line(entry.payload)
    else:
        title, line = msg("Development track saved"), ""
    return Summary(entry.kind, title, line, text)
