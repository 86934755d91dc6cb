"""Full-text search over every rules section: an in-memory SQLite FTS5 index, built once on first use.

Any query is safe. It is never handed to FTS5 as syntax: its words are pulled out and each one is quoted, so
quotes, operators (AND OR NOT NEAR * ^ :), brackets and markup are just text. All words must match (with a prefix
match on the last, for search-as-you-type); when that finds nothing, any word may match.

Snippets come back from FTS5 with private-use characters around the hits; `snippet_html` escapes the text and
only then turns those characters into <mark> tags, so section text can never inject markup.
"""

from __future__ import annotations

import atexit
import re
import sqlite3
import threading
import unicodedata
from dataclasses import dataclass

from markupsafe import Markup, escape

from companion.rules import guides, plain_text

MARK_START = "\ue000"
MARK_END = "\ue001"
MAX_TERMS = 32
MAX_LIMIT = 100
SNIPPET_TOKENS = 16
# bm25() column weights: game name, section title, body. A hit in a title counts far more than in the body.
WEIGHTS = (2.0, 8.0, 1.0)

_WORD = re.compile(r"[^\W_]+")
_MARKERS = re.compile(f"[{MARK_START}{MARK_END}]")


@dataclass(frozen=True)
class Hit:
    """One search result: a section, its title, a highlighted snippet (safe HTML) and its page URL."""

    game: str
    section: str
    title: str
    snippet_html: Markup
    url: str


def snippet_html(raw: str) -> Markup:
    """Escape a snippet that FTS5 marked with MARK_START/MARK_END, then wrap the hits in <mark>."""
    escaped = str(escape(raw))
    return Markup(escaped.replace(MARK_START, "<mark>").replace(MARK_END, "</mark>"))


def terms(query: str | None) -> list[str]:
    """The distinct words of a query (unicode letters and digits), at most MAX_TERMS of them."""
    seen: dict[str, str] = {}
    for match in _WORD.finditer(query or ""):
        word = match[0]
        if not any(unicodedata.category(char)[0] in "LN" for char in word):
            continue  # only combining marks: the tokenizer would see no word at all
        seen.setdefault(word.casefold(), word)
        if len(seen) >= MAX_TERMS:
            break
    return list(seen.values())


def match_expression(words: list[str], operator: str = " ") -> str:
    """An FTS5 MATCH string where every word is a quoted string, the last one a prefix ("tort"*)."""
    quoted = [f'"{w}"' for w in words]
    if quoted:
        quoted[-1] += "*"
    return operator.join(quoted)


def search(q: str | None, limit: int = 20) -> list[Hit]:
    """Sections matching the query's words, best first. Never raises for any query text."""
    words = terms(q)
    limit = max(0, min(int(limit), MAX_LIMIT))
    if not words or not limit:
        return []
    hits = _run(match_expression(words), limit)
    if not hits and len(words) > 1:
        hits = _run(match_expression(words, " OR "), limit)
    return hits


_lock = threading.Lock()
_connection: sqlite3.Connection | None = None

_QUERY = f"""
    SELECT game, anchor, title,
           snippet(sections, 2, :start, :end, '…', {SNIPPET_TOKENS})
    FROM sections
    WHERE sections MATCH :match
    ORDER BY bm25(sections, {", ".join(map(str, WEIGHTS))}), rowid
    LIMIT :limit
"""


def _run(expression: str, limit: int) -> list[Hit]:
    params = {"start": MARK_START, "end": MARK_END, "match": expression, "limit": limit}
    with _lock:
        try:
            rows = _index().execute(_QUERY, params).fetchall()
        except sqlite3.Error:
            # The words are quoted, so this should not happen; a search box must still never crash a page.
            return []
    return [
        Hit(game, anchor, title, snippet_html(body), f"/rules/{game}#{anchor}") for game, anchor, title, body in rows
    ]


def _index() -> sqlite3.Connection:
    """The shared in-memory index (call with _lock held). Built from the guides on first use."""
    global _connection
    if _connection is None:
        connection = sqlite3.connect(":memory:", check_same_thread=False)
        connection.execute(
            "CREATE VIRTUAL TABLE sections USING fts5("
            "game_name, title, body, game UNINDEXED, anchor UNINDEXED, "
            "tokenize = 'unicode61 remove_diacritics 2')"
        )
        connection.executemany(
            "INSERT INTO sections (game_name, title, body, game, anchor) VALUES (?, ?, ?, ?, ?)",
            _rows(),
        )
        connection.commit()
        atexit.register(connection.close)
        _connection = connection
    return _connection


def _rows() -> list[tuple[str, str, str, str, str]]:
    rows = []
    for guide in guides():
        # The slug's words too, so "loaf" finds L'oaf (whose name tokenizes as "l" + "oaf").
        game_name = f"{guide.title} {guide.game.replace('-', ' ')}"
        for section in guide.sections:
            body = _MARKERS.sub(" ", plain_text(section.markdown))
            rows.append((game_name, section.title, body, guide.game, section.anchor))
    return rows
