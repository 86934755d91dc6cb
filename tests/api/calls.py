"""Helpers for driving a table through its JSON API."""

from __future__ import annotations


def send_entry(client, token: str, body: dict):
    """An entry sent to the table API, as `body` has it (kind, payload, entry_id, base_version...)."""
    return client.post(f"/api/v1/tables/{token}/entries", json=body)
