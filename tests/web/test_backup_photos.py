"""A group's backup carries its tables' photos, and restoring it brings them back; a photo in a backup that is none
is refused where it is, and nothing of that backup is stored."""

from __future__ import annotations

import base64
import io
import json

from PIL import Image
from sqlalchemy import func, select

from companion.storage.schema import groups, photos
from tests.conftest import make_app

from .test_access_matrix import build_world


def a_new_group(app) -> str:
    response = app.test_client().post("/new/next-station-paris", data={"players": ["Ann", "Ben"]})
    assert response.status_code == 303
    with app.extensions["store"].engine.connect() as conn:
        return conn.execute(select(groups.c.token)).scalar_one()


def stored_photos(app) -> list[bytes]:
    with app.extensions["store"].engine.connect() as conn:
        return list(conn.execute(select(photos.c.image).order_by(photos.c.id)).scalars())


def restore(app, token: str, backup: dict):
    client = app.test_client()
    client.get(f"/g/{token}", headers={"Sec-Fetch-Site": "none"})
    body = json.dumps(backup).encode()
    return client.post(f"/g/{token}/history/import", data={"backup": (io.BytesIO(body), "b.json")})


def test_photos_travel_in_the_backup_and_come_back(tmp_path):
    world = build_world(tmp_path / "from")
    backup = world.client("group").get(f"/g/{world.group}/history/export.json").get_json()
    (play,) = backup["plays"]
    [photo] = play["photos"]
    assert base64.b64decode(photo) == stored_photos(world.app)[0]

    other = make_app(tmp_path / "to")
    response = restore(other, a_new_group(other), backup)
    assert response.status_code == 303, response.get_data(as_text=True)
    [image] = stored_photos(other)
    assert Image.open(io.BytesIO(image)).size == (40, 30)
    with other.extensions["store"].engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(photos)).scalar_one() == 1


def test_a_backup_without_photos_restores_as_before(tmp_path):
    world = build_world(tmp_path / "from")
    backup = world.client("group").get(f"/g/{world.group}/history/export.json").get_json()
    del backup["plays"][0]["photos"]
    other = make_app(tmp_path / "to")
    assert restore(other, a_new_group(other), backup).status_code == 303
    assert stored_photos(other) == []


def test_a_photo_that_is_none_is_refused_where_it_is_and_nothing_stored(tmp_path):
    world = build_world(tmp_path / "from")
    backup = world.client("group").get(f"/g/{world.group}/history/export.json").get_json()
    backup["plays"][0]["photos"].append(base64.b64encode(b"not a picture").decode())
    other = make_app(tmp_path / "to")
    response = restore(other, a_new_group(other), backup)
    assert response.status_code == 422
    assert "plays[0].photos[1]" in response.get_data(as_text=True)
    assert stored_photos(other) == []
