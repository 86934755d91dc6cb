"""Full-text search over every rules section that answers a player's question: an in-memory SQLite FTS5 index per
language (`unicode61 remove_diacritics 2`, each word cut to its stem by that language's snowball stemmer), built
once on first use for the games registered then (a game registered later is searched in an index that holds it).

Each language's index holds the guides written in it. FTS5 has no snowball tokenizer, so the stems are made here:
the index is built from the stemmed words, one stem for each word of the text, while its external content is the
text as written, so bm25 ranks stems and the snippets show (and mark) the words as the guide writes them. A
question in German is read with German words and stems; a game whose guide is not written in the reader's
language yet answers from its English guide, after those that are.

A question is read as concepts (`synonyms.concepts`): filler words dropped, players' words mapped to the guides'
own. Every term of every concept is looked up on its own, and a section scores the sum of its terms' bm25 (a rare
word counts more than a common one, a word in the title far more than one in the body, the typed word more than a
synonym), times the share of the question's concepts it answers. Summaries (quick reference, how this app reads
it) repeat every section in brief, so they count a little less than the section itself; the game of the table
the phone came from counts three times as much, so its sections come first unless another game answers clearly
better (a question about one game's rule asked at another game's table). The index never changes, so each
term's scores are computed once and kept.

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
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

import snowballstemmer
from markupsafe import Markup, escape

from companion.rules import ENGLISH, LANGUAGES, games, guide, plain_text, written_in
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
# A word as FTS5's unicode61 tokenizer reads it: a run of letters and digits (anything else separates words).
_TOKEN = re.compile(r"[^\W_]+")
STEMMERS = {"en": "english", "de": "german", "fr": "french", "nl": "dutch"}


@dataclass(frozen=True)
class Hit:
    """One search result: a section, its title, a highlighted snippet (safe HTML) and its page URL."""

    game: str
    section: str
    title: str
    snippet_html: Markup
    url: str
    language: str = ENGLISH  # the language of its title and snippet


def snippet_html(raw: str) -> Markup:
    """Escape a snippet that FTS5 marked with MARK_START/MARK_END, then wrap the hits in <mark>."""
    escaped = str(escape(raw))
    return Markup(escaped.replace(MARK_START, "<mark>").replace(MARK_END, "</mark>"))


@cache
def _stemmer(language: str) -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer(STEMMERS[language])


def stemmed(text: str, language: str = ENGLISH) -> str:
    """The text's words, each as its stem in the language, in order: one stem for every word FTS5 reads, so the
    index's positions are the text's own."""
    stem = _stemmer(language).stemWord
    text = text.casefold()
    if language == ENGLISH:  # its stemmer knows no accents: "brocadé" is "brocade" (the others know their own)
        text = "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))
    return " ".join(stem(word) or word for word in _TOKEN.findall(text))


def quote(term: str, prefix: bool = False) -> str:
    """One term as an FTS5 string: always quoted, so it is text and never syntax; "tort"* for a prefix."""
    return '"' + term.replace('"', '""') + '"' + ("*" if prefix else "")


def expressions(concept: Concept, language: str = ENGLISH) -> list[tuple[str, float]]:
    """Each term of a concept as a quoted FTS5 string of its stems, with its weight: the typed word first, a
    prefix if the player may still be typing it."""
    found: dict[str, float] = {}
    for n, term in enumerate(concept.terms):
        stems = stemmed(term, language)
        if stems:
            found.setdefault(quote(stems, concept.prefix and n == 0), 1.0 if n == 0 else SYNONYM_WEIGHT)
    return list(found.items())


def any_of(asked: list[Concept], language: str = ENGLISH) -> str:
    """An FTS5 MATCH string for a section holding any term of any concept (what the snippets highlight)."""
    return " OR ".join(expression for concept in asked for expression, _ in expressions(concept, language))


def search(q: str | None, limit: int = 20, game: str | None = None, language: str = ENGLISH) -> list[Hit]:
    """Sections answering the question, best first; those of `game` (the table's) first unless another game
    answers clearly better. Asked in a language, the guides written in it answer, then (in English) those not
    written in it yet; a language the app lacks reads English.

    Never raises for any query text or game; an unknown game is ignored.
    """
    limit = max(0, min(int(limit), MAX_LIMIT))
    language = language if language in LANGUAGES else ENGLISH
    table_game = game if game in games() else None
    if not limit:
        return []
    hits = _search(q, limit, table_game, language)
    if language != ENGLISH and len(hits) < limit:
        unwritten = set(games()) - set(written_in(language))
        if unwritten:
            english = [hit for hit in _search(q, MAX_LIMIT, table_game, ENGLISH) if hit.game in unwritten]
            hits += english[: limit - len(hits)]
    return hits


def _search(q: str | None, limit: int, table_game: str | None, language: str) -> list[Hit]:
    asked = concepts(q, language)
    if not asked:
        return []
    with _lock:
        ranked = _rank(asked, table_game, language)[:limit]
        return _hits(ranked, asked, language)


_lock = threading.Lock()
# By (language, the games indexed): the registry's games when the index was built.
_connections: dict[tuple[str, tuple[str, ...]], sqlite3.Connection] = {}
_sections: dict[tuple[str, tuple[str, ...]], dict[int, tuple[str, str, str]]] = {}  # rowid -> (game, anchor, title)


def _rank(asked: list[Concept], table_game: str | None, language: str = ENGLISH) -> list[int]:
    """Row ids of the sections holding any term, best first (see the module's docstring)."""
    answered: dict[int, list[float]] = {}
    sections = _sections_of(language)
    for at, concept in enumerate(asked):
        for expression, weight in expressions(concept, language):
            titled = _in_titles(expression, language, games())
            for rowid, score in _term_scores(expression, language, games()):
                scores = answered.setdefault(rowid, [0.0] * len(asked))
                scores[at] += weight * score * (TITLE_BOOST if rowid in titled else 1.0)

    def value(rowid: int) -> float:
        scores = answered[rowid]
        game, anchor, _ = sections[rowid]
        share = sum(1 for score in scores if score > 0) / len(scores)
        weight = (SUMMARY_WEIGHT if anchor in SUMMARIES else 1.0) * (TABLE_GAME_BOOST if game == table_game else 1.0)
        return sum(scores) * share * weight

    return sorted(answered, key=lambda rowid: (-value(rowid), rowid))


@lru_cache(maxsize=4096)
def _term_scores(expression: str, language: str, held: tuple[str, ...]) -> tuple[tuple[int, float], ...]:
    """(rowid, score) of every section matching one quoted term; higher is better. Call with _lock held."""
    weights = ", ".join(map(str, WEIGHTS))
    query = f"SELECT rowid, -bm25(sections, {weights}) FROM sections WHERE sections MATCH ?"
    return tuple((rowid, max(score, 1e-9)) for rowid, score in _select(query, expression, language))


@lru_cache(maxsize=4096)
def _in_titles(expression: str, language: str, held: tuple[str, ...]) -> frozenset[int]:
    """Row ids of the sections whose title holds one quoted term. Call with _lock held."""
    query = "SELECT rowid FROM sections WHERE sections MATCH ?"
    return frozenset(rowid for (rowid,) in _select(query, f"title : {expression}", language))


def _select(query: str, expression: str, language: str = ENGLISH) -> list[tuple]:
    try:
        return _index(language).execute(query, (expression,)).fetchall()
    except sqlite3.Error:
        # Every term is quoted, so this should not happen; one odd word must still never crash a search.
        return []


def _hits(rowids: list[int], asked: list[Concept], language: str = ENGLISH) -> list[Hit]:
    """The ranked sections as hits, each with a snippet around the words that matched."""
    if not rowids:
        return []
    marks = ", ".join("?" * len(rowids))
    query = (
        f"SELECT rowid, snippet(sections, 2, ?, ?, '…', {SNIPPET_TOKENS}) FROM sections "
        f"WHERE sections MATCH ? AND rowid IN ({marks})"
    )
    try:
        found = _index(language).execute(query, (MARK_START, MARK_END, any_of(asked, language), *rowids))
        snippets = dict(found.fetchall())
    except sqlite3.Error:
        snippets = {}
    hits = []
    sections = _sections_of(language)
    for rowid in rowids:
        game, anchor, title = sections[rowid]
        snippet = snippet_html(snippets.get(rowid, ""))
        hits.append(Hit(game, anchor, title, snippet, f"/rules/{game}#{anchor}", language))
    return hits


def _sections_of(language: str) -> dict[int, tuple[str, str, str]]:
    _index(language)
    return _sections[(language, games())]


def _index(language: str = ENGLISH) -> sqlite3.Connection:
    """The language's shared in-memory index (call with _lock held). Built from its guides on first use: the
    sections as written in a plain table, the FTS5 index over their stems with that table as its content."""
    held = (language, games())
    connection = _connections.get(held)
    if connection is None:
        connection = sqlite3.connect(":memory:", check_same_thread=False)
        connection.execute("CREATE TABLE written (rowid INTEGER PRIMARY KEY, game_name, title, body, game, anchor)")
        connection.execute(
            "CREATE VIRTUAL TABLE sections USING fts5("
            "game_name, title, body, game UNINDEXED, anchor UNINDEXED, content = 'written', content_rowid = 'rowid', "
            "tokenize = 'unicode61 remove_diacritics 2')"
        )
        sections: dict[int, tuple[str, str, str]] = {}
        for rowid, (game_name, title, body, game, anchor) in enumerate(_rows(language), start=1):
            connection.execute(
                "INSERT INTO written (rowid, game_name, title, body, game, anchor) VALUES (?, ?, ?, ?, ?, ?)",
                (rowid, game_name, title, body, game, anchor),
            )
            connection.execute(
                "INSERT INTO sections (rowid, game_name, title, body, game, anchor) VALUES (?, ?, ?, ?, ?, ?)",
                (rowid, *(stemmed(text, language) for text in (game_name, title, body)), game, anchor),
            )
            sections[rowid] = (game, anchor, title)
        connection.commit()
        atexit.register(connection.close)
        _sections[held] = sections
        _connections[held] = connection
    return connection


def _rows(language: str = ENGLISH) -> list[tuple[str, str, str, str, str]]:
    """The sections of every guide written in the language, as indexed."""
    rows = []
    for game in games() if language == ENGLISH else written_in(language):
        written = guide(game, language)
        # The slug's words too, so a slug typed finds its game even where the name tokenizes apart (an apostrophe).
        game_name = f"{written.title} {written.game.replace('-', ' ')}"
        for section in written.sections:
            body = _MARKERS.sub(" ", plain_text(section.markdown))
            rows.append((game_name, section.title, body, written.game, section.anchor))
    return rows
