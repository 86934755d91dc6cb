"""How a review card's effect plays out in its round: reputation moved, cards discarded, taken back or
retrieved, on the round's board, each move with the sentence that says it (the end-of-game effects are only
noted here; `scoring` counts them)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games import RuleError, msg
from companion.games.loaf.engine.board import Board, Change, Event
from companion.games.loaf.engine.choices import Choice, card_list, check_choices, requests_for
from companion.games.loaf.engine.effects import (
    END_KINDS,
    MAX_REPUTATION,
    MIN_REPUTATION,
    TARGET_PHRASES,
    Effect,
    Outcome,
    select_targets,
)


def resolve(effect: Effect, outcome: Outcome, board: Board, choices: Mapping[str, Choice], loc: str, no: int) -> None:
    """Apply the direct part of an effect to the board; raise RuleError over missing or illegal choices."""
    requests = {r.player: r for r in requests_for(effect, board)}
    problems, picks = check_choices(requests, choices, loc, no)
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
            text = msg("%(label)s: %(name)s discards %(cards)s", label=label, name=name, cards=card_list(pick))
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
