"""A table page's first load stays under 50 KB compressed, and the server compresses its text responses."""

from __future__ import annotations

import gzip
import http.client
import re
from pathlib import Path

import brotli
import pytest

from benchmarks.weight import BUDGET, ENCODINGS, first_load, new_table
from companion import ROOT
from companion.specs import table_rules

from .pages import enter_line, polled, start

HTMX = "/static/htmx-2.0.11.min.js"


def decode(body: bytes, encoding: str | None) -> bytes:
    return {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda b: b}[encoding](body)


def fresh_ids_blanked(body: bytes) -> bytes:
    """A page with its forms' new entry ids and CSRF tokens blanked: each render makes new ids, and a token carries
    the second it was signed in."""
    body = re.sub(rb'name="entry_id" value="[0-9a-f]+"', b'name="entry_id" value=""', body)
    return re.sub(rb'name="csrf_token" value="[^"]+"', b'name="csrf_token" value=""', body)


@pytest.mark.parametrize("slug", sorted(table_rules()))
def test_a_table_page_first_load_is_under_50_kb_compressed(client, slug):
    url = new_table(client, slug)
    for encoding in ENCODINGS:
        sizes = first_load(client, url, encoding)
        assert url in sizes and HTMX in sizes and "/static/app.css" in sizes and "/static/app.js" in sizes
        assert sum(size for size, _ in sizes.values()) < BUDGET, (encoding, sizes)
        for path, (size, used) in sizes.items():
            assert used is not None or size < 500, f"{path} ({size} bytes) was sent uncompressed"


def text_responses(client) -> dict[str, str]:
    table = start(client, "Ana", "Ben")
    enter_line(client, table, "Ana", 1)
    return {
        "table page": table,
        "live fragment": f"{table}/live?v=0",
        "home page": "/",
        "rules page": "/rules/next-station-paris",
        "stylesheet": "/static/app.css",
        "script": HTMX,
        "JSON": "/api/v1/openapi.json",
        "SVG": f"{table}/qr.svg",
    }


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_text_responses_are_compressed_and_decode_to_the_same_bytes(client, encoding):
    for what, url in text_responses(client).items():
        with client.get(url) as plain, client.get(url, headers={"Accept-Encoding": encoding}) as packed:
            assert plain.status_code == packed.status_code == 200, what
            assert "Content-Encoding" not in plain.headers, what
            assert packed.headers["Content-Encoding"] == encoding, what
            assert "Accept-Encoding" in packed.headers["Vary"], what
            body = packed.get_data()
            assert int(packed.headers["Content-Length"]) == len(body), what
            assert len(body) < len(plain.get_data()), what
            assert fresh_ids_blanked(decode(body, encoding)) == fresh_ids_blanked(plain.get_data()), what


def test_empty_and_tiny_answers_are_not_compressed(client):
    table = start(client, "Ana", "Ben")
    headers = {"Accept-Encoding": "gzip, br"}
    idle = client.get(f"{table}/live?v={polled(client, table)}", headers=headers)
    assert idle.status_code == 304 and idle.get_data() == b""
    assert "Content-Encoding" not in idle.headers
    health = client.get("/healthz", headers=headers)
    assert health.get_data() == b"ok" and "Content-Encoding" not in health.headers
    moved = client.post("/new/next-station-paris", data={"players": ["Cy"]}, headers=headers)
    assert moved.status_code == 303 and "Content-Encoding" not in moved.headers


def test_the_real_server_sends_static_files_compressed(live_server):
    port = int(live_server.url.rsplit(":", 1)[1])
    original = (Path(ROOT) / "static" / HTMX.rsplit("/", 1)[1]).read_bytes()
    for encoding in ("br", "gzip"):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            conn.request("GET", HTMX, headers={"Accept-Encoding": encoding})
            response = conn.getresponse()
            body = response.read()
            assert response.status == 200
            assert response.getheader("Content-Encoding") == encoding
            assert int(response.getheader("Content-Length")) == len(body) < len(original) // 2
            assert decode(body, encoding) == original
            etag = response.getheader("ETag")
            conn.request("GET", HTMX, headers={"Accept-Encoding": encoding, "If-None-Match": etag})
            again = conn.getresponse()
            assert again.status == 304 and again.read() == b""
        finally:
            conn.close()
