"""The guides in every language: each one written (`guide.<lang>.md` beside a game's `guide.md`) has exactly the
English guide's section anchors, in the same order (so a "why" link lands on its rule in any language), the same
layout (a `# <Game name>` first line, a one-paragraph intro, small sections with the English guide's Related links,
tables and lists, every link landing on a section of its own file), and a language without a guide reads the
English one."""

from __future__ import annotations

import re

import pytest

from companion import rules
from companion.rules import parse_guide, plain_text
from companion.specs import SPECS

from .test_rules_guides import MAX_SECTION_WORDS, TITLES, words_of

OTHER_LANGUAGES = ("de", "fr", "nl")
WRITTEN = [
    (game, language) for game in SPECS for language in OTHER_LANGUAGES if SPECS[game].guide_in(language).is_file()
]
ANCHOR = re.compile(r"^## .*\{#([a-z0-9-]+)\}\s*$", re.MULTILINE)
LINK = re.compile(r"\]\(#([^)\s]+)\)")


def anchors_in(text: str) -> list[str]:
    return ANCHOR.findall(text)


def differences(english: list[str], written: list[str]) -> list[str]:
    """What keeps two guides' section ids from being the same list: ids missing, extra, or out of order."""
    problems = [f"missing {a}" for a in english if a not in written]
    problems += [f"extra {a}" for a in written if a not in english]
    if not problems and english != written:
        problems.append("the same ids in another order")
    return problems


def test_every_guide_file_is_named_for_one_of_the_app_s_languages():
    named = {path.name.split(".")[1] for spec in SPECS.values() for path in spec.home.glob("guide.*.md")}
    assert named <= set(OTHER_LANGUAGES)


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
@pytest.mark.parametrize("game", list(SPECS))
def test_every_game_has_its_guide_in_every_language(game, language):
    assert SPECS[game].guide_in(language).is_file()


@pytest.mark.parametrize(("game", "language"), WRITTEN, ids=lambda v: v)
def test_a_written_guide_has_exactly_the_english_section_ids_in_order(game, language):
    english = anchors_in(SPECS[game].guide_path.read_text(encoding="utf-8"))
    written = anchors_in(SPECS[game].guide_in(language).read_text(encoding="utf-8"))
    assert differences(english, written) == []
    assert rules.guide(game, language).anchors == rules.guide(game).anchors


@pytest.mark.parametrize(("game", "language"), WRITTEN, ids=lambda v: v)
def test_a_written_guide_keeps_the_english_layout(game, language):
    text = SPECS[game].guide_in(language).read_text(encoding="utf-8")
    guide, english = rules.guide(game, language), rules.guide(game)
    assert guide.language == language and guide.game == game
    assert text.splitlines()[0] == f"# {guide.title}" and guide.title
    assert guide.intro_html.count("<p>") == 1 and len(plain_text(guide.intro_html)) > 80
    assert set(LINK.findall(text)) <= set(guide.anchors)
    assert len([line for line in text.splitlines() if line.startswith("Related:")]) == len(guide.sections)
    for section, theirs in zip(guide.sections, english.sections, strict=True):
        assert section.title and 5 <= len(words_of(section.markdown)) <= MAX_SECTION_WORDS, section.ref
        # The English guide's own Related links (one to three, never itself: test_rules_guides checks them).
        assert section.related == theirs.related, section.ref
        assert "Related:" not in section.markdown, section.ref
        for feature in ("<table>", "<ul>", "<ol>"):
            assert (feature in section.html) == (feature in theirs.html), (section.ref, feature)


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
@pytest.mark.parametrize("game", TITLES)
def test_a_written_guide_is_not_the_english_one(game, language):
    written, english = rules.guide(game, language), rules.guide(game)
    assert written.language == language
    differ = [a for a in written.anchors if written.section(a).markdown != english.section(a).markdown]
    assert len(differ) == len(written.anchors)


def test_the_check_fails_on_a_missing_an_extra_or_a_moved_id():
    english = anchors_in("# G\n\nIntro.\n\n## A {#a}\n\nx\n\n## B {#b}\n\ny\n")
    assert english == ["a", "b"] and differences(english, english) == []
    assert differences(english, anchors_in("# G\n\nIntro.\n\n## A {#a}\n\nx\n")) == ["missing b"]
    longer = anchors_in("# G\n\nIntro.\n\n## A {#a}\n\nx\n\n## B {#b}\n\ny\n\n## C {#c}\n\nz\n")
    assert differences(english, longer) == ["extra c"]
    moved = anchors_in("# G\n\nIntro.\n\n## B {#b}\n\ny\n\n## A {#a}\n\nx\n")
    assert differences(english, moved) == ["the same ids in another order"]


def test_a_language_without_a_guide_reads_the_english_one(tmp_path, monkeypatch):
    assert rules.guide("oz", "xx") is rules.guide("oz")
    assert rules.guides("xx") == rules.guides()
    assert rules.written_in("xx") == ()
    for language in OTHER_LANGUAGES:
        for game in SPECS:
            guide = rules.guide(game, language)
            written = SPECS[game].guide_in(language).is_file()
            assert guide.language == (language if written else "en")
            assert (game in rules.written_in(language)) == written


def test_a_guide_parses_in_its_language():
    guide = parse_guide("oz", "# Oz\n\nEin Spiel über eine Reise.\n\n## Aufbau {#setup}\n\nText.\n", "de")
    assert guide.language == "de" and guide.anchors == ("setup",)
