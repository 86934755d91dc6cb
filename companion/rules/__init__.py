"""The rules reference: one Markdown guide per game, written in our own words, loaded into frozen dataclasses.

A guide file starts with `# <Game name>` and an intro paragraph, then sections. Each section opens with
`## Title {#anchor}` and ends with `Related: [Title](#anchor), ...`. Section refs are "game/anchor", the same
strings the scoring engines put in their breakdowns ("<slug>/<anchor>").

Each guide is written in English (guide.md) and, beside it, in other languages (guide.<lang>.md), each with exactly
the English guide's section anchors, so a rule link lands on its rule in any language. A language whose guide is
not written yet reads the English one (its `language` says which it is).

Pure Python: no Flask. Markdown is rendered with markdown-it-py with raw HTML disabled, so any markup written
in a guide is escaped, never passed through.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt

RULES_DIR = Path(__file__).parent
ENGLISH = "en"
LANGUAGES = (ENGLISH, "de", "fr", "nl")  # the app's (companion.words.LANGUAGES)


def games() -> tuple[str, ...]:
    """The slug of every game with a guide, in the registry's order."""
    from ..specs import SPECS

    return tuple(SPECS)


def _guide_file(game: str, language: str = ENGLISH) -> Path:
    from ..specs import SPECS

    return SPECS[game].guide_in(language)


def written_in(language: str) -> tuple[str, ...]:
    """The slug of every game whose guide is written in this language, in the registry's order."""
    if language not in LANGUAGES:
        return ()
    return tuple(game for game in games() if _guide_file(game, language).is_file())


_md = MarkdownIt("commonmark", {"html": False}).enable("table")

_TITLE = re.compile(r"^# (?P<title>\S.*?)\s*$")
_HEADING = re.compile(r"^## (?P<title>\S.*?)\s*\{#(?P<anchor>[a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$")
_RELATED = re.compile(r"^Related:\s*(?P<links>.*?)\s*$")
_LINK = re.compile(r"\[(?P<title>[^\]]+)\]\(#(?P<anchor>[^)\s]+)\)")


class RulesFormatError(ValueError):
    """A guide file that does not follow the expected layout (title, sections, Related lines)."""


@dataclass(frozen=True)
class Section:
    """One section of a game's guide. `markdown` and `html` hold the body only: no heading, no Related line."""

    game: str
    anchor: str
    title: str
    markdown: str
    html: str
    related: tuple[str, ...]

    @property
    def ref(self) -> str:
        """The "game/anchor" ref that engines emit for this section."""
        return f"{self.game}/{self.anchor}"

    @property
    def url(self) -> str:
        return f"/rules/{self.game}#{self.anchor}"


@dataclass(frozen=True)
class Guide:
    """A game's whole rules reference: its title, rendered intro and sections in page order."""

    game: str
    title: str
    intro_html: str
    sections: tuple[Section, ...]
    language: str = ENGLISH  # the language it is written in

    @property
    def anchors(self) -> tuple[str, ...]:
        return tuple(s.anchor for s in self.sections)

    def section(self, anchor: str) -> Section:
        """The section with this anchor; KeyError if the guide has none."""
        for s in self.sections:
            if s.anchor == anchor:
                return s
        raise KeyError(f"{self.game}/{anchor}")


def render(markdown: str) -> str:
    """Markdown to HTML (CommonMark plus tables). Raw HTML in the input comes out escaped."""
    return _md.render(markdown)


def plain_text(markdown: str) -> str:
    """The words of a Markdown text without its markup, for the search index."""
    blocks: list[str] = []
    for token in _md.parse(markdown):
        if token.type in ("code_block", "fence"):
            blocks.append(token.content)
        elif token.type == "inline":
            blocks.append(
                "".join(
                    child.content if child.type in ("text", "code_inline") else " "
                    for child in token.children or ()
                    if child.type in ("text", "code_inline", "softbreak", "hardbreak")
                )
            )
    return " ".join(" ".join(blocks).split())


def parse_guide(game: str, text: str, language: str = ENGLISH) -> Guide:
    """Parse one guide file's text. Raises RulesFormatError when its layout is broken."""
    lines = text.splitlines()
    title_match = _TITLE.match(lines[0]) if lines else None
    if title_match is None:
        raise RulesFormatError(f"{game}: the first line must be '# <Game name>'")
    chunks: list[tuple[str, str, list[str]]] = []  # (anchor, title, body lines)
    intro: list[str] = []
    for line in lines[1:]:
        heading = _HEADING.match(line)
        if heading:
            chunks.append((heading["anchor"], heading["title"], []))
        elif line.startswith("## "):
            raise RulesFormatError(f"{game}: section heading without a valid {{#anchor}}: {line!r}")
        elif chunks:
            chunks[-1][2].append(line)
        else:
            intro.append(line)
    anchors = [anchor for anchor, _, _ in chunks]
    duplicates = sorted({a for a in anchors if anchors.count(a) > 1})
    if duplicates:
        raise RulesFormatError(f"{game}: duplicate anchors {duplicates}")
    sections = tuple(_section(game, anchor, title, body, set(anchors)) for anchor, title, body in chunks)
    return Guide(game, title_match["title"], render("\n".join(intro).strip() + "\n"), sections, language)


def _section(game: str, anchor: str, title: str, body: list[str], known: set[str]) -> Section:
    while body and not body[-1].strip():
        body.pop()
    related: tuple[str, ...] = ()
    if body and (match := _RELATED.match(body[-1])):
        related = tuple(link["anchor"] for link in _LINK.finditer(match["links"]))
        body = body[:-1]
    unknown = [a for a in related if a not in known]
    if unknown:
        raise RulesFormatError(f"{game}/{anchor}: Related links to unknown sections {unknown}")
    markdown = "\n".join(body).strip() + "\n"
    return Section(game, anchor, title, markdown, render(markdown), related)


@cache
def guide(game: str, language: str = ENGLISH) -> Guide:
    """The guide for a game slug in a language, the English one where that language has none (or is not one
    of the app's); KeyError for an unknown slug."""
    if game not in games():
        raise KeyError(game)
    if language != ENGLISH and game not in written_in(language):
        return guide(game)
    return parse_guide(game, _guide_file(game, language).read_text(encoding="utf-8"), language)


def guides(language: str = ENGLISH) -> tuple[Guide, ...]:
    """Every game's guide in a language (the English where it has none), in the registry's order."""
    return tuple(guide(game, language) for game in games())


def section(ref: str, language: str = ENGLISH) -> Section:
    """Resolve a "game/anchor" ref to its section; KeyError if either part is unknown."""
    game, sep, anchor = ref.partition("/")
    if not sep:
        raise KeyError(ref)
    return guide(game, language).section(anchor)


def all_refs() -> tuple[str, ...]:
    """Every "game/anchor" ref of every guide, in page order."""
    return tuple(s.ref for g in guides() for s in g.sections)
