"""L'oaf review-card effects: what an effect is (its kinds, targets and amounts, the limits of the reputation
track and of the work cards), how it reads, and whom it hits.

The other parts of an effect live beside it: `checks` (a side of a review card as entered), `choices` (what it
asks of players), `board` and `apply` (how it moves reputation and cards during a round), `json_shapes` (its API
object) and `scoring` (the end of the game).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, get_args

from companion.games import msg, msg_n

Target = Literal["highest", "lowest", "good", "bad", "zero", "all"]
EffectKind = Literal[
    "reputation",
    "discard",
    "retrieve_lowest",
    "take_back_lower",
    "take_back_higher",
    "bonus_points",
    "minus_points",
    "double_bonus",
    "double_minus",
    "double_success",
    "double_failure",
    "empty_double",
    "empty",
]
Outcome = Literal["success", "failure"]

TARGETS: tuple[str, ...] = get_args(Target)
EFFECT_KINDS: tuple[str, ...] = get_args(EffectKind)
TARGETED_KINDS = frozenset(EFFECT_KINDS[:7])
FLAG_KINDS = frozenset({"retrieve_lowest"}) | frozenset(EFFECT_KINDS[7:])
COUNTED_KINDS = frozenset({"discard", "take_back_lower", "take_back_higher", "bonus_points", "minus_points"})
END_KINDS = frozenset({"bonus_points", "minus_points", "double_bonus", "double_minus"})
DOUBLE_WEIGHT_KINDS = frozenset({"double_success", "double_failure", "empty_double"})
MIN_REPUTATION, MAX_REPUTATION = -10, 10
HIGHEST_CARD = 11

TARGET_PHRASES: Mapping[str, str] = {
    "highest": msg("the highest reputation"),
    "lowest": msg("the lowest reputation"),
    "good": msg("a good reputation (0 or more)"),
    "bad": msg("a bad reputation (below 0)"),
    "zero": msg("a reputation of exactly 0"),
    "all": msg("every player"),
}


@dataclass(frozen=True)
class Effect:
    """One side of a review card: `kind`, the `target` group (None for the effects that apply to everyone) and
    `amount` (the X of the card; 0 for the on/off effects)."""

    kind: EffectKind
    target: Target | None = None
    amount: int = 0

    @property
    def weight(self) -> int:
        """How many cards this review card counts for under its boss."""
        return 2 if self.kind in DOUBLE_WEIGHT_KINDS else 1

    def describe(self) -> str:
        """A short human description, e.g. "+1 reputation for the highest reputation"."""
        x = self.amount
        what = {
            "reputation": lambda: msg("%(amount)s reputation", amount=f"{x:+d}"),
            "discard": lambda: msg_n(
                "discard %(num)s card of their choice", "discard %(num)s cards of their choice", x
            ),
            "retrieve_lowest": lambda: msg("take back the lowest card of their discard pile"),
            "take_back_lower": lambda: msg("take back their card and discard one at most %(amount)s lower", amount=x),
            "take_back_higher": lambda: msg(
                "take back their card and discard one at least %(amount)s higher", amount=x
            ),
            "bonus_points": lambda: msg("%(amount)s bonus points at the end", amount=x),
            "minus_points": lambda: msg("%(amount)s minus points at the end", amount=x),
            "double_bonus": lambda: msg("all bonus points are doubled at the end"),
            "double_minus": lambda: msg("all minus points are doubled at the end"),
            "double_success": lambda: msg("this success counts as two"),
            "double_failure": lambda: msg("this failure counts as two"),
            "empty_double": lambda: msg("no effect, but the card counts as two"),
            "empty": lambda: msg("no effect, and the card counts as one"),
        }[self.kind]()
        return (
            msg("%(effect)s for %(target)s", effect=what, target=TARGET_PHRASES[self.target]) if self.target else what
        )


def select_targets(target: str, reputation: Mapping[str, int]) -> tuple[str, ...]:
    """The players an effect hits, in seating order, judged on the given reputations."""
    if not reputation:
        return ()
    top, bottom = max(reputation.values()), min(reputation.values())
    return tuple(name for name, rep in reputation.items() if _hits(target, rep, top, bottom))


def _hits(target: str, rep: int, top: int, bottom: int) -> bool:
    if target in ("highest", "lowest"):
        return rep == (top if target == "highest" else bottom)
    if target in ("good", "bad"):
        return (rep >= 0) == (target == "good")
    return target == "all" or rep == 0
