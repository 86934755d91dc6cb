"""A round as entered, checked against the game so far: its order card, who played which card, both sides of its
review card, and no round after the end. Each problem is located in the API's `rounds` and said in a sentence."""

from __future__ import annotations

from companion.games import Problem, msg
from companion.games.loaf.engine.effects import (
    COUNTED_KINDS,
    EFFECT_KINDS,
    HIGHEST_CARD,
    MAX_REPUTATION,
    TARGETED_KINDS,
    TARGETS,
    Effect,
    Outcome,
)
from companion.games.loaf.engine.state import Game, Order, PlayerState, Round


def after_end(game: Game, index: int) -> Problem:
    """The problem with round `index` (0-based) of a game that has ended."""
    if game.ended_by == "happy":
        said = msg(
            "Round %(round)s: the game ended after round %(last)s, when the Happy Boss reached 5",
            round=index + 1,
            last=len(game.rounds),
        )
    else:
        said = msg(
            "Round %(round)s: the game ended after round %(last)s, when the Angry Boss reached 5",
            round=index + 1,
            last=len(game.rounds),
        )
    return Problem(f"rounds[{index}]", said)


def round_problems(game: Game, rnd: Round, loc: str, no: int) -> list[Problem]:
    """Everything wrong with round `no`, located under `loc`."""
    names = [p.name for p in game.players]
    problems = order_problems(rnd.order, len(names), f"{loc}.order", no)
    stranger = "Round %(round)s: %(name)s is not a player in this game"
    for name in rnd.plays:
        if name not in names:
            problems.append(Problem(f"{loc}.plays.{name}", msg(stranger, round=no, name=name)))
    for name in rnd.choices:
        if name not in names:
            problems.append(Problem(f"{loc}.choices.{name}", msg(stranger, round=no, name=name)))
    for player in game.players:
        said = play_problem(player, rnd.plays.get(player.name), no)
        if said:
            problems.append(Problem(f"{loc}.plays.{player.name}", said))
    problems += effect_problems(rnd.review.success, "success", f"{loc}.review.success", no)
    problems += effect_problems(rnd.review.failure, "failure", f"{loc}.review.failure", no)
    return problems


def order_problems(order: Order, players: int, loc: str, no: int) -> list[Problem]:
    """Everything wrong with a round's order card for this many players."""
    problems = []
    if not 0 <= order.average <= HIGHEST_CARD:
        said = msg(
            "Round %(round)s: an order asks 0 to %(most)s per player, not %(average)s",
            round=no,
            most=HIGHEST_CARD,
            average=order.average,
        )
        problems.append(Problem(f"{loc}.average", said))
    most = HIGHEST_CARD * players
    if order.total is not None and not 0 <= order.total <= most:
        said = msg(
            "Round %(round)s: with %(players)s players an order's total is 0 to %(most)s, not %(total)s",
            round=no,
            players=players,
            most=most,
            total=order.total,
        )
        problems.append(Problem(f"{loc}.total", said))
    return problems


def play_problem(player: PlayerState, card: int | None, no: int) -> str | None:
    """What is wrong with the card a player played (None for no card), if anything."""
    name = player.name
    if card is None:
        if not player.hand:
            return None
        return msg(
            "Round %(round)s: %(name)s played no card; every player with cards in hand plays one", round=no, name=name
        )
    if not 0 <= card <= HIGHEST_CARD:
        return msg(
            "Round %(round)s: %(name)s played %(card)s, but work cards go from 0 to %(most)s",
            round=no,
            name=name,
            card=card,
            most=HIGHEST_CARD,
        )
    if not player.hand:
        return msg("Round %(round)s: %(name)s has no cards left, so plays none this round", round=no, name=name)
    if card not in player.hand:
        held = ", ".join(map(str, player.hand))
        return msg(
            "Round %(round)s: %(name)s no longer holds the %(card)s (their hand: %(hand)s)",
            round=no,
            name=name,
            card=card,
            hand=held,
        )
    return None


def effect_problems(effect: Effect, side: Outcome, loc: str, round_no: int) -> list[Problem]:
    """Everything wrong with one side of a review card."""
    if side == "success":
        where = msg("Round %(round)s, success effect", round=round_no)
    else:
        where = msg("Round %(round)s, failure effect", round=round_no)
    if effect.kind not in EFFECT_KINDS:
        return [Problem(loc, msg("%(where)s: unknown effect %(kind)s", where=where, kind=repr(effect.kind)))]
    problems = []
    kind = effect.kind
    if effect.kind in TARGETED_KINDS and effect.target not in TARGETS:
        said = msg("%(where)s: needs a target (%(targets)s)", where=where, targets=", ".join(TARGETS))
        problems.append(Problem(f"{loc}.target", said))
    if effect.kind not in TARGETED_KINDS and effect.target is not None:
        said = msg("%(where)s: %(kind)s applies to everyone, without a target", where=where, kind=kind)
        problems.append(Problem(f"{loc}.target", said))
    if effect.kind in COUNTED_KINDS and not 1 <= effect.amount <= HIGHEST_CARD:
        problems.append(Problem(f"{loc}.{effect.kind}", msg("%(where)s: the amount must be 1 to 11", where=where)))
    if effect.kind == "reputation" and not (effect.amount and abs(effect.amount) <= 2 * MAX_REPUTATION):
        said = msg("%(where)s: the change must be -20 to 20 and not 0", where=where)
        problems.append(Problem(f"{loc}.reputation", said))
    wrong_side = {"double_success": "failure", "double_failure": "success"}.get(effect.kind)
    if side == wrong_side:
        said = msg("%(where)s: %(kind)s only exists on the other side", where=where, kind=kind)
        problems.append(Problem(f"{loc}.{effect.kind}", said))
    return problems
