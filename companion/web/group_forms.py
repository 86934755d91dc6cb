"""The home page's group forms: starting a new group, and switching to another of the phone's groups (both only
from the app's own forms: they carry its CSRF token). What either refuses is shown on the home page."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from .. import groups
from . import limiting, phone, store
from .my_groups import clean_name, mine, name_problem
from .pages import home_page

bp = Blueprint("my_groups", __name__)


def _home(status: int, **extra: Any) -> ResponseReturnValue:
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
        problem = gettext(
            "You have a group called “%(name)s” already: open it below, or start this one with another name.", name=name
        )
        return _home(409, new_group_error=problem, new_group_name=groups.apart(name, taken))
    if (made := limiting.take("new_table")).refused:
        refused = _home(
            429, new_group_error=gettext("Too many new groups from here: %(wait)s.", wait=limiting.wait_words(made))
        )
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
        return _home(422, switch_error=gettext("Pick one of this phone's groups."))
    phone.make_current(chosen)
    return redirect(url_for("pages.home"), 303)
