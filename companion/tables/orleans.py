"""An Orléans table: each player's holdings, kept up to date by the events; torture for whoever falls short; the
end scoring from the same holdings.

Entries: "holdings" (one player's holdings set or corrected), "event" (resolved for everyone from the holdings so
far), "torture" (the items one player gives up for the debt the last event left them), "track" (the coin spaces
corrected) and "end".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..games import orleans as orl
from ..games import orleans_torture as tort
from ..games.base import Problem, Result, RuleError, raise_if
from ..log import Standing
from ..schemas.orleans import (
    HOLDINGS,
    TORTURE_FIELDS,
    EndForm,
    EventForm,
    HoldingsForm,
    OptionsForm,
    TortureForm,
    TrackForm,
    food_field,
)
from . import TableKind, legacy_entries

EVENT_NAMES = {"harvest": "Harvest", "taxes": "Taxes", "income": "Income", "trading_day": "Trading Day"}


@dataclass(frozen=True)
class Table:
    """The replayed table: holdings by name, torture still owed (items) after the last event, and its result."""

    names: tuple[str, ...]
    rules: str
    coin_spaces: tuple[int, ...]
    holdings: Mapping[str, orl.Player]
    entered: frozenset[str] = frozenset()
    debts: Mapping[str, int] = field(default_factory=dict)
    last_event: orl.EventResult | None = None
    last_phase: str = "A"
    events: int = 0
    finished: bool = False

    @property
    def guessed_track(self) -> bool:
        """Whether the coin spaces are still the app's default guess (worth checking against the board)."""
        return self.coin_spaces == orl.DEFAULT_COIN_SPACES

    def players(self) -> list[orl.Player]:
        return [self.holdings[n] for n in self.names]

    def owing(self) -> list[str]:
        """Who still has torture to settle, in seat order."""
        return [n for n in self.names if self.debts.get(n)]

    def missing(self) -> list[str]:
        """Players whose holdings have not been entered yet."""
        return [n for n in self.names if n not in self.entered]

    def shortfall(self, name: str) -> orl.PlayerEvent | None:
        """What the last event did to this player (for the torture card's explanation)."""
        if self.last_event is None:
            return None
        return next((r for r in self.last_event.players if r.name == name), None)

    def choices(self, name: str) -> list[Choice]:
        """The items this player may give up now, with how many of each (development: steps before a coin space)."""
        player = self.holdings[name]
        most = {
            **{f"goods_{kind}": player.goods.count(kind) for kind in orl.GOODS},
            "development": tort.development_steps(player),
            "follower": player.followers_in_bag,
            "place_tile": player.place_tiles,
            "technology_tile": player.technology_tiles,
            "trading_station": player.trading_stations,
        }
        return [Choice(f, ITEM_LABELS[f], most[f], _note(f, most[f], player)) for f in TORTURE_FIELDS if most[f]]

    def due(self, name: str) -> int:
        """How many items this player gives up now: one per missing coin, or all they have if that is fewer."""
        return min(self.debts.get(name, 0), tort.items_held(self.holdings[name]))

    def form_values(self, name: str) -> dict[str, int]:
        """This player's holdings as the holdings form's fields."""
        p = self.holdings[name]
        return {f: p.goods.count(f) if f in orl.GOODS else int(getattr(p, f)) for f in HOLDINGS}

    def caption(self, event: str) -> str:
        """The event's amounts under its button: "1 · 2 · 3 food" by phase, or the classic single amount."""
        if self.rules == "classic":
            amounts = str(orl.CLASSIC_AMOUNTS[event])
        else:
            amounts = " · ".join(str(orl.PHASED_AMOUNTS[event][phase]) for phase in orl.PHASES)
        return CAPTIONS[event].format(amounts)


CAPTIONS = {
    "harvest": "{} food",
    "taxes": "1 coin per {} goods",
    "income": "{} coins per level",
    "trading_day": "{} coins per station",
}


@dataclass(frozen=True)
class Choice:
    """One kind of item a player may give up now: its form field, label, how many at most, and a short note."""

    field: str
    label: str
    most: int
    note: str


ITEM_LABELS = {
    **{f"goods_{kind}": kind.capitalize() for kind in orl.GOODS},
    "development": "Development step back",
    "follower": "Follower from the bag",
    "place_tile": "Place tile",
    "technology_tile": "Technology tile",
    "trading_station": "Trading station",
}


def _note(field_name: str, most: int, player: orl.Player) -> str:
    if field_name != "development":
        return f"{most} held"
    position = player.development_position
    return f"space {position} → {position - most} at most"


def new_table(names: Sequence[str], options: OptionsForm) -> Table:
    holdings = {n: orl.Player(n, coin_spaces=options.coin_spaces) for n in names}
    return Table(tuple(names), options.rules, options.coin_spaces, holdings)


def _seat(table: Table, name: str) -> int:
    if name not in table.names:
        raise RuleError(f"{name} is not at this table", "player")
    return table.names.index(name)


def _open(table: Table) -> None:
    if table.finished:
        raise RuleError("The game has ended: undo the end of the game to enter more.", "form")


def _remap(exc: RuleError, where: Mapping[str, str]) -> RuleError:
    """Engine locations ("players[1].food.wine") as the form's field names; unknown ones go to the whole form."""
    seen: dict[str, int] = {}
    problems = []
    for p in exc.problems:
        loc = where.get(p.loc, "form")
        seen[loc] = seen.get(loc, 0) + 1
        problems.append(Problem(loc if seen[loc] == 1 else f"{loc}#{seen[loc]}", p.msg))
    return RuleError(problems)


def _items(n: int) -> str:
    return f"{n} item" if n == 1 else f"{n} items"


def _owing_problems(table: Table) -> list[Problem]:
    return [
        Problem(f"owing-{n}", f"{n} still owes {_items(table.debts[n])} (torture): settle it first.")
        for n in table.owing()
    ]


def set_holdings(table: Table, form: HoldingsForm) -> Table:
    _open(table)
    seat = _seat(table, form.player)
    player = form.to_player(table.coin_spaces)
    holdings = {**table.holdings, form.player: player}
    problems = []
    if (owed := table.debts.get(form.player, 0)) and player.coins:
        msg = f"{form.player} still owes {_items(owed)} (torture) and has paid every coin: coins stay 0 until then"
        problems.append(Problem("coins", msg))
    for p in orl.supply_problems([holdings[n] for n in table.names]):
        here = re.fullmatch(rf"players\[{seat}\]\.goods\.(\w+)", p.loc)
        problems.append(Problem(here.group(1) if here else "form", p.msg))
    raise_if(problems)
    return replace(table, holdings=holdings, entered=table.entered | {form.player})


def resolve(table: Table, form: Any) -> Table:
    _open(table)
    problems = []
    if missing := table.missing():
        problems.append(Problem("form", f"Enter the holdings of {', '.join(missing)} first (even if all are 0)."))
    problems += _owing_problems(table)
    if table.rules == "phased" and form.phase is None:
        problems.append(Problem("phase", "choose the phase: A, B or C"))
    food = {table.names[s - 1]: c for s in range(1, len(table.names) + 1) if (c := form.food_choice(s))}
    if any(form.food_choice(s) for s in range(len(table.names) + 1, orl.MAX_PLAYERS + 1)):
        problems.append(Problem("form", f"food was chosen for a seat beyond the {len(table.names)} players"))
    raise_if(problems)
    phase = form.phase or table.last_phase
    where = {f"players[{i}].food": f"food_{i + 1}" for i in range(len(table.names))}
    where |= {f"players[{i}].food.{k}": food_field(i + 1, k) for i in range(len(table.names)) for k in orl.FOOD}
    try:
        result = orl.resolve_event(form.event, phase, table.players(), table.rules, food)
    except RuleError as exc:
        raise _remap(exc, where) from exc
    return replace(
        table,
        holdings={r.name: r.player for r in result.players},
        debts={r.name: r.torture for r in result.players if r.torture},
        last_event=result,
        last_phase=phase,
        events=table.events + 1,
    )


def torture(table: Table, form: TortureForm) -> Table:
    _open(table)
    _seat(table, form.player)
    owed = table.debts.get(form.player, 0)
    if not owed:
        raise RuleError(f"{form.player} owes nothing: there is no torture to settle.", "form")
    fields = form.fields()
    where = {f"give_up[{i}]": f for i, f in enumerate(fields)} | {f"give_up[{i}].good": f for i, f in enumerate(fields)}
    try:
        after = tort.apply_torture(table.holdings[form.player], owed, form.give_up())
    except RuleError as exc:
        raise _remap(exc, where) from exc
    debts = {n: d for n, d in table.debts.items() if n != form.player}
    return replace(table, holdings={**table.holdings, form.player: after}, debts=debts)


def set_track(table: Table, form: TrackForm) -> Table:
    _open(table)
    holdings = {n: replace(p, coin_spaces=form.coin_spaces) for n, p in table.holdings.items()}
    return replace(table, coin_spaces=form.coin_spaces, holdings=holdings)


def end(table: Table, form: EndForm) -> Table:
    _open(table)
    problems = _owing_problems(table)
    if missing := table.missing():
        problems.append(Problem("form", f"Enter the holdings of {', '.join(missing)} first."))
    raise_if(problems)
    return replace(table, finished=True)


FORMS: dict[str, Any] = {
    "holdings": HoldingsForm,
    "event": EventForm,
    "torture": TortureForm,
    "track": TrackForm,
    "end": EndForm,
}
APPLY: dict[str, Any] = {"holdings": set_holdings, "event": resolve, "torture": torture, "track": set_track, "end": end}


def replay(setup: dict[str, Any], entries: Sequence[Standing]) -> Table:
    table = new_table(setup["players"], OptionsForm.model_validate(setup.get("options", {})))
    for i, entry in enumerate(entries):
        form = FORMS[entry.kind].model_validate(entry.payload)
        try:
            table = APPLY[entry.kind](table, form)
        except RuleError as exc:
            if i == len(entries) - 1:
                raise
            # An earlier entry no longer fits (after a correction): say which one, away from the form's fields.
            what = describe(entry.kind, entry.payload)
            raise RuleError(Problem(f"entry-{i}-{j}", f"{what}: {p.msg}") for j, p in enumerate(exc.problems)) from exc
    return table


NOUNS = {
    **{f"goods_{kind}": (kind, kind) for kind in orl.GOODS},
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


def _some(n: int, field_name: str) -> str:
    one, many = NOUNS[field_name]
    return f"{n} {one if n == 1 else many}"


def _holdings_text(p: Mapping[str, Any]) -> str:
    goods = ", ".join(f"{p[k]} {k}" for k in orl.GOODS if p.get(k)) or "no goods"
    parts = [_some(p.get("coins", 0), "coins"), goods, _some(p.get("trading_stations", 0), "trading_stations")]
    parts.append(f"development level {p.get('development_level', 0)} on space {p.get('development_position', 0)}")
    parts += [_some(p[k], k) for k in ("followers_in_bag", "place_tiles", "technology_tiles", "citizens") if p.get(k)]
    return "; ".join(parts)


def _torture_text(p: Mapping[str, Any]) -> str:
    given = [_some(p[f], f) for f in TORTURE_FIELDS if p.get(f)]
    if not given:
        return f"{p['player']} had nothing left to give up: the rest of the debt was dropped"
    return f"{p['player']} gave up {', '.join(given)} (torture)"


def describe(kind: str, payload: dict[str, Any]) -> str:
    if kind == "holdings":
        return f"{payload['player']}'s holdings: {_holdings_text(payload)}"
    if kind == "event":
        name = EVENT_NAMES.get(payload.get("event", ""), "An event")
        chose = sum(1 for k, v in payload.items() if k.startswith("food_") and v is not None)
        text = f"{name}, phase {payload['phase']}" if payload.get("phase") else name
        return text + (" (with a choice of food)" if chose else "")
    if kind == "torture":
        return _torture_text(payload)
    if kind == "track":
        spaces = payload.get("coin_spaces", [])
        return f"Coin spaces on the development track: {', '.join(str(s) for s in spaces)}"
    return "The game ended: final scores"


def result(table: Table) -> Result:
    return orl.score(table.players())


KIND = TableKind(
    "orleans",
    legacy_entries(FORMS),
    FORMS,
    replay,
    describe,
    result,
    "orleans/table.html",
    options=OptionsForm,
    options_template="orleans/setup_options.html",
    finished=lambda table: table.finished,
)
