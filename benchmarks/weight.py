"""Page weight: what a phone downloads to open a table, compressed as the server sends it, against a 50 KB budget.

    python benchmarks/weight.py

For every game, a new table with the most players the game allows: its HTML plus every stylesheet and script it
links, fetched the way a browser does (Accept-Encoding: gzip, br; and gzip alone). Target: every ratio <= 1.00.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import create_app  # noqa: E402
from companion.migrate import upgrade  # noqa: E402
from companion.specs import GAMES  # noqa: E402
from companion.tables import kinds  # noqa: E402

BUDGET = 50_000
ENCODINGS = ("gzip, br", "gzip")
ASSET = re.compile(r'<(?:link rel="stylesheet" href|script src)="(/[^"]+)"')


def app_for(database: Path) -> Flask:
    """An app on a new SQLite database at `database`, migrated to head."""
    upgrade(f"sqlite:///{database}")
    return create_app(
        {"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "weight", "DATABASE_URL": f"sqlite:///{database}"}
    )


def new_table(client: FlaskClient, slug: str) -> str:
    """A new table of `slug` with as many players as the game takes: the heaviest first page."""
    players = [f"Player {n}" for n in range(1, GAMES[slug].max_players + 1)]
    response = client.post(f"/new/{slug}", data={"players": players})
    assert response.status_code == 303, f"{slug}: the table was not created ({response.status_code})"
    return response.headers["Location"]


def first_load(client: FlaskClient, url: str, encoding: str) -> dict[str, tuple[int, str | None]]:
    """Each resource of the page's first load: (bytes on the wire, Content-Encoding)."""
    sizes: dict[str, tuple[int, str | None]] = {}
    for path in [url, *ASSET.findall(client.get(url).get_data(as_text=True))]:
        with client.get(path, headers={"Accept-Encoding": encoding}) as response:
            assert response.status_code == 200, f"{path}: {response.status_code}"
            sizes[path] = (len(response.get_data()), response.headers.get("Content-Encoding"))
    return sizes


def table_pages(client: FlaskClient) -> dict[str, str]:
    return {slug: new_table(client, slug) for slug in kinds()}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = app_for(Path(tmp) / "companion.db")
        client = app.test_client()
        for slug, url in table_pages(client).items():
            totals = {enc: sum(size for size, _ in first_load(client, url, enc).values()) for enc in ENCODINGS}
            worst = max(totals.values())
            detail = ", ".join(f"{enc}: {total / 1000:.1f} KB" for enc, total in totals.items())
            print(f"{slug} table page ratio: {worst / BUDGET:.2f} of the 50 KB budget ({detail})")
        app.extensions["store"].dispose()


if __name__ == "__main__":
    main()
