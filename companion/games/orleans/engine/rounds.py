"""Orléans round by round: the event deck (six kinds, three cards each, one revealed a round for 18 rounds), the
phase the app proposes for a round, the Farmers step that moves coins every round, and the Plague's followers (a
player whose Sacristy is active skips the Plague, as any event).

The help text names phases A, B and C without saying which rounds they cover: the app proposes A for rounds 1-6,
B for 7-12 and C for 13-18, and a table may choose another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games import Line, Problem, Text, msg, raise_if
from companion.games.orleans.engine import SKIP_RULE, phrases
from companion.games.orleans.engine.holdings import MAX_PLAYERS, count_of, names_text

ROUNDS = 18
COPIES = 3  # cards of each event kind in the deck
# Pilgrimage acts when it is revealed; Plague asks each player which follower the draw took; the other four pay.
EVENT_KINDS: tuple[str, ...] = ("pilgrimage", "plague", "harvest", "taxes", "income", "trading_day")
PAYING_EVENTS: tuple[str, ...] = ("harvest", "taxes", "income", "trading_day")
EVENT_NAMES: Mapping[str, str] = {
    "pilgrimage": msg("Pilgrimage"),
    "plague": msg("Plague"),
    "harvest": msg("Harvest"),
    "taxes": msg("Taxes"),
    "income": msg("Income"),
    "trading_day": msg("Trading Day"),
}
# The followers a player can recruit; the 4 starting ones (in the player's colour) are never lost to a Plague.
FOLLOWERS: tuple[str, ...] = ("farmer", "boatman", "craftsman", "trader", "scholar", "knight", "monk")
FARMERS_RULE = "orleans/farmers"
PLAGUE_RULE = "orleans/plague"
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
        return [
            Problem(loc, msg("'%(event)s' is not an event (%(events)s)", event=event, events=", ".join(EVENT_KINDS)))
        ]
    if len(revealed) >= ROUNDS:
        return [Problem(loc, msg("all %(rounds)s rounds have been played: the game is over", rounds=ROUNDS))]
    rounds = [n for n, kind in enumerate(revealed, start=1) if kind == event]
    if len(rounds) >= COPIES:
        where = names_text([str(n) for n in rounds])
        said = msg(
            "the deck holds %(copies)s %(event)s cards and all came up already (rounds %(where)s)",
            copies=COPIES,
            event=EVENT_NAMES[event],
            where=where,
        )
        return [Problem(loc, said)]
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
        said = msg(
            "the Farmers step compares %(least)s to %(most)s players; got %(got)s",
            least=MIN_FARMERS_PLAYERS,
            most=MAX_PLAYERS,
            got=len(seats),
        )
        return [Problem("players", said)]
    problems = []
    for i, seat in enumerate(seats):
        negative = [name for name in ("farmers", "coins") if getattr(seat, name) < 0]
        problems += [Problem(f"players[{i}].{name}", msg("must be 0 or more")) for name in negative]
    return problems


def _alone(seats: Sequence[FarmerSeat], space: int) -> str | None:
    at = [s.name for s in seats if s.farmers == space]
    return at[0] if len(at) == 1 else None


def _why(
    seat: FarmerSeat, seats: Sequence[FarmerSeat], leader: str | None, trailer: str | None, torture: bool
) -> tuple[int, Text]:
    """The coin change for one seat and the sentence saying why (as a breakdown line reads: capitalised)."""
    top, bottom = max(s.farmers for s in seats), min(s.farmers for s in seats)
    others = names_text([s.name for s in seats if s.farmers == seat.farmers and s.name != seat.name])
    space = seat.farmers
    if top == bottom:
        return 0, msg("Everyone is level on the farmers track (space %(space)s): nobody gains or loses", space=space)
    if seat.name == leader:
        return 1, msg("Furthest along the farmers track alone (space %(space)s): gains 1 coin", space=space)
    if seat.farmers == top:
        return 0, msg("Tied furthest along with %(others)s (space %(space)s): nobody gains", others=others, space=space)
    if seat.farmers != bottom:
        return 0, msg("Neither furthest along nor furthest behind on the farmers track (space %(space)s)", space=space)
    if seat.name != trailer:
        return 0, msg(
            "Tied furthest behind with %(others)s (space %(space)s): nobody loses", others=others, space=space
        )
    if len(seats) == MIN_FARMERS_PLAYERS:
        return 0, msg("Behind on the farmers track (space %(space)s); with 2 players nobody loses a coin", space=space)
    if seat.coins == 0 and not torture:
        return 0, msg("Furthest behind alone (space %(space)s), but has no coin to lose", space=space)
    if seat.coins == 0:
        return 0, msg(
            "Furthest behind alone (space %(space)s) with no coin to pay: owes 1 item instead (torture)", space=space
        )
    return -1, msg("Furthest behind on the farmers track alone (space %(space)s): loses 1 coin", space=space)


def owing_farmers_coin(name: str, space: int) -> Text:
    """Why a trailer with no coin owes one item after the Farmers step, as the torture card says it."""
    return msg(
        "%(name)s: furthest behind alone (space %(space)s) with no coin to pay: owes 1 item instead (torture).",
        name=name,
        space=space,
    )


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
        line = Line(why, change, FARMERS_RULE)
        owes = int(torture and seat.name == trailer and len(seats) > MIN_FARMERS_PLAYERS and seat.coins == 0)
        outcomes.append(FarmerOutcome(seat.name, seat.farmers, change, seat.coins + change, line, owes))
    return tuple(outcomes)


def farmers_summary(outcomes: Sequence[FarmerOutcome]) -> str:
    """The step in one sentence: "Jo gains 1 coin; nobody loses"."""
    gains = [o.name for o in outcomes if o.coins_change > 0]
    loses = [o.name for o in outcomes if o.coins_change < 0]
    owing = [o.name for o in outcomes if o.torture]
    gained = msg("%(name)s gains 1 coin", name=gains[0]) if gains else msg("nobody gains")
    if loses:
        lost = msg("%(name)s loses 1 coin", name=loses[0])
    else:
        lost = msg("%(name)s owes 1 item (torture)", name=owing[0]) if owing else msg("nobody loses")
    return msg("Farmers: %(gained)s; %(lost)s.", gained=gained, lost=lost)


def first_round_warning(number: int, event: str) -> str | None:
    """The box's setup puts a Pilgrimage on top of the deck: another event in round 1 is worth a second look."""
    if number != 1 or event == FIRST_EVENT:
        return None
    return msg(
        "Round 1 is a %(first)s in the box's setup (one is put on top of the deck), and this says %(event)s: check "
        "the card, or keep it if your table set up otherwise.",
        first=EVENT_NAMES[FIRST_EVENT],
        event=EVENT_NAMES[event],
    )


def coins_text(change: int) -> str:
    """A change of coins as the page shows it: +1 coin, −1 coin, ±0."""
    if change == 0:
        return "±0"
    if change > 0:
        return msg("+%(coins)s", coins=count_of(change, "coin"))
    return msg("−%(coins)s", coins=count_of(-change, "coin"))


@dataclass(frozen=True)
class PlagueDraw:
    """One player at a Plague: the recruited follower their draw took (None: a starting one, put back), how many
    recruited followers their bag held, and whether their active Sacristy lets the Plague pass them by."""

    name: str
    followers_in_bag: int
    drawn: str | None = None
    sacristy: bool = False


@dataclass(frozen=True)
class PlagueOutcome:
    """What a Plague did to one player: the follower lost (None: nothing), and why (points: followers lost, as −1)."""

    name: str
    lost: str | None
    line: Line


def _draw_problems(i: int, draw: PlagueDraw) -> list[Problem]:
    loc = f"players[{i}].drawn"
    if draw.drawn is None:
        return []
    if draw.drawn not in FOLLOWERS:
        said = msg("'%(kind)s' is not a follower (%(followers)s)", kind=draw.drawn, followers=", ".join(FOLLOWERS))
        return [Problem(loc, said)]
    if draw.sacristy:
        said = msg("%(name)s's Sacristy is active: %(name)s skips the Plague and draws nothing", name=draw.name)
        return [Problem(loc, said)]
    if draw.followers_in_bag <= 0:
        said = msg(
            "%(name)s has no follower in the bag besides the 4 starting ones: only a starting one can come out",
            name=draw.name,
        )
        return [Problem(loc, said)]
    return []


def _plague_line(draw: PlagueDraw) -> Line:
    if draw.sacristy:
        return Line(msg("Sacristy active: skips the Plague and draws nothing"), 0, SKIP_RULE)
    if draw.drawn is None:
        return Line(msg("Drew a starting follower: it goes back into the bag, nothing lost"), 0, PLAGUE_RULE)
    said = msg(
        "Drew a recruited %(follower)s: it goes back to the board, lost for good",
        follower=phrases.follower_name(draw.drawn),
    )
    return Line(said, -1, PLAGUE_RULE)


def resolve_plague(draws: Sequence[PlagueDraw]) -> tuple[PlagueOutcome, ...]:
    """A Plague for every player: each draws one follower from the bag; a starting one goes back (nothing lost), a
    recruited one returns to the board. A player whose Sacristy is active skips it and draws nothing. Raises
    RuleError for 0 or more than 4 players, a draw that is not a follower, a recruited follower from a bag holding
    none, or a draw by a player the Sacristy shelters."""
    wrong = not 1 <= len(draws) <= MAX_PLAYERS
    problems = [Problem("players", msg("enter 1 to %(most)s players", most=MAX_PLAYERS))] if wrong else []
    raise_if(problems + [p for i, draw in enumerate(draws) for p in _draw_problems(i, draw)])
    return tuple(PlagueOutcome(d.name, None if d.sacristy else d.drawn, _plague_line(d)) for d in draws)
