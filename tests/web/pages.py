"""Helpers for driving table pages through the test client."""

from __future__ import annotations

import re
import secrets


def start(client, *players: str, game: str = "next-station-paris", seat: str | None = "") -> str:
    """A new table, and who the starting phone says it is there: `seat` ("" for none of them, whose entries are
    by "Someone"; None leaves it unasked, so the table asks it first and takes no entry from it)."""
    response = client.post(f"/new/{game}", data={"players": list(players)})
    assert response.status_code == 303, response.data
    table = response.headers["Location"]
    if seat is not None:
        sit(client, table, seat)
    return table


def sit(client, table: str, who: str) -> None:
    """The phone answers "Who are you?" at the table: a player's name, or "" for none of them."""
    assert client.post(f"{table}/me", data={"who": who}).status_code == 303


def unchipped(html: str) -> str:
    """The page without its players' colour chips: the log's sentences read as written."""
    html = re.sub(r'<span class="initial pc-[a-z]+"[^>]*>[^<]*</span>', "", html)
    return re.sub(r'<span class="named">([^<]*)</span>', r"\1", html)


def version(client, table: str) -> int:
    html = client.get(table).get_data(as_text=True)
    return int(re.search(r'name="version" value="(\d+)"', html).group(1))


def enter_line(client, table, player, round_no, color="blue", districts=5, stations=3, monuments=2, **extra):
    data = {
        "kind": "line",
        "form": f"line-{player}",
        "version": extra.pop("version", None) if "version" in extra else version(client, table),
        "entry_id": extra.pop("entry_id", secrets.token_hex(8)),
        "player": player,
        "round": round_no,
        "color": color,
        "districts": districts,
        "max_stations_in_district": stations,
        "monuments": monuments,
        **extra,
    }
    return client.post(f"{table}/entries", data=data)
