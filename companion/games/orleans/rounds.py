"""An Orléans table round by round: a "round" entry reveals the round's event and runs the Farmers step; at the end
of the round the event is resolved by an "event" entry (the four that pay) or a "plague" entry, each marking who
skips it for an active Sacristy; a Pilgrimage needs nothing more. Tables that resolved events before playing round
by round keep them as rounds already played.

Problems are located in the entry's canonical payload ("farmers[1]", "lost[2]", "event", "phase"); those about the
table rather than the entry are located at "form" or "owing-<name>".
"""

from __future__ import annotations

import re
from dataclasses import replace

from companion.games import Problem, RuleError, msg, raise_if
from companion.games.orleans.engine import rounds as rnd
from companion.games.orleans.engine.phrases import counted
from companion.games.orleans.entries import EventEntryIn, PlagueEntryIn, RoundEntryIn
from companion.games.orleans.state import Round, Table


def refuse_if_finished(table: Table) -> None:
    """Nothing more is entered once the game has ended."""
    if table.finished:
        raise RuleError(msg("The game has ended: undo the end of the game to enter more."), "form")


def owing_problems(table: Table) -> list[Problem]:
    """Torture still to settle blocks what comes next."""
    return [
        Problem(
            f"owing-{n}",
            msg(
                "%(name)s still owes %(items)s (torture): settle it first.",
                name=n,
                items=counted(table.debts[n], "item"),
            ),
        )
        for n in table.owing()
    ]


def unresolved_problems(table: Table) -> list[Problem]:
    """A round whose event waits to be resolved blocks the next round and the end of the game."""
    if (open_round := table.open_round()) is None:
        return []
    said = msg(
        "Round %(number)s's %(event)s is not resolved yet: resolve it at the end of the round.",
        number=open_round.number,
        event=open_round.name,
    )
    return [Problem("form", said)]


def _seat_problems(table: Table, given: int, field: str) -> list[Problem]:
    """One value per player, in seat order: a missing seat is named, extra ones are refused."""
    if given > len(table.names):
        said = msg(
            "%(given)s answers for %(players)s players: one per player, in seat order",
            given=given,
            players=len(table.names),
        )
        return [Problem(field, said)]
    return [Problem(f"{field}[{i}]", _missing(field, table.names[i])) for i in range(given, len(table.names))]


def _missing(field: str, name: str) -> str:
    if field == "farmers":
        return msg("enter where %(name)s stands on the farmers track", name=name)
    return msg("choose what %(name)s drew from the bag", name=name)


def _phase_problems(table: Table, phase: str | None) -> list[Problem]:
    if table.rules == "phased" and phase is None:
        return [Problem("phase", msg("choose the phase: A, B or C"))]
    if table.rules == "classic" and phase is not None:
        return [Problem("phase", msg("the classic rule set has one amount all game: leave the phase out"))]
    return []


def start_round(table: Table, entry: RoundEntryIn) -> Table:
    """A round begins: its event is revealed (at most 3 cards of a kind, 18 rounds) and the Farmers step pays."""
    refuse_if_finished(table)
    problems = []
    if missing := table.missing():
        said = msg("Enter the holdings of %(names)s first (even if all are 0).", names=", ".join(missing))
        problems.append(Problem("form", said))
    problems += owing_problems(table) + unresolved_problems(table)
    problems += rnd.deck_problems(table.revealed(), entry.event)
    problems += _phase_problems(table, entry.phase)
    problems += _seat_problems(table, len(entry.farmers), "farmers")
    raise_if(problems)
    seats = [
        rnd.FarmerSeat(n, farmers, table.holdings[n].coins)
        for n, farmers in zip(table.names, entry.farmers, strict=True)
    ]
    outcomes = rnd.farmers_step(seats, entry.farmers_torture)
    holdings = {**table.holdings, **{o.name: replace(table.holdings[o.name], coins=o.coins) for o in outcomes}}
    number = len(table.revealed()) + 1
    started = Round(number, entry.event, entry.phase, tuple(entry.farmers), outcomes, entry.event == "pilgrimage")
    started = replace(started, before=table.holdings)
    owing = {o.name: rnd.owing_farmers_coin(o.name, o.farmers) for o in outcomes if o.torture}
    return replace(
        table,
        holdings=holdings,
        rounds=(*table.rounds, started),
        last_phase=entry.phase or table.last_phase,
        farmers_debts=owing,
    ).owe({o.name: o.torture for o in outcomes})


def round_event_problems(table: Table, entry: EventEntryIn) -> list[Problem]:
    """An event resolved on a table played round by round must be the open round's, in its phase."""
    open_round = table.open_round()
    if open_round is None:
        return [Problem("form", msg("There is no round waiting for its event: begin the next round first."))]
    if entry.event != open_round.event:
        said = msg(
            "round %(number)s's event is %(event)s, not %(other)s: resolve it, or correct the round",
            number=open_round.number,
            event=open_round.name,
            other=rnd.EVENT_NAMES[entry.event],
        )
        return [Problem("event", said)]
    if entry.phase is not None and entry.phase != open_round.phase:
        if open_round.phase:
            said = msg(
                "round %(number)s is played in phase %(phase)s: correct the round to change it",
                number=open_round.number,
                phase=open_round.phase,
            )
        else:
            said = msg(
                "round %(number)s is played in the classic rule set (no phase): correct the round to change it",
                number=open_round.number,
            )
        return [Problem("phase", said)]
    return []


def close_round(table: Table, lost: tuple[str | None, ...] = (), plague: tuple[rnd.PlagueOutcome, ...] = ()) -> Table:
    """The open round's event is resolved."""
    last = replace(table.rounds[-1], resolved=True, lost=lost, plague=plague)
    return replace(table, rounds=(*table.rounds[:-1], last))


def _plague_problems(table: Table, entry: PlagueEntryIn) -> list[Problem]:
    open_round = table.open_round()
    if open_round is None or open_round.event != "plague":
        return [Problem("form", msg("There is no Plague to resolve: the open round's event is not a Plague."))]
    if len(entry.sacristy) > len(table.names):
        return [Problem("sacristy", seats_marked(len(entry.sacristy), len(table.names)))]
    return _seat_problems(table, len(entry.lost), "lost")


def seats_marked(seats: int, players: int) -> str:
    """More seats ticked for a Sacristy than the table has players."""
    return msg("%(seats)s seats marked for %(players)s players", seats=seats, players=players)


def _as_lost(exc: RuleError) -> RuleError:
    """The engine's "players[1].drawn" as the entry's "lost[1]"."""
    return RuleError([Problem(re.sub(r"^players\[(\d+)\]\.drawn$", r"lost[\1]", p.loc), p.msg) for p in exc.problems])


def plague(table: Table, entry: PlagueEntryIn) -> Table:
    """Each player loses the recruited follower their draw took (a starting one goes back: nothing lost); a player
    whose Sacristy is active skips it."""
    refuse_if_finished(table)
    raise_if(_plague_problems(table, entry))
    skips = [*entry.sacristy, *[False] * len(table.names)]
    draws = [
        rnd.PlagueDraw(name, table.holdings[name].followers_in_bag, kind, skips[i])
        for i, (name, kind) in enumerate(zip(table.names, entry.lost, strict=True))
    ]
    try:
        outcomes = rnd.resolve_plague(draws)
    except RuleError as exc:
        raise _as_lost(exc) from exc
    holdings = dict(table.holdings)
    for o in outcomes:
        if o.lost is not None:
            holdings[o.name] = replace(holdings[o.name], followers_in_bag=holdings[o.name].followers_in_bag - 1)
    return close_round(replace(table, holdings=holdings), tuple(o.lost for o in outcomes), outcomes)
