"""Orléans round by round: the event deck (six kinds, three cards each, one revealed a round for 18 rounds), the
phase the app proposes for a round, the Farmers step that moves coins every round, and the Plague's followers.

The help text names phases A, B and C without saying which rounds they cover: the app proposes A for rounds 1-6,
B for 7-12 and C for 13-18, and a table may choose another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games.base import Line, Problem, raise_if
from companion.games.orleans_holdings import MAX_PLAYERS, count_of, names_text

ROUNDS = 18
COPIES = 3  # cards of each event kind in the deck
# Pilgrimage acts when it is revealed; Plague asks each player which follower the draw took; the other four pay.
EVENT_KINDS: tuple[str, ...] = ("pilgrimage", "plague", "harvest", "taxes", "income", "trading_day")
PAYING_EVENTS: tuple[str, ...] = ("harvest", "taxes", "income", "trading_day")
EVENT_NAMES: Mapping[str, str] = {
    "pilgrimage": "Pilgrimage",
    "plague": "Plague",
    "harvest": "Harvest",
    "taxes": "Taxes",
    "income": "Income",
    "trading_day": "Trading Day",
}
# The followers a player can recruit; the 4 starting ones (in the player's colour) are never lost to a Plague.
FOLLOWERS: tuple[str, ...] = ("farmer", "boatman", "craftsman", "trader", "scholar", "knight", "monk")
FARMERS_RULE = "orleans/farmers"
FIRST_EVENT = "pilgrimage"  # the setup puts one on top of the deck
MIN_FARMERS_PLAYERS = 2


def proposed_phase(round_number: int) -> str:
    """The phase the app proposes for a round: A for rounds 1-6, B for 7-12, C for 13-18."""
    if round_number <= 6:
        return "A"
    return "B" if round_number <= 12 else "C"


def deck_problems(revealed: Sequence[str], event: str, loc: str = "event") -> list[Problem]:
    """Whether `event` can be the next card, after the kinds already `revealed` this game (in round order)."""
    if event not in EVENT_KINDS:
        return [Problem(loc, f"'{event}' is not an event ({', '.join(EVENT_KINDS)})")]
    if len(revealed) >= ROUNDS:
        return [Problem(loc, f"all {ROUNDS} rounds have been played: the game is over")]
    rounds = [n for n, kind in enumerate(revealed, start=1) if kind == event]
    if len(rounds) >= COPIES:
        where = names_text([str(n) for n in rounds])
        msg = f"the deck holds {COPIES} {EVENT_NAMES[event]} cards and all came up already (rounds {where})"
        return [Problem(loc, msg)]
    return []


def cards_left(revealed: Sequence[str]) -> dict[str, int]:
    """How many cards of each kind are still in the deck."""
    return {kind: COPIES - sum(1 for seen in revealed if seen == kind) for kind in EVENT_KINDS}


@dataclass(frozen=True)
class FarmerSeat:
    """One player at the Farmers step: their space on the farmers track and the coins they hold."""

    name: str
    farmers: int
    coins: int


@dataclass(frozen=True)
class FarmerOutcome:
    """What the Farmers step did to one player: +1, -1 or 0 coins, the coins after it, why, and the torture owed
    (one item) by a trailer who had no coin to pay."""

    name: str
    farmers: int
    coins_change: int
    coins: int
    line: Line
    torture: int = 0


def _seat_problems(seats: Sequence[FarmerSeat]) -> list[Problem]:
    if not MIN_FARMERS_PLAYERS <= len(seats) <= MAX_PLAYERS:
        msg = f"the Farmers step compares {MIN_FARMERS_PLAYERS} to {MAX_PLAYERS} players; got {len(seats)}"
        return [Problem("players", msg)]
    problems = []
    for i, seat in enumerate(seats):
        negative = [name for name in ("farmers", "coins") if getattr(seat, name) < 0]
        problems += [Problem(f"players[{i}].{name}", "must be 0 or more") for name in negative]
    return problems


def _alone(seats: Sequence[FarmerSeat], space: int) -> str | None:
    at = [s.name for s in seats if s.farmers == space]
    return at[0] if len(at) == 1 else None


def _why(
    seat: FarmerSeat, seats: Sequence[FarmerSeat], leader: str | None, trailer: str | None, torture: bool
) -> tuple[int, str]:
    """The coin change for one seat and the sentence saying why."""
    top, bottom = max(s.farmers for s in seats), min(s.farmers for s in seats)
    others = [s.name for s in seats if s.farmers == seat.farmers and s.name != seat.name]
    space = f"space {seat.farmers}"
    if top == bottom:
        return 0, f"everyone is level on the farmers track ({space}): nobody gains or loses"
    if seat.name == leader:
        return 1, f"furthest along the farmers track alone ({space}): gains 1 coin"
    if seat.farmers == top:
        return 0, f"tied furthest along with {names_text(others)} ({space}): nobody gains"
    if seat.farmers != bottom:
        return 0, f"neither furthest along nor furthest behind on the farmers track ({space})"
    if seat.name != trailer:
        return 0, f"tied furthest behind with {names_text(others)} ({space}): nobody loses"
    if len(seats) == MIN_FARMERS_PLAYERS:
        return 0, f"behind on the farmers track ({space}); with 2 players nobody loses a coin"
    if seat.coins == 0 and not torture:
        return 0, f"furthest behind alone ({space}), but has no coin to lose"
    if seat.coins == 0:
        return 0, f"furthest behind alone ({space}) with no coin to pay: owes 1 item instead (torture)"
    return -1, f"furthest behind on the farmers track alone ({space}): loses 1 coin"


def farmers_step(seats: Sequence[FarmerSeat], torture: bool = True) -> tuple[FarmerOutcome, ...]:
    """One round's Farmers step for every player: the single player furthest along gains 1 coin, the single player
    furthest behind loses 1 (nobody loses with 2 players, and a tie at either end moves nobody there); a trailer with
    no coin owes torture for it instead (one item). With `torture` false (how rounds were played before that ruling)
    such a trailer owes nothing. Raises RuleError for fewer than 2 or more than 4 players, or a negative count."""
    raise_if(_seat_problems(seats))
    leader = _alone(seats, max(s.farmers for s in seats))
    trailer = _alone(seats, min(s.farmers for s in seats))
    outcomes = []
    for seat in seats:
        change, why = _why(seat, seats, leader, trailer, torture)
        line = Line(why[0].upper() + why[1:], change, FARMERS_RULE)
        owes = int(torture and seat.name == trailer and len(seats) > MIN_FARMERS_PLAYERS and seat.coins == 0)
        outcomes.append(FarmerOutcome(seat.name, seat.farmers, change, seat.coins + change, line, owes))
    return tuple(outcomes)


def farmers_summary(outcomes: Sequence[FarmerOutcome]) -> str:
    """The step in one sentence: "Jo gains 1 coin; nobody loses"."""
    gains = [o.name for o in outcomes if o.coins_change > 0]
    loses = [o.name for o in outcomes if o.coins_change < 0]
    owing = [o.name for o in outcomes if o.torture]
    gained = f"{gains[0]} gains 1 coin" if gains else "nobody gains"
    lost = f"{loses[0]} loses 1 coin" if loses else f"{owing[0]} owes 1 item (torture)" if owing else "nobody loses"
    return f"Farmers: {gained}; {lost}."


def first_round_warning(number: int, event: str) -> str | None:
    """The box's setup puts a Pilgrimage on top of the deck: another event in round 1 is worth a second look."""
    if number != 1 or event == FIRST_EVENT:
        return None
    return (
        f"Round 1 is a {EVENT_NAMES[FIRST_EVENT]} in the box's setup (one is put on top of the deck), and this "
        f"says {EVENT_NAMES[event]}: check the card, or keep it if your table set up otherwise."
    )


def coins_text(change: int) -> str:
    """A change of coins as the page shows it: +1 coin, −1 coin, ±0."""
    if change == 0:
        return "±0"
    return ("+" if change > 0 else "−") + count_of(abs(change), "coin")
