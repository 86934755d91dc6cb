"""Shared fixtures: an app on a fresh SQLite file, its client, PostgreSQL when present, a live server, Chromium."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from companion import create_app

IN_CI = os.environ.get("CI", "").lower() == "true"

# Property tests judge rules, not speed: a busy machine must not fail them.
settings.register_profile("companion", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("companion")
PG_URL = os.environ.get("TEST_DATABASE_URL", "postgresql+psycopg://companion:companion@127.0.0.1:5432/companion_test")
CHROMIUM = "/usr/bin/chromium"


def missing(what: str) -> None:
    """A missing service fails the run in CI and skips elsewhere."""
    if IN_CI:
        pytest.fail(f"{what} is required in CI (CI=true)")
    pytest.skip(f"{what} is not available here")


def make_app(tmp_path: Path, **config: object) -> Flask:
    settings = {
        "TESTING": True,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'companion.db'}",
        "WTF_CSRF_ENABLED": False,
        "SECRET_KEY": "test",
        **config,
    }
    return create_app(settings)


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return make_app(tmp_path)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A clean PostgreSQL schema of this test worker's own (every table dropped first)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.exc import OperationalError

    from companion.store import metadata

    schema = "test_" + os.environ.get("PYTEST_XDIST_WORKER", "main")
    admin = create_engine(PG_URL)
    try:
        with admin.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA IF NOT EXISTS {schema}"))
    except OperationalError:
        missing("PostgreSQL")
    finally:
        admin.dispose()
    url = f"{PG_URL}?options=-csearch_path%3D{schema}"
    engine = create_engine(url)
    metadata.drop_all(engine)
    engine.dispose()
    yield url


class LiveServer:
    def __init__(self, app: Flask) -> None:
        from waitress.server import create_server

        self.server = create_server(app, host="127.0.0.1", port=0, threads=8, clear_untrusted_proxy_headers=True)
        self.url = f"http://127.0.0.1:{self.server.effective_port}"
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Close the server and its connections from its own loop: closing its socket from another thread while
        the loop waits on it makes the loop fail with EBADF, and open browser connections would keep it running."""
        from waitress import wasyncore

        self.server.trigger.pull_trigger(lambda: wasyncore.close_all(self.server._map))
        self.thread.join(timeout=10)
        self.server.task_dispatcher.shutdown()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(make_app(tmp_path)) as server:
        yield server


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        missing("Chromium at /usr/bin/chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-quic",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(chromium: object) -> Iterator[object]:
    """A fresh browser context the size of a phone (390 × 844)."""
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    yield context
    context.close()
