"""A seventh game is one spec: registered from outside the app, it gets a table page, a calculator and a pad."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient
from pypdf import PdfReader

from companion.specs import GAMES, SPECS, register, unregister
from tests.conftest import make_app
from tests.toy import SPEC
from tests.web.pages import sit, unchipped


@pytest.fixture
def toy(tmp_path) -> Iterator[FlaskClient]:
    register(SPEC)
    try:
        yield make_app(tmp_path).test_client()
    finally:
        unregister(SPEC.slug)


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
    entered = toy.post(
        f"{table}/entries", data={"kind": "points", "player": "Ben", "points": "7", "version": "0", "entry_id": "e1"}
    )
    assert entered.status_code == 303
    html = toy.get(table).get_data(as_text=True)
    assert 'data-player="Ben">7<' in html
    assert "Ben scored 7" in unchipped(html)
    refused = toy.post(
        f"{table}/entries", data={"kind": "points", "player": "Ben", "points": "70", "version": "1", "entry_id": "e2"}
    )
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
    text = "".join(page.extract_text() for page in PdfReader(__import__("io").BytesIO(response.data)).pages)
    assert "Toy score pad" in text and "first to 10" in text and "Ann" in text


def test_the_toy_rules_guide_is_served_and_its_breakdown_links_to_it(toy):
    page = toy.get("/rules/toy")
    assert page.status_code == 200
    assert 'id="points"' in page.get_data(as_text=True)
