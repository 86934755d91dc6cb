"""A seventh game is one package and one registry line: the toy game, registered from outside the app or copied in
as companion.games.toy, gets a table page and its watch link, its log, live fragment, correction page and result
sheet, its API, a calculator, a pad, its rules guide and its search; copied into the app's own tree, every import
contract holds with it."""

from __future__ import annotations

import importlib
import io
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader

from companion.gamespec import GameSpec
from companion.specs import GAMES, SPECS, register, unregister
from tests import toy as outside
from tests.conftest import make_app
from tests.test_contracts import lint_imports
from tests.toy.spec import SPEC as outside_spec
from tests.web.pages import post_entry, sit, unchipped, version

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(outside.__file__).parent
REGISTRY_LINE = '    "toy",\n'


def pdf_text(data: bytes) -> str:
    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def copy_toy(into: Path) -> None:
    shutil.copytree(TOY, into / "toy", ignore=shutil.ignore_patterns("__pycache__"))


@pytest.fixture
def as_package(tmp_path) -> Iterator[GameSpec]:
    """The toy copied in as a game package of the app's (companion.games.toy), from a folder of its own."""
    folder = tmp_path / "games"
    copy_toy(folder)
    games = importlib.import_module("companion.games")
    games.__path__.append(str(folder))
    try:
        module = importlib.import_module("companion.games.toy.spec")
        assert Path(module.__file__).is_relative_to(folder)
        yield module.SPEC
    finally:
        games.__path__.remove(str(folder))
        for name in [name for name in sys.modules if name.startswith("companion.games.toy")]:
            del sys.modules[name]


@pytest.fixture(params=["from outside", "as a package"])
def toy(request, tmp_path) -> Iterator[FlaskClient]:
    spec = outside_spec if request.param == "from outside" else request.getfixturevalue("as_package")
    register(spec)
    try:
        yield make_app(tmp_path / "app").test_client()
    finally:
        unregister(spec.slug)


def test_the_toy_game_is_listed_and_starts_a_table(toy):
    assert "toy" in GAMES and "toy" in SPECS
    assert "First to ten points." in toy.get("/").get_data(as_text=True)
    response = toy.post("/new/toy", data={"players": ["Ann", "Ben"]})
    assert response.status_code == 303
    table = response.headers["Location"]
    sit(toy, table, "")
    page = toy.get(table)
    assert page.status_code == 200
    assert 'data-player="Ann">0<' in page.get_data(as_text=True)


def test_the_toy_table_takes_entries_and_scores_them(toy):
    table = toy.post("/new/toy", data={"players": ["Ann", "Ben"]}).headers["Location"]
    sit(toy, table, "")
    entered = post_entry(toy, table, "points", player="Ben", points="7", version="0", entry_id="e1")
    assert entered.status_code == 303
    html = toy.get(table).get_data(as_text=True)
    assert 'data-player="Ben">7<' in html
    assert "Ben scored 7" in unchipped(html)
    refused = post_entry(toy, table, "points", player="Ben", points="70", version="1", entry_id="e2")
    assert refused.status_code == 422


def test_the_toy_table_api_reads_its_state(toy):
    created = toy.post("/api/v1/tables", json={"game": "toy", "players": ["Ann", "Ben"]})
    assert created.status_code == 201
    token = created.get_json()["edit"].rsplit("/", 1)[1]
    body = {"kind": "points", "payload": {"player": "Ann", "points": 10}, "entry_id": "a", "base_version": 0}
    assert toy.post(f"/api/v1/tables/{token}/entries", json=body).status_code == 201
    table = toy.get(f"/api/v1/tables/{token}").get_json()
    assert table["finished"] is True
    assert table["result"]["winners"] == ["Ann"]


def test_the_toy_calculator_and_its_openapi_entry(toy):
    answer = toy.post("/api/v1/toy/score", json={"points": {"Ann": 3, "Ben": 5}})
    assert answer.status_code == 200
    assert answer.get_json()["winners"] == ["Ben"]
    document = toy.get("/api/v1/openapi.json").get_json()
    assert "/api/v1/toy/score" in document["paths"]
    assert "toy.points.v1" in document["components"]["schemas"]


def test_the_toy_pad_prints_from_its_own_template(toy):
    response = toy.get("/print/toy/score-pad.pdf?players=Ann&players=Ben")
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert "Toy score pad" in text and "first to 10" in text and "Ann" in text


def test_the_toy_rules_guide_is_served_and_its_breakdown_links_to_it(toy):
    page = toy.get("/rules/toy")
    assert page.status_code == 200
    assert 'id="points"' in page.get_data(as_text=True)


@pytest.fixture
def played(toy) -> tuple[str, str]:
    """A toy table where Ben scored 7: its editor link and its watch link."""
    created = toy.post("/api/v1/tables", json={"game": "toy", "players": ["Ann", "Ben"]}).get_json()
    table, watch = created["edit"], created["watch"]
    sit(toy, table, "")
    body = {"kind": "points", "payload": {"player": "Ben", "points": 7}, "entry_id": "b", "base_version": 0}
    assert toy.post(f"/api/v1/tables/{table.rsplit('/', 1)[1]}/entries", json=body).status_code == 201
    return table, watch


def test_the_toy_watch_link_shows_the_table_and_takes_nothing(toy, played):
    table, watch = played
    page = toy.get(watch)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'data-player="Ben">7<' in html and "Ben scored 7" in unchipped(html)
    assert 'name="points"' not in html and table not in html


def test_the_toy_log_lists_its_entries_on_both_links(toy, played):
    table, watch = played
    for link, correctable in ((table, True), (watch, False)):
        page = toy.get(f"{link}/log")
        assert page.status_code == 200
        html = page.get_data(as_text=True)
        assert "Ben scored 7" in unchipped(html)
        assert ("/entries/1/edit" in html) is correctable and (f"{table}/entries/1/edit" in html) is correctable


def test_the_toy_entry_is_corrected_on_its_edit_page(toy, played):
    table, _ = played
    page = toy.get(f"{table}/entries/1/edit")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Ben scored 7" in unchipped(html)
    assert 'name="points"' in html and 'value="7"' in html
    form = {"player": "Ben", "points": "40", "version": str(version(toy, table)), "entry_id": "c"}
    refused = toy.post(f"{table}/entries/1/edit", data=form)
    assert refused.status_code == 422
    assert 'value="40"' in refused.get_data(as_text=True) and 'class="error"' in refused.get_data(as_text=True)
    assert toy.post(f"{table}/entries/1/edit", data=form | {"points": "4"}).status_code == 303
    assert 'data-player="Ben">4<' in toy.get(table).get_data(as_text=True)


def test_the_toy_live_fragment_is_its_panel(toy, played):
    for link in played:
        fragment = toy.get(f"{link}/live", headers={"HX-Request": "true"})
        assert fragment.status_code == 200
        html = fragment.get_data(as_text=True)
        assert html.lstrip().startswith('<div id="live"') and 'data-player="Ben">7<' in html
        assert "<html" not in html


def test_the_toy_results_sheet_prints_its_scores(toy, played):
    for link in played:
        sheet = toy.get(f"{link}/results.pdf")
        assert sheet.status_code == 200 and sheet.mimetype == "application/pdf"
        text = pdf_text(sheet.data)
        assert "Toy" in text and "Ben" in text and "Points scored" in text


def test_the_toy_rules_guide_is_searched(toy):
    page = toy.get("/rules?q=highest+total&game=toy")
    assert page.status_code == 200
    assert 'href="/rules/toy#points"' in page.get_data(as_text=True)
    found = toy.get("/api/v1/rules/search?q=highest+total&game=toy").get_json()["results"]
    assert found[0]["url"] == "/rules/toy#points" and found[0]["game_title"] == "Toy"


def searched(client: FlaskClient, query: str) -> list[str]:
    answer = client.get(f"/api/v1/rules/search?q={query}")
    assert answer.status_code == 200
    return [hit["url"] for hit in answer.get_json()["results"]]


def test_a_game_added_after_a_search_is_searched_until_it_goes(tmp_path):
    client = make_app(tmp_path).test_client()
    assert not any(url.startswith("/rules/toy") for url in searched(client, "highest+total"))
    register(outside_spec)
    try:
        assert "/rules/toy#points" in searched(client, "highest+total")
    finally:
        unregister(outside_spec.slug)
    assert not any(url.startswith("/rules/toy") for url in searched(client, "highest+total"))


def test_the_toy_copied_into_the_app_keeps_every_contract(tmp_path):
    shutil.copytree(ROOT / "companion", tmp_path / "companion", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    copy_toy(tmp_path / "companion" / "games")
    registry = tmp_path / "companion" / "specs" / "__init__.py"
    text = registry.read_text()
    registry.write_text(text.replace('    "lfg",\n', '    "lfg",\n' + REGISTRY_LINE))
    assert registry.read_text().count(REGISTRY_LINE) == 1
    assert (
        subprocess.run(
            [sys.executable, "-c", "from companion.specs import SPECS; assert 'toy' in SPECS, list(SPECS)"],
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(tmp_path)},
            capture_output=True,
            text=True,
        ).returncode
        == 0
    )

    run = lint_imports(tmp_path)
    assert run.returncode == 0 and "0 broken" in run.stdout, run.stdout + run.stderr
    # And the copy is a game the contracts see: importing another game from it breaks one.
    module = tmp_path / "companion" / "games" / "toy" / "table.py"
    module.write_text(module.read_text() + "\nfrom companion.games.oz import engine as _oz\n")
    run = lint_imports(tmp_path)
    assert run.returncode != 0 and "No game imports another BROKEN" in run.stdout, run.stdout
