"""A table's join code at the table: whether it still works, until when (the share panel says), and a fresh one
issued from the table's editor link, the old one dead at once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import Blueprint, abort, current_app, redirect, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_date, gettext, ngettext

from companion.groups.codes import LIFETIME_HOURS, code_until, code_works, find_table, shown
from companion.storage.store import TableRow, now

from . import store

bp = Blueprint("codes", __name__)


def hours() -> float:
    """How long a code works after the table's last entry (config JOIN_CODE_HOURS)."""
    return float(current_app.config.get("JOIN_CODE_HOURS", LIFETIME_HOURS))


def code_live(row: TableRow) -> bool:
    """Whether the table's join code still leads to it."""
    return code_works(row, now(), hours())


def expired_message() -> str:
    span = ngettext("%(num)s hour", "%(num)s hours", int(hours())) if hours().is_integer() else None
    span = span or gettext("%(num)s hours", num=f"{hours():g}")
    return gettext(
        "That code has expired: a table's code works for %(span)s after its last entry. Ask someone at the table "
        "for a fresh one (the table's page can issue one).",
        span=span,
    )


@dataclass(frozen=True)
class CodeShown:
    """The join code as the share panel shows it: whether it works, until when, and for how long after an entry."""

    live: bool
    until: datetime
    hours: float

    @property
    def until_text(self) -> str:
        """The time, as in "23:40 UTC", with the day when it is not today."""
        time = f"{self.until:%H:%M}"
        if self.until.date() == now().date():
            return gettext("%(time)s UTC", time=time)
        return gettext("%(time)s UTC on %(day)s", time=time, day=format_date(self.until, "d MMM"))


def table_by_code(text: str) -> TableRow | None:
    """The table a join code typed by a person leads to (any case, spaces, dashes, O for 0 and I for 1), or None."""
    return find_table(store(), text)


@bp.app_template_filter("shown_code")
def shown_code(code: str) -> str:
    """A join code in the groups it is shown in: "YT6 NU5"."""
    return shown(code)


@bp.app_template_global()
def join_code(row: TableRow) -> CodeShown:
    """The table's join code for the share panel (a template never asks the database: this reads the row)."""
    return CodeShown(code_live(row), code_until(row, hours()), hours())


@bp.app_template_global()
def shown_first(view: Any) -> bool:
    """Whether a table's page shows its join code and QR code first: on an editor page, once the phone said who it
    is there (it is asked that before anything else), while the code works, until a second phone says who it is
    there or the first entry is in (then they are folded in the share panel)."""
    first = view.editable and not view.asks_seat and view.version == 0 and view.phones < 2
    return bool(first and code_live(view.row))


def qr_address(row: TableRow) -> str:
    """What the table's QR code holds: its join code while it works (a phone that scans it joins as one that types
    it does, group and all), else its editor link."""
    return f"/join?code={row.code}" if code_live(row) else f"/t/{row.token}"


@bp.post("/t/<token>/code")
def fresh_code(token: str) -> ResponseReturnValue:
    """A fresh join code for the table (its editor link only): the old code names no table from now on."""
    row = store().by_token(token) or abort(404)
    store().issue_code(row.id)
    return redirect(url_for("tables.show", token=row.token), 303)
