"""Who this phone is: a token in its cookie, and its current group's token; nothing else that grows with use.

The cookie is Flask's signed session. A phone gets its token the first time it needs one (it starts a table, says
who it is at one, or opens a group's link), and keeps it 400 days from its last change (the app factory's
PERMANENT_SESSION_LIFETIME). Who the phone is at each table and which groups it belongs to are rows
(companion.groups), so the cookie stays the same size however much it plays.
"""

from __future__ import annotations

from flask import g, session

from .. import groups
from ..groups import GroupRow
from . import store

PHONE = "phone"
GROUP = "group"
# What cookies of before kept: who the phone was at each table (it grew past 4 KB), and names typed lately.
OLD_KEYS = ("who", "recent_names")


def token() -> str | None:
    """The phone's token from its cookie, if it has one."""
    found = session.get(PHONE)
    return found if isinstance(found, str) else None


def known() -> int | None:
    """The phone's id, if it has one (a cookie of before is given one, keeping who it was at its tables)."""
    if "phone_id" not in g:
        found = token()
        g.phone_id = groups.phone_id(store(), found) if found else None
        if isinstance(session.get("who"), dict):
            return this()
    return g.phone_id


def this() -> int:
    """The phone's id, made now if it has none."""
    phone = known()
    if phone is None:
        phone, made = groups.new_phone(store())
        session[PHONE] = made
        session.permanent = True
        g.phone_id = phone
    if any(key in session for key in OLD_KEYS):
        _forget_old_cookie(phone)
    return phone


def _forget_old_cookie(phone: int) -> None:
    """Seats for who the phone was at its tables, then the cookie of before loses what made it grow."""
    old = session.get("who")
    if isinstance(old, dict):
        named = {k: v for k, v in old.items() if isinstance(k, str) and isinstance(v, str) and v}
        groups.adopt_seats(store(), phone, named)
    for key in OLD_KEYS:
        session.pop(key, None)


def current_group(phone: int | None) -> GroupRow | None:
    """The phone's current group: the one it last opened or started a table in, while it belongs to it; otherwise
    the group it joined last; None when it has none."""
    if phone is None:
        return None
    return current_of(groups.groups_of(store(), phone))


def current_of(mine: list[GroupRow]) -> GroupRow | None:
    """Which of the phone's groups (`mine`, the one joined last first) is its current one (see `current_group`)."""
    chosen = session.get(GROUP)
    return next((group for group in mine if group.token == chosen), mine[0] if mine else None)


def make_current(group: GroupRow) -> None:
    """The group new tables of this phone go into from now on (the phone must belong to it)."""
    session[GROUP] = group.token
    session.permanent = True
