"""What a review card's effect asks of players: the choices (cards to discard, the card to discard instead after a
take-back), which ones each target is asked for on the board, and whether the answers given fit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from companion.games import Problem, msg
from companion.games.loaf.engine.board import Board
from companion.games.loaf.engine.effects import Effect, select_targets

ChoiceKind = Literal["discard", "take_back"]


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


def check_choices(
    requests: Mapping[str, ChoiceRequest], choices: Mapping[str, Choice], loc: str, no: int
) -> tuple[list[Problem], dict[str, tuple[int, ...]]]:
    """The players' answers checked against what the effect asks: the problems, and each asked player's pick
    (the only legal one when they had no choice)."""
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
    facts = {"round": no, "name": req.player, "count": req.count, "cards": card_list(req.options)}
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
                given=card_list(given),
            )
        else:
            said = msg(
                "Round %(round)s: %(name)s cannot discard after taking the played card back %(given)s; "
                "choose %(count)s of %(cards)s",
                **facts,
                given=card_list(given),
            )
        return (), [Problem(loc, said)]
    return tuple(given), []


def card_list(cards: Sequence[int]) -> str:
    """Cards as a sentence says them: "the 3", "the 3, 5 and 7", or "nothing"."""
    ordered = sorted(cards)
    if len(ordered) <= 1:
        return msg("the %(card)s", card=ordered[0]) if ordered else msg("nothing")
    return msg("the %(cards)s and %(last)s", cards=", ".join(map(str, ordered[:-1])), last=ordered[-1])
