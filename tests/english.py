"""English left on a page that should be in another language: every piece of text a player reads (text, and the
alt, title, placeholder, aria-label and value attributes) that holds an English word no German, French or Dutch
sentence has. Names (players', the games', the components' as printed) are passed as `names` and not read."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser

# English words no German, French or Dutch sentence holds ("points", "table", "was", "will", "is", "of" and "help"
# are theirs too).
ENGLISH = frozenset(
    [
        "the",
        "and",
        "with",
        "what",
        "who",
        "when",
        "which",
        "your",
        "you",
        "this",
        "that",
        "from",
        "each",
        "every",
        "player",
        "players",
        "round",
        "rounds",
        "card",
        "cards",
        "has",
        "have",
        "not",
        "are",
        "were",
        "would",
        "there",
        "their",
        "they",
        "them",
        "then",
        "than",
        "these",
        "those",
        "how",
        "why",
        "where",
        "here",
        "only",
        "enter",
        "entered",
        "left",
        "right",
        "wins",
        "winner",
        "tie",
        "ties",
        "game",
        "games",
        "again",
        "back",
        "next",
        "step",
        "steps",
        "nobody",
        "someone",
        "show",
        "shown",
        "hide",
        "share",
        "join",
        "result",
        "results",
        "rules",
        "rule",
        "search",
    ]
)
READ_ATTRIBUTES = ("alt", "title", "placeholder", "aria-label")
SKIPPED = {"script", "style", "template", "code"}
PATH = re.compile(r"[\w-]+(?:/[\w-]+)+")  # a rule's id ("oz/story-each") or an address: not a sentence
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")  # whole words, umlauts and accents included


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.read: list[str] = []
        self.skipping: list[str] = []
        self.english: list[bool] = []  # inside lang="en" (a language's own name, say): read as English on purpose

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in SKIPPED or "code" in (values.get("class") or "").split():  # a join code's letters are no words
            self.skipping.append(tag)
        if tag not in ("meta", "link", "input", "img", "br", "hr", "source"):
            self.english.append(values.get("lang") == "en" or (bool(self.english) and self.english[-1]))
        if self.skipping or (self.english and self.english[-1]):
            return
        for name in READ_ATTRIBUTES:
            if values.get(name):
                self.read.append(str(values[name]))
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.read.append(str(values["value"]))

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()
        if tag not in ("meta", "link", "input", "img", "br", "hr", "source") and self.english:
            self.english.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping and not (self.english and self.english[-1]) and data.strip():
            self.read.append(" ".join(data.split()))


def english_left(html: str, names: Iterable[str] = ()) -> list[str]:
    """The pieces of text on the page that are still in English, without the given names."""
    reader = _Reader()
    reader.feed(html)
    found = []
    for text in reader.read:
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, " ")
        text = PATH.sub(" ", text)
        if any(word.lower() in ENGLISH for word in WORD.findall(text)):
            found.append(text)
    return found
