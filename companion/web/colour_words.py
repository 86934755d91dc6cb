"""The players' colours in words, in the reader's language: each colour's name (the palette names them in English,
companion.colours), and why a colour change was refused."""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext, lazy_pgettext

from ..colours import BY_KEY, PALETTE, Colour

# In the context "colour": a Next Station line is "blue" too, and French and German say the two differently.
NAMES = {
    "orange": lazy_pgettext("colour", "orange"),
    "sky": lazy_pgettext("colour", "sky blue"),
    "green": lazy_pgettext("colour", "green"),
    "yellow": lazy_pgettext("colour", "yellow"),
    "blue": lazy_pgettext("colour", "blue"),
    "vermillion": lazy_pgettext("colour", "vermillion"),
    "pink": lazy_pgettext("colour", "pink"),
    "grey": lazy_pgettext("colour", "grey"),
    "black": lazy_pgettext("colour", "black"),
    "white": lazy_pgettext("colour", "white"),
}


def colour_name(colour: Colour) -> str:
    """A colour's name as the reader reads it."""
    name = NAMES.get(colour.key)
    return str(name) if name is not None else colour.name


def refusal(current: Mapping[str, Colour], player: str, key: str) -> str:
    """Why `player` cannot take colour `key` (companion.colours.change refused it), in the reader's language."""
    if player not in current:
        if player:
            return gettext(
                "Nobody called %(name)s plays at this table: pick a colour beside a player's name.", name=player[:40]
            )
        return gettext("No player was named: pick a colour beside a player's name.")
    names = ", ".join(colour_name(colour) for colour in PALETTE)
    if key and key not in BY_KEY:
        return gettext(
            "“%(colour)s” is not one of the colours: pick one of %(colours)s.", colour=key[:20], colours=names
        )
    return gettext("No colour was picked: pick one of %(colours)s.", colours=names)
