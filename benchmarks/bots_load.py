"""Bots under load: K tables whose every seat is a searching bot on one server process.

Run from the repository root::

    python3 benchmarks/bots_load.py [--tables 4,8,16] [--workers 1,2] [--game nottingham]
                                    [--players 4] [--bot strong] [--think 0.5]
                                    [--seconds 60] [--db sqlite]

For each number of bot workers and each K it starts a real server process (`tavola serve`
with the test games registered, `--bot-workers` as given), creates K tables of `--players`
seats, every seat the bot `--bot` with `--think` seconds a decision, keeps K games going
for `--seconds` (a finished table is replaced), and reads the stored actions. It prints:

- decisions: bot decisions stored in the window, and per second;
- think p50 / p99: the time from one decision of a table to its next (a bot's thinking plus
  the storing), in seconds, against the think time;
- replaced: decisions made by the game's simple policy because a bot failed or overran;
- server ms: the server process's own CPU time (its event loop, storage and frames, not its
  workers) per decision, in milliseconds: what the bots' thinking leaves the server to do;
- x1: decisions per second against the same K with one worker (in the same run).

Everything runs on 127.0.0.1 and stops by itself after the window.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tavola.server.storage import Storage  # noqa: E402
from tests.server.postgres import cluster  # noqa: E402
from tests.server.processes import ServerProcess  # noqa: E402

MAX_TABLES = 64


def table_body(game: str, players: int, bot: str, think: float) -> dict[str, Any]:
    return {"game": game, "players": players, "bot_seconds": think,
            "seats": [{"kind": "bot", "bot": bot}] * players}


def process_cpu(pid: int) -> float:
    """Return the CPU seconds (user and system) process `pid` has used, its children not
    included (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(url: str, workers: int, tables: int, args: argparse.Namespace) -> dict[str, Any]:
    server = ServerProcess(url, bot_workers=workers)
    live: list[str] = []
    done: list[str] = []
    try:
        body = table_body(args.game, args.players, args.bot, args.think)
        live = [server.post("/api/v1/tables", body)["table"] for _ in range(tables)]
        start = time.time()
        cpu_start = process_cpu(server.proc.pid)
        stop = start + args.seconds
        while time.time() < stop:
            time.sleep(1.0)
            for n, table in enumerate(list(live)):
                if server.get(f"/api/v1/tables/{table}")["finished"]:
                    done.append(table)
                    live[n] = server.post("/api/v1/tables", body)["table"]
        end = time.time()
        cpu = process_cpu(server.proc.pid) - cpu_start
    finally:
        server.stop()
    store = Storage(url)
    try:
        rows = {table: store.actions(table) for table in [*live, *done]}
    finally:
        store.close()
    kept = [a for actions in rows.values() for a in actions if start <= a.time <= end]
    gaps = [b.time - a.time for actions in rows.values()
            for a, b in itertools.pairwise(actions) if start <= a.time and b.time <= end]
    gaps.sort()
    return {"workers": workers, "tables": tables, "decisions": len(kept),
            "rate": len(kept) / (end - start),
            "p50": statistics.median(gaps) if gaps else float("nan"),
            "p99": gaps[min(len(gaps) - 1, int(len(gaps) * 0.99))] if gaps else float("nan"),
            "replaced": sum(1 for a in kept if a.by == "fallback"),
            "server_ms": 1000 * cpu / len(kept) if kept else float("nan")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="4,8,16")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--game", default="nottingham")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--db", default="sqlite", choices=("sqlite", "postgresql"))
    args = parser.parse_args()
    counts = [int(n) for n in args.tables.split(",")]
    if any(not 1 <= n <= MAX_TABLES for n in counts):
        parser.error(f"--tables between 1 and {MAX_TABLES}")
    rows = []
    with ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        running = stack.enter_context(cluster()) if args.db == "postgresql" else None
        for n, (workers, tables) in enumerate(itertools.product(
                [int(w) for w in args.workers.split(",")], counts)):
            url = (f"sqlite:///{folder}/bots{n}.db" if running is None
                   else running.new_database())
            rows.append(run(url, workers, tables, args))
            print(f"  workers={workers} K={tables}: done", file=sys.stderr, flush=True)
    single = {r["tables"]: r["rate"] for r in rows if r["workers"] == 1}
    print(f"\n{args.game}, {args.players} seats of {args.bot} at {args.think:g} s a decision, "
          f"{args.seconds:.0f} s per row, {args.db}\n")
    print(f"{'workers':>7}{'tables':>7}{'decisions':>10}{'per s':>8}{'think p50':>10}"
          f"{'think p99':>10}{'replaced':>9}{'server ms':>10}{'x1':>6}")
    for r in rows:
        one = single.get(r["tables"])
        ratio = f"{r['rate'] / one:>6.2f}" if one else f"{'':>6}"
        print(f"{r['workers']:>7}{r['tables']:>7}{r['decisions']:>10}{r['rate']:>8.2f}"
              f"{r['p50']:>10.2f}{r['p99']:>10.2f}{r['replaced']:>9}{r['server_ms']:>10.1f}"
              f"{ratio}")


if __name__ == "__main__":
    main()
