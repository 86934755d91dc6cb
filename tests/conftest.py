"""Shared fixtures: an app on a fresh SQLite file, its client, PostgreSQL when present, a live server, Chromium.

Every database they hand out is at the newest schema revision, as `companion init-db` leaves it.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from companion import create_app
from companion.storage.migrate import upgrade
from companion.storage.store import Store

IN_CI = os.environ.get("CI", "").lower() == "true"

# Property tests judge rules, not speed: a busy machine must not fail them.
settings.register_profile("companion", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("companion")
PG_URL = os.environ.get("TEST_DATABASE_URL", "postgresql+psycopg://companion:companion@127.0.0.1:5432/companion_test")
CHROMIUM = "/usr/bin/chromium"
# As root, without the network's background calls (this machine refuses them) and without QUIC.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def missing(what: str) -> None:
    """A missing service fails the run in CI and skips elsewhere."""
    if IN_CI:
        pytest.fail(f"{what} is required in CI (CI=true)")
    pytest.skip(f"{what} is not available here")


@functools.cache
def _migrated_template() -> Path:
    """One SQLite file migrated to head per test process; each test gets a copy (far faster than migrating)."""
    folder = Path(tempfile.mkdtemp(prefix="companion-schema-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = folder / "companion.db"
    upgrade(f"sqlite:///{path}")
    return path


def migrated_sqlite(path: Path) -> str:
    """The URL of the SQLite file at `path`, made a database at head first unless it is already there."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(_migrated_template(), path)
    return f"sqlite:///{path}"


def make_app(tmp_path: Path, **config: object) -> Flask:
    """An app for tests; its database is a SQLite file in `tmp_path` at head unless `config` names another."""
    settings = {
        "TESTING": True,
        "DATABASE_URL": config.get("DATABASE_URL") or migrated_sqlite(tmp_path / "companion.db"),
        "WTF_CSRF_ENABLED": False,
        "SECRET_KEY": "test",
        "IMPORT_WORKER": False,  # imports run in the test's own process (tests/web/test_import_worker.py: the worker)
        "RENDER_WORKERS": 0,  # PDFs render in the test's own thread (tests/web/test_render_pool.py: the workers)
        **config,
    }
    return create_app(settings)


DATABASES = ["sqlite", "postgresql"]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """In a module marked `either_database`, a test that uses the app runs on SQLite, then on PostgreSQL."""
    if metafunc.definition.get_closest_marker("either_database") and "app" in metafunc.fixturenames:
        metafunc.parametrize("app", DATABASES, indirect=True)


def app_on(request: pytest.FixtureRequest, tmp_path: Path, **config: object) -> Flask:
    """An app on SQLite or on PostgreSQL, as the test's `request.param` says (SQLite unless parametrised): a
    fixture with `params=DATABASES` hands out the app on each, with `config` on top."""
    if getattr(request, "param", "sqlite") == "sqlite":
        return make_app(tmp_path, **config)
    return make_app(tmp_path, DATABASE_URL=request.getfixturevalue("pg_url"), **config)


@pytest.fixture
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Flask:
    return app_on(request, tmp_path)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@functools.cache
def _pg_schema() -> str:
    """This test process's own schema, dropped when it exits: two suites on one database never touch each
    other's tables."""
    schema = f"test_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_{os.getpid()}"
    atexit.register(_drop_schema, schema)
    return schema


def _drop_schema(schema: str) -> None:
    from sqlalchemy import create_engine, text

    admin = create_engine(PG_URL)
    try:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
    except Exception:  # the database may be gone by now; a schema left behind harms no other run
        pass
    finally:
        admin.dispose()


def fresh_pg_schema() -> str:
    """The address of an empty PostgreSQL schema of this test process's own: everything in it (alembic_version
    too) dropped."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.exc import OperationalError

    schema = _pg_schema()
    admin = create_engine(PG_URL)
    try:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
            conn.execute(text(f"CREATE SCHEMA {schema}"))
    except OperationalError:
        missing("PostgreSQL")
    finally:
        admin.dispose()
    return f"{PG_URL}?options=-csearch_path%3D{schema}"


@pytest.fixture
def empty_pg_url() -> str:
    return fresh_pg_schema()


@pytest.fixture
def pg_url(empty_pg_url: str) -> str:
    """A PostgreSQL schema of this test worker's own, freshly migrated to head."""
    upgrade(empty_pg_url)
    return empty_pg_url


@pytest.fixture(params=DATABASES)
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database with nothing in it, not even a schema revision: a SQLite file not made yet, and in the test's
    second run an empty PostgreSQL schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'companion.db'}"
    return request.getfixturevalue("empty_pg_url")


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database at head: on SQLite, and in the test's second run on PostgreSQL."""
    if request.param == "sqlite":
        return migrated_sqlite(tmp_path / "store.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """The store on either database (`db_url`)."""
    store = Store(db_url)
    yield store
    store.dispose()


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[Store]:
    store = Store(migrated_sqlite(tmp_path / "store.db"))
    yield store
    store.dispose()


class LiveServer:
    def __init__(self, app: Flask, port: int = 0) -> None:
        """A server for `app` on `port` (0: any free one; a restarted server takes its predecessor's)."""
        from waitress.server import create_server

        self.app = app
        self.server = create_server(app, host="127.0.0.1", port=port, threads=8, clear_untrusted_proxy_headers=True)
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

        with contextlib.suppress(OSError):  # the loop has already closed its trigger: it is stopping, or stopped
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
            args=CHROMIUM_ARGS,
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(chromium: object) -> Iterator[object]:
    """A fresh browser context the size of a phone (390 × 844)."""
    from tests.browser.phones import new_phone

    context = new_phone(chromium, device_scale_factor=2)
    yield context
    context.close()
