"""What the app says, in each language: the message catalogues (the app's own and each game's, merged) as gettext
translations, and the engines' sentences (Text) rendered in one of them. Used where no request is at hand (the
printouts) as much as by the web layer."""

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


@cache
def translations(language: str) -> Translations:
    merged = Translations()
    for folder in directories():
        catalogue = Translations.load(str(folder), [language])
        merged.merge(catalogue)
        if hasattr(catalogue, "plural"):
            merged.plural = catalogue.plural  # merge() keeps the first catalogue's plural rule only
    return merged


def say(value: Any, language: str) -> Any:
    """A Text in `language` (its parameters too, when they are Texts); anything else as it is."""
    if not isinstance(value, Text) or language == DEFAULT:
        return value
    words = translations(language)
    params = {name: say(part, language) for name, part in value.params.items()}
    if value.plural is not None and value.number is not None:
        wording = words.ngettext(value.msgid, value.plural, value.number)
    else:
        wording = words.gettext(value.msgid)
    return wording % params if params else wording
