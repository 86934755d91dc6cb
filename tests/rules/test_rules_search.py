"""Rules search: a game's own words find that game first, snippets are safe HTML, and no query can break it."""

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from companion import rules
from companion.rules.search import MARK_END, MARK_START, MAX_TERMS, Hit, match_expression, search, snippet_html, terms

HOSTILE = [
    '"',
    "AND",
    "NOT OR",
    "*",
    'a"b',
    "<script>alert(1)</script>",
    "x" * 3000,
    "(((",
    "NEAR(",
    "^",
    ":",
    "",
    "   \t\n ",
    "NEAR(torture fired, 2)",
    "title:torture",
    "-torture",
    "torture*",
    "{game_name title}: torture",
    "'; DROP TABLE sections; --",
    "\x00torture",
    "\ud800",
    "\u0301",
    MARK_START + "torture" + MARK_END,
    "torture " * 500,
    " ".join(f"w{i}" for i in range(200)),
]


def without_marks(html: str) -> str:
    return re.sub(r"</?mark>", "", html)


@pytest.mark.parametrize(
    ("query", "game"),
    [
        ("torture", "orleans"),
        ("fired", "loaf"),
        ("koalation", "koala"),
        ("scoundrel", "lfg"),
        ("interchange", "next-station-paris"),
        ("Glinda", "oz"),
    ],
)
def test_a_games_own_words_find_it_first(query, game):
    hits = search(query)
    assert hits and hits[0].game == game
    assert all(hit.game == game for hit in hits)


@pytest.mark.parametrize("query", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_queries_return_a_list(query):
    hits = search(query)
    assert isinstance(hits, list)
    for hit in hits:
        assert isinstance(hit, Hit)
        assert "<" not in without_marks(hit.snippet_html)


@given(st.text(max_size=300))
@settings(max_examples=300, deadline=None, database=None)
def test_any_text_is_a_safe_query(query):
    hits = search(query, limit=5)
    assert isinstance(hits, list) and len(hits) <= 5


def test_hit_fields_and_url():
    hit = search("torture")[0]
    assert (hit.game, hit.section) == ("orleans", "torture")
    assert hit.title == rules.section("orleans/torture").title
    assert hit.url == "/rules/orleans#torture"


def test_snippets_highlight_hits_with_mark_and_escape_the_rest():
    hit = search("torture")[0]
    assert isinstance(hit.snippet_html, Markup)
    assert "<mark>torture</mark>" in hit.snippet_html.lower()
    assert MARK_START not in hit.snippet_html and MARK_END not in hit.snippet_html
    assert "<" not in without_marks(hit.snippet_html)
    apostrophes = search("don't have coins")  # section text holds an apostrophe: it comes back escaped
    assert apostrophes and "&#39;" in apostrophes[0].snippet_html


def test_snippet_html_escapes_text_and_only_then_marks_hits():
    raw = f'<script>alert("x")</script> & {MARK_START}Glinda{MARK_END} <mark>fake</mark>'
    html = snippet_html(raw)
    assert html == (
        "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; <mark>Glinda</mark> &lt;mark&gt;fake&lt;/mark&gt;"
    )
    assert isinstance(html, Markup)


def test_diacritics_are_ignored_both_ways():
    for query in ["Orleans", "orléans", "ORLÉANS", "Orle"]:
        hits = search(query)
        assert hits and {hit.game for hit in hits} == {"orleans"}, query
    assert search("brocadé")[0].game == "orleans"


def test_last_word_is_a_prefix():
    assert search("tortu")[0].section == "torture"
    assert search("interch")[0].game == "next-station-paris"


def test_all_words_must_match_before_falling_back_to_any():
    both = search("take back")
    assert (both[0].game, both[0].section) == ("loaf", "take-back")
    for hit in both:
        section = rules.section(f"{hit.game}/{hit.section}")
        text = f"{section.title} {rules.plain_text(section.markdown)}".lower()
        assert re.search(r"\btake\b", text) and re.search(r"\bback", text), hit.url
    fallback = search("torture glinda")  # no section has both words: any word may match
    assert {"orleans", "oz"} <= {hit.game for hit in fallback}


def test_title_outweighs_body():
    assert (search("harvest")[0].game, search("harvest")[0].section) == ("orleans", "harvest")
    assert search("feasts")[0].section == "feasts"


def test_game_slug_words_find_the_game():
    assert search("loaf winner")[0].url == "/rules/loaf#winner"


def test_every_section_is_found_by_its_game_and_title():
    for guide in rules.guides():
        for section in guide.sections:
            hits = search(f"{guide.title} {section.title}")
            found = [(hit.game, hit.section) for hit in hits]
            assert (guide.game, section.anchor) in found[:3], section.ref


def test_limit_is_respected():
    assert len(search("points", limit=3)) == 3
    assert search("points", limit=0) == []
    assert search("points", limit=-5) == []
    assert len(search("the", limit=10_000)) <= 100


def test_terms_are_plain_words_and_capped():
    assert terms("a\"b NEAR( <script>x</script> l'oaf") == ["a", "b", "NEAR", "script", "x", "l", "oaf"]
    assert terms("") == [] and terms(None) == [] and terms("((( * ^ :") == []
    assert len(terms(" ".join(f"w{i}" for i in range(100)))) == MAX_TERMS
    assert terms("Torture torture TORTURE") == ["Torture"]


def test_match_expression_quotes_every_word_and_prefixes_the_last():
    assert match_expression(["AND", "NOT", "tort"]) == '"AND" "NOT" "tort"*'
    assert match_expression(["a", "b"], " OR ") == '"a" OR "b"*'


def test_concurrent_searches_agree():
    queries = ["torture", "fired", "koalation", "scoundrel", "interchange", "Glinda"] * 20

    def run(query):
        return [(h.game, h.section) for h in search(query)]

    expected = {query: run(query) for query in set(queries)}
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(run, queries))
    assert results == [expected[query] for query in queries]
