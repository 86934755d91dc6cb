"""The reputation change from the work cards played in a round: on a success the highest card, on a failure the
lowest, moves its players by its gap to the order's average, with the sentence that says why."""

from __future__ import annotations

from companion.games import msg
from companion.games.loaf.engine.board import Board, Change
from companion.games.loaf.engine.effects import Outcome


def card_changes(board: Board, average: int, outcome: Outcome) -> None:
    """Everyone tied for the highest card (success) or the lowest (failure) moves by its gap to average."""
    if not board.table:
        return
    pick = max if outcome == "success" else min
    card = pick(board.table.values())
    gap = card - average
    wanted = max(gap, 0) if outcome == "success" else min(gap, 0)
    for name, played in board.table.items():
        if played == card:
            applied = board.move(name, wanted)
            rule = "loaf/reputation" if applied == wanted else "loaf/reputation-limits"
            board.changes.append(Change(name, applied, _card_reason(name, card, average, outcome, applied), rule))


def _card_reason(name: str, card: int, average: int, outcome: Outcome, applied: int) -> str:
    gap = card - average
    facts = {"name": name, "card": card, "average": average, "gap": abs(gap)}
    if gap == 0:
        return msg("%(name)s played %(card)s, the same as the order's %(average)s: no change", **facts)
    if (gap > 0) != (outcome == "success"):
        if outcome == "success":
            return msg(
                "%(name)s played %(card)s, %(gap)s below the order's %(average)s, "
                "but a success never lowers reputation: no change",
                **facts,
            )
        return msg(
            "%(name)s played %(card)s, %(gap)s above the order's %(average)s, "
            "but a failure never raises reputation: no change",
            **facts,
        )
    moved = {"delta": f"{gap:+d}", "applied": f"{applied:+d}"}
    if gap > 0 and applied != gap:
        return msg(
            "%(name)s played %(card)s, %(gap)s above the order's %(average)s: %(delta)s, "
            "but reputation stops at 10, so %(applied)s",
            **facts,
            **moved,
        )
    if gap > 0:
        return msg("%(name)s played %(card)s, %(gap)s above the order's %(average)s: %(delta)s", **facts, **moved)
    if applied != gap:
        return msg(
            "%(name)s played %(card)s, %(gap)s below the order's %(average)s: %(delta)s, "
            "but reputation stops at -10, so %(applied)s",
            **facts,
            **moved,
        )
    return msg("%(name)s played %(card)s, %(gap)s below the order's %(average)s: %(delta)s", **facts, **moved)
