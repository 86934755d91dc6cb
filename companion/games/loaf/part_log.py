"""A part of a L'oaf round in a line of the table's log."""

from __future__ import annotations

from companion.games import Payload, RuleError, Text, msg
from companion.games.loaf.engine.cards import ROUND_CARDS
from companion.games.loaf.engine.json_shapes import effect_from_json
from companion.games.loaf.pending import PARTS
from companion.games.loaf.round_entry import SIDES

# The real round cards' short names, by their English (a review part keeps the name it was entered with).
_NAMES = {str(card.name): card.name for card in ROUND_CARDS.values()}


def describe_part(kind: str, payload: Payload) -> str:
    """ "Round 2: Ann played 7", "Round 2: order 5 per player", "Round 2: review card …"."""
    part = PARTS[kind].model_validate(payload)
    data = part.model_dump(exclude_none=True)
    no = data["round"]
    if kind == "order":
        if "total" in data:
            return msg(
                "Round %(round)s: order %(average)s per player (total %(total)s)",
                round=no,
                average=data["average"],
                total=data["total"],
            )
        return msg("Round %(round)s: order %(average)s per player", round=no, average=data["average"])
    if kind == "card":
        return msg("Round %(round)s: %(name)s played %(card)s", round=no, name=data["player"], card=data["card"])
    if kind == "review":
        return _review(no, data)
    if "discard" in data:
        cards = ", ".join(map(str, data["discard"]))
        return msg("Round %(round)s: %(name)s discards %(cards)s", round=no, name=data["player"], cards=cards)
    return msg(
        "Round %(round)s: %(name)s takes their card back and discards the %(card)s",
        round=no,
        name=data["player"],
        card=data["take_back"],
    )


def _review(no: int, data: Payload) -> str:
    sides: list[str] = []
    for side in SIDES:
        if side in data:
            try:
                effect = effect_from_json(data[side], side).describe()
            except RuleError:
                sides.append(msg("success (unreadable)") if side == "success" else msg("failure (unreadable)"))
                continue
            sides.append(
                msg("success %(effect)s", effect=effect)
                if side == "success"
                else msg("failure %(effect)s", effect=effect)
            )
    said = _joined(sides)
    if data.get("name"):
        name = _NAMES.get(data["name"], data["name"])
        return msg("Round %(round)s: review card “%(name)s”: %(sides)s", round=no, name=name, sides=said)
    return msg("Round %(round)s: review card: %(sides)s", round=no, sides=said)


def _joined(parts: list[str]) -> Text:
    """Sentences one after the other, each said in the reader's language."""
    return Text(
        ", ".join(f"%(p{i})s" for i in range(len(parts))), None, None, {f"p{i}": p for i, p in enumerate(parts)}
    )
