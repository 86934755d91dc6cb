"""A play as BG Stats takes it: its documented push link (createPlay with the play as URL-encoded JSON) and the
same JSON as a .bgsplay file."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from companion.history.records import People, Play, Seat
from companion.specs import SPECS

SOURCE_NAME = "Table Companion"
BGSTATS_CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"  # BG Stats' documented push link
BGSTATS_DATE = "%Y-%m-%d %H:%M:%S"  # the play's end, in UTC


def bgstats(play: Play, people: People) -> dict[str, Any]:
    """The play in BG Stats' import format. Nobody records who started, so no one is marked start player;
    every true/false field is given, as the app's importer expects them all. Players who scored as one are entered
    as BG Stats enters a team: each with the unit's total and rank, under the unit's name. The comments say who was
    not scored and why, and who scored together with their own points."""
    notes = [f"Entered with {SOURCE_NAME}."]
    for reason, names in _not_scored(play).items():
        notes.append(f"{reason[:1].upper()}{reason[1:]}: {', '.join(names)}.")
    if play.units:
        notes.append("Scored together: " + "; ".join(f"{u.label} {u.points}" for u in play.units) + ".")
        own = [f"{s.name} {s.score}" for s in play.standings() if s.together]
        notes.append(f"Own points: {', '.join(own)}.")
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.id,
        "game": _game(play),
        "playDate": play.ended.strftime(BGSTATS_DATE),
        "durationMin": play.duration_min,
        "players": [_player(play, s, people) for s in play.seats],
        "comments": " ".join(notes),
    }


def _game(play: Play) -> dict[str, Any]:
    """The game as BG Stats matches it: by its BoardGameGeek id where the game has a confirmed one, else by name."""
    game = {"name": play.game_name, "sourceGameId": play.game, "highestWins": True, "noPoints": False}
    spec = SPECS.get(play.game)
    if spec is not None and spec.bgg_id is not None:
        game["bggId"] = spec.bgg_id
    return game


def _player(play: Play, seat: Seat, people: People) -> dict[str, Any]:
    """One player; one who scored as one with others carries the unit's total and the unit's name as the team."""
    unit = play.unit_of(seat.name)
    player = {
        "name": seat.name,
        "sourcePlayerId": people.key(seat.name),
        "score": unit.points if unit else seat.score,
        "rank": seat.rank,
        "winner": seat.winner,
        "startPlayer": False,
    }
    if unit and seat.together:
        player["team"] = unit.label
    return player


def _not_scored(play: Play) -> dict[str, list[str]]:
    """Who was not scored, by the reason the game gives."""
    out: dict[str, list[str]] = {}
    for seat in play.seats:
        if seat.out:
            out.setdefault(seat.out, []).append(seat.name)
    return out


def bgstats_link(play: Play, people: People) -> str:
    """BG Stats' push link: the play as URL-encoded JSON, opened by the app when it is installed."""
    data = json.dumps(bgstats(play, people), ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_CREATE_PLAY}?data={quote(data, safe='')}"
