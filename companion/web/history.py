"""A group's play history, under its private link (`/g/<token>/history`): its finished tables' plays a page at a
time, each player's and each game's record, merging two names of one person, deleting a play and restoring it.

The group's token in the address is the credential: a wrong one is a 404. Every page reads the group's stored plays
(companion.history.plays keeps them); none replays a table. The old addresses (`/history…`) lead to the phone's current
group's history, or say how to reach one."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import quote

import flask_babel
from babel import Locale
from babel.dates import format_skeleton
from babel.numbers import format_decimal, format_percent
from flask import Blueprint, Flask, abort, redirect, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from companion.history import lookup as play_lookup
from companion.history import photos as play_photos
from companion.history import plays as plays
from companion.history import queries as play_queries
from companion.history import totals as play_totals
from companion.history.bgstats import bgstats_link
from companion.history.queries import PlayPage
from companion.history.records import People, Play, merge_problem, name_key, play_of

from ..games import Text
from ..specs import GAMES, table_rules
from ..words import DEFAULT
from . import history_charts, language, phone, store
from .group_link import group, group_blueprint
from .render import page
from .table_view import TableView

bp = group_blueprint("history", __name__, "/g/<token>/history")
legacy = Blueprint("history_legacy", __name__, url_prefix="/history")


def register(app: Flask) -> None:
    """The history's pages, its files and its API, and the old addresses."""
    from . import history_api, history_files

    for blueprint in (bp, history_files.bp, history_files.table_bp, history_api.bp, legacy):
        app.register_blueprint(blueprint)


def people() -> People:
    return People(store().aliases(group().id))


def _page_number() -> int:
    return max(1, request.args.get("page", 1, type=int) or 1)


def pager(found: PlayPage, endpoint: str, **args: Any) -> dict[str, str | None]:
    """Links to the newer and older pages of plays, keeping the page's other arguments."""
    kept = {k: v for k, v in args.items() if v}
    newer = url_for(endpoint, **kept, page=found.number - 1) if found.has_previous else None
    older = url_for(endpoint, **kept, page=found.number + 1) if found.has_next else None
    return {"newer": newer, "older": older}


@bp.app_template_global()
def table_play(view: TableView) -> Play | None:
    """The play a table page shows once its game is over, worked out from the page's own replay as the history
    works it out (so it has the stored play's id); none once it is deleted from the group's history."""
    if view.broken or view.play_deleted:
        return None
    row, played = view.row, view.checked.clock.played
    return play_of(view.rules, row.game, row.setup, view.checked.face_up, view.state, row.viewer_token, played)


@bp.app_template_global("bgstats_link")
def _bgstats_link(play: Play, who: People) -> str:
    """BG Stats' push link; the page hands in who is who (a template never reads the database)."""
    return bgstats_link(play, who)


@bp.app_template_global()
def history_url() -> str:
    """Where "play history" leads from a page outside it: this phone's current group's history, or the page that
    says how to reach one."""
    token = session.get(phone.GROUP)
    return url_for("history.index", token=token) if isinstance(token, str) and token else url_for("history_legacy.home")


# How the history's pages write a moment, a day and a day of this year in English (kept as they always were); the other
# languages write them as their locale does (CLDR skeletons: "5. März 2026, 14:07", "5 mars", "5 mrt 2026").
ENGLISH_DATES = {"moment": "%d %b %Y, %H:%M", "day": "%d %b %Y", "short": "%d %b"}
SKELETONS = {"moment": "yMMMd", "day": "yMMMd", "short": "MMMd"}


@bp.app_template_filter("history_date")
def history_date(moment: datetime, form: str = "day") -> str:
    """A play's moment (form "moment"), day ("day") or day without the year ("short"), in the reader's language."""
    speaking = language.current()
    if speaking == DEFAULT:
        return moment.strftime(ENGLISH_DATES[form])
    day = format_skeleton(SKELETONS[form], moment, locale=speaking)
    if form != "moment":
        return day
    hour = format_skeleton("Hm", moment, locale=speaking)
    return str(Locale.parse(speaking).datetime_formats["medium"]).format(hour, day)


def _short_day(moment: datetime) -> str:
    return history_date(moment, "short")


@bp.app_template_filter("history_average")
def history_average(value: float | None) -> str:
    """An average to one decimal ("—" for none), with the reader's decimal sign and thousands ("1.002,5")."""
    if value is None:
        return "—"
    speaking = language.current()
    return f"{value:.1f}" if speaking == DEFAULT else format_decimal(value, "#,##0.0", locale=speaking)


@bp.app_template_filter("history_number")
def history_number(value: int) -> str:
    """A count or a score as the reader's locale writes it ("1.234" in German, "1 234" in French); English as it
    always was ("1234")."""
    return str(value) if language.current() == DEFAULT else flask_babel.format_decimal(value)


@bp.app_template_filter("history_rate")
def history_rate(rate: float) -> str:
    """A win rate as a whole percentage, as the reader's locale writes one ("67%", "67 %")."""
    whole = int(rate * 100 + 0.5)
    speaking = language.current()
    return f"{whole}%" if speaking == DEFAULT else format_percent(whole / 100, locale=speaking)


@bp.app_template_filter("stored")
def stored(value: Any) -> Any:
    """Something a game said and the history stored as English (why a score did not count, what stops a table):
    said again in the reader's language when the catalogues know its English, else as stored."""
    if isinstance(value, str) and value and not isinstance(value, Text):
        value = Text(value)
    return language.say(value)


@bp.app_template_global("entry_kind")
def entry_kind(game: str, kind: str) -> Any:
    """What a sentence calls entries of `kind` at a table of `game`, in the reader's language."""
    table = table_rules().get(game)
    return language.say(table.kind_name(kind)) if table else kind.replace("_", " ")


@bp.get("")
def index() -> ResponseReturnValue:
    game = request.args.get("game", "")
    game = game if game in GAMES else ""
    player = request.args.get("player", "")[:40]
    who, mine = people(), group().id
    found = play_queries.page_of_plays(store(), mine, who, game=game, player=player, number=_page_number())
    counts = play_queries.game_counts(store(), mine)
    everyone = play_queries.everyone(store(), mine, who)
    return page(
        "history/index.html",
        group=group(),
        found=found,
        pages=pager(found, "history.index", game=game, player=player),
        photos=play_photos.of_plays(store(), mine, found.plays),
        total=sum(counts.values()),
        game=GAMES.get(game),
        player_key=who.key(player) if player else "",
        who=who,
        people=everyone,
        charts=history_charts.wins(everyone),
        games=[(g, counts[g.slug]) for g in GAMES.values()],
        attention=play_queries.needing_attention(store(), mine),
        deleted=play_lookup.recently_deleted(store(), mine),
        games_by_slug=GAMES,
        imported=request.args.get("imported", type=int),
        skipped=request.args.get("skipped", type=int),
        just_deleted=request.args.get("deleted", "")[:24],
        done=request.args.get("done", "") if request.args.get("done") == "restored" else "",
    )


@bp.get("/players/<path:name>")
def player(name: str) -> ResponseReturnValue:
    return _player_page(name)


def _player_page(name: str, error: str = "", status: int = 200) -> ResponseReturnValue:
    who, mine = people(), group().id
    record = play_queries.player_record(store(), mine, who, name) or abort(404)
    found = play_queries.page_of_plays(store(), mine, who, player=name, number=_page_number())
    everyone = play_queries.everyone(store(), mine, who)
    others = [p.name for p in everyone if p.key != record.key]
    return page(
        "history/player.html",
        status=status,
        group=group(),
        record=record,
        found=found,
        pages=pager(found, "history.player", name=name),
        photos=play_photos.of_plays(store(), mine, found.plays),
        people=who,
        others=others,
        charts=history_charts.person_scores(record.person, everyone, _short_day),
        merged=who.merged_into(record.key),
        error=error,
    )


@bp.get("/games/<slug>")
def game(slug: str) -> ResponseReturnValue:
    GAMES.get(slug) or abort(404)
    who, mine = people(), group().id
    found = play_queries.page_of_plays(store(), mine, who, game=slug, number=_page_number())
    return page(
        "history/game.html",
        group=group(),
        stats=play_queries.game_stats(store(), mine, who, slug),
        found=found,
        pages=pager(found, "history.game", slug=slug),
        photos=play_photos.of_plays(store(), mine, found.plays),
        people=who,
        charts=history_charts.game_scores(slug, play_queries.everyone(store(), mine, who), _short_day),
    )


@bp.post("/merge")
def merge() -> ResponseReturnValue:
    """Merge the person called `name` into the one called `into`: from then on both names are one person in this
    group."""
    name, into = request.form.get("name", "")[:40], request.form.get("into", "")[:40]
    if "\x00" in name + into:
        abort(422, description=gettext("A name to merge must not hold a NUL character: remove it and try again."))
    who, mine = people(), group().id
    if not name_key(name) or not play_queries.has_played(store(), mine, who, name):
        abort(404)
    problem = merge_problem(who, name, into)
    if not problem and not play_queries.has_played(store(), mine, who, into):
        problem = gettext("nobody called %(name)s has played here", name=into)
    if problem:
        return _player_page(name, language.say(problem), 422)
    play_totals.set_alias(store(), mine, who.key(name), into.strip())
    return redirect(url_for("history.player", name=into.strip()), 303)


@bp.post("/unmerge")
def unmerge() -> ResponseReturnValue:
    """Undo a merge: the merged name is its own person again."""
    key = name_key(request.form.get("name", ""))
    target = store().aliases(group().id).get(key) or abort(404)
    play_totals.set_alias(store(), group().id, key, None)
    return redirect(url_for("history.player", name=target), 303)


@bp.post("/plays/<play_id>/delete")
def delete_play(play_id: str) -> ResponseReturnValue:
    """Take a play out of the group's history (its table stays); it waits among the recently deleted."""
    plays.delete_play(store(), group().id, play_id[:24]) or abort(404)
    return redirect(url_for("history.index", deleted=play_id[:24]), 303)


@bp.post("/plays/<play_id>/restore")
def restore_play(play_id: str) -> ResponseReturnValue:
    """Put a deleted play back in the group's history."""
    plays.undelete_play(store(), group().id, play_id[:24]) or abort(404)
    return redirect(url_for("history.index", done="restored"), 303)


@legacy.get("", endpoint="home")
@legacy.get("/<path:rest>")
def old_address(rest: str = "") -> ResponseReturnValue:
    """An address from before groups: the same page of this phone's current group's history, or a page saying how
    to reach a group's history (it shows no plays)."""
    found = phone.current_group(phone.known())
    if found is None:
        return page("history/no_group.html")
    target = url_for("history.index", token=found.token) + (quote("/" + rest) if rest else "")
    query = request.query_string.decode("latin-1")
    return redirect(f"{target}?{query}" if query else target, 302)
