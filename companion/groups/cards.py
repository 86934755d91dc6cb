"""The cards a group keeps for a game: entered once with everything printed on them, then picked with a tap at any
of the group's tables. A group sees only its own cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, insert, select

from companion.storage.schema import HIGHEST_ID, group_cards
from companion.storage.store import Store, now

MOST = 200  # cards a group keeps for one game


@dataclass(frozen=True)
class GroupCard:
    id: int
    name: str
    card: dict[str, Any]


def cards_of(store: Store, group_id: int, game: str) -> list[GroupCard]:
    """The group's cards for the game, by name."""
    query = (
        select(group_cards.c.id, group_cards.c.name, group_cards.c.card)
        .where(group_cards.c.group_id == group_id, group_cards.c.game == game)
        .order_by(group_cards.c.name, group_cards.c.id)
        .limit(MOST)
    )
    with store.engine.connect() as conn:
        return [GroupCard(row.id, row.name, dict(row.card)) for row in conn.execute(query)]


def keep(
    store: Store, group_id: int, game: str, name: str, card: dict[str, Any], most: int = MOST, unique: bool = False
) -> bool:
    """Keep one more card for the group; False when it keeps `most` already, or (`unique`) has one of that name,
    case-folded: a game whose cards are named once per table asks for that, checked in the same transaction."""
    mine = (group_cards.c.group_id == group_id, group_cards.c.game == game)
    names = select(group_cards.c.name).where(*mine)
    with store.engine.connect().execution_options(immediate=True) as conn, conn.begin():
        if conn.execute(select(func.count()).where(*mine)).scalar_one() >= min(most, MOST):
            return False
        if unique and name.casefold() in {n.casefold() for n in conn.execute(names).scalars()}:
            return False
        values = {"group_id": group_id, "game": game, "name": name, "card": card, "created_at": now()}
        conn.execute(insert(group_cards).values(**values))
    return True


def forget(store: Store, group_id: int, card_id: int) -> None:
    """The group no longer keeps the card (another group's card is never touched)."""
    if not 0 < card_id <= HIGHEST_ID:
        return
    where = (group_cards.c.id == card_id, group_cards.c.group_id == group_id)
    with store.engine.connect().execution_options(immediate=True) as conn, conn.begin():
        conn.execute(delete(group_cards).where(*where))
