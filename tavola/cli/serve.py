"""`tavola serve`: run the game server (tables, seats, bots) until interrupted."""

from __future__ import annotations

import click

from tavola.cli.common import friendly
from tavola.core import BadOptions


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0: every interface).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--db", default=None, metavar="URL",
              help="Database URL: sqlite:///path.db or postgresql://user@host/db "
                   "(default: a SQLite file in your data directory).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes (more than one needs PostgreSQL; a SQLite file is "
                   "served by one tavola serve at a time).")
@friendly
def serve_command(host: str, port: int, db: str | None, workers: int) -> None:
    """Serve tables to browsers, remote bots and other clients (docs/protocol.md).

    Refused in one line, exit status 1: several workers on SQLite, or a SQLite file that
    another tavola serve is using."""
    try:
        from tavola.server.app import serve
    except ImportError as exc:
        raise BadOptions(f"the server needs the web extra ({exc.name} is missing): "
                         f"pip install 'tavola[web]'") from None
    # An address that means "every interface" is not one a browser can open.
    shown = {"0.0.0.0": "127.0.0.1", "::": "[::1]"}.get(host, host)
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    click.echo(f"Open http://{shown}:{port}/ in a browser to play.")
    serve(host, port, db, workers)
