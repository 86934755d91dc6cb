"""The phone's groups as the home page and the new-table form show them: its current group (where its next table
goes) and its others, each named so that two of the same name read apart; starting a new group, and switching to
another of its groups (both only from the app's own forms: they carry its CSRF token)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, redirect, request, url_for
from flask.typing import ResponseReturnValue

from .. import groups
from ..groups import NAME_LENGTH, GroupRow
from ..store import TableRow
from . import arrival, limiting, phone, store

bp = Blueprint("my_groups", __name__)

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
            labels[row.id] = f"{row.name} · started {started.day} {started:%b %Y, %H:%M}"
    return labels


def clean_name(typed: str) -> str:
    """A typed group name without control characters or runs of spaces."""
    return " ".join("".join(c for c in typed if c.isprintable() or c.isspace()).split())


def name_problem(name: str) -> str | None:
    """What is wrong with a cleaned group name, if anything."""
    if not name:
        return "Give the group a name."
    return "A group's name is 1 to 80 characters." if len(name) > NAME_LENGTH else None


def _home(status: int, **extra: Any) -> ResponseReturnValue:
    from .pages import home_page  # the home page's own module shows what this one refuses

    return home_page(status=status, **extra)


@bp.post("/groups/new")
def start() -> ResponseReturnValue:
    """A new group with the name typed, this phone its first member, and the group its next tables go into. A name
    one of the phone's groups has already is refused, with a name that reads apart offered in its place."""
    typed = request.form.get("name", "")
    name = clean_name(typed)
    if problem := name_problem(name):
        return _home(422, new_group_error=problem, new_group_name=typed[:200])
    taken = [group.name for group in mine().every]
    if any(groups.same_name(name, other) for other in taken):
        problem = f"You have a group called “{name}” already: open it below, or start this one with another name."
        return _home(409, new_group_error=problem, new_group_name=groups.apart(name, taken))
    if (made := limiting.take("new_table")).refused:
        refused = _home(429, new_group_error=f"Too many new groups from here: {limiting.wait_words(made)}.")
        refused.headers["Retry-After"] = str(made.retry_after)  # type: ignore[union-attr]
        return refused
    group = groups.create_group(store(), name, phone.this())
    phone.make_current(group)
    return redirect(url_for("groups.show", token=group.token), 303)


@bp.post("/groups/current")
def switch() -> ResponseReturnValue:
    """The group this phone's next tables go into, from now on: one of its own groups, by its token."""
    token = request.form.get("group", "")[:64]
    chosen = next((group for group in mine().every if group.token == token), None)
    if chosen is None:
        return _home(422, switch_error="Pick one of this phone's groups.")
    phone.make_current(chosen)
    return redirect(url_for("pages.home"), 303)
