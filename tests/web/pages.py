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


def polled(client, table: str) -> str:
    """What the table page's poll says it has seen (`live?v=`): the log's version, and the colours and seat changes
    once there were any."""
    html = client.get(table).get_data(as_text=True)
    return re.search(r'live\?v=([^"]+)"', html).group(1)


def version(client, table: str) -> int:
    html = client.get(table).get_data(as_text=True)
    return int(re.search(r'name="version" value="(\d+)"', html).group(1))


def post_entry(client, table: str, kind: str, form: str | None = None, headers: dict[str, str] | None = None, **fields):
    """An entry sent as the table page's form sends it: the form's name (the kind's unless given), the version the
    page shows and a new entry id, each unless `fields` give their own, then the fields; with `headers` (a phone's
    Accept-Language, htmx's HX-Request) when given."""
    data = {"kind": kind, "form": form or kind, **fields}
    if "version" not in data:
        data["version"] = version(client, table)
    data.setdefault("entry_id", secrets.token_hex(8))
    return client.post(f"{table}/entries", data=data, headers=headers)


def enter_line(client, table, player, round_no, color="blue", districts=5, stations=3, monuments=2, **extra):
    counts = {"districts": districts, "max_stations_in_district": stations, "monuments": monuments}
    line = {"player": player, "round": round_no, "color": color, **counts}
    return post_entry(client, table, "line", f"line-{player}", **(line | extra))
