"""Page weight: what a phone downloads to open a table, compressed as the server sends it, against a 50 KB budget.

    python benchmarks/weight.py

For every game, a new table with the most players the game allows: its HTML plus every stylesheet and script it
links, fetched the way a browser does (Accept-Encoding: gzip, br; and gzip alone). Then, for every game that draws
a chart, a finished table of the committed corpus (its longest), whose page carries the chart, and the chart's own
share against its 20 KB budget. Target: every ratio <= 1.00.

Then each page and each static file it loads, fetched as brotli and as gzip: static files are sent at the best
level of each, pages at a fast one, and brotli should be the smaller for every one (the last line says so, or names
those where it is not).
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import tempfile
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import create_app  # noqa: E402
from companion.specs import GAMES, table_rules  # noqa: E402
from companion.storage.migrate import upgrade  # noqa: E402
from companion.tables.charts import no_chart  # noqa: E402

BUDGET = 50_000
CHART_BUDGET = 20_000
CORPUS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "corpus"
CHART = re.compile(r'<svg[^>]*class="chart".*?</svg>', re.S)
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
    return {slug: new_table(client, slug) for slug in table_rules()}


def longest_finished(slug: str) -> dict:
    """The corpus table of `slug` that ends its game with the most entries: the longest chart."""
    found = [json.loads(path.read_text()) for path in CORPUS.glob(f"v*/{slug}-*.json")]
    return max((t for t in found if t["expected"].get("finished")), key=lambda t: len(t["entries"]))


def finished_table(app: Flask, client: FlaskClient, slug: str) -> str:
    """A table of `slug` holding the longest finished corpus log, its entries stored as they were written."""
    played = longest_finished(slug)
    store = app.extensions["store"]
    row = store.create_table(slug, played["setup"])
    for entry in played["entries"]:
        kind, payload, version = entry["kind"], entry["payload"], entry.get("version", 1)
        store.append(row.id, entry["seq"] - 1, entry["entry_id"], kind, payload, entry["author"], version)
    table = f"/t/{row.token}"
    assert client.post(f"{table}/me", data={"who": ""}).status_code == 303
    return table


def charted_pages(app: Flask, client: FlaskClient) -> dict[str, str]:
    return {
        slug: finished_table(app, client, slug) for slug, rules in table_rules().items() if rules.chart is not no_chart
    }


def chart_size(client: FlaskClient, url: str) -> int:
    """The page's largest chart compressed on its own (gzip at its best level): what a chart adds at most."""
    drawn = CHART.findall(client.get(url).get_data(as_text=True))
    assert drawn, f"{url}: no chart on the finished table's page"
    return max(len(gzip.compress(svg.encode(), 9)) for svg in drawn)


def report(name: str, client: FlaskClient, url: str) -> None:
    totals = {enc: sum(size for size, _ in first_load(client, url, enc).values()) for enc in ENCODINGS}
    worst = max(totals.values())
    detail = ", ".join(f"{enc}: {total / 1000:.1f} KB" for enc, total in totals.items())
    print(f"{name} ratio: {worst / BUDGET:.2f} of the 50 KB budget ({detail})")


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
            report(f"{slug} table page", client, url)
            statics.update(ASSET.findall(client.get(url).get_data(as_text=True)))
        for slug, url in charted_pages(app, client).items():
            report(f"{slug} finished table page with its chart", client, url)
            size = chart_size(client, url)
            print(f"{slug} chart ratio: {size / CHART_BUDGET:.2f} of the 20 KB budget ({size / 1000:.1f} KB gzip)")
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
