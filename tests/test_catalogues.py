"""The message catalogues are complete and agree with the sources: every message the code, the templates and the
engines mark is in each folder's template, translated in every language (none empty, none fuzzy), with the same
placeholders as the English, and the committed .mo files are what the .po files compile to."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from companion import catalogues
from companion.catalogues import LANGUAGES, Folder, folders

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]")
FOLDERS = folders()


def ids(folder: Folder) -> str:
    return str(folder.translations.relative_to(catalogues.ROOT))


def read(path):
    with path.open("rb") as source:
        return read_po(source)


def marked(folder: Folder, tmp_path) -> set[str]:
    """The message ids the sources mark today, extracted afresh."""
    fresh = Folder(tmp_path, folder.sources, folder.ignore)
    catalogues.extract(fresh)
    return {
        message.id if isinstance(message.id, str) else message.id[0] for message in read(fresh.template) if message.id
    }


@pytest.mark.parametrize("folder", FOLDERS, ids=ids)
def test_the_template_holds_every_message_the_sources_mark(folder, tmp_path):
    assert folder.template.exists(), "run `make catalogues`"
    committed = {m.id if isinstance(m.id, str) else m.id[0] for m in read(folder.template) if m.id}
    fresh = marked(folder, tmp_path)
    assert sorted(fresh - committed) == [], "marked in the sources, missing from the catalogue: run `make catalogues`"
    assert sorted(committed - fresh) == [], "in the catalogue, no longer in the sources: run `make catalogues`"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("folder", FOLDERS, ids=ids)
def test_every_message_is_translated_with_the_same_placeholders(folder, language):
    template = {m.id for m in read(folder.template) if m.id}
    catalogue = read(folder.po(language))
    found = {m.id: m for m in catalogue if m.id}
    assert sorted(map(str, template - set(found))) == [], f"missing in {language}: run `make catalogues`"
    problems = []
    for message in found.values():
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        wording = [message.string] if isinstance(message.string, str) else list(message.string)
        if message.fuzzy:
            problems.append(("fuzzy", english[0]))
        if not all(wording):
            problems.append(("not translated", english[0]))
            continue
        wanted = set(PLACEHOLDER.findall(" ".join(english)))
        for said in wording:
            if set(PLACEHOLDER.findall(said)) != wanted:
                problems.append(("placeholders differ", english[0], said))
    assert problems == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("folder", FOLDERS, ids=ids)
def test_the_compiled_catalogue_is_the_one_committed(folder, language):
    assert folder.mo(language).read_bytes() == catalogues.compiled(folder.po(language)), "run `make catalogues`"


def test_a_missing_translation_is_found(tmp_path):
    """The checks above can fail: a marked message that no catalogue knows is reported."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "page.html").write_text("<p>{{ _('A sentence nobody translated') }}</p>")
    folder = Folder(tmp_path / "translations", (tmp_path / "src",))
    assert marked(folder, tmp_path) == {"A sentence nobody translated"}
