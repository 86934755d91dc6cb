"""Static files are compressed once, at the best level, and each encoding answers conditional requests itself."""

from __future__ import annotations

import gzip
import json
import os
import re

import brotli
import pytest

from companion import ROOT
from companion.web import compression

HTMX = "/static/htmx-2.0.11.min.js"


def original(path: str) -> bytes:
    return (ROOT / path.lstrip("/")).read_bytes()


@pytest.fixture
def counted(monkeypatch):
    """How many times each encoder has compressed something."""
    calls = {name: 0 for name in compression.ENCODERS}

    def counting(name, encode):
        def encoder(data):
            calls[name] += 1
            return encode(data)

        return encoder

    for name, encode in list(compression.ENCODERS.items()):
        monkeypatch.setitem(compression.ENCODERS, name, counting(name, encode))
    return calls


@pytest.mark.parametrize("path", [HTMX, "/static/app.css", "/static/app.js"])
def test_a_brotli_client_gets_brotli_smaller_than_gzip_at_its_best(client, path):
    data = original(path)
    response = client.get(path, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in response.headers["Vary"]
    body = response.get_data()
    assert int(response.headers["Content-Length"]) == len(body)
    assert brotli.decompress(body) == data
    assert len(body) < len(gzip.compress(data, compresslevel=9))


def test_htmx_is_brotli_at_its_best_level(client):
    data = original(HTMX)
    body = client.get(HTMX, headers={"Accept-Encoding": "br"}).get_data()
    assert len(body) == len(brotli.compress(data, quality=11)) < len(brotli.compress(data, quality=4))


def test_a_gzip_only_client_gets_gzip_at_level_9(client):
    data = original(HTMX)
    response = client.get(HTMX, headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    body = response.get_data()
    assert gzip.decompress(body) == data
    assert len(body) == len(gzip.compress(data, compresslevel=9)) < len(gzip.compress(data, compresslevel=6))


@pytest.mark.parametrize("accept", [None, "identity", "br;q=0, gzip;q=0", "deflate"])
def test_a_client_without_br_or_gzip_gets_the_file_as_it_is(client, accept):
    headers = {"Accept-Encoding": accept} if accept else {}
    response = client.get("/static/app.css", headers=headers)
    assert response.status_code == 200
    assert "Content-Encoding" not in response.headers
    assert "Accept-Encoding" in response.headers["Vary"]
    assert response.get_data() == original("/static/app.css")
    assert response.mimetype == "text/css"


def test_a_client_preferring_gzip_by_quality_gets_gzip(client):
    response = client.get(HTMX, headers={"Accept-Encoding": "br;q=0.5, gzip"})
    assert response.headers["Content-Encoding"] == "gzip"


def test_each_encoding_has_its_own_etag_and_answers_304_for_it(client):
    tags = {}
    for accept in ("br", "gzip", "identity"):
        response = client.get(HTMX, headers={"Accept-Encoding": accept})
        tags[accept] = response.headers["ETag"]
        assert response.headers["Cache-Control"] == "public, max-age=3600"
        again = client.get(HTMX, headers={"Accept-Encoding": accept, "If-None-Match": tags[accept]})
        assert again.status_code == 304 and again.get_data() == b""
        assert again.headers["ETag"] == tags[accept]
    assert len(set(tags.values())) == 3
    # A phone holding the brotli copy that now asks for gzip only gets the gzip body, not a 304.
    switched = client.get(HTMX, headers={"Accept-Encoding": "gzip", "If-None-Match": tags["br"]})
    assert switched.status_code == 200 and switched.headers["Content-Encoding"] == "gzip"


def test_the_etag_is_the_same_in_every_server_process(app, tmp_path):
    from tests.conftest import make_app

    other = make_app(tmp_path / "other")
    for accept in ("br", "gzip"):
        first = app.test_client().get(HTMX, headers={"Accept-Encoding": accept})
        second = other.test_client().get(HTMX, headers={"Accept-Encoding": accept})
        assert first.headers["ETag"] == second.headers["ETag"]
        assert first.get_data() == second.get_data()
    other.extensions["store"].dispose()


def test_repeated_requests_do_not_compress_again(client, counted):
    for _ in range(3):
        for accept in ("br", "gzip", "gzip, br"):
            assert client.get(HTMX, headers={"Accept-Encoding": accept}).status_code == 200
        client.get("/static/app.css", headers={"Accept-Encoding": "br"})
    assert counted == {"br": 2, "gzip": 1}


def test_an_edited_file_is_compressed_again(app, tmp_path, counted):
    app.static_folder = str(tmp_path / "static")
    os.mkdir(app.static_folder)
    sheet = tmp_path / "static" / "sheet.css"
    sheet.write_text("main { color: black; }\n" * 200)
    client = app.test_client()
    first = client.get("/static/sheet.css", headers={"Accept-Encoding": "br"})
    sheet.write_text("main { color: navy; }\n" * 300)
    os.utime(sheet, ns=(sheet.stat().st_atime_ns, sheet.stat().st_mtime_ns + 10**9))
    second = client.get("/static/sheet.css", headers={"Accept-Encoding": "br"})
    assert brotli.decompress(second.get_data()) == sheet.read_bytes()
    assert first.headers["ETag"] != second.headers["ETag"]
    assert counted["br"] == 2


def test_tiny_and_binary_static_files_go_out_as_they_are(app, tmp_path):
    app.static_folder = str(tmp_path / "static")
    os.mkdir(app.static_folder)
    (tmp_path / "static" / "dot.css").write_text("a{}")
    (tmp_path / "static" / "icon.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(2000))
    client = app.test_client()
    for name, data in (("dot.css", b"a{}"), ("icon.png", b"\x89PNG\r\n\x1a\n" + bytes(2000))):
        with client.get(f"/static/{name}", headers={"Accept-Encoding": "gzip, br"}) as response:
            assert response.status_code == 200, name
            assert "Content-Encoding" not in response.headers, name
            assert response.get_data() == data, name


@pytest.mark.parametrize("path", ["/static/missing.css", "/static/..%2fpyproject.toml", "/static/%2e%2e/README.md"])
def test_nothing_outside_static_is_served(client, path):
    assert client.get(path, headers={"Accept-Encoding": "br"}).status_code == 404


def test_the_service_worker_saves_decodable_copies_of_every_static_file_it_precaches(client):
    source = client.get("/sw.js").get_data(as_text=True)
    urls = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", source).group(1))
    statics = [url for url in urls if url.startswith("/static/")]
    assert HTMX in statics
    for url in statics:
        response = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
        assert response.status_code == 200, url
        body = response.get_data()
        decoded = brotli.decompress(body) if response.headers.get("Content-Encoding") == "br" else body
        assert decoded == original(url), url


def test_pages_are_still_compressed_as_they_go_out_without_the_static_encoders(client, counted):
    response = client.get("/", headers={"Accept-Encoding": "br"})
    assert response.headers["Content-Encoding"] == "br"
    assert brotli.decompress(response.get_data()).startswith(b"<!")
    assert counted == {"br": 0, "gzip": 0}
