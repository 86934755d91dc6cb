"""`companion serve` and `companion init-db` (the commands behind `make run`), and the server keeper's tools."""

from __future__ import annotations

import argparse
import os
import socket
import sys
from typing import TYPE_CHECKING

import segno

from .connections import HEADER_SECONDS, MAX_CONNECTIONS_PER_ADDRESS, Bounds

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from companion.storage.store import Store


def lan_address() -> str | None:
    """This machine's address on the local network, for phones at the same table."""
    import psutil

    for name, addresses in psutil.net_if_addrs().items():
        stats = psutil.net_if_stats().get(name)
        if stats is None or not stats.isup:
            continue
        for address in addresses:
            if address.family == socket.AF_INET and not address.address.startswith("127."):
                return address.address
    return None


def announce(host: str, port: int) -> None:
    """Print where phones can open the app, with a QR code of that address."""
    ip = lan_address() if host in ("0.0.0.0", "") else host
    local = f"http://127.0.0.1:{port}/"
    print(f"Table Companion is running: {local}", flush=True)
    if ip:
        url = f"http://{ip}:{port}/"
        print(f"On a phone on the same network, open {url} or scan:", flush=True)
        segno.make(url, error="m").terminal(compact=True)
    sys.stdout.flush()


# Phones keep their connections open between polls; at waitress's default limit (100) the next phone would wait
# until an idle connection timed out. Kept well under select()'s 1024 descriptors.
CONNECTIONS = 500


def serve(host: str, port: int, threads: int, trusted_proxy: str | None = None, bounds: Bounds | None = None) -> None:
    from . import create_app
    from .serving import serve as waitress_serve

    app = create_app()
    if problem := schema_problem(app.extensions["store"].engine):
        raise SystemExit(problem)
    announce(host, port)
    # A long write (a big import) holds the interpreter between switches: hand it over every millisecond, so the
    # phones' polls waiting on other threads are answered in a few milliseconds, not behind it.
    sys.setswitchinterval(0.001)
    waitress_serve(
        app,
        bounds,
        host=host,
        port=port,
        threads=threads,
        connection_limit=CONNECTIONS,
        ident="table-companion",
        **behind(trusted_proxy),
    )


def behind(proxy: str | None) -> dict[str, object]:
    """waitress's options for a reverse proxy at address `proxy`: the client's address (which limits count by) is
    the one the proxy puts in X-Forwarded-For, and a request it received over HTTPS (X-Forwarded-Proto) is one
    (its session cookie is Secure); from anyone else, those headers are dropped."""
    if not proxy:
        return {}
    return {
        "trusted_proxy": proxy,
        "trusted_proxy_headers": {"x-forwarded-for", "x-forwarded-proto"},
        "clear_untrusted_proxy_headers": True,
    }


def where(engine: Engine) -> str:
    """The database's address without its password."""
    return engine.url.render_as_string(hide_password=True)


def schema_problem(engine: Engine) -> str | None:
    """Why the server must not start on this database, or None when its schema is the newest one."""
    from companion.storage import migrate as migrate

    found, newest = migrate.current(engine), migrate.head()
    if found == newest:
        return None
    if found is None:
        state = "has no schema revision (it is empty, or was made before migrations)"
    elif not migrate.is_known(found):
        return f"The database {where(engine)} is at {found}, newer than this version of Table Companion knows."
    else:
        state = f"is at {found}, not {newest}"
    return f"The database {where(engine)} {state}: run `companion init-db` to bring it up to date, then serve."


def init_db() -> None:
    from companion.storage import migrate as migrate

    from . import create_app

    app = create_app()
    engine = app.extensions["store"].engine
    done = migrate.upgrade(engine)
    rebuild_history(app.extensions["store"])
    engine.dispose()
    print(f"{done.describe()} ({where(engine)}).")


def rebuild_history(store: Store) -> None:
    """Every table's play worked out again, so the history reads as this version of the games scores and names
    plays (its entries may have been upgraded)."""
    from companion.history import plays

    print(f"Play history rebuilt from every table: {plays.rebuild(store)} plays.")


def rebuild_plays() -> None:
    """`companion rebuild-plays`: every table's play worked out again from its log and stored."""
    from companion.history import plays

    from . import create_app

    store = create_app().extensions["store"]
    if problem := schema_problem(store.engine):
        raise SystemExit(problem)
    count = plays.rebuild(store)
    store.dispose()
    print(f"Rebuilt the play history from every table: {count} plays ({where(store.engine)}).")


def list_groups(base: str | None) -> None:
    """`companion groups`: every group's name, number of tables and invite link, so whoever runs the server can
    reach any group (the tables made before groups are in one of them)."""
    from . import create_app, groups

    store = create_app().extensions["store"]
    if problem := schema_problem(store.engine):
        raise SystemExit(problem)
    found = groups.every_group(store)
    store.dispose()
    root = (
        base
        or os.environ.get("PUBLIC_URL")
        or f"http://{lan_address() or '127.0.0.1'}:{os.environ.get('PORT', '5000')}"
    ).rstrip("/")
    if not found:
        print("No groups yet: the first table started makes one.")
    for group, count in found:
        print(f"{group.name} · {count} table{'' if count == 1 else 's'} · {root}/g/{group.token}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="companion", description="Table Companion")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="serve the app with a production WSGI server")
    run.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
    run.add_argument("--port", type=int, default=int(os.environ.get("PORT", "5000")))
    run.add_argument("--threads", type=int, default=int(os.environ.get("THREADS", "8")))
    run.add_argument(
        "--trusted-proxy",
        default=os.environ.get("TRUSTED_PROXY"),
        help="the address of a reverse proxy in front, whose X-Forwarded-For names the client",
    )
    run.add_argument(
        "--max-connections-per-address",
        type=int,
        default=int(os.environ.get("MAX_CONNECTIONS_PER_ADDRESS", MAX_CONNECTIONS_PER_ADDRESS)),
        help="connections one client address may hold at once; more are closed as they open (a trusted proxy's "
        "own address is not counted)",
    )
    run.add_argument(
        "--header-seconds",
        type=float,
        default=float(os.environ.get("HEADER_SECONDS", HEADER_SECONDS)),
        help="seconds a connection has to send a request's headers before it is closed",
    )
    commands.add_parser("init-db", help="create the database, or upgrade it to the newest schema")
    commands.add_parser("rebuild-plays", help="work out every play in the history again from the tables' logs")
    listing = commands.add_parser("groups", help="list every group: its name, number of tables and invite link")
    listing.add_argument(
        "--url", help="the address phones open the app at (default: PUBLIC_URL, else this machine's, on PORT)"
    )
    args = parser.parse_args(argv)
    if args.command == "serve":
        bounds = Bounds(args.max_connections_per_address, args.header_seconds)
        serve(args.host, args.port, args.threads, args.trusted_proxy, bounds)
    elif args.command == "rebuild-plays":
        rebuild_plays()
    elif args.command == "groups":
        list_groups(args.url)
    else:
        init_db()


if __name__ == "__main__":
    main()
