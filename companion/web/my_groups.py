"""The phone's groups as the home page and the new-table form show them: its current group (where its next table
goes) and its others, each named so that two of the same name read apart; and joining a table's group by its code.
The forms that start a new group or switch to another are in group_forms.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import gettext

from companion.storage.store import TableRow

from .. import groups
from ..groups import NAME_LENGTH, GroupRow
from . import arrival, language, phone, store

NEW_GROUP = "new"  # the new-table form's choice of a new group, named after the players
NOT_MINE = object()  # what the form named is none of the phone's groups


@dataclass(frozen=True)
class Mine:
    """The phone's groups: the current one first, then the others (the one joined last first)."""

    current: GroupRow | None
    others: list[GroupRow]
    labels: dict[int, str] = field(default_factory=dict)

    @property
    def every(self) -> list[GroupRow]:
        return ([self.current] if self.current else []) + self.others

    def label(self, group: GroupRow) -> str:
        """The group's name, with when it was started when another of the phone's groups has the same name."""
        return self.labels.get(group.id, group.name)

    @property
    def same_names(self) -> list[str]:
        """The names that two or more of the phone's groups have."""
        names = {" ".join(g.name.casefold().split()): g.name for g in reversed(self.every) if g.id in self.labels}
        return list(names.values())


def mine() -> Mine:
    """The groups of this phone: a phone without a cookie has none, and gets none made."""
    found = phone.known()
    rows = groups.groups_of(store(), found) if found is not None else []
    current = phone.current_of(rows)
    others = [row for row in rows if current is None or row.id != current.id]
    return Mine(current, others, _labels(rows))


def chosen(found: Mine, value: str | None) -> GroupRow | None | object:
    """The group a new-table form chose (`value`, a group's token): one of the phone's groups; None for a new
    group (the form's "new", or a phone with no group yet); the current group when the form named none; NOT_MINE
    for a token of no group of this phone's."""
    if not value:
        return found.current
    if value == NEW_GROUP:
        return None
    return next((group for group in found.every if group.token == value[:64]), NOT_MINE)


def join_by_code(table: TableRow) -> None:
    """A phone that opened a table's join code itself becomes a member of the table's group, whose tables it starts
    from now on, when the group shares its link at its tables (`share_invite`): the night stays in one group. A
    group that keeps its link to itself gives the phone that table only. A code opened from another site changes
    nothing (companion.web.arrival): the table page offers the group's link instead."""
    if not arrival.on_purpose():
        return
    found = groups.by_id(store(), table.group_id)
    if found is None or not found.share_invite:
        return
    groups.join(store(), phone.this(), found.id)
    phone.make_current(found)


def _labels(rows: list[GroupRow]) -> dict[int, str]:
    labels = {}
    for row in rows:
        if any(other.id != row.id and groups.same_name(other.name, row.name) for other in rows):
            started = row.created_at
            when = f"{started.day} {started:%b %Y, %H:%M}" if language.current() == "en" else language.when(started)
            labels[row.id] = gettext("%(name)s · started %(when)s", name=row.name, when=when)
    return labels


def clean_name(typed: str) -> str:
    """A typed group name without control characters or runs of spaces."""
    return " ".join("".join(c for c in typed if c.isprintable() or c.isspace()).split())


def name_problem(name: str) -> str | None:
    """What is wrong with a cleaned group name, if anything."""
    if not name:
        return gettext("Give the group a name.")
    return gettext("A group's name is 1 to 80 characters.") if len(name) > NAME_LENGTH else None
