"""Full-text search over every rules section that answers a player's question: an in-memory SQLite FTS5 index
with the porter stemmer, built once on first use.

A question is read as concepts (`synonyms.concepts`): filler words dropped, players' words mapped to the guides'
own. Every term of every concept is looked up on its own, and a section scores the sum of its terms' bm25 (a rare
word counts more than a common one, a word in the title far more than one in the body, the typed word more than a
synonym), times the share of the question's concepts it answers. Summaries (quick reference, how this app reads
it) repeat every section in brief, so they count a little less than the section itself; the game of the table
the phone came from counts three times as much, so its sections come first unless another game answers clearly
better (a question about torture asked at an Oz table). The index never changes, so each term's scores are
computed once and kept.

Any query is safe. It is never handed to FTS5 as syntax: its words are pulled out and each term is quoted, so
quotes, operators (AND OR NOT NEAR * ^ :), brackets and markup are just text.

Snippets come back from FTS5 with private-use characters around the hits; `snippet_html` escapes the text and
only then turns those characters into <mark> tags, so section text can never inject markup.
"""

from __future__ import annotations

import atexit
import re
import sqlite3
import threading
from dataclasses import dataclass
from functools import lru_cache

from markupsafe import Markup, escape

from companion.rules import games, guides, plain_text
from companion.rules.synonyms import Concept, concepts

MARK_START = "\ue000"
MARK_END = "\ue001"
MAX_LIMIT = 100
SNIPPET_TOKENS = 16
# bm25() column weights: game name, section title, body. A hit in a title counts far more than in the body.
WEIGHTS = (2.0, 8.0, 1.0)
# And a term in the title doubles again: a section named for what was asked is the one that answers it.
TITLE_BOOST = 2.0
# A guide's word for what the player typed counts a little less than the typed word itself.
SYNONYM_WEIGHT = 0.7
SUMMARIES = frozenset({"quick-reference", "how-this-app-reads-it"})
SUMMARY_WEIGHT = 0.7
TABLE_GAME_BOOST = 3.0

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


def quote(term: str, prefix: bool = False) -> str:
    """One term as an FTS5 string: always quoted, so it is text and never syntax; "tort"* for a prefix."""
    return '"' + term.replace('"', '""') + '"' + ("*" if prefix else "")


def expressions(concept: Concept) -> list[tuple[str, float]]:
    """Each term of a concept as a quoted FTS5 string, with its weight: the typed word first, a prefix if the
    player may still be typing it."""
    return [
        (quote(term, concept.prefix and n == 0), 1.0 if n == 0 else SYNONYM_WEIGHT)
        for n, term in enumerate(concept.terms)
    ]


def any_of(asked: list[Concept]) -> str:
    """An FTS5 MATCH string for a section holding any term of any concept (what the snippets highlight)."""
    return " OR ".join(expression for concept in asked for expression, _ in expressions(concept))


def search(q: str | None, limit: int = 20, game: str | None = None) -> list[Hit]:
    """Sections answering the question, best first; those of `game` (the table's) first unless another game
    answers clearly better.

    Never raises for any query text or game; an unknown game is ignored.
    """
    asked = concepts(q)
    limit = max(0, min(int(limit), MAX_LIMIT))
    if not asked or not limit:
        return []
    with _lock:
        ranked = _rank(asked, game if game in games() else None)[:limit]
        return _hits(ranked, asked)


_lock = threading.Lock()
_connection: sqlite3.Connection | None = None
_sections: dict[int, tuple[str, str, str]] = {}  # rowid -> (game, anchor, title)


def _rank(asked: list[Concept], table_game: str | None) -> list[int]:
    """Row ids of the sections holding any term, best first (see the module's docstring)."""
    answered: dict[int, list[float]] = {}
    for at, concept in enumerate(asked):
        for expression, weight in expressions(concept):
            titled = _in_titles(expression)
            for rowid, score in _term_scores(expression):
                scores = answered.setdefault(rowid, [0.0] * len(asked))
                scores[at] += weight * score * (TITLE_BOOST if rowid in titled else 1.0)

    def value(rowid: int) -> float:
        scores = answered[rowid]
        game, anchor, _ = _sections[rowid]
        share = sum(1 for score in scores if score > 0) / len(scores)
        weight = (SUMMARY_WEIGHT if anchor in SUMMARIES else 1.0) * (TABLE_GAME_BOOST if game == table_game else 1.0)
        return sum(scores) * share * weight

    return sorted(answered, key=lambda rowid: (-value(rowid), rowid))


@lru_cache(maxsize=4096)
def _term_scores(expression: str) -> tuple[tuple[int, float], ...]:
    """(rowid, score) of every section matching one quoted term; higher is better. Call with _lock held."""
    weights = ", ".join(map(str, WEIGHTS))
    query = f"SELECT rowid, -bm25(sections, {weights}) FROM sections WHERE sections MATCH ?"
    return tuple((rowid, max(score, 1e-9)) for rowid, score in _select(query, expression))


@lru_cache(maxsize=4096)
def _in_titles(expression: str) -> frozenset[int]:
    """Row ids of the sections whose title holds one quoted term. Call with _lock held."""
    return frozenset(
        rowid for (rowid,) in _select("SELECT rowid FROM sections WHERE sections MATCH ?", f"title : {expression}")
    )


def _select(query: str, expression: str) -> list[tuple]:
    try:
        return _index().execute(query, (expression,)).fetchall()
    except sqlite3.Error:
        # Every term is quoted, so this should not happen; one odd word must still never crash a search.
        return []


def _hits(rowids: list[int], asked: list[Concept]) -> list[Hit]:
    """The ranked sections as hits, each with a snippet around the words that matched."""
    if not rowids:
        return []
    marks = ", ".join("?" * len(rowids))
    query = (
        f"SELECT rowid, snippet(sections, 2, ?, ?, '…', {SNIPPET_TOKENS}) FROM sections "
        f"WHERE sections MATCH ? AND rowid IN ({marks})"
    )
    try:
        snippets = dict(_index().execute(query, (MARK_START, MARK_END, any_of(asked), *rowids)).fetchall())
    except sqlite3.Error:
        snippets = {}
    hits = []
    for rowid in rowids:
        game, anchor, title = _sections[rowid]
        hits.append(Hit(game, anchor, title, snippet_html(snippets.get(rowid, "")), f"/rules/{game}#{anchor}"))
    return hits


def _index() -> sqlite3.Connection:
    """The shared in-memory index (call with _lock held). Built from the guides on first use."""
    global _connection
    if _connection is None:
        connection = sqlite3.connect(":memory:", check_same_thread=False)
        connection.execute(
            "CREATE VIRTUAL TABLE sections USING fts5("
            "game_name, title, body, game UNINDEXED, anchor UNINDEXED, "
            "tokenize = 'porter unicode61 remove_diacritics 2')"
        )
        for rowid, (game_name, title, body, game, anchor) in enumerate(_rows(), start=1):
            connection.execute(
                "INSERT INTO sections (rowid, game_name, title, body, game, anchor) VALUES (?, ?, ?, ?, ?, ?)",
                (rowid, game_name, title, body, game, anchor),
            )
            _sections[rowid] = (game, anchor, title)
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
