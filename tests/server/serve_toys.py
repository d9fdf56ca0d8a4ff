"""Run a real server process with the test games registered (what `tavola serve` runs,
plus the test games): `python -m tests.server.serve_toys --db URL --port N`."""

from __future__ import annotations

import argparse

from tavola.server.app import serve
from tavola.server.tables import Limits
from tests.server.games import register_server_toys


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--creations", type=int, default=100_000,
                        help="tables one address may create in a second (the tests and the "
                             "load benchmark create many from 127.0.0.1)")
    parser.add_argument("--bot-workers", type=int, default=2)
    args = parser.parse_args()
    register_server_toys()
    serve("127.0.0.1", args.port, args.db, log_level="warning",
          limits=Limits(creations=args.creations, creation_seconds=1.0),
          bot_workers=args.bot_workers, worker_setup=["tests.server.games:register_server_toys"])


if __name__ == "__main__":
    main()
