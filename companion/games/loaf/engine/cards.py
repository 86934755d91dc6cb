"""L'oaf's 24 real round cards (COMPONENTS.md): each card's order average and the two sides of its review.

A round card's order side is played one round and its review side the next, so the card that is this round's review
card printed last round's order. Every order total is the average × players. A basic card names one target for both
outcomes (+X on a success, −X on a failure); the advanced ones (the croissant cards) take cards back, discard exactly
one card, count as two, give points at the end, or double the bonus or the minus points. Each card has a stable key
(stored nowhere but in the forms that pick it, so it may be matched by its sides) and a short name of our own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games import Text, msg
from companion.games.loaf.engine.effects import Effect, Outcome, Target


@dataclass(frozen=True)
class RoundCard:
    """One real round card: its key, its short name, the order average it prints, and its review sides."""

    key: str
    name: str
    average: int
    success: Effect
    failure: Effect
    advanced: bool = False

    def side(self, outcome: Outcome) -> Effect:
        return self.success if outcome == "success" else self.failure

    def matches(self, sides: Mapping[str, Effect]) -> bool:
        """True when every side given (one or both) is this card's."""
        mine = {"success": self.success, "failure": self.failure}
        return bool(sides) and all(mine.get(side) == effect for side, effect in sides.items())


# The targets as a card's short name starts with them ("Lowest ±1", "Good: discard 1").
WHO = {
    "highest": msg("Highest"),
    "lowest": msg("Lowest"),
    "good": msg("Good"),
    "bad": msg("Bad"),
    "zero": msg("Zero"),
    "all": msg("All"),
}


def _basic(target: Target, amount: int, average: int) -> RoundCard:
    name = msg("%(who)s ±%(amount)s", who=WHO[target], amount=amount)
    up, down = Effect("reputation", target, amount), Effect("reputation", target, -amount)
    return RoundCard(f"basic-{target}-{amount}", name, average, up, down)


def _advanced(key: str, name: str, average: int, success: Effect, failure: Effect) -> RoundCard:
    return RoundCard(f"adv-{key}", name, average, success, failure, advanced=True)


BASIC_CARDS: tuple[RoundCard, ...] = (
    _basic("lowest", 1, 3),
    _basic("lowest", 2, 4),
    _basic("lowest", 3, 5),
    _basic("bad", 2, 6),
    _basic("bad", 3, 7),
    _basic("bad", 4, 8),
    _basic("highest", 1, 4),
    _basic("highest", 2, 5),
    _basic("highest", 3, 6),
    _basic("good", 2, 7),
    _basic("good", 3, 5),
    _basic("good", 4, 6),
)

ADVANCED_CARDS: tuple[RoundCard, ...] = (
    _advanced(
        "bad-pile", msg("Bad: pile back / discard"), 7, Effect("retrieve_lowest", "bad"), Effect("discard", "bad", 1)
    ),
    _advanced(
        "good-pile",
        msg("Good: pile back / discard"),
        5,
        Effect("retrieve_lowest", "good"),
        Effect("discard", "good", 1),
    ),
    _advanced(
        "lowest-take-back-2",
        msg("Lowest: take back 2"),
        6,
        Effect("take_back_lower", "lowest", 2),
        Effect("take_back_higher", "lowest", 2),
    ),
    _advanced(
        "bad-take-back-3",
        msg("Bad: take back 3"),
        3,
        Effect("take_back_lower", "bad", 3),
        Effect("take_back_higher", "bad", 3),
    ),
    _advanced(
        "highest-take-back-2",
        msg("Highest: take back 2"),
        4,
        Effect("take_back_lower", "highest", 2),
        Effect("take_back_higher", "highest", 2),
    ),
    _advanced(
        "good-take-back-3",
        msg("Good: take back 3"),
        5,
        Effect("take_back_lower", "good", 3),
        Effect("take_back_higher", "good", 3),
    ),
    _advanced("empty-failure-two", msg("Blank, failure counts two"), 6, Effect("empty"), Effect("empty_double")),
    _advanced("empty-success-two", msg("Blank, success counts two"), 7, Effect("empty_double"), Effect("empty")),
    _advanced(
        "points-4",
        msg("Highest +4 / lowest −4 pts"),
        8,
        Effect("bonus_points", "highest", 4),
        Effect("minus_points", "lowest", 4),
    ),
    _advanced(
        "points-3", msg("Good +3 / bad −3 pts"), 4, Effect("bonus_points", "good", 3), Effect("minus_points", "bad", 3)
    ),
    _advanced("doublers", msg("Bonus ×2 / minus ×2"), 5, Effect("double_bonus"), Effect("double_minus")),
    _advanced(
        "zero-points-5",
        msg("At 0: ±5 pts"),
        6,
        Effect("bonus_points", "zero", 5),
        Effect("minus_points", "zero", 5),
    ),
)

ROUND_CARDS: Mapping[str, RoundCard] = {card.key: card for card in BASIC_CARDS + ADVANCED_CARDS}


def card_of(sides: Mapping[str, Effect], cards: Sequence[RoundCard] = tuple(ROUND_CARDS.values())) -> RoundCard | None:
    """The real card whose review shows these sides (one is enough: no two real cards share a side), if any."""
    return next((card for card in cards if card.matches(sides)), None)


# Each effect in a few words, after its target ("Good: discard 1"), and as it reads without one ("All bonus points ×2").
_SHORT = {
    "discard": (msg("discard %(x)s"), msg("Discard %(x)s")),
    "retrieve_lowest": (msg("lowest of the pile back"), msg("Lowest of the pile back")),
    "take_back_lower": (msg("take back, discard one ≤%(x)s lower"), msg("Take back, discard one ≤%(x)s lower")),
    "take_back_higher": (msg("take back, discard one ≥%(x)s higher"), msg("Take back, discard one ≥%(x)s higher")),
    "bonus_points": (msg("+%(x)s points at the end"), msg("+%(x)s points at the end")),
    "minus_points": (msg("−%(x)s points at the end"), msg("−%(x)s points at the end")),
    "double_bonus": (msg("all bonus points ×2"), msg("All bonus points ×2")),
    "double_minus": (msg("all minus points ×2"), msg("All minus points ×2")),
    "empty": (msg("blank, counts as one"), msg("Blank, counts as one")),
    "empty_double": (msg("blank, counts as two"), msg("Blank, counts as two")),
}


def short(effect: Effect) -> str:
    """One side of a card in a few words: "Lowest −3", "Good: discard 1", "All bonus points ×2"."""
    who = WHO.get(effect.target or "")
    if effect.kind == "reputation":
        return msg("%(who)s %(amount)s", who=who or "", amount=f"{effect.amount:+d}".replace("-", "−"))
    if effect.kind not in _SHORT:
        return f"{who}: {effect.kind}" if who else effect.kind[:1].upper() + effect.kind[1:]
    after, alone = _SHORT[effect.kind]
    if who:
        return msg("%(who)s: %(what)s", who=who, what=Text(after.msgid, None, None, {"x": effect.amount}))
    return Text(alone.msgid, None, None, {"x": effect.amount})
