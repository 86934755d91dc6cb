"""Two test suites on one PostgreSQL database each work in a schema of their own, and leave none behind."""

import os
import subprocess
import sys
from pathlib import Path

from sqlalchemy import create_engine, text

from .conftest import PG_URL

ROOT = Path(__file__).resolve().parents[1]
OTHER_SUITE = "from tests.conftest import fresh_pg_schema; print(fresh_pg_schema().rsplit('%3D', 1)[1])"


def schemas() -> set[str]:
    engine = create_engine(PG_URL)
    try:
        with engine.connect() as conn:
            return set(conn.scalars(text("SELECT schema_name FROM information_schema.schemata")))
    finally:
        engine.dispose()


def test_another_suite_on_the_same_database_leaves_this_ones_schema_alone(pg_url):
    ours = pg_url.rsplit("%3D", 1)[1]
    done = subprocess.run(
        [sys.executable, "-c", OTHER_SUITE],
        cwd=ROOT,
        env=os.environ | {"PYTEST_XDIST_WORKER": os.environ.get("PYTEST_XDIST_WORKER", "main")},
        capture_output=True,
        text=True,
        check=True,
    )
    theirs = done.stdout.strip()
    assert theirs and theirs != ours
    found = schemas()
    assert ours in found
    assert theirs not in found  # dropped when that suite ended
    engine = create_engine(pg_url)
    try:
        with engine.connect() as conn:
            assert conn.scalar(text("SELECT count(*) FROM alembic_version")) == 1
    finally:
        engine.dispose()
