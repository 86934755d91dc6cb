"""Players' names drawn with their colour chip inside sentences written as plain text (the log's), so the sentence
itself stays the one the API, the exports and the printed sheets use."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from markupsafe import Markup, escape

from ..colours import Colour, initial


def chip(name: str, colour: Colour) -> Markup:
    """A name after a round badge in its colour with its initial, as the `chip` macro draws it, but with the initial
    drawn by the stylesheet so the sentence's text (copied, or read by a script) stays as written; the badge stays
    on the line of the name's first word."""
    first, space, rest = name.partition(" ")
    badge = Markup('<span class="initial pc-{}" data-initial="{}" aria-hidden="true"></span>').format(
        colour.key, initial(name)
    )
    return Markup('<span class="named">{}{}</span>{}').format(badge, first, space + rest)


def chipped(sentence: str, colours: Mapping[str, Colour]) -> Markup:
    """`sentence`, escaped, with each player's name in it (a whole word, the longest name first, so "Anna" is never
    read as "Ann") drawn as a chip."""
    pattern = _names(tuple(colours))
    if pattern is None:
        return escape(sentence)
    parts = []
    start = 0
    for found in pattern.finditer(sentence):
        parts.append(escape(sentence[start : found.start()]))
        parts.append(chip(found.group(), colours[found.group()]))
        start = found.end()
    parts.append(escape(sentence[start:]))
    return Markup("").join(parts)


@lru_cache(maxsize=256)
def _names(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern for a table's players, longest first, each matched only where it is not part of a longer word."""
    shown = sorted((name for name in names if name.strip()), key=len, reverse=True)
    if not shown:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(name) for name in shown) + r")(?!\w)")
