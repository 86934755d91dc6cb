"""An Orléans table's entries in a sentence each, for the table's log."""

from __future__ import annotations

from companion.games import Payload, Text, msg, msg_n
from companion.games.orleans import engine as orl
from companion.games.orleans.engine.phrases import counted, follower_name, listed
from companion.games.orleans.engine.rounds import EVENT_NAMES
from companion.games.orleans.entries import (
    COUNTED_ITEMS,
    EventEntryIn,
    HoldingsEntryIn,
    PlagueEntryIn,
    RoundEntryIn,
    TortureEntryIn,
    TrackEntryIn,
)

NOUNS = {
    "development": lambda n: msg_n("%(num)s development step back", "%(num)s development steps back", n),
    "follower": lambda n: msg_n("%(num)s follower from the bag", "%(num)s followers from the bag", n),
    "place_tile": lambda n: msg_n("%(num)s place tile", "%(num)s place tiles", n),
    "technology_tile": lambda n: msg_n("%(num)s technology tile", "%(num)s technology tiles", n),
    "trading_station": lambda n: counted(n, "trading station"),
    "trading_stations": lambda n: counted(n, "trading station"),
    "coins": lambda n: counted(n, "coin"),
    "followers_in_bag": lambda n: msg_n("%(num)s follower in the bag", "%(num)s followers in the bag", n),
    "place_tiles": lambda n: msg_n("%(num)s place tile", "%(num)s place tiles", n),
    "technology_tiles": lambda n: msg_n("%(num)s technology tile", "%(num)s technology tiles", n),
    "citizens": lambda n: counted(n, "citizen"),
}


def _some(n: int, name: str) -> Text:
    return NOUNS[name](n)


def _joined(parts: list[str]) -> str:
    """Parts with semicolons between."""
    if len(parts) < 2:
        return parts[0] if parts else ""
    return msg("%(first)s; %(rest)s", first=parts[0], rest=_joined(parts[1:]))


def _holdings_text(entry: HoldingsEntryIn) -> str:
    goods = listed([counted(n, kind) for kind in orl.GOODS if (n := getattr(entry.goods, kind))]) or msg("no goods")
    parts = [_some(entry.coins, "coins"), goods, _some(entry.trading_stations, "trading_stations")]
    where = {"level": entry.development_level, "space": entry.development_position}
    parts.append(msg("development level %(level)s on space %(space)s", **where))
    extras = ("followers_in_bag", "place_tiles", "technology_tiles", "citizens")
    parts += [_some(n, name) for name in extras if (n := getattr(entry, name))]
    return _joined(parts)


def _given(entry: TortureEntryIn) -> str:
    given: list[str] = [counted(n, kind) for kind in orl.GOODS if (n := getattr(entry.give_up.goods, kind))]
    given += [_some(n, item) for item in COUNTED_ITEMS if (n := getattr(entry.give_up, item))]
    return listed(given)


def _torture_text(entry: TortureEntryIn) -> str:
    if not (given := _given(entry)):
        return msg("%(name)s had nothing left to give up: the rest of the debt was dropped", name=entry.player)
    return msg("%(name)s gave up %(items)s (torture)", name=entry.player, items=given)


def torture_line(payload: Payload) -> str:
    """What a torture entry gave up, as the summary's line: "1 wool (torture)" (all of it when nothing was)."""
    entry = TortureEntryIn.model_validate(payload)
    if not (given := _given(entry)):
        return _torture_text(entry)
    return msg("%(items)s (torture)", items=given)


def _seats(skipped: list[str]) -> str:
    return msg("Sacristy: seat %(seats)s skipped it", seats=", ".join(skipped))


def _event_text(entry: EventEntryIn) -> str:
    name = EVENT_NAMES[entry.event]
    text: str = msg("%(event)s, phase %(phase)s", event=name, phase=entry.phase) if entry.phase else name
    if any(choice is not None for choice in entry.food):
        text = msg("%(event)s (with a choice of food)", event=text)
    skipped = [str(seat) for seat, skips in enumerate(entry.sacristy, start=1) if skips]
    return _joined([text, _seats(skipped)]) if skipped else text


def _round_text(entry: RoundEntryIn) -> str:
    name = EVENT_NAMES[entry.event]
    farmers = " · ".join(str(n) for n in entry.farmers)
    if entry.phase:
        return msg(
            "A round began: %(event)s, phase %(phase)s; farmers track %(farmers)s",
            event=name,
            phase=entry.phase,
            farmers=farmers,
        )
    return msg("A round began: %(event)s; farmers track %(farmers)s", event=name, farmers=farmers)


def _plague_text(entry: PlagueEntryIn) -> str:
    lost = [
        msg("seat %(seat)s lost a %(follower)s", seat=seat, follower=follower_name(kind))
        for seat, kind in enumerate(entry.lost, start=1)
        if kind
    ]
    skipped = [str(seat) for seat, skips in enumerate(entry.sacristy, start=1) if skips]
    text = msg("Plague: %(lost)s", lost=listed(lost)) if lost else msg("Plague: nobody lost a follower")
    return _joined([text, _seats(skipped)]) if skipped else text


def _track_text(entry: TrackEntryIn) -> str:
    coins = ", ".join(str(s) for s in entry.coin_spaces)
    text = msg("Coin spaces on the development track: %(spaces)s", spaces=coins)
    if entry.level_spaces is None:
        return text
    levels = ", ".join(str(s) for s in entry.level_spaces) or msg("not known")
    return _joined([text, msg("levels begin at %(levels)s", levels=levels)])


def describe(kind: str, payload: Payload) -> str:
    """One entry (a canonical payload) in a sentence."""
    if kind == "holdings":
        entry = HoldingsEntryIn.model_validate(payload)
        return msg("%(name)s's holdings: %(holdings)s", name=entry.player, holdings=_holdings_text(entry))
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
    return msg("The game ended: final scores")
