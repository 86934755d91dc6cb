"""Photos of a table: resized to 1,600 px at most, stripped of every EXIF field, refused with nothing stored past
their limits, and shown at the editor link only."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from werkzeug.test import EnvironBuilder

from companion.storage import photos as photo_rows
from companion.tables import photos
from tests.conftest import make_app

from .pages import start


def jpeg(width: int, height: int, gps: bool = False) -> bytes:
    picture = Image.new("RGB", (width, height), (200, 30, 60))
    out = io.BytesIO()
    exif = Image.Exif()
    if gps:
        exif[0x010F] = "PhoneMaker"  # Make
        exif[0x8825] = {1: "N", 2: (48.0, 51.0, 24.0), 3: "E", 4: (2.0, 21.0, 3.0)}  # GPSInfo: Paris
    picture.save(out, format="JPEG", exif=exif)
    return out.getvalue()


def upload(client, table: str, raw: bytes, name: str = "board.jpg"):
    environ = EnvironBuilder(path=f"{table}/photos", method="POST", data={"photo": (io.BytesIO(raw), name)})
    environ = environ.get_environ()
    try:
        return client.open(environ)
    finally:
        environ["wsgi.input"].close()  # a body this big is spooled to a temporary file


def stored(app, table: str) -> list[bytes]:
    store = app.extensions["store"]
    return photo_rows.images(store, store.by_token(table.rsplit("/", 1)[1]).id)


def test_a_big_photo_comes_out_1600_on_its_long_side(app, client):
    table = start(client, "Ana", "Ben")
    assert upload(client, table, jpeg(4000, 3000)).status_code == 303
    [image] = stored(app, table)
    assert Image.open(io.BytesIO(image)).size == (1600, 1200)


def test_a_small_photo_keeps_its_size(app, client):
    table = start(client, "Ana", "Ben")
    assert upload(client, table, jpeg(800, 1200)).status_code == 303
    assert Image.open(io.BytesIO(stored(app, table)[0])).size == (800, 1200)


def test_no_exif_and_no_gps_position_is_kept(app, client):
    raw = jpeg(2000, 1000, gps=True)
    assert Image.open(io.BytesIO(raw)).getexif().get_ifd(0x8825), "the test photo carries a GPS position"
    table = start(client, "Ana", "Ben")
    assert upload(client, table, raw).status_code == 303
    [image] = stored(app, table)
    kept = Image.open(io.BytesIO(image))
    assert dict(kept.getexif()) == {} and "exif" not in kept.info
    assert b"Exif" not in image and b"PhoneMaker" not in image


def test_an_upload_over_8_mb_is_refused_and_nothing_stored(app, client):
    table = start(client, "Ana", "Ben")
    big = jpeg(100, 100) + b"\0" * (9 * 1024 * 1024)
    response = upload(client, table, big)
    assert response.status_code == 413
    assert "at most 8 MB" in response.get_data(as_text=True)
    assert stored(app, table) == []


def test_a_thirteenth_photo_is_refused(app, client):
    table = start(client, "Ana", "Ben")
    for _ in range(12):
        assert upload(client, table, jpeg(40, 30)).status_code == 303
    response = upload(client, table, jpeg(40, 30))
    assert response.status_code == 422
    assert "at most 12 photos" in response.get_data(as_text=True)
    assert len(stored(app, table)) == 12


def test_what_is_not_a_picture_is_refused(app, client):
    table = start(client, "Ana", "Ben")
    response = upload(client, table, b"%PDF-1.7 not a photo at all", "pad.jpg")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    beside = html[html.index('id="photos"') : html.index("</details>", html.index('id="photos"'))]
    assert '<details class="card" id="photos" open>' in html  # said beside the form the phone sent it from
    assert re.search(r'<p class="error" id="photo-error" role="alert">[^<]*not a picture', beside)
    assert upload(client, table, b"").status_code == 422
    assert stored(app, table) == []


def test_a_picture_of_too_many_pixels_is_refused():
    out = io.BytesIO()
    Image.new("1", (8000, 6000)).save(out, format="PNG")  # 48 million pixels: past the limit, short of Pillow's own
    with pytest.raises(photos.Refused, match="too_many_pixels"):
        photos.prepared(out.getvalue())


def test_a_decompression_bomb_is_refused(app, client):
    out = io.BytesIO()
    Image.new("1", (20_000, 20_000)).save(out, format="PNG")  # a few dozen KB that would open as 400 million pixels
    assert len(out.getvalue()) < photos.MOST_BYTES
    table = start(client, "Ana", "Ben")
    response = upload(client, table, out.getvalue(), "bomb.png")
    assert response.status_code == 422
    assert "too many pixels" in response.get_data(as_text=True)
    assert stored(app, table) == []


def test_photos_are_seen_at_the_editor_link_only(app, client):
    table = start(client, "Ana", "Ben")
    assert upload(client, table, jpeg(400, 300)).status_code == 303
    page = client.get(table).get_data(as_text=True)
    [address] = re.findall(r'src="(/t/[^"]+/photos/\d+\.jpg)"', page)
    shown = client.get(address)
    assert shown.status_code == 200 and shown.mimetype == "image/jpeg"
    assert "private" in shown.headers["Cache-Control"]
    store = app.extensions["store"]
    row = store.by_token(table.rsplit("/", 1)[1])
    watch = f"/v/{row.viewer_token}"
    assert "/photos/" not in client.get(watch).get_data(as_text=True)
    photo = address.rsplit("/", 1)[1]
    assert client.get(f"{watch}/photos/{photo}").status_code in (404, 405)  # the watch link's refusal of any other path
    assert client.get(f"/t/not-{row.token[4:]}/photos/{photo}").status_code == 404
    other = start(client, "Cy", "Di")
    assert client.get(f"{other}/photos/{photo}").status_code == 404  # another table's link reaches none of it


def test_the_photo_form_needs_its_csrf_token(tmp_path):
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    html = client.get("/new/next-station-paris").get_data(as_text=True)
    good = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    table = client.post("/new/next-station-paris", data={"players": ["Ana", "Ben"], "csrf_token": good})
    table = table.headers["Location"]
    data = {"photo": (io.BytesIO(jpeg(40, 30)), "a.jpg")}
    assert client.post(f"{table}/photos", data=data, content_type="multipart/form-data").status_code == 400
    assert stored(app, table) == []
    data = {"photo": (io.BytesIO(jpeg(40, 30)), "a.jpg"), "csrf_token": good}
    assert client.post(f"{table}/photos", data=data, content_type="multipart/form-data").status_code == 303
    assert len(stored(app, table)) == 1


@pytest.mark.parametrize("size", [(4000, 3000), (3000, 4000)])
def test_prepared_keeps_the_shape(size):
    shaped = photos.prepared(jpeg(*size))
    assert max(shaped.width, shaped.height) == 1600
    assert Image.open(io.BytesIO(shaped.image)).size == (shaped.width, shaped.height)
    small = Image.open(io.BytesIO(shaped.thumb)).size
    assert max(small) == 480 and abs(small[0] / small[1] - shaped.width / shaped.height) < 0.01
