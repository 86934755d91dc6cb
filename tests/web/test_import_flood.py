"""A flood of imports into one group, against a real server: it stops at the hourly caps, and another group's
history, the health check and the table polls answer as before."""

from __future__ import annotations

import requests

from tests.conftest import LiveServer, make_app

from .test_import_limits import backup, lfg_play


def test_a_flood_of_imports_stops_at_the_caps_and_never_reaches_another_group(tmp_path):
    app = make_app(tmp_path, IMPORTS_LIMIT=50, IMPORTED_PLAYS_LIMIT=300, IMPORT_MAX_PLAYS=100)
    with LiveServer(app) as server:
        api = f"{server.url}/api/v1"
        flooder = requests.post(f"{api}/tables", json={"game": "oz", "players": ["Ann", "Ben"]}, timeout=30).json()
        other = requests.post(f"{api}/tables", json={"game": "oz", "players": ["Cy", "Dee"]}, timeout=30).json()
        flooding, quiet = flooder["group"].rsplit("/", 1)[1], other["group"].rsplit("/", 1)[1]
        answers = []
        for batch in range(6):
            plays = [lfg_play(batch * 100 + n, "COPIED") for n in range(100)]
            response = requests.post(
                f"{api}/groups/{flooding}/import",
                data=backup(plays),
                timeout=60,
                headers={"Content-Type": "application/json"},
            )
            answers.append(response.status_code)
        assert answers[:3] == [201, 201, 201] and set(answers[3:]) == {429}, answers
        too_big = [lfg_play(1000 + n, "COPIED") for n in range(101)]
        refused = requests.post(
            f"{api}/groups/{flooding}/import",
            data=backup(too_big),
            timeout=60,
            headers={"Content-Type": "application/json"},
        )
        assert refused.status_code in (422, 429)
        page = requests.get(f"{server.url}/g/{flooding}/history", timeout=30)
        assert page.status_code == 200 and len(page.content) < 200_000  # one page of 50, not 300 plays
        neighbour = requests.get(f"{server.url}/g/{quiet}/history", timeout=30).text
        assert "Jay" not in neighbour and "Kai" not in neighbour and "0 plays" in neighbour
        assert requests.get(f"{api}/groups/{quiet}/plays", timeout=30).json()["plays"] == []
        assert requests.get(f"{server.url}/healthz", timeout=30).status_code == 200
        assert requests.get(f"{server.url}{other['watch']}/live", timeout=30).status_code == 200
