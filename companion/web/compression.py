"""How answers are compressed: pages on every answer at a fast level, static files once at the best level.

A page changes with every entry, so Flask-Compress compresses it as it goes out, at a level that costs about a
millisecond. A static file only changes when it is edited, so each of its encodings is made once, on its first
request, at the level that makes it smallest (brotli 11, gzip 9), and kept in memory for as long as the file keeps
its size and modification time. Each encoding has its own ETag, so a phone's `If-None-Match` gets a 304 for the
encoding it holds.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import brotli
from flask import Flask, Response, current_app, request
from flask_compress import Compress
from werkzeug.exceptions import NotFound
from werkzeug.security import safe_join

# Text worth compressing; 304s, and pages under COMPRESS_MIN_SIZE, go out as they are.
COMPRESSED_TYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
]

# Best first: brotli wins when a client takes both at the same preference. gzip's mtime is fixed so every server
# process makes the same bytes, and so the same ETag, for the same file.
ENCODERS: dict[str, Callable[[bytes], bytes]] = {
    "br": lambda data: brotli.compress(data, quality=11),
    "gzip": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
}
IDENTITY = "identity"

PAGE_SETTINGS = {
    "COMPRESS_MIMETYPES": COMPRESSED_TYPES,
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_ALGORITHM_STREAMING": ["br", "gzip"],
    "COMPRESS_BR_LEVEL": 5,  # about a millisecond for the heaviest page, and smaller than gzip at its default
    "COMPRESS_LEVEL": 6,
}


@dataclass(frozen=True)
class Variant:
    """One encoding of one version of a static file, as it goes on the wire."""

    body: bytes
    encoding: str
    etag: str


class Precompressed:
    """Every encoding of every static file asked for, each made once per version of the file."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, str], tuple[tuple[int, int], Variant]] = {}
        self._lock = threading.Lock()

    def variant(self, path: Path, encoding: str) -> Variant:
        """`path` in `encoding`, or as it is when that encoding would not make it smaller."""
        stat = path.stat()
        version = (stat.st_mtime_ns, stat.st_size)
        key = (str(path), encoding)
        with self._lock:
            kept = self._kept.get(key)
            if kept is None or kept[0] != version:
                kept = (version, self._make(path, encoding))
                self._kept[key] = kept
        return kept[1]

    def _make(self, path: Path, encoding: str) -> Variant:
        data = path.read_bytes()
        tag = hashlib.sha256(data).hexdigest()[:20]
        if encoding != IDENTITY:
            packed = ENCODERS[encoding](data)
            if len(packed) < len(data):
                return Variant(packed, encoding, f"{tag}-{encoding}")
        return Variant(data, IDENTITY, tag)


def serve_static(filename: str) -> Response:
    """A file under static/: text in the best encoding the client takes, anything else as Flask sends it."""
    folder = current_app.static_folder or ""
    found = safe_join(folder, filename)
    if found is None or not Path(found).is_file():
        raise NotFound()
    mimetype = mimetypes.guess_type(found)[0]
    if mimetype not in COMPRESSED_TYPES:
        return current_app.send_static_file(filename)
    encoding = request.accept_encodings.best_match(ENCODERS, default=IDENTITY)
    variant: Variant = current_app.extensions["precompressed"].variant(Path(found), encoding)
    response = Response(variant.body, mimetype=mimetype)
    if variant.encoding != IDENTITY:
        response.headers["Content-Encoding"] = variant.encoding
    response.vary.add("Accept-Encoding")
    response.set_etag(variant.etag)
    response.last_modified = Path(found).stat().st_mtime
    response.cache_control.public = True
    response.cache_control.max_age = current_app.get_send_file_max_age(filename)
    return response.make_conditional(request)


def register(app: Flask) -> None:
    """Static files from their precompressed encodings; every other answer through Flask-Compress."""
    for key, value in PAGE_SETTINGS.items():
        app.config.setdefault(key, value)
    app.config["COMPRESS_REGISTER"] = False  # its hook is ours, below, so it can leave static files alone
    compress = Compress()  # one per app: it keeps the app's settings
    compress.init_app(app)
    app.extensions["precompressed"] = Precompressed()
    app.view_functions["static"] = serve_static

    @app.after_request
    def _compress_pages(response: Response) -> Response:
        if request.endpoint == "static":
            return response
        return compress.after_request(response)
