"""An Orléans table round by round: a "round" entry reveals the round's event and runs the Farmers step; at the end
of the round the event is resolved by an "event" entry (the four that pay) or a "plague" entry; a Pilgrimage needs
nothing more. Tables that resolved events before playing round by round keep them as rounds already played.

Problems are located in the entry's canonical payload ("farmers[1]", "lost[2]", "event", "phase"); those about the
table rather than the entry are located at "form" or "owing-<name>".
"""

from __future__ import annotations

from dataclasses import replace

from ..games import orleans_rounds as rnd
from ..games.base import Problem, RuleError, raise_if
from ..schemas.orleans_entries import EventEntryIn, PlagueEntryIn, RoundEntryIn
from .orleans_state import Round, Table


def refuse_if_finished(table: Table) -> None:
    """Nothing more is entered once the game has ended."""
    if table.finished:
        raise RuleError("The game has ended: undo the end of the game to enter more.", "form")


def _items(n: int) -> str:
    return f"{n} item" if n == 1 else f"{n} items"


def owing_problems(table: Table) -> list[Problem]:
    """Torture still to settle blocks what comes next."""
    return [
        Problem(f"owing-{n}", f"{n} still owes {_items(table.debts[n])} (torture): settle it first.")
        for n in table.owing()
    ]


def unresolved_problems(table: Table) -> list[Problem]:
    """A round whose event waits to be resolved blocks the next round and the end of the game."""
    if (open_round := table.open_round()) is None:
        return []
    msg = f"Round {open_round.number}'s {open_round.name} is not resolved yet: resolve it at the end of the round."
    return [Problem("form", msg)]


def _seat_problems(table: Table, given: int, field: str, what: str) -> list[Problem]:
    """One value per player, in seat order: a missing seat is named, extra ones are refused."""
    if given > len(table.names):
        return [Problem(field, f"{given} answers for {len(table.names)} players: one per player, in seat order")]
    return [Problem(f"{field}[{i}]", what.format(name=table.names[i])) for i in range(given, len(table.names))]


def _phase_problems(table: Table, phase: str | None) -> list[Problem]:
    if table.rules == "phased" and phase is None:
        return [Problem("phase", "choose the phase: A, B or C")]
    if table.rules == "classic" and phase is not None:
        return [Problem("phase", "the classic rule set has one amount all game: leave the phase out")]
    return []


def start_round(table: Table, entry: RoundEntryIn) -> Table:
    """A round begins: its event is revealed (at most 3 cards of a kind, 18 rounds) and the Farmers step pays."""
    refuse_if_finished(table)
    problems = []
    if missing := table.missing():
        problems.append(Problem("form", f"Enter the holdings of {', '.join(missing)} first (even if all are 0)."))
    problems += owing_problems(table) + unresolved_problems(table)
    problems += rnd.deck_problems(table.revealed(), entry.event)
    problems += _phase_problems(table, entry.phase)
    problems += _seat_problems(table, len(entry.farmers), "farmers", "enter where {name} stands on the farmers track")
    raise_if(problems)
    seats = [
        rnd.FarmerSeat(n, farmers, table.holdings[n].coins)
        for n, farmers in zip(table.names, entry.farmers, strict=True)
    ]
    outcomes = rnd.farmers_step(seats, entry.farmers_torture)
    holdings = {**table.holdings, **{o.name: replace(table.holdings[o.name], coins=o.coins) for o in outcomes}}
    number = len(table.revealed()) + 1
    started = Round(number, entry.event, entry.phase, tuple(entry.farmers), outcomes, entry.event == "pilgrimage")
    owing = {o.name: f"{o.name}: {o.line.label[:1].lower()}{o.line.label[1:]}." for o in outcomes if o.torture}
    return replace(
        table,
        holdings=holdings,
        rounds=(*table.rounds, started),
        last_phase=entry.phase or table.last_phase,
        debts={o.name: o.torture for o in outcomes if o.torture},
        farmers_debts=owing,
    )


def round_event_problems(table: Table, entry: EventEntryIn) -> list[Problem]:
    """An event resolved on a table played round by round must be the open round's, in its phase."""
    open_round = table.open_round()
    if open_round is None:
        return [Problem("form", "There is no round waiting for its event: begin the next round first.")]
    if entry.event != open_round.event:
        msg = f"round {open_round.number}'s event is {open_round.name}, not {rnd.EVENT_NAMES[entry.event]}"
        return [Problem("event", msg + ": resolve it, or correct the round")]
    if entry.phase is not None and entry.phase != open_round.phase:
        phase = f"phase {open_round.phase}" if open_round.phase else "the classic rule set (no phase)"
        return [Problem("phase", f"round {open_round.number} is played in {phase}: correct the round to change it")]
    return []


def close_round(table: Table, lost: tuple[str | None, ...] = ()) -> Table:
    """The open round's event is resolved."""
    last = replace(table.rounds[-1], resolved=True, lost=lost)
    return replace(table, rounds=(*table.rounds[:-1], last))


def _plague_problems(table: Table, entry: PlagueEntryIn) -> list[Problem]:
    open_round = table.open_round()
    if open_round is None or open_round.event != "plague":
        return [Problem("form", "There is no Plague to resolve: the open round's event is not a Plague.")]
    problems = _seat_problems(table, len(entry.lost), "lost", "choose what {name} drew from the bag")
    for i, (name, kind) in enumerate(zip(table.names, entry.lost, strict=False)):
        if kind is not None and table.holdings[name].followers_in_bag == 0:
            msg = f"{name} has no follower in the bag besides the 4 starting ones: only a starting one can come out"
            problems.append(Problem(f"lost[{i}]", msg))
    return problems


def plague(table: Table, entry: PlagueEntryIn) -> Table:
    """Each player loses the recruited follower their draw took (a starting one goes back: nothing lost)."""
    refuse_if_finished(table)
    raise_if(_plague_problems(table, entry))
    lost = tuple(entry.lost)
    holdings = dict(table.holdings)
    for name, kind in zip(table.names, lost, strict=True):
        if kind is not None:
            holdings[name] = replace(holdings[name], followers_in_bag=holdings[name].followers_in_bag - 1)
    return close_round(replace(table, holdings=holdings), lost)
