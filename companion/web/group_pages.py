"""A group's page under its private link (`/g/<token>`): its name, its invite link and QR code, its tables newest
first, its history, and the phone's other groups. Opening it on purpose (typed, a bookmark, a chat app, a page of
the app: companion.web.arrival) makes the phone a member and the group its current one; opened from another site,
the page offers "Join this group" (a POST with the page's CSRF token) and changes nothing until it is tapped.

The token in the address is the credential: whoever has the link may open the group; a wrong one is a 404."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from datetime import datetime

import segno
from flask import Response, redirect, request, url_for
from flask.typing import ResponseReturnValue

from companion.storage.store import TableRow

from .. import groups
from ..groups import GroupRow
from ..specs import GAMES, SPECS
from . import arrival, phone, public_root, store
from .group_link import group, group_blueprint
from .my_groups import clean_name, mine, name_problem
from .render import page

bp = group_blueprint("groups", __name__, "/g/<token>")


@dataclass(frozen=True)
class GroupTable:
    """One of the group's tables as its page lists it."""

    link: str
    game: str
    players: tuple[str, ...]
    started: datetime

    @classmethod
    def of(cls, row: TableRow) -> GroupTable:
        spec = GAMES.get(row.game)
        players = tuple(str(name) for name in row.setup.get("players", []))
        return cls(f"/t/{row.token}", spec.name if spec else row.game, players, row.created_at)


@dataclass(frozen=True)
class GroupView:
    """Everything the group page shows."""

    group: GroupRow
    invite: str
    tables: list[GroupTable]
    page: int
    older: bool
    others: list[tuple[GroupRow, str]]  # the phone's other groups, each with the name it is shown by
    member: bool  # the phone belongs to the group
    current: bool  # the phone's next tables go into this group
    same_name: list[str] = field(default_factory=list)  # the phone's other groups of this name, as shown
    errors: dict[str, str] = field(default_factory=dict)
    typed: str | None = None  # a refused name, shown back in its field

    @property
    def link(self) -> str:
        return f"/g/{self.group.token}"

    @property
    def kept_cards(self) -> list[tuple[str, str]]:
        """The pages of the cards the group keeps, one per game that keeps some: (address, title)."""
        return [(f"{self.link}/{s.kept.path}", s.kept.title) for s in SPECS.values() if s.kept]


def _view(errors: dict[str, str] | None = None, typed: str | None = None) -> GroupView:
    found = group()
    number = max(1, min(request.args.get("page", 1, type=int) or 1, 10_000))
    rows, older = groups.tables_of(store(), found.id, number)
    phones = mine()
    others = [(other, phones.label(other)) for other in phones.every if other.id != found.id]
    return GroupView(
        group=found,
        invite=public_root() + f"/g/{found.token}",
        tables=[GroupTable.of(row) for row in rows],
        page=number,
        older=older,
        others=others,
        member=any(one.id == found.id for one in phones.every),
        current=phones.current is not None and phones.current.id == found.id,
        same_name=[label for other, label in others if groups.same_name(other.name, found.name)],
        errors=errors or {},
        typed=typed,
    )


def _welcome() -> None:
    """The phone that opened the link belongs to the group from now on, and starts its tables there."""
    found = group()
    groups.join(store(), phone.this(), found.id)
    phone.make_current(found)


@bp.get("")
def show() -> ResponseReturnValue:
    """The group's page: a phone that opened it on purpose is a member now; one sent from elsewhere is asked."""
    if arrival.on_purpose():
        _welcome()
    return page("group.html", view=_view())


@bp.post("")
def change() -> ResponseReturnValue:
    """ "Join this group" (`join`): the phone is a member, and its next tables go here. Otherwise rename the group,
    and choose whether a phone that joins one of its tables by code joins the group too."""
    _welcome()
    if "join" in request.form:
        return redirect(url_for("groups.show"), 303)
    typed = request.form.get("name", "")
    name = clean_name(typed)
    if problem := name_problem(name):
        return page("group.html", status=422, view=_view({"name": problem}, typed[:200]))
    groups.change(store(), group().id, name, request.form.get("share_invite") == "on")
    return redirect(url_for("groups.show"), 303)


@bp.get("/qr.svg")
def qr() -> Response:
    """The QR code of the group's invite link."""
    out = io.BytesIO()
    link = public_root() + f"/g/{group().token}"
    segno.make(link, error="m").save(out, kind="svg", scale=6, border=2)
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    return response
