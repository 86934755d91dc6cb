"""`companion serve` and `companion init-db`: the commands behind `make run`."""

from __future__ import annotations

import argparse
import os
import socket
import sys

import segno


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


def serve(host: str, port: int, threads: int) -> None:
    from waitress import serve as waitress_serve

    from . import create_app

    app = create_app()
    announce(host, port)
    waitress_serve(app, host=host, port=port, threads=threads, connection_limit=CONNECTIONS, ident="table-companion")


def init_db() -> None:
    from . import create_app

    app = create_app()
    print(f"Database ready: {app.config['DATABASE_URL'].split('@')[-1]}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="companion", description="Table Companion")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="serve the app with a production WSGI server")
    run.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
    run.add_argument("--port", type=int, default=int(os.environ.get("PORT", "5000")))
    run.add_argument("--threads", type=int, default=int(os.environ.get("THREADS", "8")))
    commands.add_parser("init-db", help="create the database tables if missing")
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args.host, args.port, args.threads)
    else:
        init_db()


if __name__ == "__main__":
    main()
