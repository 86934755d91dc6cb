"""A new table's setup (players and the game's options), checked the same way for the page and the table API."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from .. import groups
from ..games import Problem
from ..schemas import validation_problems
from ..schemas.tables import NewTableForm, setup_problems
from ..specs import GAMES, table_rules
from ..tables.replay import replay
from . import store
from .kept_cards import starting_values

# How many of the group's latest tables of the game a new table may copy from (each is replayed to list it).
COPY_CHOICES = 20


@dataclass(frozen=True)
class NewSetup:
    """The setup to store, or what is wrong (each problem located)."""

    setup: dict[str, Any] | None
    problems: list[Problem] = field(default_factory=list)


@dataclass(frozen=True)
class CopyChoice:
    """An earlier table of the group whose catalog a new table may start with: `token` is its watch token."""

    token: str
    game: str
    players: list[str]
    started: datetime
    heroes: int


def setup_for(
    slug: str, names: list[str], values: dict[str, Any], options_loc: str = "", group_id: int | None = None
) -> NewSetup:
    """Check a new table of game `slug` for these player names and option values; a table to copy from
    (`copy_from`, a watch token) must be one of group `group_id`'s (none without a group). What the group keeps
    for every table of the game goes into the setup (see `starting_values`)."""
    game, rules = GAMES.get(slug), table_rules().get(slug)
    if game is None or rules is None:
        return NewSetup(
            None, [Problem("game", f"no game has the slug {slug[:40]!r}: use one of {', '.join(table_rules())}")]
        )
    problems: list[Problem] = []
    try:
        players = NewTableForm.model_validate({"players": names}).players
    except ValidationError as exc:
        problems, players = validation_problems(exc), ()
    problems += setup_problems(game, names)
    setup: dict[str, Any] = {"players": list(players)}
    if rules.options is not None:
        values = starting_values(slug, values, group_id)
        token = str(values.get("copy_from", "")).strip()
        context = {"copy_source": copy_source(slug, token, group_id)} if token else None
        try:
            setup["options"] = rules.options.model_validate(values, context=context).model_dump(mode="json")
        except ValidationError as exc:
            problems += [_under(options_loc, p) for p in validation_problems(exc)]
    elif values and options_loc:
        problems.append(Problem(options_loc or "options", f"{game.name} takes no options"))
    return NewSetup(None if problems else setup, problems)


def _under(prefix: str, problem: Problem) -> Problem:
    if not prefix:
        return problem
    return Problem(f"{prefix}.{problem.loc}" if problem.loc else prefix, problem.msg)


def copy_source(slug: str, token: str, group_id: int | None) -> Any:
    """The replayed state of the table a new table's options name by watch token (`copy_from`), when it is a table
    of this game in this group; None otherwise, alike whether or not a table has that token elsewhere. The options
    schema says what is wrong with it."""
    row = store().by_viewer_token(token[:64])
    if row is None or group_id is None or row.group_id != group_id or row.game != slug:
        return None
    return replay(table_rules()[slug], row.setup, store().entries(row.id)).state


def copy_choices(slug: str, group_id: int | None) -> list[CopyChoice]:
    """The group's latest tables of game `slug` that have heroes to copy, the newest first."""
    if group_id is None or slug not in table_rules():
        return []
    found = []
    for row in groups.latest_of_game(store(), group_id, slug, COPY_CHOICES):
        state = replay(table_rules()[slug], row.setup, store().entries(row.id)).state
        heroes = len(getattr(state, "heroes", ()))
        if heroes:
            players = [str(p) for p in row.setup.get("players", [])]
            found.append(CopyChoice(row.viewer_token, GAMES[slug].name, players, row.created_at, heroes))
    return found
