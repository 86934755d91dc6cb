"""Pieces of a page by their tag and attributes, for checking what one game's templates print in a language."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser

import pypdf

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
LANGUAGES = ("de", "fr", "nl")


class _Cutter(HTMLParser):
    def __init__(self, html: str, tag: str, attrs: dict[str, str]) -> None:
        super().__init__(convert_charrefs=False)
        self.html, self.tag, self.wanted = html, tag, attrs
        self.lines = [0] + [m.end() for m in re.finditer("\n", html)]
        self.found: list[str] = []
        self.depth = 0
        self.start = 0

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def _matches(self, tag: str, attrs: list[tuple[str, str | None]]) -> bool:
        values = dict(attrs)
        for name, value in self.wanted.items():
            have = values.get(name)
            if have is None or (name == "class" and value not in have.split()) or (name != "class" and have != value):
                return False
        return tag == self.tag

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        if self.depth:
            self.depth += tag == self.tag
        elif self._matches(tag, attrs):
            self.depth, self.start = 1, self._offset()

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag == self.tag:
            self.depth -= 1
            if not self.depth:
                end = self.html.index(">", self._offset()) + 1
                self.found.append(self.html[self.start : end])


def parts(html: str, tag: str, **attrs: str) -> list[str]:
    """Every element `tag` with these attributes (`class_` for one of its classes), whole."""
    wanted = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}
    cutter = _Cutter(html, tag, wanted)
    cutter.feed(html)
    return cutter.found


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF-")
    pages = pypdf.PdfReader(io.BytesIO(data)).pages
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pages))


def header(language: str) -> dict[str, str]:
    return {"Accept-Language": language}
