"""A group's history lives under its private link: two groups on one server never see each other's plays, names,
merges or counts on any page, file or API answer; a stranger (no cookie, no link) sees none of them; the old
addresses lead a phone to its own group's history; a member deletes and restores a play; an import goes into the group
it was posted to."""

from __future__ import annotations

import io
import json
import re

import pytest

from companion import groups
from companion.history import plays as plays

from ..test_history import T0, log, nsp
from .pages import start

OURS = ("Ana", "Ben")
THEIRS = ("Xia", "Yul")


def seeded(app, name, players, count=2):
    """A group with `count` finished tables of `players`; the group."""
    store = app.extensions["store"]
    group = groups.create_group(store, name)
    items = []
    for n in range(count):
        game, setup, entries = nsp({players[0]: (3, 2, 1), players[1]: (1 + n, 1, 0)})
        at = T0.replace(day=1 + n)
        items.append((game, setup, at, log(entries, at)))
    rows = plays.restore(store, group.id, items)
    return group, rows


@pytest.fixture
def two(app):
    """Two groups on one server, with the same games and other players."""
    return seeded(app, "Ours", OURS), seeded(app, "Theirs", THEIRS)


def without_tokens(body: str) -> str:
    """The body without its random tokens (links, CSRF, play ids), in which any three letters turn up now and then."""
    return re.sub(r"[A-Za-z0-9_-]{16,}", "", body)


def history(group):
    return f"/g/{group.token}/history"


def pages_of(group):
    """Every page and file of a group's history, and its API answers."""
    h = history(group)
    return [
        h,
        f"{h}?player=Ana",
        f"{h}/games/next-station-paris",
        f"{h}/plays.csv",
        f"{h}/export.json",
        f"/api/v1/groups/{group.token}/plays",
        f"/api/v1/groups/{group.token}/export",
    ]


def test_two_groups_never_see_each_other_s_plays_names_or_counts(app, client, two):
    (ours, our_rows), (theirs, their_rows) = two
    for group, mine, others, rows, other_rows in (
        (ours, OURS, THEIRS, our_rows, their_rows),
        (theirs, THEIRS, OURS, their_rows, our_rows),
    ):
        for path in pages_of(group):
            response = client.get(path)
            body = response.get_data(as_text=True)
            assert response.status_code == 200, path
            assert all(name in body for name in mine), path
            assert not any(name in without_tokens(body) for name in others), path
            assert not any(row.viewer_token in body for row in other_rows), path
            assert not any(row.token in body or f'"{row.code}"' in body for row in rows + other_rows), path
        assert client.get(f"{history(group)}/players/{others[0]}").status_code == 404
        assert '<h2 aria-live="polite">2 plays</h2>' in client.get(history(group)).get_data(as_text=True)
    our_play = re.search(r'data-play="([0-9a-f]+)"', client.get(history(ours)).get_data(as_text=True)).group(1)
    assert client.get(f"{history(theirs)}/plays/{our_play}.bgsplay").status_code == 404
    assert client.post(f"{history(theirs)}/plays/{our_play}/delete").status_code == 404
    assert client.post(f"{history(theirs)}/merge", data={"name": "Ben", "into": "Ana"}).status_code == 404
    assert client.get(history(ours)).get_data(as_text=True).count('class="card play"') == 2


def group_routes(app):
    """Every route under a group's history link or its API, with its methods: the URL map's own list, so a route
    added later is checked too."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(("/g/<token>/history", "/api/v1/groups/<token>")):
            values = {arg: "x" for arg in rule.arguments if arg != "token"}
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                found.append((method, rule.rule, values))
    return found


def test_a_stranger_with_no_link_reaches_nothing(app, two):
    stranger = app.test_client()
    routes = group_routes(app)
    assert {rule for _, rule, _ in routes} >= {
        "/g/<token>/history",
        "/g/<token>/history/players/<path:name>",
        "/g/<token>/history/import",
        "/g/<token>/history/plays/<play_id>/delete",
        "/api/v1/groups/<token>/plays",
        "/api/v1/groups/<token>/import",
    }
    for guess in ("x", "A" * 24, two[0][0].token[:-1]):
        for method, rule, values in routes:
            path = rule.replace("<token>", guess)
            for arg, value in values.items():
                path = re.sub(rf"<(?:\w+:)?{arg}>", value, path)
            response = stranger.open(path, method=method)
            assert response.status_code == 404, (method, path)
            body = response.get_data(as_text=True)
            assert not any(name in without_tokens(body) for name in OURS + THEIRS)
    page = stranger.get("/history")
    assert page.status_code == 200 and "Open your group's link on this phone" in page.get_data(as_text=True)
    for path in ("/history", "/history/players/Ana", "/history/plays.csv", "/history/export.json"):
        body = stranger.get(path).get_data(as_text=True)
        assert not any(name in without_tokens(body) for name in OURS + THEIRS) and "/g/" not in body, path


def test_the_old_addresses_lead_a_phone_to_its_own_group_s_history(client):
    start(client, "Ana", "Ben")
    with client.session_transaction() as session:
        mine = session["group"]
    response = client.get("/history")
    assert response.status_code == 302 and response.headers["Location"] == f"/g/{mine}/history"
    response = client.get("/history/players/Ana Bé?page=2")
    assert response.headers["Location"] == f"/g/{mine}/history/players/Ana%20B%C3%A9?page=2"
    assert client.get("/history/plays.csv").headers["Location"] == f"/g/{mine}/history/plays.csv"
    with client.session_transaction() as session:
        session["group"] = "a-group-that-is-not-there"
    assert client.get("/history").headers["Location"] == f"/g/{mine}/history"  # the group it belongs to


def test_a_member_deletes_a_play_and_restores_it(app, client, two):
    (ours, rows), _ = two
    h = history(ours)
    html = client.get(h).get_data(as_text=True)
    play_id = re.findall(r'data-play="([0-9a-f]+)"', html)[0]
    assert f'action="{h}/plays/{play_id}/delete"' in html and "Recently deleted" not in html

    response = client.post(f"{h}/plays/{play_id}/delete")
    assert response.status_code == 303 and response.headers["Location"] == f"{h}?deleted={play_id}"
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    banner = re.search(r'<div class="banner spread" role="status">(.*?)</div>', html, re.S).group(1)
    assert "The Next Station Paris play of 02 Mar was deleted from the history." in banner
    assert f'action="{h}/plays/{play_id}/restore"' in banner
    assert '<h2 aria-live="polite">1 play</h2>' in html and html.count('class="card play"') == 1
    deleted = html[html.index('id="deleted"') :]
    assert f'data-play="{play_id}"' in deleted and f'action="{h}/plays/{play_id}/restore"' in deleted
    assert play_id not in client.get(f"{h}/plays.csv").get_data(as_text=True)
    assert play_id not in client.get(f"{h}/export.json").get_data(as_text=True)
    assert [p["id"] for p in client.get(f"/api/v1/groups/{ours.token}/plays").get_json()["plays"]] != [play_id]
    assert client.get(f"{h}/plays/{play_id}.bgsplay").status_code == 404
    assert client.get(f"/v/{rows[1].viewer_token}/play.bgsplay").status_code == 404  # nor from the watch link
    table_page = client.get(f"/v/{rows[1].viewer_token}")
    assert table_page.status_code == 200  # the table itself stays, with nothing to send from it
    assert "Send to BG Stats" not in table_page.text and ".bgsplay" not in table_page.text
    assert client.post(f"{h}/plays/{play_id}/delete").status_code == 404

    response = client.post(f"{h}/plays/{play_id}/restore")
    assert response.status_code == 303
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "The play is back in the history." in html and "Recently deleted" not in html
    assert html.count('class="card play"') == 2 and play_id in client.get(f"{h}/plays.csv").get_data(as_text=True)
    assert client.get(f"/v/{rows[1].viewer_token}/play.bgsplay").status_code == 200
    assert "Send to BG Stats" in client.get(f"/v/{rows[1].viewer_token}").text
    assert client.post(f"{h}/plays/{play_id}/restore").status_code == 404


def test_an_import_goes_into_the_group_it_was_posted_to(app, client, two):
    (ours, _), (theirs, _) = two
    exported = client.get(f"{history(ours)}/export.json").data
    upload = {"backup": (io.BytesIO(exported), "plays.json")}
    response = client.post(f"{history(theirs)}/import", data=upload, content_type="multipart/form-data")
    assert response.headers["Location"] == f"{history(theirs)}?imported=2&skipped=0"
    html = client.get(history(theirs)).get_data(as_text=True)
    assert '<h2 aria-live="polite">4 plays</h2>' in html and "Ana" in html
    assert '<h2 aria-live="polite">2 plays</h2>' in client.get(history(ours)).get_data(as_text=True)
    again = client.post(f"{history(ours)}/import", data={"backup": (io.BytesIO(exported), "p.json")})
    assert again.headers["Location"] == f"{history(ours)}?imported=0&skipped=2"


def test_the_api_pages_a_group_s_plays(app, client):
    group, _ = seeded(app, "Ours", OURS, count=3)
    url = f"/api/v1/groups/{group.token}/plays"
    first = client.get(f"{url}?per_page=2").get_json()
    assert (first["total"], first["pages"], first["page"], first["per_page"]) == (3, 2, 1, 2)
    assert first["newer"] is None and first["older"] == f"{url}?page=2&per_page=2"
    second = client.get(first["older"]).get_json()
    assert len(first["plays"]) == 2 and len(second["plays"]) == 1 and second["older"] is None
    play = first["plays"][0]
    assert play["ended"] > first["plays"][1]["ended"] > second["plays"][0]["ended"]
    assert [(p["name"], p["rank"], p["winner"]) for p in play["players"]] == [("Ana", 1, True), ("Ben", 2, False)]
    assert play["watch"].startswith("/v/") and play["game"] == "next-station-paris"
    for wrong in ("page=0", "page=x", "per_page=101", "per_page=-1", "page=", "per_page=", "page=%C2%B2", "page=1.5"):
        response = client.get(f"{url}?{wrong}")
        assert response.status_code == 422, wrong
        assert [e["loc"] for e in response.get_json()["errors"]] == [wrong.split("=")[0]], wrong
    both = client.get(f"{url}?page=&per_page=" + "9" * 5000)
    assert both.status_code == 422 and [e["loc"] for e in both.get_json()["errors"]] == ["page", "per_page"]
    assert "from 1 to 100" in both.get_json()["errors"][1]["msg"]
    missing = client.get("/api/v1/groups/nobody/plays")
    assert missing.status_code == 404 and missing.get_json()["errors"][0]["loc"] == "token"
    documented = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert (
        {"get"} == set(documented["/api/v1/groups/{token}/plays"]) == set(documented["/api/v1/groups/{token}/export"])
    )
    assert set(documented["/api/v1/groups/{token}/import"]) == {"post"}


def test_the_api_exports_and_imports_a_group_s_backup(app, client, two):
    (ours, _), (theirs, _) = two
    exported = client.get(f"/api/v1/groups/{ours.token}/export")
    assert exported.status_code == 200 and len(exported.get_json()["plays"]) == 2
    response = client.post(f"/api/v1/groups/{theirs.token}/import", data=exported.data)
    assert response.status_code == 201 and response.get_json() == {"imported": 2, "skipped": 0}
    assert client.get(f"/api/v1/groups/{theirs.token}/plays").get_json()["total"] == 4
    assert client.get(f"/api/v1/groups/{ours.token}/plays").get_json()["total"] == 2
    broken = json.loads(exported.data)
    broken["plays"][0]["game"] = "chess"
    refused = client.post(f"/api/v1/groups/{ours.token}/import", json=broken)
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["loc"] == "plays[0].game"
    assert client.post(f"/api/v1/groups/{ours.token}/import", data=b"").status_code == 400
    assert client.get(f"/api/v1/groups/{ours.token}/plays").get_json()["total"] == 2
