"""The players' colours in words, in the reader's language: each colour's name (the palette names them in English,
companion.colours), and why a colour change was refused."""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext, lazy_gettext

from ..colours import BY_KEY, PALETTE, Colour

NAMES = {
    "orange": lazy_gettext("orange"),
    "sky": lazy_gettext("sky blue"),
    "green": lazy_gettext("green"),
    "yellow": lazy_gettext("yellow"),
    "blue": lazy_gettext("blue"),
    "vermillion": lazy_gettext("vermillion"),
    "pink": lazy_gettext("pink"),
    "grey": lazy_gettext("grey"),
    "black": lazy_gettext("black"),
    "white": lazy_gettext("white"),
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
