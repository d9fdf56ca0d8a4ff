"""Run a real server process with the test games registered (what `tavola serve` runs,
plus the test games): `python -m tests.server.serve_toys --db URL --port N`."""

from __future__ import annotations

import argparse

from tavola.server.app import serve
from tests.server.games import register_server_toys


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", required=True)
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    register_server_toys()
    serve("127.0.0.1", args.port, args.db, log_level="warning")


if __name__ == "__main__":
    main()
