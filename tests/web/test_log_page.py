"""The live panel lists the latest entries only; the log's own page lists them all, and corrects any of them."""

from __future__ import annotations

import re

from companion.web.table_view import LOG_SHOWN

from .pages import enter_line, start

COLOURS = ["blue", "green", "orange", "purple"]


def entries_listed(html: str) -> list[str]:
    log = html[html.index('<ol class="log"') : html.index("</ol>", html.index('<ol class="log"'))]
    return re.findall(r"/entries/(\d+)/edit", log) or re.findall(r"<li>", log)


def played(client) -> str:
    """A table of two with four rounds in: eight entries, more than the panel lists."""
    table = start(client, "Ana", "Ben")
    for round_no, colour in enumerate(COLOURS, start=1):
        for player in ("Ana", "Ben"):
            assert enter_line(client, table, player, round_no, color=colour).status_code == 303
    return table


def test_the_panel_lists_the_newest_entries_and_links_to_all_of_them(client):
    table = played(client)
    html = client.get(table).get_data(as_text=True)
    assert entries_listed(html) == [str(seq) for seq in range(8, 8 - LOG_SHOWN, -1)]
    assert f'href="{table}/log">All 8 entries</a>' in html
    assert "What was entered (8)" in html


def test_the_log_page_lists_every_entry_each_correctable(client):
    table = played(client)
    html = client.get(f"{table}/log").get_data(as_text=True)
    assert entries_listed(html) == [str(seq) for seq in range(8, 0, -1)]
    assert "All 8 entries" not in html
    assert f'href="{table}">Back to the table</a>' in html
    undo = re.search(r'<form method="post" action="([^"]+/undo)"([^>]*)>', html)
    assert undo.group(1) == f"{table}/undo" and "hx-post" not in undo.group(2)  # no live panel here to swap
    assert client.get(f"{table}/entries/1/edit").status_code == 200


def test_a_short_log_has_no_link_to_the_log_page(client):
    table = start(client, "Ana", "Ben")
    enter_line(client, table, "Ana", 1)
    assert "/log" not in client.get(table).get_data(as_text=True)


def test_the_watch_log_lists_every_entry_and_offers_no_change(client, app):
    table = played(client)
    store = app.extensions["store"]
    row = store.by_token(table.rsplit("/", 1)[1])
    html = client.get(f"/v/{row.viewer_token}/log").get_data(as_text=True)
    assert len(re.findall(r"<li>", html[html.index('<ol class="log"') :])) == 8
    assert "/edit" not in html and "/undo" not in html
    assert row.token not in html and row.code not in html
    assert client.get(f"/v/{row.viewer_token}").get_data(as_text=True).count(f"/v/{row.viewer_token}/log") == 1


def test_an_unknown_table_has_no_log(client):
    assert client.get("/t/" + "x" * 24 + "/log").status_code == 404
    assert client.get("/v/" + "x" * 24 + "/log").status_code == 404
