"""What an Orléans table's replay keeps: each player's holdings, torture still owed after the last event, and
what the page offers from them (the items a player may give up, the event amounts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..games import orleans as orl
from ..games import orleans_torture as tort
from ..schemas.orleans_forms import HOLDINGS, TORTURE_FIELDS, OptionsForm


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
    """A table before any entry: everyone holds nothing yet, on the chosen track."""
    holdings = {n: orl.Player(n, coin_spaces=options.coin_spaces) for n in names}
    return Table(tuple(names), options.rules, options.coin_spaces, holdings)
