"""Which step an Orléans table page puts first for a phone, and the last step recorded in one line.

A phone at the table sees one step at a time: torture first (nothing else can happen until it is settled), then
holdings not entered yet, then its own holdings once per round (they change with every round's actions), then the
round's event, then the next round. A phone that has said who it is gets its own part first; any phone may still
enter any part further down the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..games.orleans import Player
from ..games.orleans_rounds import EVENT_NAMES
from ..log import Standing
from .orleans_text import describe

if TYPE_CHECKING:  # the table asks these helpers about itself (orleans_state imports this module)
    from .orleans_state import Table


@dataclass(frozen=True)
class Step:
    """The step a phone is shown first: "torture", "holdings", "start" (the next round), "event" or "plague"; and
    for whom, for a torture or a holdings step."""

    kind: str
    player: str = ""


def _playing(table: Table) -> bool:
    """True while the latest round is being played: its event waits, or it is a Pilgrimage (nothing to resolve)."""
    last = table.rounds[-1] if table.rounds else None
    return last is not None and (not last.resolved or last.event == "pilgrimage")


def saved_this_round(name: str, entries: Sequence[Standing]) -> bool:
    """True when `name`'s holdings were saved since the latest round began (or no round has begun)."""
    began = max((e.seq for e in entries if e.kind == "round"), default=0)
    return not began or any(e.kind == "holdings" and e.payload.get("player") == name for e in entries if e.seq > began)


def current(table: Table, who: str | None, entries: Sequence[Standing]) -> Step | None:
    """The step this phone is shown first; `who` is the player the phone said it is (falsy: it did not say)."""
    if table.finished:
        return None
    seated = who if who in table.names else ""
    if owing := table.owing():
        return Step("torture", seated if seated in owing else owing[0])
    if missing := table.missing():
        return Step("holdings", seated if seated in missing else missing[0]) if seated else Step("start")
    if seated and _playing(table) and not saved_this_round(seated, entries):
        return Step("holdings", seated)
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


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def glance(p: Player) -> str:
    """A player's holdings in a few words: "5 coins · 3 goods · level 2"."""
    return (
        f"{_count(p.coins, 'coin', 'coins')} · {_count(p.goods.total(), 'good', 'goods')} · level {p.development_level}"
    )


def _holdings(table: Table, entry: Standing, who: str | None) -> tuple[str, str]:
    name = entry.payload.get("player", "")
    p = table.holdings.get(name)
    whose = "your" if name == who else f"{name}'s"
    return f"Saved: {whose} holdings", glance(p) if p else ""


def _round(table: Table) -> tuple[str, str]:
    r = table.rounds[-1]
    moved = [f"{o.name} {'+1' if o.coins_change > 0 else '−1'}" for o in r.outcomes if o.coins_change]
    phase = f", phase {r.phase}" if r.phase else ""
    return f"Round {r.number} began: {r.name}{phase}", "Farmers: " + (" · ".join(moved) or "no coin moved")


def _event(table: Table) -> tuple[str, str]:
    last = table.last_event
    if last is None:
        return "Event resolved", ""
    phase = f", phase {last.phase}" if table.rules == "phased" else ""
    short = [f"{p.name} {p.torture} short" for p in last.players if p.torture]
    return f"Last event: {EVENT_NAMES[last.event]}{phase}", " · ".join(short) or "nobody short"


def _plague(table: Table) -> tuple[str, str]:
    lost = table.rounds[-1].lost if table.rounds else ()
    said = [f"{name} lost a {kind}" for name, kind in zip(table.names, lost, strict=False) if kind]
    return "Plague resolved", " · ".join(said) or "nobody lost a follower"


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
        title, line = f"Torture settled: {entry.payload.get('player', '')}", text.split(" gave up ", 1)[-1]
    else:
        title, line = "Development track saved", ""
    return Summary(entry.kind, title, line, text)
