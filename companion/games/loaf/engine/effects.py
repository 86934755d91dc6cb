"""L'oaf review-card effects: what an effect is, whom it hits, which choices it needs, how it moves reputation
and cards during a round (the end of the game is scored in `scoring`).

The round replay in `loaf.py` builds a mutable `Board` for the round being resolved and calls `resolve`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, get_args

from companion.games import PayloadView, Problem, RuleError, msg, msg_n

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


def effect_from_json(data: PayloadView, loc: str) -> Effect:
    """Build an Effect from the API's `{"target": "highest", "reputation": 1}` object."""
    kinds = [k for k in EFFECT_KINDS if data.get(k) not in (None, False)]
    if len(kinds) != 1:
        raise RuleError(msg("an effect needs exactly one of: %(kinds)s", kinds=", ".join(EFFECT_KINDS)), loc)
    kind = kinds[0]
    amount = 0 if kind in FLAG_KINDS else int(data[kind])
    return Effect(kind, data.get("target"), amount)  # type: ignore[arg-type]


def effect_to_json(effect: Effect) -> dict[str, object]:
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
    success = outcome == "success"
    if effect.kind in END_KINDS:
        rule = "loaf/doubles" if effect.kind.startswith("double") else "loaf/end-of-game-points"
        if success:
            said = msg("Success effect: %(effect)s, judged at the end", effect=effect.describe())
        else:
            said = msg("Failure effect: %(effect)s, judged at the end", effect=effect.describe())
        board.events.append(Event(None, said, rule))
        return
    if effect.weight == 2:
        if success:
            said = msg("Success effect: the card counts as two under its boss")
        else:
            said = msg("Failure effect: the card counts as two under its boss")
        board.events.append(Event(None, said, "loaf/doubles"))
    for name in select_targets(effect.target, board.reputation) if effect.target else ():
        _apply_to(effect, success, name, board, picks.get(name, ()))


def _apply_to(effect: Effect, success: bool, name: str, board: Board, pick: tuple[int, ...]) -> None:
    whom = TARGET_PHRASES[effect.target or "all"]
    label = (
        msg("Success effect for %(target)s", target=whom)
        if success
        else msg("Failure effect for %(target)s", target=whom)
    )
    if effect.kind == "reputation":
        applied = board.move(name, effect.amount)
        if applied != effect.amount:
            edge = MAX_REPUTATION if effect.amount > 0 else MIN_REPUTATION
            reason = msg(
                "%(label)s: %(amount)s, but reputation stops at %(edge)s, so %(applied)s",
                label=label,
                amount=f"{effect.amount:+d}",
                edge=edge,
                applied=f"{applied:+d}",
            )
        else:
            reason = msg("%(label)s: %(amount)s", label=label, amount=f"{effect.amount:+d}")
        board.changes.append(Change(name, applied, reason, "loaf/basic-effects"))
    elif effect.kind == "discard":
        if pick:
            text = msg("%(label)s: %(name)s discards %(cards)s", label=label, name=name, cards=_cards(pick))
        else:
            text = msg("%(label)s: %(name)s has no card left to discard", label=label, name=name)
        board.discard(name, pick)
        board.events.append(Event(name, text, "loaf/discard"))
    elif effect.kind == "retrieve_lowest":
        board.events.append(Event(name, _retrieve(name, board, label), "loaf/retrieve-lowest"))
    elif pick:
        board.events.append(Event(name, _take_back(effect, name, board, pick[0], label), "loaf/take-back"))
    else:
        said = msg("%(label)s: %(name)s played no card, nothing to take back", label=label, name=name)
        board.events.append(Event(name, said, "loaf/take-back"))


def _retrieve(name: str, board: Board, label: str) -> str:
    pile = board.discards[name]
    if not pile:
        return msg("%(label)s: %(name)s's discard pile is empty, nothing to take back", label=label, name=name)
    lowest = min(pile)
    pile.remove(lowest)
    board.hands[name].add(lowest)
    return msg(
        "%(label)s: %(name)s takes the %(card)s back from their discard pile", label=label, name=name, card=lowest
    )


def _take_back(effect: Effect, name: str, board: Board, card: int, label: str) -> str:
    played = board.table.pop(name)
    board.hands[name].add(played)
    board.discard(name, [card])
    facts = {"label": label, "name": name, "amount": effect.amount, "played": played, "card": card}
    if card == played and effect.kind == "take_back_lower":
        return msg(
            "%(label)s: %(name)s holds no card at most %(amount)s below the %(played)s, "
            "so the %(played)s is discarded after all",
            **facts,
        )
    if card == played:
        return msg(
            "%(label)s: %(name)s holds no card at least %(amount)s above the %(played)s, "
            "so the %(played)s is discarded after all",
            **facts,
        )
    return msg("%(label)s: %(name)s takes the %(played)s back and discards the %(card)s instead", **facts)


def _check_choices(
    requests: Mapping[str, ChoiceRequest], choices: Mapping[str, Choice], loc: str, no: int
) -> tuple[list[Problem], dict[str, tuple[int, ...]]]:
    problems: list[Problem] = []
    picks: dict[str, tuple[int, ...]] = {}
    for name, choice in choices.items():
        for kind in ("discard", "take_back"):
            req = requests.get(name)
            if getattr(choice, kind) is not None and (req is None or req.kind != kind):
                if kind == "discard":
                    said = msg(
                        "Round %(round)s: this round's effect asks %(name)s for no discard choice", round=no, name=name
                    )
                else:
                    said = msg(
                        "Round %(round)s: this round's effect asks %(name)s for no take-back choice",
                        round=no,
                        name=name,
                    )
                problems.append(Problem(f"{loc}.{name}.{kind}", said))
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
    facts = {"round": no, "name": req.player, "count": req.count, "cards": _cards(req.options)}
    discard = req.kind == "discard"
    if given is None:
        if not req.needed:
            return req.options[: req.count], []
        if discard:
            said = msg(
                "Round %(round)s: %(name)s must pick the card(s) to discard: choose %(count)s of %(cards)s", **facts
            )
        else:
            said = msg(
                "Round %(round)s: %(name)s must pick the card(s) to discard after taking the played card back: "
                "choose %(count)s of %(cards)s",
                **facts,
            )
        return (), [Problem(loc, said)]
    wrong = len(given) != req.count or len(set(given)) != len(given) or not set(given) <= set(req.options)
    if wrong:
        if discard:
            said = msg(
                "Round %(round)s: %(name)s cannot discard %(given)s; choose %(count)s of %(cards)s",
                **facts,
                given=_cards(given),
            )
        else:
            said = msg(
                "Round %(round)s: %(name)s cannot discard after taking the played card back %(given)s; "
                "choose %(count)s of %(cards)s",
                **facts,
                given=_cards(given),
            )
        return (), [Problem(loc, said)]
    return tuple(given), []


def _cards(cards: Sequence[int]) -> str:
    ordered = sorted(cards)
    if len(ordered) <= 1:
        return msg("the %(card)s", card=ordered[0]) if ordered else msg("nothing")
    return msg("the %(cards)s and %(last)s", cards=", ".join(map(str, ordered[:-1])), last=ordered[-1])
