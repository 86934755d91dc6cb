"""The rules reference pages: every guide renders every section with its anchor, contents and related links; every
rule link the app can emit lands on a section; the search box and the service worker are on every page. The search
page itself is tested in test_rules_search_page.py."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from companion import rules
from companion.specs import GAMES, SPECS
from tests.conftest import make_app
from tests.rules.test_rules_guides import COMMON_ANCHORS, ENGINE_ANCHORS

from .pages import enter_line, start

ROOT = Path(__file__).resolve().parents[2]


class Page(HTMLParser):
    """The parts of a page these tests look at: ids, links, headings, script and style use, the search forms."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.ids: dict[str, str] = {}  # id -> tag
        self.links: list[str] = []
        self.h2_ids: list[str] = []
        self.scripts: list[str | None] = []
        self.inline_styles = 0
        self.forms: list[dict[str, str | None]] = []
        self.labels: dict[str, str] = {}  # for -> text
        self.inputs: list[dict[str, str | None]] = []
        self.hits: list[tuple[str, str]] = []
        self._label_for: str | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            assert a["id"] not in self.ids, f"duplicate id {a['id']}"
            self.ids[a["id"]] = tag
        if "style" in a or any(name.startswith("on") for name in a):
            self.inline_styles += 1
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "h2" and a.get("id"):
            self.h2_ids.append(a["id"])
        elif tag == "script" and a.get("type") != "application/json":  # a data block runs nothing
            self.scripts.append(a.get("src"))
        elif tag == "form":
            self.forms.append(a)
        elif tag == "label":
            self._label_for = a.get("for")
            if self._label_for:
                self.labels[self._label_for] = ""
        elif tag == "input":
            self.inputs.append(a)
        elif tag == "li" and a.get("data-game"):
            self.hits.append((a["data-game"], a["data-section"]))

    def handle_endtag(self, tag):
        if tag == "label":
            self._label_for = None

    def handle_data(self, data):
        if self._label_for:
            self.labels[self._label_for] += data


@pytest.fixture(scope="module")
def reader(tmp_path_factory):
    """One app for the tests that only read pages (they change nothing), so each test needs no app of its own."""
    return make_app(tmp_path_factory.mktemp("rules")).test_client()


def get_page(client, url, status=200):
    response = client.get(url)
    assert response.status_code == status, url
    return Page(response.get_data(as_text=True)), response.get_data(as_text=True)


def resolves(client, href: str) -> bool:
    """A /rules/<game>#<anchor> link lands on a heading with that id."""
    match = re.fullmatch(r"/rules/([a-z0-9-]+)#([a-z0-9-]+)", href)
    if not match:
        return False
    response = client.get(f"/rules/{match[1]}")
    return response.status_code == 200 and match[2] in Page(response.get_data(as_text=True)).h2_ids


# Each guide's page


@pytest.mark.parametrize("game", rules.games())
def test_each_guide_renders_every_section_with_its_anchor_in_order(reader, game):
    page, html = get_page(reader, f"/rules/{game}")
    guide = rules.guide(game)
    section_ids = [i for i in page.h2_ids if i in guide.anchors]
    assert section_ids == list(guide.anchors)
    required = COMMON_ANCHORS | set(ENGINE_ANCHORS[game])
    assert required <= set(page.h2_ids)
    assert f"<h1>{guide.title.replace(chr(39), '&#39;')} " in html
    for section in guide.sections:
        assert section.html in html, section.ref
        title = section.title.replace("'", "&#39;")
        assert f'<h2 id="{section.anchor}">{title}</h2>' in html


@pytest.mark.parametrize("game", rules.games())
def test_the_contents_link_every_section(reader, game):
    page, html = get_page(reader, f"/rules/{game}")
    toc = html[html.index('id="rules-contents"') : html.index("</nav>")]
    assert re.findall(r'href="#([^"]+)"', toc) == list(rules.guide(game).anchors)
    assert page.links.count("#rules-contents") == len(rules.guide(game).sections)


@pytest.mark.parametrize("game", rules.games())
def test_each_sections_related_anchors_are_links_inside_that_section(reader, game):
    _, html = get_page(reader, f"/rules/{game}")
    guide = rules.guide(game)
    for section in guide.sections:
        start_at = html.index(f'<h2 id="{section.anchor}">')
        body = html[start_at : html.index("</section>", start_at)]
        related = body[body.index('class="related') :]
        assert re.findall(r'href="#([^"]+)"', related) == [*section.related, "rules-contents"], section.ref
        for anchor in section.related:
            title = guide.section(anchor).title.replace("'", "&#39;")
            assert f'<a href="#{anchor}">{title}</a>' in related


@pytest.mark.parametrize("game", rules.games())
def test_every_in_page_link_on_a_guide_lands_somewhere(reader, game):
    page, _ = get_page(reader, f"/rules/{game}")
    targets = [href[1:] for href in page.links if href.startswith("#")]
    assert targets
    assert [t for t in targets if t not in page.ids] == []


def test_guides_link_to_each_other_and_to_the_list(reader):
    page, _ = get_page(reader, "/rules/oz")
    assert "/rules" in page.links
    assert {f"/rules/{g}" for g in rules.games() if g != "oz"} <= set(page.links)


@pytest.mark.parametrize("url", ["/rules/chess", "/rules/Orleans", "/rules/orleans/torture", "/rules/..%2Fapp"])
def test_unknown_guides_are_404(reader, url):
    assert reader.get(url).status_code == 404


def test_the_list_of_guides_links_each_one_and_its_shortcuts(reader):
    page, html = get_page(reader, "/rules")
    for guide in rules.guides():
        assert f"/rules/{guide.game}" in page.links
        assert f"/rules/{guide.game}#quick-reference" in page.links
        assert f"/rules/{guide.game}#how-this-app-reads-it" in page.links
        assert guide.title.replace("'", "&#39;") in html
    assert page.hits == []


def test_the_offline_page_lists_the_guides(reader):
    page, html = get_page(reader, "/rules/offline")
    assert "No connection" in html
    assert {f"/rules/{g}" for g in rules.games()} <= set(page.links)


# Every rule reference the app can emit lands on a section


@pytest.mark.parametrize("game", rules.games())
def test_every_rule_ref_an_engine_emits_lands_on_its_section(reader, game):
    engine = SPECS[game].engine
    declared = getattr(engine, "RULE_REFS", None)
    assert declared, f"{game}'s engine must declare RULE_REFS"
    for ref in declared:
        assert ref.startswith(f"{game}/"), ref
        assert resolves(reader, "/rules/{}#{}".format(*ref.split("/", 1))), ref


SLUGS = "|".join(re.escape(g) for g in rules.games())
REF_PATTERNS = [
    re.compile(r"/rules/([a-z0-9-]+)#([a-z0-9-]+)"),  # a written link
    re.compile(rf"""["']({SLUGS})/([a-z0-9-]+)["']"""),  # a quoted ref: rule="oz/story-cards"
    re.compile(r"""url_for\(\s*['"]rules\.show['"]\s*,\s*game=['"]([^'"]+)['"]\s*,\s*_anchor=['"]([^'"]+)['"]"""),
]


def refs_in(text: str) -> list[str]:
    """Every literal rule reference in a template's text, as the /rules/<game>#<anchor> link it stands for."""
    return [f"/rules/{game}#{anchor}" for pattern in REF_PATTERNS for game, anchor in pattern.findall(text)]


def test_the_template_scan_finds_each_way_of_writing_a_reference(reader):
    text = """<a href="/rules/oz#story-cards">rule</a> {{ m.rule('orleans/torture') }} {% set r = "lfg/nope" %}
        {{ url_for('rules.show', game='koala', _anchor='feasts') }}
        <a href="/rules/{{ line.rule.split('/')[0] }}#{{ line.rule.split('/', 1)[1] }}">dynamic, not a literal</a>"""
    found = refs_in(text)
    assert sorted(found) == [
        "/rules/koala#feasts",
        "/rules/lfg#nope",
        "/rules/orleans#torture",
        "/rules/oz#story-cards",
    ]
    assert [href for href in found if not resolves(reader, href)] == ["/rules/lfg#nope"]
    assert not resolves(reader, "/rules/chess#setup")


def test_every_rule_reference_written_in_a_template_resolves(reader):
    templates = sorted((ROOT / "templates").rglob("*.html"))
    assert len(templates) > 5
    broken = {
        str(path.relative_to(ROOT)): bad
        for path in templates
        if (bad := [href for href in refs_in(path.read_text(encoding="utf-8")) if not resolves(reader, href)])
    }
    assert broken == {}


def test_every_rule_link_on_a_table_page_lands_on_its_section(client):
    table = start(client, "Ana", "Bénédicte")
    assert enter_line(client, table, "Ana", 1).status_code in (200, 303)
    page, _ = get_page(client, table)
    rule_links = [href for href in page.links if href.startswith("/rules/")]
    assert rule_links, "a scored line shows its breakdown with rule links"
    assert [href for href in rule_links if not resolves(client, href)] == []


# On every page: the rules search box and the service worker


def pages_to_check(client):
    table = start(client, "Ana")
    return ["/", "/join", "/new/next-station-paris", table, "/rules", "/rules/koala", "/rules?q=torture", "/nowhere"]


def test_every_page_leads_to_the_rules_search_and_to_joining_in_one_tap(client):
    for url in pages_to_check(client):
        response = client.get(url)
        page = Page(response.get_data(as_text=True))
        assert any(link.split("?")[0] == "/rules" for link in page.links), url
        assert "/join" in page.links, url
    search = Page(client.get("/rules").get_data(as_text=True))
    searches = [f for f in search.forms if f.get("action") == "/rules"]
    assert searches and all((f.get("method") or "get").lower() == "get" for f in searches)
    [box] = [i for i in search.inputs if i.get("name") == "q"]
    assert box.get("id") and search.labels.get(box["id"], "").strip()
    assert "autofocus" in box  # arriving from the header's search link, a phone can type at once


def test_every_page_registers_the_service_worker_without_inline_script(client):
    for url in pages_to_check(client):
        page, html = get_page(client, url, status=404 if url == "/nowhere" else 200)
        assert "/static/register-sw.js" in page.scripts, url
        assert None not in page.scripts and page.inline_styles == 0, url
        assert "/static/rules.css" in html


def test_the_service_worker_is_served_from_the_root(reader):
    response = reader.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "application/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response.headers["Cache-Control"]
    source = response.get_data(as_text=True)
    assert "__VERSION__" not in source and "__PRECACHE__" not in source
    for game in rules.games():
        assert f'"/rules/{game}"' in source
    assert '"/rules/offline"' in source and '"/static/rules.css"' in source
    with reader.get("/static/register-sw.js") as script:
        assert script.status_code == 200
        assert "/sw.js" in script.get_data(as_text=True)


def test_every_url_the_worker_saves_ahead_exists(reader):
    source = reader.get("/sw.js").get_data(as_text=True)
    urls = re.findall(r'"(/[^"]*)"', re.search(r"const PRECACHE = (\[.*?\]);", source)[1])
    assert len(urls) >= len(rules.games()) + 2
    for url in urls:
        with reader.get(url) as response:
            assert response.status_code == 200, url


def test_the_games_registry_and_the_guides_agree():
    assert list(GAMES) == list(rules.games())
