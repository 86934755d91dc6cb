"""A L'oaf table's entries in a sentence each, for the table's log, and why a player is not scored."""

from __future__ import annotations

from companion.games import Payload, PlayerScore, RuleError, Text, msg
from companion.games.loaf.part_log import describe_part
from companion.games.loaf.pending import PARTS
from companion.games.loaf.round_entry import RoundEntryIn
from companion.games.loaf.rounds import engine_round


def describe(kind: str, payload: Payload) -> str:
    """A round in a line: its order, who played what, the review card and the picks (or one part of it)."""
    if kind in PARTS:
        return describe_part(kind, payload)
    rnd = RoundEntryIn.model_validate(payload)
    plays = ", ".join(f"{name} {card}" for name, card in rnd.plays.items())
    if rnd.order.total is not None:
        text = msg(
            "Round: order %(average)s per player (total %(total)s)", average=rnd.order.average, total=rnd.order.total
        )
    else:
        text = msg("Round: order %(average)s per player", average=rnd.order.average)
    if plays:
        text = Text("%(text)s; %(plays)s", None, None, {"text": text, "plays": plays})
    try:
        review = engine_round(rnd, advanced=True).review
        text = msg(
            "%(text)s; review: success %(success)s, failure %(failure)s",
            text=text,
            success=review.success.describe(),
            failure=review.failure.describe(),
        )
    except RuleError:
        pass
    for name, choice in rnd.choices.items():
        cards = choice.discard if choice.discard is not None else [] if choice.take_back is None else [choice.take_back]
        if cards:
            text = msg("%(text)s; %(name)s picks %(cards)s", text=text, name=name, cards=", ".join(map(str, cards)))
    return text


def not_scored(player: PlayerScore) -> str:
    """A player the Angry Boss fired is not scored."""
    return msg("fired by the Angry Boss") if player.extra.get("fired") else ""
