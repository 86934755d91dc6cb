"""A table's photos through the JSON API: listed and added at its editor token with the page's own limits and
refusals (as the API's located problems, nothing stored on a refusal), never reached by its watch token; and the
group history API's plays carrying their photos, each seen under the group's link."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from werkzeug.test import EnvironBuilder

from companion.storage import photos as photo_rows
from companion.tables import photos
from tests.web.test_group_photos import finished
from tests.web.test_photos import jpeg, stored


@pytest.fixture
def table(client):
    created = client.post("/api/v1/tables", json={"game": "next-station-paris", "players": ["Ann", "Ben"]})
    assert created.status_code == 201
    return created.get_json()


def token(link: str) -> str:
    return link.rsplit("/", 1)[1]


def add(client, link: str, raw: bytes | None, name: str = "board.jpg"):
    """A multipart upload of `raw` as the field `photo` (no field at all for None)."""
    data = {} if raw is None else {"photo": (io.BytesIO(raw), name)}
    path = f"/api/v1/tables/{token(link)}/photos"
    environ = EnvironBuilder(path=path, method="POST", data=data, content_type="multipart/form-data").get_environ()
    try:
        return client.open(environ)
    finally:
        environ["wsgi.input"].close()  # a body this big is spooled to a temporary file


def refused(response, status: int, words: str) -> None:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    [problem] = response.get_json()["errors"]
    assert problem["loc"] == "photo" and words in problem["msg"], problem


def test_a_photo_added_is_answered_listed_and_seen(app, client, table):
    added = add(client, table["edit"], jpeg(4000, 3000))
    assert added.status_code == 201
    photo = added.get_json()
    assert photo["width"] == 1600 and photo["height"] == 1200
    assert photo["url"] == f"/t/{token(table['edit'])}/photos/{photo['id']}.jpg" == added.headers["Location"]
    assert photo["added"].endswith("+00:00")
    listed = client.get(f"/api/v1/tables/{token(table['edit'])}/photos").get_json()
    assert listed == {"photos": [photo], "most": 12}
    image = client.get(photo["url"])
    assert image.status_code == 200 and Image.open(io.BytesIO(image.data)).size == (1600, 1200)
    assert stored(app, table["edit"]) == [image.data]
    assert photo["thumb"] == f"/t/{token(table['edit'])}/photos/{photo['id']}.thumb.jpg"
    assert Image.open(io.BytesIO(client.get(photo["thumb"]).data)).size == (480, 360)


def test_a_new_table_lists_no_photos(client, table):
    assert client.get(f"/api/v1/tables/{token(table['edit'])}/photos").get_json() == {"photos": [], "most": 12}


def test_a_watch_token_sees_no_photo_and_adds_none(app, client, table):
    assert add(client, table["edit"], jpeg(40, 30)).status_code == 201
    read = client.get(f"/api/v1/tables/{token(table['watch'])}/photos")
    assert read.status_code == 403
    assert read.get_json()["errors"][0]["loc"] == "token" and "group only" in read.get_json()["errors"][0]["msg"]
    assert "/photos/" not in read.get_data(as_text=True)
    assert add(client, table["watch"], jpeg(40, 30)).status_code == 403
    assert len(stored(app, table["edit"])) == 1
    assert "/photos/" not in client.get(f"/api/v1/tables/{token(table['watch'])}").get_data(as_text=True)


def test_an_unknown_token_is_a_404(client):
    assert client.get("/api/v1/tables/nobodys-table/photos").status_code == 404
    assert add(client, "/t/nobodys-table", jpeg(40, 30)).status_code == 404


def test_what_is_not_a_picture_is_refused_and_nothing_stored(app, client, table):
    refused(add(client, table["edit"], b"%PDF-1.7 not a photo at all", "pad.jpg"), 422, "not a picture")
    assert stored(app, table["edit"]) == []


def test_no_photo_at_all_is_refused(app, client, table):
    refused(add(client, table["edit"], None), 422, "multipart/form-data field photo")
    refused(add(client, table["edit"], b""), 422, "multipart/form-data field photo")
    sent_json = client.post(f"/api/v1/tables/{token(table['edit'])}/photos", json={"photo": "x"})
    refused(sent_json, 422, "multipart/form-data field photo")
    assert stored(app, table["edit"]) == []


def test_a_photo_over_8_mb_is_a_413_and_nothing_stored(app, client, table):
    big = jpeg(100, 100) + b"\0" * (9 * 1024 * 1024)
    refused(add(client, table["edit"], big), 413, "at most 8 MB")
    assert stored(app, table["edit"]) == []


def test_a_photo_just_past_the_limit_inside_the_form_is_a_413(app, client, table):
    raw = jpeg(100, 100)
    raw += b"\0" * (photos.MOST_BYTES + 1 - len(raw))  # the body fits the form's limit, the photo does not
    refused(add(client, table["edit"], raw), 413, "at most 8 MB")
    assert stored(app, table["edit"]) == []


def test_a_decompression_bomb_is_refused_and_nothing_stored(app, client, table):
    out = io.BytesIO()
    Image.new("1", (20_000, 20_000)).save(out, format="PNG")
    refused(add(client, table["edit"], out.getvalue(), "bomb.png"), 422, "too many pixels")
    assert stored(app, table["edit"]) == []


def test_a_thirteenth_photo_is_refused(app, client, table):
    for _ in range(photo_rows.MOST):
        assert add(client, table["edit"], jpeg(40, 30)).status_code == 201
    refused(add(client, table["edit"], jpeg(40, 30)), 422, "at most 12 photos")
    assert len(stored(app, table["edit"])) == 12
    assert len(client.get(f"/api/v1/tables/{token(table['edit'])}/photos").get_json()["photos"]) == 12


def test_a_refusal_is_said_in_the_readers_language(client, table):
    response = client.post(
        f"/api/v1/tables/{token(table['edit'])}/photos",
        data={"photo": (io.BytesIO(b"not a photo"), "x.jpg")},
        content_type="multipart/form-data",
        headers={"Accept-Language": "de"},
    )
    assert response.status_code == 422
    assert "not a picture" not in response.get_json()["errors"][0]["msg"]


def test_the_group_history_api_carries_each_plays_photos(app):
    ours = finished(app, app.test_client(), photos=2)
    theirs = finished(app, app.test_client(), photos=1, players=("Cy", "Di"))
    [play] = ours.client.get(f"/api/v1/groups/{ours.group}/plays").get_json()["plays"]
    assert [p["url"] for p in play["photos"]] == [f"/g/{ours.group}/photos/{n}.jpg" for n in (1, 2)]
    assert [p["thumb"] for p in play["photos"]] == [f"/g/{ours.group}/photos/{n}.thumb.jpg" for n in (1, 2)]
    assert {(p["width"], p["height"]) for p in play["photos"]} == {(400, 300)}
    for photo in play["photos"]:
        for link in (photo["url"], photo["thumb"]):
            assert app.test_client().get(link).status_code == 200  # the group's link is all it takes
    [their_play] = theirs.client.get(f"/api/v1/groups/{theirs.group}/plays").get_json()["plays"]
    assert [p["id"] for p in their_play["photos"]] == [3]


def test_a_play_without_photos_has_an_empty_list(app):
    ours = finished(app, app.test_client(), photos=0)
    [play] = ours.client.get(f"/api/v1/groups/{ours.group}/plays").get_json()["plays"]
    assert play["photos"] == []


def test_the_openapi_document_describes_the_photos(client):
    document = client.get("/api/v1/openapi.json").get_json()
    operations = document["paths"]["/api/v1/tables/{token}/photos"]
    assert set(operations) == {"get", "post"}
    upload = operations["post"]["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert upload["properties"]["photo"] == upload["properties"]["photo"] | {"type": "string", "format": "binary"}
    assert {"201", "403", "404", "413", "422"} <= set(operations["post"]["responses"])
    assert "403" in operations["get"]["responses"]
    schemas = document["components"]["schemas"]
    assert set(schemas["Photo"]["required"]) == {"id", "width", "height", "url", "thumb", "added"}
    assert schemas["Play"]["properties"]["photos"]["items"] == {"$ref": "#/components/schemas/Photo"}
    assert "photos" not in schemas["Play"]["required"]  # an addition: a client of the first contract is unchanged
