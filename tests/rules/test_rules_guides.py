"""The rules guides: every game's file parses, has the sections the app and the engines link to, and renders
Markdown safely (raw HTML is escaped, never passed through)."""

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from companion import rules
from companion.rules import RulesFormatError, parse_guide, plain_text, render
from companion.specs import SPECS

TITLES = {
    "loaf": "L'oaf",
    "oz": "Oz",
    "orleans": "Orléans",
    "next-station-paris": "Next Station Paris",
    "koala": "Koala",
    "lfg": "LFG: Looking For Group",
}

# Every guide has these: how to set up, how a round goes, scoring, the end, a cheat sheet and our rulings.
COMMON_ANCHORS = {"setup", "round", "scoring", "end-of-game", "quick-reference", "how-this-app-reads-it"}

# The refs the scoring engines emit, per game: each must exist exactly.
ENGINE_ANCHORS = {
    "loaf": [
        "setup", "order", "success-and-failure", "reputation", "reputation-limits", "review-cards",
        "effect-targets", "basic-effects", "discard", "retrieve-lowest", "take-back", "end-of-game-points",
        "doubles", "end-of-game", "fired", "scoring", "bonus-points", "winner",
    ],
    "oz": [
        "setup", "round", "story-cards", "story-each", "story-pair", "story-twins", "story-set", "story-triples",
        "story-at-most", "story-majority", "story-most-among-players", "story-plus-minus", "hand-size",
        "scoring", "winner",
    ],
    "orleans": [
        "events", "harvest", "taxes", "income", "trading-day", "torture", "end-scoring", "coins", "goods",
        "citizens", "development", "spare-citizen", "winner",
    ],
    "next-station-paris": [
        "setup", "round", "drawing-lines", "line-score", "interchanges", "crossings", "objectives", "scoring",
        "winner",
    ],
    "koala": ["setup", "caves", "food-majority", "feasts", "koalations", "teams", "winner"],
    "lfg": ["setup", "parties", "roles", "renown", "hurt", "scoundrels", "winner", "custom-deck"],
}  # fmt: skip

RULES_DIR = Path(rules.__file__).parent
LINK = re.compile(r"\]\(#([^)\s]+)\)")
MAX_SECTION_WORDS = 260  # sections stay small enough to read on a phone


def words_of(markdown: str) -> list[str]:
    """A section's words as a reader counts them. A mark standing on its own is no word: French sets its colons
    and semicolons apart ("Gagnant : plus haut score ; puis…"), a quick reference its "·"."""
    return [word for word in plain_text(markdown).split() if any(char.isalnum() for char in word)]


def test_every_game_has_a_guide_file_and_nothing_else():
    assert set(rules.games()) == set(TITLES)
    # A game's guide is its package's guide.md; the rules package keeps none of its own.
    assert {SPECS[game].guide_path.parent.name for game in TITLES} == {g.replace("-", "_") for g in TITLES}
    assert list(RULES_DIR.glob("*.md")) == []


@pytest.mark.parametrize("game", TITLES)
def test_guide_parses_with_title_and_one_paragraph_intro(game):
    guide = rules.guide(game)
    assert guide.game == game
    assert guide.title == TITLES[game]
    assert SPECS[game].guide_path.read_text(encoding="utf-8").splitlines()[0] == f"# {TITLES[game]}"
    assert guide.intro_html.count("<p>") == 1
    assert len(plain_text(guide.intro_html)) > 80
    assert guide.sections


@pytest.mark.parametrize("game", TITLES)
def test_guide_has_the_common_sections(game):
    assert set(rules.guide(game).anchors) >= COMMON_ANCHORS


@pytest.mark.parametrize("game", TITLES)
def test_guide_has_every_anchor_the_engines_emit(game):
    anchors = rules.guide(game).anchors
    missing = [a for a in ENGINE_ANCHORS[game] if a not in anchors]
    assert missing == []
    for anchor in ENGINE_ANCHORS[game]:
        assert rules.section(f"{game}/{anchor}").anchor == anchor


@pytest.mark.parametrize("game", TITLES)
def test_every_section_is_small_titled_and_has_a_body(game):
    for section in rules.guide(game).sections:
        words = words_of(section.markdown)
        assert section.title and "{#" not in section.title
        assert 5 <= len(words) <= MAX_SECTION_WORDS, section.ref
        assert "Related:" not in section.markdown
        assert "<h2" not in section.html


@pytest.mark.parametrize("game", TITLES)
def test_every_section_ends_with_one_to_three_related_links_that_resolve(game):
    guide = rules.guide(game)
    for section in guide.sections:
        assert 1 <= len(section.related) <= 3, section.ref
        assert section.anchor not in section.related, section.ref
        assert len(set(section.related)) == len(section.related), section.ref
        for anchor in section.related:
            assert guide.section(anchor).game == game


@pytest.mark.parametrize("game", TITLES)
def test_every_in_page_link_in_the_file_resolves(game):
    text = SPECS[game].guide_path.read_text(encoding="utf-8")
    anchors = set(rules.guide(game).anchors)
    assert set(LINK.findall(text)) <= anchors
    related_lines = [line for line in text.splitlines() if line.startswith("Related:")]
    assert len(related_lines) == len(anchors)


def test_section_resolves_refs_and_rejects_unknown_ones():
    torture = rules.section("orleans/torture")
    assert (torture.game, torture.anchor, torture.ref) == ("orleans", "torture", "orleans/torture")
    assert torture.url == "/rules/orleans#torture"
    assert "torture" in torture.title.lower()
    for bad in ["", "orleans", "orleans/", "/torture", "chess/setup", "oz/torture", "oz/setup/extra"]:
        with pytest.raises(KeyError):
            rules.section(bad)
    with pytest.raises(KeyError):
        rules.guide("chess")


def test_all_refs_lists_every_section_once():
    refs = rules.all_refs()
    assert len(refs) == len(set(refs))
    assert len(refs) == sum(len(g.sections) for g in rules.guides())
    assert "loaf/take-back" in refs and "koala/food-majority" in refs
    for game, anchors in ENGINE_ANCHORS.items():
        assert {f"{game}/{a}" for a in anchors} <= set(refs)


def test_guides_are_cached_and_frozen():
    guide = rules.guide("oz")
    assert rules.guide("oz") is guide
    assert isinstance(guide.sections, tuple) and isinstance(guide.sections[0].related, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        guide.title = "Changed"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        guide.sections[0].html = "<script>"  # type: ignore[misc]


def test_tables_render():
    html = rules.section("next-station-paris/interchanges").html
    assert "<table>" in html and "<td>9</td>" in html


def test_renderer_escapes_raw_html():
    html = render('<script>alert(1)</script>\n\nHi <img src=x onerror="alert(2)"> and <b>bold</b>\n')
    assert "<script" not in html and "<img" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;img" in html


def test_renderer_refuses_javascript_links():
    html = render("[click](javascript:alert(1)) and [ok](#setup)\n")
    assert "javascript:" not in html.replace("[click](javascript:", "")
    assert 'href="javascript' not in html
    assert '<a href="#setup">ok</a>' in html


def test_crafted_guide_with_markup_is_escaped_everywhere():
    text = (
        "# Test <i>game</i>\n\nIntro with <script>alert('intro')</script> inside.\n\n"
        "## Sneaky {#sneaky}\n\n<script>alert('body')</script>\n\n| a | b |\n|---|---|\n| <u>x</u> | y |\n\n"
        "Related: [Other](#other)\n\n"
        "## Other {#other}\n\nPlain.\n\nRelated: [Sneaky](#sneaky)\n"
    )
    guide = parse_guide("test", text)
    assert guide.title == "Test <i>game</i>"  # plain text: the page template escapes it
    assert "<script" not in guide.intro_html and "&lt;script&gt;" in guide.intro_html
    sneaky = guide.section("sneaky")
    assert "<script" not in sneaky.html and "&lt;script&gt;alert" in sneaky.html
    assert "<u>" not in sneaky.html and "&lt;u&gt;x&lt;/u&gt;" in sneaky.html
    assert sneaky.related == ("other",)
    assert guide.section("other").related == ("sneaky",)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "No title\n\n## A {#a}\n\nBody.\n",
        "# T\n\nIntro.\n\n## No anchor\n\nBody.\n",
        "# T\n\nIntro.\n\n## Bad anchor {#Bad_Anchor}\n\nBody.\n",
        "# T\n\nIntro.\n\n## A {#a}\n\nOne.\n\n## A again {#a}\n\nTwo.\n",
        "# T\n\nIntro.\n\n## A {#a}\n\nBody.\n\nRelated: [Missing](#missing)\n",
    ],
)
def test_broken_guides_are_rejected(text):
    with pytest.raises(RulesFormatError):
        parse_guide("test", text)


def test_plain_text_drops_markup():
    text = plain_text("**Coins first**: pay *all*.\n\n| a | b |\n|---|---|\n| 1 | [two](#x) |\n")
    assert text == "Coins first: pay all. a b 1 two"


def test_rules_package_is_pure_python_without_flask():
    for path in RULES_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.split(".")[0])
        assert not imported & {"flask", "jinja2", "sqlalchemy", "weasyprint"}, path.name


@pytest.mark.parametrize("slug", list(SPECS))
def test_every_ref_an_engine_declares_has_a_section(slug):
    engine = SPECS[slug].engine
    declared = getattr(engine, "RULE_REFS", None)
    assert declared, f"{engine} declares no RULE_REFS"
    assert sorted(set(declared) - set(rules.all_refs())) == []


def reading(game: str) -> str:
    return plain_text(rules.section(f"{game}/how-this-app-reads-it").markdown)


def test_the_loaf_guide_prints_the_reputation_boards_bonus_as_a_table_and_reads_the_empty_cards():
    html = rules.section("loaf/bonus-points").html
    assert "<table>" in html
    cells = re.findall(r"<t[dh]>([^<]*)</t[dh]>", html)
    assert cells == ["Reputation", "1 to 3", "4 to 6", "7 to 9", "10", "Bonus points", "2", "3", "4", "5"]
    assert "1-3 gives 2, 4-6 gives 3, 7-9 gives 4, 10 gives 5" in reading("loaf")
    assert "Each empty card does nothing on both sides and counts as two on one side only" in reading("loaf")
    empty_rows = [line for line in SPECS["loaf"].guide_path.read_text(encoding="utf-8").splitlines() if "empty" in line]
    says_the_other_side = re.compile(r"other (side )?(it )?counts as one|one on the other")
    assert all(says_the_other_side.search(line) for line in empty_rows if "two" in line)


def test_the_orleans_guide_reads_the_track_preset_torture_and_where_the_amounts_come_from():
    text = reading("orleans")
    assert "levels begin on spaces 0, 4, 9, 15, 22, level 6 on 30; coin spaces 7, 12, 25" in text
    assert "Nothing left to give: the rest of the debt is dropped" in text
    assert "the help page's amounts by phase" in text and "printed first edition's single amounts" in text


def test_the_koala_and_lfg_guides_read_team_ties_and_scoundrels():
    assert "teams level on points share the win" in reading("koala")
    lfg_text = reading("lfg")
    assert "Incomplete parties cannot win" in lfg_text
    assert "more scoundrels than any other player's final party, complete or not" in lfg_text


def test_the_next_station_guide_gives_one_count_of_cards_per_round():
    text = SPECS["next-station-paris"].guide_path.read_text(encoding="utf-8")
    assert "5 to 10" not in text
    assert text.count("5 to 11") == 1
    assert "5 to 11 station cards" in plain_text(rules.section("next-station-paris/round").markdown)
