"""The message catalogues, one folder each: the app's own (companion/translations, from companion/ and templates/),
the history's, the printouts' and the rules reference's (each in its package, from it and its templates), and each
game's (its package's translations/, from its package). `make
catalogues` extracts what the sources mark (gettext and `_` in Python and Jinja; the engines' msg and msg_n),
updates each language's .po from it, and compiles the .mo files, which are committed beside them (a test checks
that they match)."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("de", "fr", "nl")
KEYWORDS = ("_", "gettext", "ngettext:1,2", "lazy_gettext", "lazy_pgettext:1c,2", "msg", "msg_n:1,2")
DOMAIN = "messages"


@dataclass(frozen=True)
class Folder:
    """One catalogue: where it lives and which sources it is made from."""

    translations: Path
    sources: tuple[Path, ...]
    ignore: tuple[str, ...] = (".*", "._", "translations")

    def po(self, language: str) -> Path:
        return self.translations / language / "LC_MESSAGES" / f"{DOMAIN}.po"

    def mo(self, language: str) -> Path:
        return self.po(language).with_suffix(".mo")

    @property
    def template(self) -> Path:
        return self.translations / f"{DOMAIN}.pot"


# The app's parts with a catalogue of their own, beside the app's: each is a package and its templates' folder.
PARTS = ("history", "printing", "rules")
PART_TEMPLATES = {"history": "templates/history", "printing": "printables", "rules": "templates/rules"}


def folders() -> list[Folder]:
    from companion import specs

    skipped = (".*", "._", "games", "translations", *PARTS)
    app = Folder(ROOT / "companion" / "translations", (ROOT / "companion", ROOT / "templates"), skipped)
    parts = [
        Folder(ROOT / "companion" / part / "translations", (ROOT / "companion" / part, ROOT / PART_TEMPLATES[part]))
        for part in PARTS
    ]
    return [app, *parts] + [Folder(spec.translations, (spec.home,)) for spec in specs.SPECS.values()]


def compiled(po: Path) -> bytes:
    """The .mo bytes for a .po file, as `make catalogues` writes them."""
    with po.open("rb") as source:
        catalog = read_po(source)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def extract(folder: Folder) -> None:
    from babel.messages.frontend import CommandLineInterface

    args = ["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "--no-location", "--sort-output"]
    args += [f"-k{keyword}" for keyword in KEYWORDS] + ["--ignore-dirs", " ".join(folder.ignore)]
    args += ["--project=Table Companion", "--copyright-holder=Table Companion", "--msgid-bugs-address=-"]
    before = folder.template.read_text(encoding="utf-8") if folder.template.exists() else None
    CommandLineInterface().run([*args, "-o", str(folder.template), *map(str, folder.sources)])
    if before is not None and undated(before) == undated(folder.template.read_text(encoding="utf-8")):
        folder.template.write_text(before, encoding="utf-8")  # nothing new: keep the date, and every .po as it is


def undated(pot: str) -> str:
    return re.sub(r'"POT-Creation-Date: [^"]*"', "", pot)


def update(folder: Folder) -> None:
    from babel.messages.frontend import CommandLineInterface

    for language in LANGUAGES:
        command = "update" if folder.po(language).exists() else "init"
        args = ["pybabel", "-q", command, "-i", str(folder.template), "-d", str(folder.translations)]
        args += ["-l", language, "-D", DOMAIN]
        if command == "update":
            args += ["--no-fuzzy-matching", "--ignore-obsolete"]
        CommandLineInterface().run(args)


def compile_all(folder: Folder) -> None:
    for language in LANGUAGES:
        if folder.po(language).exists():
            folder.mo(language).write_bytes(compiled(folder.po(language)))


def main() -> None:
    for folder in folders():
        folder.translations.mkdir(parents=True, exist_ok=True)
        extract(folder)
        update(folder)
        compile_all(folder)


if __name__ == "__main__":
    main()
