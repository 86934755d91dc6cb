"""L'oaf's work cards are played face down: a card part is seen by the phone that entered it and by nobody else
(other phones, the watch link, the live fragment, the log pages, the table API, the result sheet) until the last
card of the round is in; then by everyone at once."""

import io
import json
import re
import secrets

import pytest
from pypdf import PdfReader

from .pages import post_entry, unchipped, version
from .test_loaf_table import start

PLAYERS = ("Ann", "Béa", "Cy")


def card(client, table, player, value, number=1):
    return post_entry(client, table, "card", f"card-{player}", round=number, player=player, card=value)


def text(client, url):
    return unchipped(client.get(url).get_data(as_text=True)).replace("&#39;", "'")


def held(html, player):
    """The cards a player still holds, as the hands row says it to screen readers."""
    hands = html[html.index('id="hands-title"') :]
    found = re.search(rf'data-player="{re.escape(player)}">.*?Holds ([^<]*)</span>', hands, re.S)
    return found.group(1) if found else None


@pytest.fixture
def phones(app):
    """A table of three and two phones at it: Ann's and Béa's."""
    ann, bea = app.test_client(), app.test_client()
    table = start(ann, *PLAYERS)
    ann.post(f"{table}/me", data={"who": "Ann"})
    bea.post(f"{table}/me", data={"who": "Béa"})
    return table, ann, bea


def watch_of(client, table):
    return client.get(f"/api/v1/tables/{table.rsplit('/', 1)[1]}").get_json()["watch"]


def api(client, table):
    return client.get(f"/api/v1/tables/{table.rsplit('/', 1)[1]}").get_json()


def test_a_card_is_seen_by_its_own_phone_alone_until_every_card_is_in(app, phones):
    table, ann, bea = phones
    watch = watch_of(ann, table)
    before = {"bea": text(bea, table), "watch": text(bea, watch)}
    assert card(ann, table, "Ann", 7).status_code == 303

    mine = text(ann, table)
    assert "Your <strong>7</strong> is in" in mine and "(face down: only this phone sees it)" in mine
    for url, reader in ((table, bea), (f"{table}/live", bea), (f"{table}/log", bea), (watch, bea), (watch, ann)):
        html = text(reader, url)
        assert "Ann played 7" not in html and "Your <strong>7" not in html, url
        assert "Round 1's cards: 1 of 3 in</strong> (Ann)" in html or url.endswith("/log"), url
    shown = text(bea, table)
    assert "Ann's card for round 1 is in, face down" in shown
    assert held(shown, "Ann") == held(before["bea"], "Ann") == "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11"

    body = api(bea, table)
    sealed = [e for e in body["entries"] if e["kind"] == "card"]
    assert sealed == [sealed[0] | {"payload": None, "sealed": True}] and sealed[0]["author"] == "Ann"
    assert body["state"]["pending"]["plays"] == {}
    assert body["state"]["sealed"] == {
        "step": "round:1:cards",
        "label": "Round 1's cards",
        "in": ["Ann"],
        "waiting": ["Béa", "Cy"],
    }
    assert '"card": 7' not in json.dumps(body)

    card(bea, table, "Béa", 4)
    assert "Béa played 4" not in text(ann, table) and "Ann played 7" not in text(bea, table)
    assert "2 of 3 in</strong> (Ann, Béa)" in text(bea, watch)
    card(bea, table, "Cy", 2)  # Cy has no phone: Béa enters it for him

    for url, reader in ((table, ann), (table, bea), (watch, ann)):
        html = text(reader, url)
        assert all(f"{who} played {c}" in html for who, c in (("Ann", 7), ("Béa", 4), ("Cy", 2))), url
        assert "face down" not in html
        assert held(html, "Ann") == "0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11", url
        assert held(html, "Béa") == "0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11", url
    revealed = api(ann, table)
    assert [e["payload"]["card"] for e in revealed["entries"] if e["kind"] == "card"] == [7, 4, 2]
    assert not any(e["sealed"] for e in revealed["entries"]) and "sealed" not in revealed["state"]


def test_a_phone_changes_its_own_card_until_the_reveal_and_the_first_one_never_shows(phones):
    table, ann, bea = phones
    card(ann, table, "Ann", 7)
    assert card(ann, table, "Ann", 3).status_code == 303
    assert "Your <strong>3</strong> is in" in text(ann, table)
    changed = text(bea, table)
    assert "Ann played" not in changed
    card(bea, table, "Béa", 4)
    card(bea, table, "Cy", 2)
    for reader in (ann, bea):
        html = text(reader, f"{table}/log")
        assert "Ann played 3" in html and "Ann played 7" not in html
        assert "Ann's card for round 1, changed before the reveal" in html
    entries = api(bea, table)["entries"]
    assert [e["payload"] and e["payload"]["card"] for e in entries if e["kind"] == "card"] == [None, 3, 4, 2]


def test_nobody_else_may_undo_correct_or_replace_a_sealed_card(phones):
    table, ann, bea = phones
    card(ann, table, "Ann", 7)
    seq = version(ann, table)
    replaced = card(bea, table, "Ann", 1)
    assert replaced.status_code == 422
    assert "only the phone that entered it can change it" in replaced.get_data(as_text=True)
    undo = {"target": seq, "version": seq, "entry_id": secrets.token_hex(8)}
    refused = bea.post(f"{table}/undo", data=undo)
    assert refused.status_code == 409 and "only the phone that entered it can take it back" in refused.get_data(
        as_text=True
    )
    assert bea.get(f"{table}/entries/{seq}/edit").status_code == 404
    assert f"/entries/{seq}/edit" not in bea.get(table).get_data(as_text=True)
    assert version(ann, table) == seq  # nothing was stored
    assert ann.get(f"{table}/entries/{seq}/edit").status_code == 200
    assert ann.post(f"{table}/undo", data=undo | {"entry_id": secrets.token_hex(8)}).status_code == 303


def test_the_api_never_changes_a_sealed_card(phones):
    table, ann, _ = phones
    card(ann, table, "Ann", 7)
    token = table.rsplit("/", 1)[1]
    seq = version(ann, table)
    for kind, payload in (
        ("undo", {"target": seq}),
        ("correct", {"target": seq, "payload": {"round": 1, "player": "Ann", "card": 1}}),
        ("card", {"round": 1, "player": "Ann", "card": 1}),
    ):
        body = {"kind": kind, "payload": payload, "entry_id": secrets.token_hex(8), "base_version": seq}
        answer = ann.post(f"/api/v1/tables/{token}/entries", json=body)
        assert answer.status_code == 422, kind
        assert "only the phone that entered it" in json.dumps(answer.get_json()), kind
    assert version(ann, table) == seq


def test_the_result_sheet_shows_nothing_of_a_sealed_card(phones):
    table, ann, bea = phones

    def sheet(client):
        response = client.get(f"{table}/results.pdf")
        assert response.status_code == 200
        return "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)

    before = sheet(bea)
    card(ann, table, "Ann", 11)
    assert sheet(ann) == sheet(bea) == before  # no hand worth moves, not even on the phone that entered it
    card(bea, table, "Béa", 4)
    card(bea, table, "Cy", 2)
    post_entry(bea, table, "order", round=1, average=1)
    post_entry(bea, table, "review", round=1, review="highest+1/lowest-1")
    assert sheet(bea) != before  # once played, the round shows


def test_a_phone_s_own_fragment_is_never_kept_by_a_shared_cache(phones):
    table, ann, bea = phones
    card(ann, table, "Ann", 7)
    assert ann.get(f"{table}/live").headers["Cache-Control"] == "private, no-cache"
    watch = watch_of(bea, table)
    assert bea.get(f"{watch}/live").headers["Cache-Control"] == "private, no-cache"  # a watch link is a secret too


def test_a_correction_posted_by_another_phone_is_refused_and_stores_nothing(phones):
    table, ann, bea = phones
    card(ann, table, "Ann", 7)
    seq = version(ann, table)
    fields = {"round": 1, "player": "Ann", "card": 1, "version": seq, "entry_id": secrets.token_hex(8)}
    assert bea.post(f"{table}/entries/{seq}/edit", data=fields).status_code == 404
    assert version(ann, table) == seq
    assert [e["payload"] for e in api(ann, table)["entries"] if e["kind"] == "card"] == [None]
