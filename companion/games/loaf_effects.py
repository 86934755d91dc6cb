"""L'oaf review-card effects: what an effect is, whom it hits, which choices it needs, how it moves reputation
and cards during a round (the end of the game is scored in `loaf_scoring`).

The round replay in `loaf.py` builds a mutable `Board` for the round being resolved and calls `resolve`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from companion.games.base import Problem, RuleError

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
ChoiceKind = Literal["discard", "take_back"]

TARGETS: tuple[str, ...] = get_args(Target)
EFFECT_KINDS: tuple[str, ...] = get_args(EffectKind)
TARGETED_KINDS = frozenset(EFFECT_KINDS[:7])
FLAG_KINDS = frozenset({"retrieve_lowest"}) | frozenset(EFFECT_KINDS[7:])
COUNTED_KINDS = frozenset({"discard", "take_back_lower", "take_back_higher", "bonus_points", "minus_points"})
END_KINDS = frozenset({"bonus_points", "minus_points", "double_bonus", "double_minus"})
DOUBLE_WEIGHT_KINDS = frozenset({"double_success", "double_failure", "empty_double"})
MIN_REPUTATION, MAX_REPUTATION = -10, 10
# The reputation board's bonus bands at the end, highest first: (lowest, highest reputation, bonus points). The
# rulebook leaves the numbers to the board (COMPONENTS.md); 0 or below gives none.
HIGHEST_CARD = 11

TARGET_PHRASES: Mapping[str, str] = {
    "highest": "the highest reputation",
    "lowest": "the lowest reputation",
    "good": "a good reputation (0 or more)",
    "bad": "a bad reputation (below 0)",
    "zero": "a reputation of exactly 0",
    "all": "every player",
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
            "reputation": f"{x:+d} reputation",
            "discard": f"discard {x} card{'s' if x != 1 else ''} of their choice",
            "retrieve_lowest": "take back the lowest card of their discard pile",
            "take_back_lower": f"take back their card and discard one at most {x} lower",
            "take_back_higher": f"take back their card and discard one at least {x} higher",
            "bonus_points": f"{x} bonus points at the end",
            "minus_points": f"{x} minus points at the end",
            "double_bonus": "all bonus points are doubled at the end",
            "double_minus": "all minus points are doubled at the end",
            "double_success": "this success counts as two",
            "double_failure": "this failure counts as two",
            "empty_double": "no effect, but the card counts as two",
            "empty": "no effect, and the card counts as one",
        }[self.kind]
        return f"{what} for {TARGET_PHRASES[self.target]}" if self.target else what


@dataclass(frozen=True)
class Choice:
    """A player's answer to an effect of the round: the cards to `discard`, or the card to discard instead
    after a take-back (`take_back`)."""

    discard: tuple[int, ...] | None = None
    take_back: int | None = None


@dataclass(frozen=True)
class ChoiceRequest:
    """What an effect asks of one player: pick `count` cards among `options` (ascending, all legal)."""

    player: str
    kind: ChoiceKind
    count: int
    options: tuple[int, ...]

    @property
    def needed(self) -> bool:
        """True when the player really has a choice; otherwise the only legal pick is made for them."""
        return len(self.options) > self.count


@dataclass(frozen=True)
class Change:
    """A reputation change in a round, with the human reason and the rules section behind it."""

    player: str
    delta: int
    reason: str
    rule: str


@dataclass(frozen=True)
class Event:
    """Something an effect did that is not a reputation change (cards moved, a card counting two...)."""

    player: str | None
    text: str
    rule: str


@dataclass
class Board:
    """The mutable table while one round resolves: reputations, hands, discard piles, cards still in play."""

    reputation: dict[str, int]
    hands: dict[str, set[int]]
    discards: dict[str, set[int]]
    table: dict[str, int]
    changes: list[Change] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def move(self, player: str, delta: int) -> int:
        """Move a reputation by `delta`, stopping at the track's ends; returns the change actually made."""
        before = self.reputation[player]
        after = min(MAX_REPUTATION, max(MIN_REPUTATION, before + delta))
        self.reputation[player] = after
        return after - before

    def discard(self, player: str, cards: Sequence[int]) -> None:
        """Move cards from a hand to its discard pile."""
        self.hands[player].difference_update(cards)
        self.discards[player].update(cards)


def effect_problems(effect: Effect, side: Outcome, loc: str, round_no: int) -> list[Problem]:
    """Everything wrong with one side of a review card."""
    where = f"Round {round_no}, {side} effect"
    if effect.kind not in EFFECT_KINDS:
        return [Problem(loc, f"{where}: unknown effect {effect.kind!r}")]
    problems = []
    if effect.kind in TARGETED_KINDS and effect.target not in TARGETS:
        problems.append(Problem(f"{loc}.target", f"{where}: needs a target ({', '.join(TARGETS)})"))
    if effect.kind not in TARGETED_KINDS and effect.target is not None:
        problems.append(Problem(f"{loc}.target", f"{where}: {effect.kind} applies to everyone, without a target"))
    if effect.kind in COUNTED_KINDS and not 1 <= effect.amount <= HIGHEST_CARD:
        problems.append(Problem(f"{loc}.{effect.kind}", f"{where}: the amount must be 1 to 11"))
    if effect.kind == "reputation" and not (effect.amount and abs(effect.amount) <= 2 * MAX_REPUTATION):
        problems.append(Problem(f"{loc}.reputation", f"{where}: the change must be -20 to 20 and not 0"))
    wrong_side = {"double_success": "failure", "double_failure": "success"}.get(effect.kind)
    if side == wrong_side:
        problems.append(Problem(f"{loc}.{effect.kind}", f"{where}: {effect.kind} only exists on the other side"))
    return problems


def effect_from_json(data: Mapping[str, Any], loc: str) -> Effect:
    """Build an Effect from the API's `{"target": "highest", "reputation": 1}` object."""
    kinds = [k for k in EFFECT_KINDS if data.get(k) not in (None, False)]
    if len(kinds) != 1:
        raise RuleError(f"an effect needs exactly one of: {', '.join(EFFECT_KINDS)}", loc)
    kind = kinds[0]
    amount = 0 if kind in FLAG_KINDS else int(data[kind])
    return Effect(kind, data.get("target"), amount)  # type: ignore[arg-type]


def effect_to_json(effect: Effect) -> dict[str, Any]:
    """The API's object for an effect."""
    value: int | bool = True if effect.kind in FLAG_KINDS else effect.amount
    return ({"target": effect.target} if effect.target else {}) | {effect.kind: value}


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


def choice_request(effect: Effect, player: str, hand: set[int], played: int | None) -> ChoiceRequest | None:
    """What `effect` asks `player` to choose, given their hand (without the card on the table)."""
    if effect.kind == "discard" and hand:
        return ChoiceRequest(player, "discard", min(effect.amount, len(hand)), tuple(sorted(hand)))
    if effect.kind in ("take_back_lower", "take_back_higher") and played is not None:
        return ChoiceRequest(player, "take_back", 1, take_back_options(effect, hand, played))
    return None


def take_back_options(effect: Effect, hand: set[int], played: int) -> tuple[int, ...]:
    """Cards that may be discarded instead of the played card; only the played card when none qualifies."""
    if effect.kind == "take_back_lower":
        fits = [c for c in hand if played - effect.amount <= c < played]
    else:
        fits = [c for c in hand if c >= played + effect.amount]
    return tuple(sorted(fits)) or (played,)


def requests_for(effect: Effect, board: Board) -> tuple[ChoiceRequest, ...]:
    """Every choice the effect asks of its targets on this board."""
    if not effect.target:
        return ()
    found = (
        choice_request(effect, name, board.hands[name], board.table.get(name))
        for name in select_targets(effect.target, board.reputation)
    )
    return tuple(r for r in found if r is not None)


def resolve(effect: Effect, outcome: Outcome, board: Board, choices: Mapping[str, Choice], loc: str, no: int) -> None:
    """Apply the direct part of an effect to the board; raise RuleError over missing or illegal choices."""
    requests = {r.player: r for r in requests_for(effect, board)}
    problems, picks = _check_choices(requests, choices, loc, no)
    if problems:
        raise RuleError(problems)
    side = "Success" if outcome == "success" else "Failure"
    if effect.kind in END_KINDS:
        rule = "loaf/doubles" if effect.kind.startswith("double") else "loaf/end-of-game-points"
        board.events.append(Event(None, f"{side} effect: {effect.describe()}, judged at the end", rule))
        return
    if effect.weight == 2:
        board.events.append(Event(None, f"{side} effect: the card counts as two under its boss", "loaf/doubles"))
    for name in select_targets(effect.target, board.reputation) if effect.target else ():
        _apply_to(effect, side, name, board, picks.get(name, ()))


def _apply_to(effect: Effect, side: str, name: str, board: Board, pick: tuple[int, ...]) -> None:
    label = f"{side} effect for {TARGET_PHRASES[effect.target or 'all']}"
    if effect.kind == "reputation":
        applied = board.move(name, effect.amount)
        reason = f"{label}: {effect.amount:+d}"
        if applied != effect.amount:
            edge = MAX_REPUTATION if effect.amount > 0 else MIN_REPUTATION
            reason += f", but reputation stops at {edge}, so {applied:+d}"
        board.changes.append(Change(name, applied, reason, "loaf/basic-effects"))
    elif effect.kind == "discard":
        text = f"{name} discards {_cards(pick)}" if pick else f"{name} has no card left to discard"
        board.discard(name, pick)
        board.events.append(Event(name, f"{label}: {text}", "loaf/discard"))
    elif effect.kind == "retrieve_lowest":
        board.events.append(Event(name, _retrieve(name, board, label), "loaf/retrieve-lowest"))
    elif pick:
        board.events.append(Event(name, _take_back(effect, name, board, pick[0], label), "loaf/take-back"))
    else:
        board.events.append(Event(name, f"{label}: {name} played no card, nothing to take back", "loaf/take-back"))


def _retrieve(name: str, board: Board, label: str) -> str:
    pile = board.discards[name]
    if not pile:
        return f"{label}: {name}'s discard pile is empty, nothing to take back"
    lowest = min(pile)
    pile.remove(lowest)
    board.hands[name].add(lowest)
    return f"{label}: {name} takes the {lowest} back from their discard pile"


def _take_back(effect: Effect, name: str, board: Board, card: int, label: str) -> str:
    played = board.table.pop(name)
    board.hands[name].add(played)
    board.discard(name, [card])
    if card == played:
        need = (
            f"at most {effect.amount} below" if effect.kind == "take_back_lower" else f"at least {effect.amount} above"
        )
        return f"{label}: {name} holds no card {need} the {played}, so the {played} is discarded after all"
    return f"{label}: {name} takes the {played} back and discards the {card} instead"


def _check_choices(
    requests: Mapping[str, ChoiceRequest], choices: Mapping[str, Choice], loc: str, no: int
) -> tuple[list[Problem], dict[str, tuple[int, ...]]]:
    problems: list[Problem] = []
    picks: dict[str, tuple[int, ...]] = {}
    for name, choice in choices.items():
        for kind in ("discard", "take_back"):
            req = requests.get(name)
            if getattr(choice, kind) is not None and (req is None or req.kind != kind):
                msg = f"Round {no}: this round's effect asks {name} for no {kind.replace('_', '-')} choice"
                problems.append(Problem(f"{loc}.{name}.{kind}", msg))
    for name, req in requests.items():
        choice = choices.get(name, Choice())
        given = choice.discard if req.kind == "discard" else _single(choice.take_back)
        pick, found = _check_pick(req, given, f"{loc}.{name}.{req.kind}", no)
        problems += found
        picks[name] = pick
    return problems, picks


def _single(card: int | None) -> tuple[int, ...] | None:
    return None if card is None else (card,)


def _check_pick(
    req: ChoiceRequest, given: tuple[int, ...] | None, loc: str, no: int
) -> tuple[tuple[int, ...], list[Problem]]:
    what = "discard" if req.kind == "discard" else "discard after taking the played card back"
    legal = f"choose {req.count} of {_cards(req.options)}"
    if given is None:
        if req.needed:
            return (), [Problem(loc, f"Round {no}: {req.player} must pick the card(s) to {what}: {legal}")]
        return req.options[: req.count], []
    wrong = len(given) != req.count or len(set(given)) != len(given) or not set(given) <= set(req.options)
    if wrong:
        return (), [Problem(loc, f"Round {no}: {req.player} cannot {what} {_cards(given)}; {legal}")]
    return tuple(given), []


def _cards(cards: Sequence[int]) -> str:
    ordered = sorted(cards)
    if len(ordered) <= 1:
        return f"the {ordered[0]}" if ordered else "nothing"
    return "the " + ", ".join(map(str, ordered[:-1])) + f" and {ordered[-1]}"
