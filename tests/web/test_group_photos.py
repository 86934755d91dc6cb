"""Photos on a group's pages: each play's card in the history shows its photos, the group's photos page lists them
newest first a page at a time, each leading to its table's result, and each photo is seen under the group's link,
never another group's, and never with a table's editor link or join code anywhere on the way."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import pytest
from flask.testing import FlaskClient
from PIL import Image
from sqlalchemy import select

from companion.history import photos as play_photos
from companion.storage.store import groups
from companion.web import group_photos
from companion.web.codes import shown_code
from tests.conftest import make_app

from .test_access_matrix import build_world
from .test_backup_photos import a_new_group, restore
from .test_photos import jpeg, upload

LINE = {"districts": 2, "max_stations_in_district": 2, "monuments": 0}


@dataclass(frozen=True)
class Finished:
    """A finished table with photos, seen by the phone that started it (a member of the table's group)."""

    client: FlaskClient
    editor: str  # its address, /t/<token>
    group: str  # the group's token
    table_id: int
    watch: str
    code: str


def finished(app, client: FlaskClient, photos: int = 1, players: tuple[str, str] = ("Ana", "Ben")) -> Finished:
    """A Next Station Paris table played to its end by `client`'s phone, with `photos` photos added."""
    editor = client.post("/new/next-station-paris", data={"players": list(players)}).headers["Location"]
    token = editor.rsplit("/", 1)[1]
    version = 0
    for round_no, color in enumerate(("blue", "green", "orange", "purple"), 1):
        for player in players:
            payload = {"player": player, "round": round_no, "line": {"color": color, **LINE}}
            version = _enter(client, token, "line", payload, version)
    for player in players:
        version = _enter(client, token, "bonus", {"player": player}, version)
    for _ in range(photos):
        assert upload(client, editor, jpeg(400, 300)).status_code == 303
    row = app.extensions["store"].by_token(token)
    with app.extensions["store"].engine.connect() as conn:
        group = conn.execute(select(groups.c.token).where(groups.c.id == row.group_id)).scalar_one()
    return Finished(client, editor, group, row.id, row.viewer_token, row.code)


def _enter(client: FlaskClient, token: str, kind: str, payload: dict, version: int) -> int:
    body = {"kind": kind, "payload": payload, "entry_id": f"{kind}-{version}", "base_version": version}
    assert client.post(f"/api/v1/tables/{token}/entries", json=body).status_code == 201
    return version + 1


def photo_ids(html: str) -> list[int]:
    """The photos a page shows, each as its thumbnail linking to the photo itself."""
    shown = re.findall(r'<a href="/g/[^"/]+/photos/(\d+)\.jpg"><img src="/g/[^"/]+/photos/(\d+)\.thumb\.jpg"', html)
    assert all(whole == thumb for whole, thumb in shown)
    return [int(whole) for whole, _ in shown]


def test_a_plays_card_shows_its_photos_and_only_its_groups(app):
    ours = finished(app, app.test_client(), photos=2)
    theirs = finished(app, app.test_client(), photos=1, players=("Cy", "Di"))
    assert ours.group != theirs.group
    html = ours.client.get(f"/g/{ours.group}/history").get_data(as_text=True)
    assert photo_ids(html) == [1, 2]
    card = html[html.index('<ul class="thumbs"') : html.index("</ul>", html.index('<ul class="thumbs"'))]
    assert card.count('loading="lazy"') == 2 and card.count('width="400" height="300"') == 2
    assert f"/g/{ours.group}/photos/1.jpg" in card
    for page in ("games/next-station-paris", "players/Ana"):
        assert photo_ids(ours.client.get(f"/g/{ours.group}/history/{page}").get_data(as_text=True)) == [1, 2]
    assert photo_ids(theirs.client.get(f"/g/{theirs.group}/history").get_data(as_text=True)) == [3]


def test_a_play_without_photos_shows_no_row_of_them(app):
    ours = finished(app, app.test_client(), photos=0)
    html = ours.client.get(f"/g/{ours.group}/history").get_data(as_text=True)
    assert 'class="thumbs"' not in html and photo_ids(html) == []


def test_the_photos_page_lists_them_newest_first_each_leading_to_its_result(app):
    client = app.test_client()
    first = finished(app, client, photos=2)
    second = finished(app, client, photos=1)
    assert first.group == second.group
    html = client.get(f"/g/{first.group}/history/photos").get_data(as_text=True)
    assert photo_ids(html) == [3, 2, 1]
    items = re.findall(r'<li class="card" data-photo="(\d+)">(.*?)</li>', html, re.S)
    results = {int(photo): re.search(r'href="/v/([^"]+)"', item).group(1) for photo, item in items}
    assert results == {3: second.watch, 2: first.watch, 1: first.watch}
    assert "Next Station Paris" in html
    assert client.get(f"/g/{first.group}/history").get_data(as_text=True).count("/history/photos") == 1


def test_the_photos_page_goes_a_page_at_a_time(app, monkeypatch):
    monkeypatch.setattr(group_photos, "PER_PAGE", 2)
    ours = finished(app, app.test_client(), photos=5)
    url = f"/g/{ours.group}/history/photos"
    first = ours.client.get(url).get_data(as_text=True)
    assert photo_ids(first) == [5, 4] and f'href="{url}?page=2" rel="next"' in first
    last = ours.client.get(f"{url}?page=3").get_data(as_text=True)
    assert photo_ids(last) == [1] and 'rel="next"' not in last and f'href="{url}?page=2" rel="prev"' in last
    assert photo_ids(ours.client.get(f"{url}?page=99").get_data(as_text=True)) == [1]  # past the end: the last page
    assert photo_ids(ours.client.get(f"{url}?page=nonsense").get_data(as_text=True)) == [5, 4]


def test_a_page_of_photos_is_one_bounded_query_each(app):
    ours = finished(app, app.test_client(), photos=3)
    store = app.extensions["store"]
    group_id = store.by_token(ours.editor.rsplit("/", 1)[1]).group_id
    found = play_photos.page_of_photos(store, group_id, number=2, size=2)
    assert [p.photo.id for p in found.photos] == [1] and found.matching == 3 and found.pages == 2
    assert play_photos.page_of_photos(store, group_id + 1).photos == []


def test_a_deleted_plays_photos_leave_the_photos_page(app):
    ours = finished(app, app.test_client(), photos=1)
    html = ours.client.get(f"/g/{ours.group}/history").get_data(as_text=True)
    play_id = re.search(r'data-play="([^"]+)"', html).group(1)
    assert ours.client.post(f"/g/{ours.group}/history/plays/{play_id}/delete").status_code == 303
    html = ours.client.get(f"/g/{ours.group}/history/photos").get_data(as_text=True)
    assert photo_ids(html) == [] and "No photos yet" in html


def test_another_groups_photo_is_a_404_under_this_groups_link(app):
    ours = finished(app, app.test_client(), photos=1)
    theirs = finished(app, app.test_client(), photos=1, players=("Cy", "Di"))
    assert ours.client.get(f"/g/{ours.group}/photos/1.jpg").status_code == 200
    assert ours.client.get(f"/g/{ours.group}/photos/2.jpg").status_code == 404
    assert theirs.client.get(f"/g/{theirs.group}/photos/1.jpg").status_code == 404
    assert ours.client.get(f"/g/{ours.group}/photos/99.jpg").status_code == 404
    assert ours.client.get("/g/not-a-group/photos/1.jpg").status_code == 404
    assert ours.client.get(f"/g/{ours.group}/photos/1.thumb.jpg").status_code == 200
    assert theirs.client.get(f"/g/{theirs.group}/photos/1.thumb.jpg").status_code == 404
    for past in (2**31, 10**30):  # past any database integer: no photo, not a server error
        for ending in ("jpg", "thumb.jpg"):
            assert ours.client.get(f"/g/{ours.group}/photos/{past}.{ending}").status_code == 404
            assert ours.client.get(f"{ours.editor}/photos/{past}.{ending}").status_code == 404


def test_the_history_lists_photos_by_their_thumbnails(app):
    ours = finished(app, app.test_client(), photos=0)
    assert upload(ours.client, ours.editor, jpeg(3000, 2000, gps=True)).status_code == 303
    whole = ours.client.get(f"/g/{ours.group}/photos/1.jpg").data
    for link in (f"/g/{ours.group}/photos/1.thumb.jpg", f"{ours.editor}/photos/1.thumb.jpg"):
        small = ours.client.get(link)
        assert small.status_code == 200 and small.mimetype == "image/jpeg"
        assert small.headers["Cache-Control"] == "private, no-cache" and small.headers["ETag"]
        picture = Image.open(io.BytesIO(small.data))
        assert picture.size == (480, 320) and dict(picture.getexif()) == {}
        assert len(small.data) * 4 < len(whole)


def test_a_photo_is_kept_private_and_asked_about_again(app):
    ours = finished(app, app.test_client(), photos=1)
    shown = ours.client.get(f"/g/{ours.group}/photos/1.jpg")
    assert shown.status_code == 200 and shown.mimetype == "image/jpeg" and shown.data[:2] == b"\xff\xd8"
    assert shown.headers["Cache-Control"] == "private, no-cache" and shown.headers["ETag"]
    again = ours.client.get(f"/g/{ours.group}/photos/1.jpg", headers={"If-None-Match": shown.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    at_table = ours.client.get(f"{ours.editor}/photos/1.jpg")
    assert at_table.headers["ETag"] == shown.headers["ETag"] and at_table.data == shown.data


@pytest.mark.parametrize("reader", ["watch", "code"])
def test_no_watch_link_or_join_code_reaches_a_photo(app, reader):
    ours = finished(app, app.test_client(), photos=1)
    token = ours.watch if reader == "watch" else ours.code
    stranger = app.test_client()
    for url in (f"/g/{token}/photos/1.jpg", f"/g/{token}/history/photos", f"/t/{token}/photos/1.jpg"):
        assert stranger.get(url).status_code == 404, url
    assert "/photos/" not in stranger.get(f"/v/{ours.watch}").get_data(as_text=True)


def test_the_photos_page_shows_no_editor_link_or_join_code(app):
    ours = finished(app, app.test_client(), photos=1)
    editor = ours.editor.rsplit("/", 1)[1]
    for url in (f"/g/{ours.group}/history/photos", f"/g/{ours.group}/history", f"/api/v1/groups/{ours.group}/plays"):
        body = ours.client.get(url).get_data(as_text=True)
        for secret in (editor, ours.code, shown_code(ours.code)):
            assert secret not in body, (url, secret)


def test_a_restored_backups_photos_show_in_the_group_it_went_to(tmp_path):
    world = build_world(tmp_path / "from")
    backup = world.client("group").get(f"/g/{world.group}/history/export.json").get_json()
    other = make_app(tmp_path / "to")
    group = a_new_group(other)
    assert restore(other, group, backup).status_code == 303
    member = other.test_client()
    html = member.get(f"/g/{group}/history/photos").get_data(as_text=True)
    [photo] = photo_ids(html)
    original = world.client("group").get(f"/g/{world.group}/photos/1.jpg").data
    assert member.get(f"/g/{group}/photos/{photo}.jpg").data == original
    assert Image.open(io.BytesIO(member.get(f"/g/{group}/photos/{photo}.thumb.jpg").data)).format == "JPEG"
    assert photo_ids(member.get(f"/g/{group}/history").get_data(as_text=True)) == [photo]
