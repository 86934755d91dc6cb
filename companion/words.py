"""What the app says, in each language: the message catalogues (the app's own and each game's, merged) as gettext
translations, and the engines' sentences (Text) rendered in one of them. Used where no request is at hand (the
printouts) as much as by the web layer.

Two catalogues may say one English sentence in two ways ("blue" is "bleu" for a colour, "bleue" for a Next Station
line; "none" is "keiner" or "keine" by the noun it stands for): a game's page reads its own catalogue over every
other, and a page of no game reads the app's own over the games'."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from babel.support import Translations

from companion.games import Text

LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "nl": "Nederlands"}
DEFAULT = "en"


def directories() -> list[Path]:
    """Where the catalogues are (companion.catalogues): the app's own, its parts', then each game's."""
    from companion.catalogues import folders

    return [folder.translations for folder in folders()]


def games() -> dict[str, Path]:
    """Each game's catalogue folder, by slug."""
    from companion import specs

    return {slug: spec.translations for slug, spec in specs.SPECS.items()}


def read_order(game: str | None = None) -> list[Path]:
    """The catalogues in the order they are merged, the one that wins last: every game's but `game`, the app's parts',
    the app's own, then `game`'s."""
    others = games()
    own = others.pop(game, None) if game else None
    shared = [folder for folder in directories() if folder not in others.values() and folder != own]
    return [*others.values(), *reversed(shared), *([own] if own else [])]


@cache
def translations(language: str, game: str | None = None) -> Translations:
    """Every catalogue in `language`, merged; a sentence two of them say differently as `game`'s page says it."""
    merged = Translations()
    for folder in read_order(game):
        catalogue = Translations.load(str(folder), [language])
        merged.merge(catalogue)
        if hasattr(catalogue, "plural"):
            merged.plural = catalogue.plural  # merge() keeps the first catalogue's plural rule only
    return merged


def say(value: Any, language: str, game: str | None = None) -> Any:
    """A Text in `language` (its parameters too, when they are Texts), as `game`'s pages say it; anything else as
    it is."""
    if not isinstance(value, Text) or language == DEFAULT:
        return value
    words = translations(language, game)
    params = {name: say(part, language, game) for name, part in value.params.items()}
    if value.plural is not None and value.number is not None:
        wording = words.ngettext(value.msgid, value.plural, value.number)
    else:
        wording = words.gettext(value.msgid)
    return wording % params if params else wording
