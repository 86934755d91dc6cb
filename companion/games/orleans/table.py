"""An Orléans table: each player's holdings, kept up to date by the events; torture for whoever falls short; the
end scoring from the same holdings.

Entries: "holdings" (one player's holdings set or corrected), "round" (a round begins: its event and the Farmers
step, see `rounds`), "event" (resolved for everyone from the holdings so far), "plague" (the followers a
Plague took), "torture" (the items one player gives up for the debt the last event left them), "track" (the coin
and level spaces corrected) and "end". Problems are located in the entry's canonical payload ("goods.wool",
"food[1].wine", "give_up.development"); those about the table rather than the entry are located at "form" or
"owing-<name>".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TypedDict

from companion.games import Payload, PayloadView, Problem, Result, RuleError, msg, raise_if
from companion.games.orleans import engine as orl
from companion.games.orleans.engine import holdings as hold
from companion.games.orleans.engine import torture as tort
from companion.games.orleans.engine.phrases import counted
from companion.games.orleans.entries import (
    EndEntryIn,
    EventEntryIn,
    HoldingsEntryIn,
    PlagueEntryIn,
    RoundEntryIn,
    TortureEntryIn,
    TrackEntryIn,
    event_v1_to_v2,
    event_v2_to_v3,
    holdings_v1_to_v2,
    plague_v1_to_v2,
    round_v1_to_v2,
    torture_v1_to_v2,
    track_v1_to_v2,
)
from companion.games.orleans.forms import EndForm, EventForm, HoldingsForm, OptionsForm, TortureForm, TrackForm
from companion.games.orleans.round_forms import PlagueForm, RoundForm
from companion.games.orleans.rounds import (
    close_round,
    owing_problems,
    plague,
    refuse_if_finished,
    round_event_problems,
    seats_marked,
    start_round,
    unresolved_problems,
)
from companion.games.orleans.state import Table, new_table
from companion.games.orleans.text import describe
from companion.schemas import EntryForm
from companion.storage.entries import EntryKind, on_payload
from companion.storage.log import Standing
from companion.tables import Step, TableRules
from companion.tables.charts import Chart, Series, rounds_of
from companion.tables.parts import keyed


def _seat(table: Table, name: str) -> int:
    if name not in table.names:
        raise RuleError(msg("%(name)s is not at this table", name=name), "player")
    return table.names.index(name)


def _unique(problems: Iterable[Problem]) -> RuleError:
    """Problems with a location each (a page keeps one message per location): repeats are numbered, "loc#2"."""
    seen: dict[str, int] = {}
    located = []
    for p in problems:
        seen[p.loc] = seen.get(p.loc, 0) + 1
        located.append(Problem(p.loc if seen[p.loc] == 1 else f"{p.loc}#{seen[p.loc]}", p.msg))
    return RuleError(located)


def _remap(exc: RuleError, where: Mapping[str, str]) -> RuleError:
    """Engine locations ("players[1].food.wine") as the entry's ("food[1].wine"); others concern the whole entry.
    The same message at the same place (a step back refused twice) is said once."""
    problems = dict.fromkeys(Problem(where.get(p.loc, "form"), p.msg) for p in exc.problems)
    return _unique(problems)


def set_holdings(table: Table, entry: HoldingsEntryIn) -> Table:
    """One player's holdings replaced as a whole (no coins while torture is owed; the goods supply holds)."""
    refuse_if_finished(table)
    seat = _seat(table, entry.player)
    player = entry.to_player(table.coin_spaces, table.level_spaces)
    holdings = {**table.holdings, entry.player: player}
    checks = hold.level_problems(player, "player") + hold.box_problems(player, "player")
    problems = [Problem(p.loc.removeprefix("player."), p.msg) for p in checks]
    if (owed := table.debts.get(entry.player, 0)) and player.coins:
        said = msg(
            "%(name)s still owes %(items)s (torture) and has paid every coin: coins stay 0 until then",
            name=entry.player,
            items=counted(owed, "item"),
        )
        problems.append(Problem("coins", said))
    everyone = [holdings[n] for n in table.names]
    # Everyone's citizens together are over only because of this entry's.
    problems += [Problem("citizens", p.msg) for p in hold.citizen_problems(everyone)]
    for p in hold.goods_problems(everyone):
        here = re.fullmatch(rf"players\[{seat}\]\.(goods\.\w+)", p.loc)
        problems.append(Problem(here.group(1) if here else "form", p.msg))
    raise_if(problems)
    return replace(table, holdings=holdings, entered=table.entered | {entry.player})


def _food_problems(table: Table, entry: EventEntryIn) -> list[Problem]:
    chosen = [seat for seat, choice in enumerate(entry.food) if choice is not None]
    if chosen and entry.event != "harvest":
        return [Problem("food", msg("a choice of food only applies to a Harvest"))]
    if any(seat >= len(table.names) for seat in chosen):
        said = msg("food was chosen for a seat beyond the %(players)s players", players=len(table.names))
        return [Problem("food", said)]
    if len(entry.sacristy) > len(table.names):
        return [Problem("sacristy", seats_marked(len(entry.sacristy), len(table.names)))]
    return []


def resolve(table: Table, entry: EventEntryIn) -> Table:
    """An event resolved for everyone once every holding is in and no torture is owed; it leaves new debts."""
    refuse_if_finished(table)
    problems = []
    if missing := table.missing():
        said = msg("Enter the holdings of %(names)s first (even if all are 0).", names=", ".join(missing))
        problems.append(Problem("form", said))
    problems += owing_problems(table)
    if table.rounds:
        problems += round_event_problems(table, entry)
    elif table.rules == "phased" and entry.phase is None:
        problems.append(Problem("phase", msg("choose the phase: A, B or C")))
    raise_if(problems + _food_problems(table, entry))
    open_round = table.open_round()
    phase = entry.phase or (open_round.phase if open_round else None) or table.last_phase
    chosen = zip(table.names, entry.food, strict=False)
    food = {name: choice.model_dump() for name, choice in chosen if choice is not None}
    where = {f"players[{i}].food": f"food[{i}]" for i in range(len(table.names))}
    where |= {f"players[{i}].food.{k}": f"food[{i}].{k}" for i in range(len(table.names)) for k in orl.FOOD}
    skipping = [name for name, skips in zip(table.names, entry.sacristy, strict=False) if skips]
    try:
        result = orl.resolve_event(entry.event, phase, table.players(), table.rules, food, skipping)
    except RuleError as exc:
        raise _remap(exc, where) from exc
    table = replace(
        table,
        holdings={r.name: r.player for r in result.players},
        farmers_debts={},
        last_event=result,
        last_phase=phase,
        events=table.events + 1,
    ).owe({r.name: r.torture for r in result.players})
    return close_round(table) if open_round else replace(table, free_events=(*table.free_events, entry.event))


def torture(table: Table, entry: TortureEntryIn) -> Table:
    """The items one player gives up, checked against what they owe and hold; their debt is settled."""
    refuse_if_finished(table)
    _seat(table, entry.player)
    owed = table.debts.get(entry.player, 0)
    items = entry.give_up.items()
    if not owed and entry.player in table.dropped and not items:
        return replace(table, dropped={n: d for n, d in table.dropped.items() if n != entry.player})
    if not owed:
        raise RuleError(msg("%(name)s owes nothing: there is no torture to settle.", name=entry.player), "form")
    where = {"give_up": "give_up"} | {f"give_up[{i}]": loc for i, (loc, _) in enumerate(items)}
    try:
        after = tort.apply_torture(table.holdings[entry.player], owed, [item for _, item in items])
    except RuleError as exc:
        raise _remap(exc, where) from exc
    debts = {n: d for n, d in table.debts.items() if n != entry.player}
    reasons = {n: why for n, why in table.farmers_debts.items() if n != entry.player}
    return replace(table, holdings={**table.holdings, entry.player: after}, debts=debts, farmers_debts=reasons)


def _semi(parts: Sequence[str]) -> str:
    """Parts with semicolons between."""
    if len(parts) < 2:
        return parts[0] if parts else ""
    return msg("%(first)s; %(rest)s", first=parts[0], rest=_semi(parts[1:]))


def _above_its_level(player: orl.Player) -> str:
    level = hold.level_at(player.development_position, player.level_spaces)
    return msg(
        "%(name)s on space %(space)s would be in level %(level)s (highest reached: %(reached)s)",
        name=player.name,
        space=player.development_position,
        level=level,
        reached=player.development_level,
    )


class _Track(TypedDict, total=False):
    """The track fields a correction changes, on every player and on the table alike."""

    coin_spaces: tuple[int, ...]
    level_spaces: tuple[int, ...]


def set_track(table: Table, entry: TrackEntryIn) -> Table:
    """New coin spaces (and level spaces, when given) for everyone's development track; a marker the new levels would
    put above the highest level entered for its player is refused."""
    refuse_if_finished(table)
    track: _Track = {"coin_spaces": tuple(entry.coin_spaces)}
    if entry.level_spaces is not None:
        track["level_spaces"] = tuple(entry.level_spaces)
    holdings = {n: replace(p, **track) for n, p in table.holdings.items()}
    above = [_above_its_level(p) for n, p in holdings.items() if n in table.entered and hold.level_problems(p, n)]
    if above:
        raise RuleError(
            msg("%(above)s: check these spaces, or correct the holdings first", above=_semi(above)), "level_spaces"
        )
    return replace(table, holdings=holdings, **track)


def end(table: Table, entry: EndEntryIn) -> Table:
    """The end of the game, once every holding is in and no torture is owed."""
    refuse_if_finished(table)
    problems = owing_problems(table) + unresolved_problems(table)
    if missing := table.missing():
        problems.append(Problem("form", msg("Enter the holdings of %(names)s first.", names=", ".join(missing))))
    raise_if(problems)
    return replace(table, finished=True)


ENTRIES = {
    "holdings": EntryKind(
        "holdings",
        HoldingsEntryIn,
        "One player's holdings, set or corrected as a whole.",
        version=2,
        upgrades={1: holdings_v1_to_v2},
        label=msg("holdings"),
    ),
    "event": EntryKind(
        "event",
        EventEntryIn,
        "An event (Harvest, Taxes, Income, Trading Day) resolved for every player, but those its Sacristy shelters.",
        version=3,
        upgrades={1: event_v1_to_v2, 2: event_v2_to_v3},
        label=msg("event"),
    ),
    "torture": EntryKind(
        "torture",
        TortureEntryIn,
        "The items one player gives up for the coins the last event left them short.",
        version=2,
        upgrades={1: torture_v1_to_v2},
        label=msg("torture"),
    ),
    "track": EntryKind(
        "track",
        TrackEntryIn,
        "The development track's coin spaces and level spaces, corrected.",
        version=2,
        upgrades={1: track_v1_to_v2},
        label=msg("track"),
    ),
    "round": EntryKind(
        "round",
        RoundEntryIn,
        "A round begins: its event is revealed and the Farmers step pays.",
        version=2,
        upgrades={1: round_v1_to_v2},
        label=msg("round"),
    ),
    "plague": EntryKind(
        "plague",
        PlagueEntryIn,
        "A Plague resolved: the follower each player's draw took, and who skipped it for an active Sacristy.",
        version=2,
        upgrades={1: plague_v1_to_v2},
        label=msg("plague"),
    ),
    "end": EntryKind("end", EndEntryIn, "The game is over: the scores are final.", label=msg("end")),
}
FORMS: dict[str, type[EntryForm]] = {
    "holdings": HoldingsForm,
    "round": RoundForm,
    "event": EventForm,
    "plague": PlagueForm,
    "torture": TortureForm,
    "track": TrackForm,
    "end": EndForm,
}
APPLY: dict[str, Callable[[Table, Payload], Table]] = {
    "holdings": on_payload(HoldingsEntryIn, set_holdings),
    "round": on_payload(RoundEntryIn, start_round),
    "event": on_payload(EventEntryIn, resolve),
    "plague": on_payload(PlagueEntryIn, plague),
    "torture": on_payload(TortureEntryIn, torture),
    "track": on_payload(TrackEntryIn, set_track),
    "end": on_payload(EndEntryIn, end),
}


def replay(setup: Payload, entries: Sequence[Standing]) -> Table:
    """The table after its standing entries (canonical payloads), in order."""
    table = new_table(setup["players"], OptionsForm.model_validate(setup.get("options", {})))
    # The entry being entered or corrected has the highest seq: its problems belong to its own fields.
    checked = max((entry.seq for entry in entries), default=0)
    for entry in entries:
        try:
            table = APPLY[entry.kind](table, entry.payload)
        except RuleError as exc:
            if entry.seq == checked:
                raise
            raise _no_longer_fits(entry, exc) from exc
    return table


def _no_longer_fits(entry: Standing, exc: RuleError) -> RuleError:
    """A later entry that a correction would break: which one, and why, away from the corrected form's fields."""
    what = describe(entry.kind, entry.payload)
    return _unique(
        Problem(f"entry-{entry.seq}", msg("Entry #%(seq)s, %(what)s: %(why)s", seq=entry.seq, what=what, why=p.msg))
        for p in exc.problems
    )


def round_step(number: int) -> Step:
    return Step(f"round:{number}", msg("Round %(number)s", number=number))


def next_round(table: Table, kind: str, payload: PayloadView) -> Step | None:
    """A round entry begins the next round (none while one is open)."""
    number = table.next_round() if kind == "round" else None
    return None if number is None else round_step(number)


def rounds_begun(table: Table, entries: Sequence[Standing]) -> list[tuple[Step, int]]:
    """Each round begun, with the entry that began it."""
    begun = [entry for entry in entries if entry.kind == "round"]
    return [(round_step(r.number), entry.seq) for r, entry in zip(table.rounds, begun, strict=False)]


# A player's holdings, and the torture they settle, touch that player's holdings alone: one part, so holdings typed
# before that player's torture landed never undo it. Rounds, events, plagues, the track and the end touch everyone.
part = keyed({"holdings": ("holdings", "player"), "torture": ("holdings", "player")})


def result(table: Table) -> Result:
    """The end scoring of the holdings as they stand."""
    return orl.score(table.players())


def chart(table: Table) -> tuple[Chart, ...]:
    """Each player's coins, and the space their development marker stood on, as each round began (before its Farmers
    step)."""
    rounds = [r for r in table.rounds if r.before]

    def each(read: Callable[[orl.Player], int]) -> tuple[Series, ...]:
        return tuple(
            Series(name, tuple(read(r.before[name]) if name in r.before else None for r in rounds))
            for name in table.names
        )

    labels = rounds_of(len(rounds))
    return (
        Chart(msg("Coins as each round began"), labels, each(lambda p: p.coins)),
        Chart(msg("Development track space as each round began"), labels, each(lambda p: p.development_position)),
    )


RULES = TableRules(
    "orleans",
    ENTRIES,
    FORMS,
    replay,
    describe,
    result,
    "orleans/table.html",
    options=OptionsForm,
    options_template="orleans/setup_options.html",
    finished=lambda table: table.finished,
    step=next_round,
    steps=rounds_begun,
    part=part,
    chart=chart,
)
