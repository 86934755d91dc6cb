"""A play as BG Stats takes it: its documented push link (createPlay with the play as URL-encoded JSON) and the
same JSON as a .bgsplay file."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from .history import People, Play

SOURCE_NAME = "Table Companion"
BGSTATS_CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"  # BG Stats' documented push link
BGSTATS_DATE = "%Y-%m-%d %H:%M:%S"  # the play's end, in UTC


def bgstats(play: Play, people: People) -> dict[str, Any]:
    """The play in BG Stats' import format. Nobody records who started, so no one is marked start player;
    every true/false field is given, as the app's importer expects them all. The comments say who was not scored
    and why, and who scored together."""
    notes = [f"Entered with {SOURCE_NAME}."]
    for reason, names in _not_scored(play).items():
        notes.append(f"{reason[:1].upper()}{reason[1:]}: {', '.join(names)}.")
    if play.units:
        notes.append("Scored together: " + "; ".join(f"{u.label} {u.points}" for u in play.units) + ".")
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.id,
        "game": {"name": play.game_name, "sourceGameId": play.game, "highestWins": True, "noPoints": False},
        "playDate": play.ended.strftime(BGSTATS_DATE),
        "durationMin": play.duration_min,
        "players": [
            {
                "name": s.name,
                "sourcePlayerId": people.key(s.name),
                "score": s.score,
                "rank": s.rank,
                "winner": s.winner,
                "startPlayer": False,
            }
            for s in play.seats
        ],
        "comments": " ".join(notes),
    }


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
