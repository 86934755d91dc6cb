"""An Orléans table's entries in a sentence each, for the table's log."""

from __future__ import annotations

from typing import Any

from ..games import orleans as orl
from ..games.orleans_rounds import EVENT_NAMES
from ..schemas.orleans_entries import (
    COUNTED_ITEMS,
    EventEntryIn,
    HoldingsEntryIn,
    PlagueEntryIn,
    RoundEntryIn,
    TortureEntryIn,
    TrackEntryIn,
)

NOUNS = {
    "development": ("development step back", "development steps back"),
    "follower": ("follower from the bag", "followers from the bag"),
    "place_tile": ("place tile", "place tiles"),
    "technology_tile": ("technology tile", "technology tiles"),
    "trading_station": ("trading station", "trading stations"),
    "trading_stations": ("trading station", "trading stations"),
    "coins": ("coin", "coins"),
    "followers_in_bag": ("follower in the bag", "followers in the bag"),
    "place_tiles": ("place tile", "place tiles"),
    "technology_tiles": ("technology tile", "technology tiles"),
    "citizens": ("citizen", "citizens"),
}


def _some(n: int, name: str) -> str:
    one, many = NOUNS[name]
    return f"{n} {one if n == 1 else many}"


def _holdings_text(entry: HoldingsEntryIn) -> str:
    goods = ", ".join(f"{n} {kind}" for kind in orl.GOODS if (n := getattr(entry.goods, kind))) or "no goods"
    parts = [_some(entry.coins, "coins"), goods, _some(entry.trading_stations, "trading_stations")]
    parts.append(f"development level {entry.development_level} on space {entry.development_position}")
    extras = ("followers_in_bag", "place_tiles", "technology_tiles", "citizens")
    parts += [_some(n, name) for name in extras if (n := getattr(entry, name))]
    return "; ".join(parts)


def _torture_text(entry: TortureEntryIn) -> str:
    given = [f"{n} {kind}" for kind in orl.GOODS if (n := getattr(entry.give_up.goods, kind))]
    given += [_some(n, item) for item in COUNTED_ITEMS if (n := getattr(entry.give_up, item))]
    if not given:
        return f"{entry.player} had nothing left to give up: the rest of the debt was dropped"
    return f"{entry.player} gave up {', '.join(given)} (torture)"


def _event_text(entry: EventEntryIn) -> str:
    text = EVENT_NAMES[entry.event] + (f", phase {entry.phase}" if entry.phase else "")
    text += " (with a choice of food)" if any(choice is not None for choice in entry.food) else ""
    skipped = [str(seat) for seat, skips in enumerate(entry.sacristy, start=1) if skips]
    return text + (f"; Sacristy: seat {', '.join(skipped)} skipped it" if skipped else "")


def _round_text(entry: RoundEntryIn) -> str:
    text = f"A round began: {EVENT_NAMES[entry.event]}" + (f", phase {entry.phase}" if entry.phase else "")
    return text + "; farmers track " + " · ".join(str(n) for n in entry.farmers)


def _plague_text(entry: PlagueEntryIn) -> str:
    lost = [f"seat {seat} lost a {kind}" for seat, kind in enumerate(entry.lost, start=1) if kind]
    return "Plague: " + (", ".join(lost) if lost else "nobody lost a follower")


def _track_text(entry: TrackEntryIn) -> str:
    text = f"Coin spaces on the development track: {', '.join(str(s) for s in entry.coin_spaces)}"
    if entry.level_spaces is None:
        return text
    levels = ", ".join(str(s) for s in entry.level_spaces) or "not known"
    return f"{text}; levels begin at {levels}"


def describe(kind: str, payload: dict[str, Any]) -> str:
    """One entry (a canonical payload) in a sentence."""
    if kind == "holdings":
        entry = HoldingsEntryIn.model_validate(payload)
        return f"{entry.player}'s holdings: {_holdings_text(entry)}"
    if kind == "event":
        return _event_text(EventEntryIn.model_validate(payload))
    if kind == "torture":
        return _torture_text(TortureEntryIn.model_validate(payload))
    if kind == "track":
        return _track_text(TrackEntryIn.model_validate(payload))
    if kind == "round":
        return _round_text(RoundEntryIn.model_validate(payload))
    if kind == "plague":
        return _plague_text(PlagueEntryIn.model_validate(payload))
    return "The game ended: final scores"
