"""Schema migrations on SQLite and PostgreSQL: a database made before migrations existed upgrades in place with
nothing lost, `init-db` is harmless when repeated, and the migrated schema is exactly the store's metadata."""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, Integer, MetaData, insert, select, text

from companion.cli import main, schema_problem
from companion.storage import migrate as migrate
from companion.storage.store import Store, make_engine, metadata
from tests.conftest import make_app
from tests.fixtures.db.make_before_migrations import scores

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "db"
BEFORE = FIXTURES / "before-migrations.sqlite"
RECORDED = json.loads((FIXTURES / "before-migrations.json").read_text())["tables"]
NAMES = ("tables", "entries", "aliases")


def migrate_to(url: str, revision: str) -> None:
    engine = make_engine(url)
    with engine.connect().execution_options(immediate=True) as conn, conn.begin():
        command.upgrade(migrate.config(conn), revision)
    engine.dispose()


def rows(url: str) -> dict[str, list[dict]]:
    """Every row of the store's tables, read through the schema the database has."""
    engine = make_engine(url)
    found = MetaData()
    found.reflect(engine, only=NAMES)
    with engine.connect() as conn:
        out = {
            name: [dict(row) for row in conn.execute(select(table).order_by(*table.primary_key)).mappings()]
            for name, table in found.tables.items()
            if name in NAMES  # reflecting them brings the tables they refer to as well
        }
    engine.dispose()
    return out


def before_migrations(url: str) -> None:
    """At `url`, the database the code from before migrations left: the fixture file itself on SQLite; on
    PostgreSQL the same schema (revision 0001_initial, which is create_all's, without its alembic_version) holding
    the fixture's rows."""
    if url.startswith("sqlite"):
        shutil.copyfile(BEFORE, url.removeprefix("sqlite:///"))
        return
    migrate_to(url, migrate.FIRST)
    stored = rows(f"sqlite:///{BEFORE}")
    engine = make_engine(url)
    target = MetaData()
    target.reflect(engine, only=NAMES)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE alembic_version"))
        for name in NAMES:
            conn.execute(insert(target.tables[name]), stored[name])
        for name in ("tables", "entries"):
            conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), (SELECT max(id) FROM {name}))"))
    engine.dispose()


def every_group(url: str) -> list[dict]:
    """The groups in the database at `url`, the oldest first."""
    engine = make_engine(url)
    with engine.connect() as conn:
        found = [dict(row) for row in conn.execute(text("SELECT id, token, name FROM groups ORDER BY id")).mappings()]
    engine.dispose()
    return found


def init_db(url: str, tmp_path: Path, monkeypatch, capsys) -> str:
    """Run `companion init-db` on `url`; what it printed."""
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("COMPANION_INSTANCE", str(tmp_path / "instance"))
    main(["init-db"])
    return capsys.readouterr().out


def differences(url: str, against: MetaData = metadata) -> list:
    engine = make_engine(url)
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True, "compare_server_default": True})
        found = compare_metadata(context, against)
    engine.dispose()
    return found


def test_a_database_from_before_migrations_upgrades_with_init_db_and_loses_nothing(
    empty_url, tmp_path, monkeypatch, capsys
):
    before_migrations(empty_url)
    assert migrate.current(empty_url) is None
    stored = rows(empty_url)
    assert [len(stored[name]) for name in NAMES] == [4, 12, 1]

    said = init_db(empty_url, tmp_path, monkeypatch, capsys)

    assert f"made before migrations: marked them {migrate.FIRST}, then applied 0002_entry_version" in said
    assert migrate.is_current(empty_url)
    upgraded = rows(empty_url)
    assert {entry.pop("version") for entry in upgraded["entries"]} == {1}
    assert {entry.pop("phone_id") for entry in upgraded["entries"]} == {None}  # written before phones were kept
    (before_groups,) = every_group(empty_url)
    assert {table.pop("group_id") for table in upgraded["tables"]} == {before_groups["id"]}
    assert {table.pop("code_issued_at") for table in upgraded["tables"]} == {None}
    assert {table.pop("colours") for table in upgraded["tables"]} == {None}
    assert {table.pop("seating") for table in upgraded["tables"]} == {0}
    assert {alias.pop("group_id") for alias in upgraded["aliases"]} == {before_groups["id"]}  # merged before groups
    assert upgraded == stored
    assert differences(empty_url) == []


def test_every_table_made_before_migrations_opens_with_the_same_scores(empty_url, tmp_path, monkeypatch, capsys):
    before_migrations(empty_url)
    init_db(empty_url, tmp_path, monkeypatch, capsys)
    app = make_app(tmp_path, DATABASE_URL=empty_url)
    client = app.test_client()
    for table in RECORDED:
        client.post(f"/t/{table['token']}/me", data={"who": ""})  # a phone that keeps score, as it is asked first
        for link in (f"/t/{table['token']}", f"/v/{table['viewer_token']}"):
            page = client.get(link)
            assert page.status_code == 200, link
            assert scores(page.get_data(as_text=True)) == table["scores"], (table["game"], link)
    store = app.extensions["store"]
    logs = [store.entries(row.id) for row in store.list_tables()]
    assert sum(len(log) for log in logs) == 12
    assert {entry.version for log in logs for entry in log} == {1}
    made = store.create_table("next-station-paris", {"players": ["Ana"]})
    line = {"player": "Ana", "round": 1, "color": "blue", "districts": 2, "max_stations_in_district": 2}
    assert store.append(made.id, 0, "after", "line", line | {"monuments": 0}, "Ana")[1]
    store.dispose()


def test_tables_made_before_groups_land_in_one_group_that_companion_groups_lists(
    empty_url, tmp_path, monkeypatch, capsys
):
    before_migrations(empty_url)
    init_db(empty_url, tmp_path, monkeypatch, capsys)
    (group,) = every_group(empty_url)
    assert group["name"] == "Tables from before groups"

    main(["groups", "--url", "http://table.example:5000/"])
    listed = capsys.readouterr().out.splitlines()
    assert listed == [f"Tables from before groups · 4 tables · http://table.example:5000/g/{group['token']}"]

    app = make_app(tmp_path, DATABASE_URL=empty_url)
    stranger, member = app.test_client(), app.test_client()
    assert stranger.get("/g/" + group["token"][:-2]).status_code == 404
    page = member.get(f"/g/{group['token']}", headers={"Sec-Fetch-Site": "none"}).get_data(as_text=True)
    for table in RECORDED:
        assert f'href="/t/{table["token"]}"' in page
        assert member.get(f"/t/{table['token']}").status_code == 200
        assert stranger.get(f"/v/{table['viewer_token']}").status_code == 200
    app.extensions["store"].dispose()


def test_an_empty_database_gets_no_group(empty_url, tmp_path, monkeypatch, capsys):
    init_db(empty_url, tmp_path, monkeypatch, capsys)
    assert every_group(empty_url) == []
    main(["groups", "--url", "http://table.example:5000"])
    assert capsys.readouterr().out == "No groups yet: the first table started makes one.\n"


def test_init_db_gives_a_fresh_database_every_revision_and_twice_is_harmless(empty_url, tmp_path, monkeypatch, capsys):
    every = tuple(reversed([script.revision for script in migrate.scripts().walk_revisions()]))
    assert every[:2] == ("0001_initial", "0002_entry_version")

    said = init_db(empty_url, tmp_path, monkeypatch, capsys)
    assert f"Applied {', '.join(every)}; the database is at {migrate.head()}" in said
    assert migrate.current(empty_url) == migrate.head()
    store = Store(empty_url)
    table = store.create_table("oz", {"players": ["Ann", "Bea"]})
    store.dispose()

    again = init_db(empty_url, tmp_path, monkeypatch, capsys)
    assert f"already at {migrate.head()}: nothing to do" in again
    assert migrate.is_current(empty_url)
    store = Store(empty_url)
    kept = store.by_token(table.token)
    assert (kept.id, kept.game, kept.setup) == (table.id, "oz", {"players": ["Ann", "Bea"]})
    store.dispose()


def test_the_migrated_schema_is_the_store_metadata(empty_url):
    migrate.upgrade(empty_url)
    assert differences(empty_url) == []


def test_a_column_added_to_the_metadata_without_a_revision_is_a_difference(empty_url):
    migrate.upgrade(empty_url)
    ahead = MetaData()
    for table in metadata.tables.values():
        table.to_metadata(ahead)
    ahead.tables["entries"].append_column(Column("added", Integer, nullable=True))
    added = [diff[3].name for diff in differences(empty_url, ahead) if diff[0] == "add_column"]
    assert added == ["added"]


def test_revision_0001_is_exactly_the_schema_create_all_made_before_migrations(tmp_path):
    url = f"sqlite:///{tmp_path / 'first.db'}"
    migrate_to(url, migrate.FIRST)
    query = "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE tbl_name != 'alembic_version' ORDER BY name"
    schemas = []
    for path in (BEFORE, tmp_path / "first.db"):
        engine = make_engine(f"sqlite:///{path}")
        with engine.connect() as conn:
            schemas.append(conn.exec_driver_sql(query).all())
        engine.dispose()
    assert schemas[0] == schemas[1]
    assert len(schemas[0]) == 10


def test_servers_upgrading_one_database_together_migrate_it_once(empty_url):
    done = []
    threads = [threading.Thread(target=lambda: done.append(migrate.upgrade(empty_url))) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(len(upgrade.applied) for upgrade in done) == [0, len(list(migrate.scripts().walk_revisions()))]
    assert migrate.is_current(empty_url)


def test_downgrading_the_entry_version_keeps_the_entries(empty_url):
    migrate.upgrade(empty_url)
    store = Store(empty_url)
    table = store.create_table("oz", {"players": ["Ann"]})
    store.append(table.id, 0, "one", "hand", {"player": "Ann", "dorothy": 1}, "Ann")
    store.dispose()
    engine = make_engine(empty_url)
    with engine.connect().execution_options(immediate=True) as conn, conn.begin():
        command.downgrade(migrate.config(conn), migrate.FIRST)
    engine.dispose()
    assert [entry["entry_id"] for entry in rows(empty_url)["entries"]] == ["one"]
    assert "version" not in rows(empty_url)["entries"][0]
    migrate.upgrade(empty_url)
    assert [entry["version"] for entry in rows(empty_url)["entries"]] == [1]


def test_serve_names_what_is_wrong_with_a_database_not_at_head(tmp_path):
    url = f"sqlite:///{tmp_path / 'companion.db'}"
    engine = make_engine(url)
    assert "has no schema revision" in schema_problem(engine)
    migrate_to(url, migrate.FIRST)
    assert f"is at {migrate.FIRST}, not {migrate.head()}: run `companion init-db`" in schema_problem(engine)
    migrate.upgrade(url)
    assert schema_problem(engine) is None
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
    assert "newer than this version of Table Companion knows" in schema_problem(engine)
    engine.dispose()
