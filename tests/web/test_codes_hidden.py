"""Join codes and editor links never show where they must not: not on a watch page or its live fragment, not on
either result sheet, not in any export, not in the history, not in the table API's answer to a watch token. An older
LFG setup that still holds the code it copied heroes by keeps it to itself too."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pypdf
import pytest
from sqlalchemy import select

from companion.storage.store import TableRow, groups, tables
from companion.web.codes import shown_code

from .pages import sit

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "corpus" / "v1"


def imported(app, client) -> tuple[str, list]:
    """A group with two finished plays imported into it (tables with codes like any other): its token, the rows."""
    client.post("/new/loaf", data={"players": ["Ann", "Ben"]})
    store = app.extensions["store"]
    with store.engine.connect() as conn:
        token = conn.execute(select(groups.c.token)).scalar_one()
    found = []
    for name in ("lfg-renown", "loaf-happy-basic", "next-station-paris-two-full"):
        table = json.loads((CORPUS / f"{name}.json").read_text())
        found.append({k: table[k] for k in ("game", "setup", "entries")} | {"created_at": table["entries"][0]["at"]})
    body = json.dumps({"format": "table-companion-plays", "version": 1, "plays": found}).encode()
    response = client.post(f"/g/{token}/history/import", data={"backup": (io.BytesIO(body), "b.json")})
    assert response.status_code == 303, response.get_data(as_text=True)
    with store.engine.connect() as conn:
        rows = [TableRow(**row) for row in conn.execute(select(tables).where(tables.c.version > 0)).mappings()]
    assert rows
    return token, rows


def secrets_of(rows) -> list[str]:
    """Each table's code, as stored and as the share panel shows it, and its editor token."""
    return [secret for row in rows for secret in (row.code, shown_code(row.code), row.token)]


def pdf_text(data: bytes) -> str:
    return " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


def assert_hidden(body: str, rows, where: str) -> None:
    for secret in secrets_of(rows):
        assert secret not in body, (where, secret)


def test_watch_pages_and_fragments_show_no_code(app, client):
    _, rows = imported(app, client)
    for row in rows:
        for url in (f"/v/{row.viewer_token}", f"/v/{row.viewer_token}/live", f"/api/v1/tables/{row.viewer_token}"):
            response = client.get(url)
            assert response.status_code == 200, url
            assert_hidden(response.get_data(as_text=True), rows, url)


@pytest.mark.parametrize("link", ["editor", "watch"])
def test_result_sheets_print_no_code(app, client, link):
    _, rows = imported(app, client)
    for row in rows:
        url = f"/t/{row.token}/results.pdf" if link == "editor" else f"/v/{row.viewer_token}/results.pdf"
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "application/pdf"
        text = pdf_text(response.data)
        assert "Final scores" in text
        assert_hidden(text, rows, url)
        assert row.code not in re.sub(r"\s+", "", text)


def test_exports_and_history_show_no_code(app, client):
    token, rows = imported(app, client)
    pages = [
        f"/g/{token}/history",
        f"/g/{token}/history/plays.csv",
        f"/g/{token}/history/export.json",
        f"/api/v1/groups/{token}/export",
        f"/api/v1/groups/{token}/plays",
        f"/g/{token}/history/games/lfg",
        f"/g/{token}/history/players/Ann",
        "/history",
    ]
    pages += [f"/v/{row.viewer_token}/play.bgsplay" for row in rows]
    html = client.get(f"/g/{token}/history").get_data(as_text=True)
    pages += sorted(set(re.findall(r'href="(/g/[^"]+\.bgsplay)"', html)))
    assert len(pages) == 8 + 2 * len(rows)
    for url in pages:
        response = client.get(url, follow_redirects=True)
        assert response.status_code == 200, url
        assert_hidden(response.get_data(as_text=True), rows, url)


def test_an_older_setup_keeps_the_code_it_copied_by_to_itself(app, client):
    store = app.extensions["store"]
    source = client.post("/new/lfg", data={"players": ["Ann", "Ben"]}).headers["Location"]
    code = store.by_token(source.rsplit("/", 1)[1]).code
    hero = {"name": "Bard", "defence": True, "support": True, "damage": False, "renown": 2, "hurt_renown": 1}
    older = store.create_table("lfg", {"players": ["Cy", "Dee"], "options": {"copy_from": code, "heroes": [hero]}})
    sit(client, f"/t/{older.token}", "")
    for url in (f"/v/{older.viewer_token}", f"/t/{older.token}", f"/api/v1/tables/{older.viewer_token}"):
        body = client.get(url).get_data(as_text=True)
        assert "Bard" in body, url
        assert code not in body, url
