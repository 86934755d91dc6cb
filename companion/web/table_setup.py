"""A new table's setup (players and the game's options), checked the same way for the page and the table API."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from ..games.base import Problem
from ..schemas import validation_problems
from ..schemas.tables import NewTableForm, setup_problems
from ..specs import GAMES
from ..tables import kinds
from ..tables.replay import replay
from . import store
from .codes import code_live


@dataclass(frozen=True)
class NewSetup:
    """The setup to store, or what is wrong (each problem located); `options_refused` says the game's options
    were refused (a join code in them that names no table counts as a wrong guess)."""

    setup: dict[str, Any] | None
    problems: list[Problem] = field(default_factory=list)
    options_refused: bool = False


def setup_for(slug: str, names: list[str], values: dict[str, Any], options_loc: str = "") -> NewSetup:
    """Check a new table of game `slug` for these player names and option values."""
    game, kind = GAMES.get(slug), kinds().get(slug)
    if game is None or kind is None:
        return NewSetup(None, [Problem("game", f"no game has the slug {slug[:40]!r}: use one of {', '.join(kinds())}")])
    problems: list[Problem] = []
    try:
        players = NewTableForm.model_validate({"players": names}).players
    except ValidationError as exc:
        problems, players = validation_problems(exc), ()
    problems += setup_problems(game, names)
    setup: dict[str, Any] = {"players": list(players)}
    refused = False
    if kind.options is not None:
        code = str(values.get("copy_from", "")).strip()
        context = {"copy_source": copy_source(slug, code)} if code else None
        try:
            setup["options"] = kind.options.model_validate(values, context=context).model_dump(mode="json")
        except ValidationError as exc:
            refused = True
            problems += [_under(options_loc, p) for p in validation_problems(exc)]
    elif values and options_loc:
        problems.append(Problem(options_loc or "options", f"{game.name} takes no options"))
    return NewSetup(None if problems else setup, problems, refused)


def _under(prefix: str, problem: Problem) -> Problem:
    if not prefix:
        return problem
    return Problem(f"{prefix}.{problem.loc}" if problem.loc else prefix, problem.msg)


def copy_source(slug: str, code: str) -> dict[str, Any] | None:
    """The table a new table's options name by join code (`copy_from`): None when no table has the code, else its
    game and, when that is this game and the code still works, its replayed state. The options schema says what is
    wrong with it."""
    row = store().by_code(code)
    if row is None:
        return None
    if not code_live(row):
        return {"game": row.game, "state": None, "expired": True}
    state = replay(kinds()[slug], row.setup, store().entries(row.id)).state if row.game == slug else None
    return {"game": row.game, "state": state}
