"""Page weight: what a phone downloads to open a table, compressed as the server sends it, against a 50 KB budget.

    python benchmarks/weight.py

For every game, a new table with the most players the game allows: its HTML plus every stylesheet and script it
links, fetched the way a browser does (Accept-Encoding: gzip, br; and gzip alone). Target: every ratio <= 1.00.

Then each page and each static file it loads, fetched as brotli and as gzip: static files are sent at the best
level of each, pages at a fast one, and brotli should be the smaller for every one (the last line says so, or names
those where it is not).
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
from companion.specs import GAMES, kinds  # noqa: E402
from companion.storage.migrate import upgrade

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
    table = response.headers["Location"]
    assert client.post(f"{table}/me", data={"who": ""}).status_code == 303  # the table, not "Who are you?"
    return table


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


def br_and_gzip(client: FlaskClient, path: str) -> tuple[int, int]:
    """Bytes on the wire for `path` asked as brotli only, then as gzip only."""
    return wire_size(client, path, "br"), wire_size(client, path, "gzip")


def wire_size(client: FlaskClient, path: str, encoding: str) -> int:
    with client.get(path, headers={"Accept-Encoding": encoding}) as response:
        assert response.status_code == 200, f"{path}: {response.status_code}"
        assert response.headers.get("Content-Encoding") in (encoding, None), f"{path}: not {encoding}"
        return len(response.get_data())


def compare(name: str, sizes: tuple[int, int]) -> bool:
    """Print brotli against gzip for one resource; True when brotli is the smaller."""
    br, gz = sizes
    smaller = br < gz
    print(f"  {name}: br {br:,} B, gzip {gz:,} B ({'br smaller' if smaller else 'BR NOT SMALLER'})")
    return smaller


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = app_for(Path(tmp) / "companion.db")
        client = app.test_client()
        pages = table_pages(client)
        statics: set[str] = set()
        for slug, url in pages.items():
            totals = {enc: sum(size for size, _ in first_load(client, url, enc).values()) for enc in ENCODINGS}
            worst = max(totals.values())
            detail = ", ".join(f"{enc}: {total / 1000:.1f} KB" for enc, total in totals.items())
            print(f"{slug} table page ratio: {worst / BUDGET:.2f} of the 50 KB budget ({detail})")
            statics.update(ASSET.findall(client.get(url).get_data(as_text=True)))
        print("brotli against gzip, each page and static file:")
        losers = [
            f"{slug} page" for slug, url in pages.items() if not compare(f"{slug} page", br_and_gzip(client, url))
        ]
        losers += [path for path in sorted(statics) if not compare(path, br_and_gzip(client, path))]
        app.extensions["store"].dispose()
    counted = f"{len(pages)} pages, {len(statics)} static files"
    if losers:
        print(f"br not smaller than gzip for: {', '.join(losers)} ({counted})")
    else:
        print(f"br smaller than gzip for every page and static file ({counted})")


if __name__ == "__main__":
    main()
