"""What an Orléans table's replay keeps: each player's holdings, torture still owed after the last event, the
rounds played, and what the page offers from them (the items a player may give up, the event amounts, the next
round's phase and cards left)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from companion.games import msg
from companion.games.orleans import engine as orl
from companion.games.orleans import steps as steps
from companion.games.orleans.engine import holdings as hold
from companion.games.orleans.engine import rounds as rnd
from companion.games.orleans.engine import torture as tort
from companion.games.orleans.forms import HOLDINGS, TORTURE_FIELDS, OptionsForm
from companion.storage.log import Standing


@dataclass(frozen=True)
class Round:
    """One round of the tracker: its event and phase, where everyone stood on the farmers track and what the Farmers
    step did, whether its event is resolved, and (for a Plague) what each seat lost (None: nothing) and why."""

    number: int
    event: str
    phase: str | None
    farmers: tuple[int, ...]
    outcomes: tuple[rnd.FarmerOutcome, ...]
    resolved: bool = False
    lost: tuple[str | None, ...] = ()
    plague: tuple[rnd.PlagueOutcome, ...] = ()
    # Everyone's holdings as the round began, before its Farmers step: what the round changed is measured from them.
    before: Mapping[str, orl.Player] = field(default_factory=dict, compare=False)

    @property
    def name(self) -> str:
        return rnd.EVENT_NAMES[self.event]

    @property
    def warning(self) -> str | None:
        """A second look the event deserves (round 1 other than the Pilgrimage the setup puts on top)."""
        return rnd.first_round_warning(self.number, self.event)


@dataclass(frozen=True)
class Table:
    """The replayed table: holdings by name, torture still owed (items) after the last event, the rounds played
    (events resolved before the table played round by round are `free_events`), and its result."""

    names: tuple[str, ...]
    rules: str
    coin_spaces: tuple[int, ...]
    holdings: Mapping[str, orl.Player]
    level_spaces: tuple[int, ...] = ()
    entered: frozenset[str] = frozenset()
    debts: Mapping[str, int] = field(default_factory=dict)
    last_event: orl.EventResult | None = None
    last_phase: str = "A"
    events: int = 0
    finished: bool = False
    rounds: tuple[Round, ...] = ()
    free_events: tuple[str, ...] = ()
    # Why each debt is owed when the Farmers step left it (an event's debts are explained by `last_event`).
    farmers_debts: Mapping[str, str] = field(default_factory=dict)
    # The debts the last payment left to players with nothing they could give up: dropped (coins short, by name).
    dropped: Mapping[str, int] = field(default_factory=dict)

    def revealed(self) -> tuple[str, ...]:
        """Every event card turned up so far, in order."""
        return self.free_events + tuple(r.event for r in self.rounds)

    def open_round(self) -> Round | None:
        """The round whose event still waits to be resolved, if any."""
        last = self.rounds[-1] if self.rounds else None
        return last if last is not None and not last.resolved else None

    def next_round(self) -> int | None:
        """The number of the round to begin now; None while a round is open or once all 18 are played."""
        played = len(self.revealed())
        return None if self.open_round() or played >= rnd.ROUNDS else played + 1

    def proposed_phase(self) -> str:
        """The phase the app proposes for the next round (rounds 1-6: A, 7-12: B, 13-18: C)."""
        return rnd.proposed_phase(self.next_round() or len(self.revealed()))

    def farmers_now(self) -> tuple[int, ...]:
        """Where everyone stood on the farmers track last round (0 before the first), to carry over."""
        return self.rounds[-1].farmers if self.rounds else tuple(0 for _ in self.names)

    def cards_left(self) -> dict[str, int]:
        """Event cards of each kind still in the deck."""
        return rnd.cards_left(self.revealed())

    def level_now(self, name: str) -> int:
        """The level this player's development marker stands in now (what Income pays on)."""
        return hold.current_level(self.holdings[name])

    @property
    def guessed_track(self) -> bool:
        """Whether the coin spaces are still the app's default guess (worth checking against the board): a table that
        confirmed the preset, or entered where its levels begin, has looked at its board."""
        return self.coin_spaces == orl.DEFAULT_COIN_SPACES and not self.level_spaces

    def step(self, who: str | None) -> steps.Step | None:
        """The step a phone is shown first (its own part first once it has said who it is)."""
        return steps.current(self, who)

    def summary(self, entry: Standing | None, who: str | None = None) -> steps.Summary | None:
        """The last entry as the one-line summary above the step."""
        return steps.summary(self, entry, who)

    def glance(self, name: str) -> str:
        """A player's holdings in a few words, for a folded card."""
        return steps.glance(self.holdings[name])

    def round_changes(self, name: str) -> tuple[str, ...]:
        """What the latest round has changed in this player's holdings so far ("+1 coin", "−1 wool")."""
        before = self.rounds[-1].before.get(name) if self.rounds else None
        return steps.changes(before, self.holdings[name]) if before else ()

    def others(self, who: str | None) -> list[str]:
        """The players in seat order, this phone's own first once it has said who it is."""
        return sorted(self.names, key=lambda name: name != who)

    def players(self) -> list[orl.Player]:
        return [self.holdings[n] for n in self.names]

    def owe(self, debts: Mapping[str, int]) -> Table:
        """The table with the debts a payment just left: a player with no item left to give up owes nothing, the
        debt is dropped (RULINGS: the rest of the debt is dropped once the items run out)."""
        held = {name: tort.items_held(self.holdings[name]) for name in debts}
        kept = {name: owed for name, owed in debts.items() if owed and held[name]}
        return replace(
            self, debts=kept, dropped={name: owed for name, owed in debts.items() if owed and not held[name]}
        )

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

    def debt_reason(self, name: str) -> tuple[str, str] | None:
        """Why this player owes torture, and the rule behind it: the Farmers step's coin, or the last event."""
        if name in self.farmers_debts:
            return self.farmers_debts[name], rnd.FARMERS_RULE
        outcome = self.shortfall(name)
        return (outcome.explanation, orl.TORTURE_RULE) if outcome else None

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
        """This player's holdings as the holdings form's fields; before they are entered, what the box sets out."""
        p = self.holdings[name] if name in self.entered else replace(self.holdings[name], **hold.STARTING)
        return {f: p.goods.count(f) if f in orl.GOODS else int(getattr(p, f)) for f in HOLDINGS}

    def amount(self, event: str, phase: str) -> str:
        """The event's amount in one phase: "2 food", "1 coin per 2 goods", "1 coin per level"."""
        n = orl.event_amount(event, phase, self.rules)
        if event == "harvest":
            return msg("%(n)s food", n=n)
        if event == "taxes":
            return msg("1 coin per good") if n == 1 else msg("1 coin per %(n)s goods", n=n)
        coins = hold.count_of(n, "coin")
        if event == "income":
            return msg("%(coins)s per level", coins=coins)
        return msg("%(coins)s per trading station", coins=coins)

    def caption(self, event: str) -> str:
        """The event's amounts under its button: "1 · 2 · 3 food" by phase, or the classic single amount."""
        if self.rules == "classic":
            amounts = str(orl.CLASSIC_AMOUNTS[event])
        else:
            amounts = " · ".join(str(orl.PHASED_AMOUNTS[event][phase]) for phase in orl.PHASES)
        if event == "harvest":
            return msg("%(amounts)s food", amounts=amounts)
        if event == "taxes":
            return msg("1 coin per %(amounts)s goods", amounts=amounts)
        if event == "income":
            return msg("%(amounts)s coins per level", amounts=amounts)
        return msg("%(amounts)s coins per station", amounts=amounts)


@dataclass(frozen=True)
class Choice:
    """One kind of item a player may give up now: its form field, label, how many at most, and a short note."""

    field: str
    label: str
    most: int
    note: str


ITEM_LABELS = {
    "goods_grain": msg("Grain"),
    "goods_cheese": msg("Cheese"),
    "goods_wine": msg("Wine"),
    "goods_wool": msg("Wool"),
    "goods_brocade": msg("Brocade"),
    "development": msg("Development step back"),
    "follower": msg("Follower from the bag"),
    "place_tile": msg("Place tile"),
    "technology_tile": msg("Technology tile"),
    "trading_station": msg("Trading station"),
}


def _note(field_name: str, most: int, player: orl.Player) -> str:
    if field_name != "development":
        return msg("%(most)s held", most=most)
    position = player.development_position
    lowest = hold.current_level(replace(player, development_position=position - most))
    if lowest < hold.current_level(player):
        return msg(
            "space %(space)s → %(back)s at most (down to level %(level)s for Income)",
            space=position,
            back=position - most,
            level=lowest,
        )
    return msg("space %(space)s → %(back)s at most", space=position, back=position - most)


def new_table(names: Sequence[str], options: OptionsForm) -> Table:
    """A table before any entry: everyone holds nothing yet, on the chosen track."""
    coins, levels = options.coin_spaces, options.level_spaces
    holdings = {n: orl.Player(n, coin_spaces=coins, level_spaces=levels) for n in names}
    return Table(tuple(names), options.rules, options.coin_spaces, holdings, options.level_spaces)
