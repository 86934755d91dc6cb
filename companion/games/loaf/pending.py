"""The L'oaf round being entered in parts: what is in so far, what is still missing, and the whole round once
nothing is. A part entered again replaces the earlier one; the round is played (as a round entry would be) by the
part that completes it.

The round needs its order, a card from every player who still holds cards, the side of the review card that matches
its outcome (known once the order and the cards are in), and the choices that side asks for."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from companion.games import Payload, PayloadView, Problem, RuleError, msg, raise_if
from companion.games.loaf import engine as loaf
from companion.games.loaf.engine.checks import effect_problems
from companion.games.loaf.engine.effects import HIGHEST_CARD, Outcome
from companion.games.loaf.engine.json_shapes import effect_from_json
from companion.games.loaf.parts import CardPart, ChoicePart, OrderPart, ReviewPart
from companion.games.loaf.round_entry import SIDES, RoundEntryIn
from companion.games.loaf.rounds import basic_problems, engine_round

PARTS: dict[str, type[OrderPart | CardPart | ReviewPart | ChoicePart]] = {
    "order": OrderPart,
    "card": CardPart,
    "review": ReviewPart,
    "choice": ChoicePart,
}
# Stands in for the side of the review card that does not apply and was not entered: it is never played.
UNUSED_SIDE = {"target": "highest", "reputation": 1}


@dataclass(frozen=True)
class Missing:
    """A part the round still waits for: its `key` (the form that enters it) and how a person says it."""

    key: str
    label: str
    player: str | None = None
    side: Outcome | None = None

    @property
    def card(self) -> bool:
        """A player's work card (played face down)."""
        return self.key.startswith("card-")


@dataclass(frozen=True)
class Pending:
    """The parts of round `number` entered so far (the review card by side, as the API's effect objects)."""

    number: int
    order: Mapping[str, int] | None = None
    plays: Mapping[str, int] = field(default_factory=dict)
    review: Mapping[str, PayloadView] = field(default_factory=dict)
    name: str | None = None
    choices: Mapping[str, PayloadView] = field(default_factory=dict)

    @property
    def started(self) -> bool:
        return bool(self.order or self.plays or self.review or self.choices)


def holders(game: loaf.Game) -> list[str]:
    """The players who still hold cards, so play one this round."""
    return [p.name for p in game.players if p.hand]


def add(game: loaf.Game, pending: Pending, kind: str, payload: PayloadView, advanced: bool) -> Pending:
    """The round with one more part (replacing the same part entered before); raises RuleError, located in the
    part's payload, over a part the round cannot take."""
    part = PARTS[kind].model_validate(payload)
    raise_if(_round_problems(game, pending, part.round))
    if isinstance(part, OrderPart):
        raise_if(_order_problems(game, part))
        order = {"average": part.average} | ({"total": part.total} if part.total is not None else {})
        return replace(pending, order=order)
    if isinstance(part, CardPart):
        raise_if(_card_problems(game, part))
        return replace(pending, plays={**pending.plays, part.player: part.card})
    if isinstance(part, ReviewPart):
        sides = {side: getattr(part, side).model_dump(exclude_none=True) for side in SIDES if getattr(part, side)}
        raise_if(_review_problems(sides, pending.number, advanced))
        return replace(pending, review=sides, name=part.name)
    assert isinstance(part, ChoicePart)
    raise_if(_player_problems(game, part.player))
    choice = part.model_dump(exclude={"round", "player"}, exclude_none=True)
    return replace(pending, choices={**pending.choices, part.player: choice})


def outcome(game: loaf.Game, pending: Pending) -> Outcome | None:
    """Success or failure, once the order and every card are in."""
    if pending.order is None or any(name not in pending.plays for name in holders(game)):
        return None
    order = loaf.Order(pending.order["average"], pending.order.get("total"))
    total = sum(pending.plays.get(name, 0) for name in holders(game))
    return "success" if total >= order.target(len(game.players)) else "failure"


def missing(game: loaf.Game, pending: Pending, advanced: bool) -> list[Missing]:
    """Every part the round still waits for, in the order a table enters them."""
    out = [] if pending.order else [Missing("order", msg("the order"))]
    out += [
        Missing(f"card-{name}", msg("%(name)s's card", name=name), name)
        for name in holders(game)
        if name not in pending.plays
    ]
    result = outcome(game, pending)
    if result is None:
        return out + ([] if pending.review else [Missing("review", msg("the review card"))])
    if result not in pending.review:
        if not pending.review:
            label = msg("the review card")
        elif result == "success":
            label = msg("the review card's success side")
        else:
            label = msg("the review card's failure side")
        return out + [Missing("review", label, side=result)]
    return out + [
        Missing(f"choice-{r.player}", msg("%(name)s's choice", name=r.player), r.player)
        for r in requests(game, pending, advanced)
        if r.needed and _given(pending, r) is None
    ]


def requests(game: loaf.Game, pending: Pending, advanced: bool) -> tuple[loaf.ChoiceRequest, ...]:
    """The choices the applying side of the review card asks for (none until it is known)."""
    result = outcome(game, pending)
    if result is None or result not in pending.review:
        return ()
    return loaf.choice_requests(game, engine_round(whole(pending, result), advanced))


def whole(pending: Pending, result: Outcome) -> RoundEntryIn:
    """The round as one round entry: the side of the review card that does not apply may be missing."""
    review = {side: pending.review.get(side) or UNUSED_SIDE for side in SIDES}
    payload: Payload = {"order": pending.order, "plays": dict(pending.plays), "review": review}
    if pending.choices:
        payload["choices"] = dict(pending.choices)
    return RoundEntryIn.model_validate(payload)


def completed(game: loaf.Game, pending: Pending, advanced: bool) -> RoundEntryIn | None:
    """The whole round once nothing is missing."""
    result = outcome(game, pending)
    if result is None or missing(game, pending, advanced):
        return None
    return whole(pending, result)


def _given(pending: Pending, request: loaf.ChoiceRequest) -> object:
    return (pending.choices.get(request.player) or {}).get(request.kind)


def _round_problems(game: loaf.Game, pending: Pending, number: int) -> list[Problem]:
    if game.ended:
        return [Problem("round", msg("The game is over: it ended after round %(round)s", round=len(game.rounds)))]
    facts = {"round": number, "current": pending.number}
    if number < pending.number:
        return [Problem("round", msg("Round %(round)s is already recorded: this is round %(current)s", **facts))]
    if number > pending.number:
        return [Problem("round", msg("Round %(round)s has not started: this is round %(current)s", **facts))]
    return []


def _player_problems(game: loaf.Game, player: str) -> list[Problem]:
    if player in (p.name for p in game.players):
        return []
    return [Problem("player", msg("%(name)s is not a player at this table", name=player))]


def _order_problems(game: loaf.Game, part: OrderPart) -> list[Problem]:
    problems = []
    if not 0 <= part.average <= HIGHEST_CARD:
        said = msg("an order asks 0 to %(most)s per player, not %(average)s", most=HIGHEST_CARD, average=part.average)
        problems.append(Problem("average", said))
    most = HIGHEST_CARD * len(game.players)
    if part.total is not None and not 0 <= part.total <= most:
        said = msg(
            "with %(players)s players an order's total is 0 to %(most)s, not %(total)s",
            players=len(game.players),
            most=most,
            total=part.total,
        )
        problems.append(Problem("total", said))
    return problems


def _card_problems(game: loaf.Game, part: CardPart) -> list[Problem]:
    if problems := _player_problems(game, part.player):
        return problems
    hand = game.player(part.player).hand
    if not hand:
        return [Problem("card", msg("%(name)s has no cards left, so plays none this round", name=part.player))]
    if part.card not in hand:
        held = ", ".join(map(str, hand))
        said = msg(
            "%(name)s no longer holds the %(card)s (their hand: %(hand)s)", name=part.player, card=part.card, hand=held
        )
        return [Problem("card", said)]
    return []


def _review_problems(sides: Mapping[str, PayloadView], number: int, advanced: bool) -> list[Problem]:
    problems: list[Problem] = []
    effects = {}
    for side, data in sides.items():
        try:
            effects[side] = effect_from_json(data, side)
        except RuleError as error:
            problems += error.problems
            continue
        problems += effect_problems(effects[side], side, side, number)  # type: ignore[arg-type]
    if not advanced:
        problems += [Problem(p.loc.removeprefix("review."), p.msg) for p in basic_problems(effects)]
    return problems


def part_of(kind: str, payload: PayloadView) -> str | None:
    """Which part of which round an entry fills ("card:2:Ann"); None for a whole round."""
    if kind not in PARTS or not isinstance(payload, Mapping):
        return None
    player = f":{payload.get('player')}" if kind in ("card", "choice") else ""
    return f"{kind}:{payload.get('round')}{player}"
