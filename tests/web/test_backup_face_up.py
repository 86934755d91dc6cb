"""A group's backup carries each L'oaf table as it came face up: a card changed or taken back before its reveal
is not in it, and restoring the backup gives the same play, known by the same id (restoring it again adds
nothing)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from sqlalchemy import select

from companion.storage.schema import groups

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "corpus" / "v3" / "loaf-parts-basic.json"


def with_a_changed_card(entries: list[dict]) -> list[dict]:
    """The stored table, with Ann's first card of round 1 a 9 she changed to her 6 before the others were in."""
    first = next(e for e in entries if e["kind"] == "card" and e["payload"]["player"] == "Ann")
    changed = first | {"entry_id": "changed", "payload": first["payload"] | {"card": 9}}
    log = [changed if e is first else e for e in entries]
    log.insert(log.index(changed) + 1, first)
    return [_moved(e, n) for n, e in enumerate(log, start=1)]


def _moved(entry: dict, seq: int) -> dict:
    """The entry at `seq`, one later than before from the inserted card on, its target following."""
    payload = entry["payload"]
    if entry["kind"] in ("undo", "correct") and payload["target"] >= 3:
        payload = payload | {"target": payload["target"] + 1}
    return entry | {"seq": seq, "payload": payload}


def restore(client, token: str, plays: list[dict]) -> str:
    body = json.dumps({"format": "table-companion-plays", "version": 1, "plays": plays}).encode()
    response = client.post(f"/g/{token}/history/import", data={"backup": (io.BytesIO(body), "b.json")})
    assert response.status_code == 303, response.get_data(as_text=True)
    return client.get(response.headers["Location"]).get_data(as_text=True)


def test_the_backup_leaves_out_a_card_changed_before_the_reveal_and_restores_to_the_same_play(app, client):
    client.post("/new/loaf", data={"players": ["Ann", "Ben"]})
    with app.extensions["store"].engine.connect() as conn:
        token = conn.execute(select(groups.c.token)).scalar_one()
    table = json.loads(CORPUS.read_text(encoding="utf-8"))
    entries = with_a_changed_card(table["entries"])
    restore(
        client, token, [{"game": "loaf", "setup": table["setup"], "entries": entries, "created_at": entries[0]["at"]}]
    )

    backup = client.get(f"/g/{token}/history/export.json").get_json()
    (play,) = backup["plays"]
    cards = [
        (e["payload"]["player"], e["payload"]["round"], e["payload"]["card"])
        for e in play["entries"]
        if e["kind"] == "card"
    ]
    assert ("Ann", 1, 9) not in cards and ("Ann", 1, 6) in cards
    assert ("Cy", 2, 2) not in cards  # taken back before round 2's reveal
    assert "changed" not in {e["entry_id"] for e in play["entries"]}
    assert [e["seq"] for e in play["entries"]] == list(range(1, len(play["entries"]) + 1))
    assert {p["name"]: p["score"] for p in play["result"]["players"]} == {
        p["name"]: p["score"] for p in table["expected"]["result"]["players"]
    }

    again = client.post(
        f"/g/{token}/history/import",
        data={"backup": (io.BytesIO(json.dumps(backup).encode()), "again.json")},
        follow_redirects=True,
    )
    assert again.status_code == 200
    assert "Restored 0 plays; 1 was already here." in again.get_data(as_text=True)
    assert len(client.get(f"/g/{token}/history/export.json").get_json()["plays"]) == 1
