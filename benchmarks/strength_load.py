"""Strength under load: `strong` against three `greedy`, played through a real server,
alone and beside busy bot tables.

Run from the repository root::

    python3 benchmarks/strength_load.py                      # the full run (hours)
    python3 benchmarks/strength_load.py --games 6 --busy 8   # a small one

For each game (`--game`, default Nottingham and Rattus) it starts a real server process
(`tavola serve` with the test games registered, `--bot-workers` as given, SQLite) and plays
`--games` matches one after the other, each a table of four seats: the bot `--bot` (default
`strong`) in seat i mod 4 of match i and `greedy` in the other three, at the table's bot
time `--think` (the level's own think time stands where it is shorter: the smaller wins).
That is the match played **alone**. Then it does the same on a fresh server with `--busy`
tables beside it (default 8, each a Nottingham table of four `strong` seats, replaced when
it finishes) kept going for as long as the matches take: the match **under load**. The
server deals each table itself, so the two runs play different deals.

It prints, per game and run: matches, the bot's win share (k tied winners share a win) with
its 95% Wilson interval and the fair share (25%); the time each of the bot's decisions took
from the decision before it to its own, stored (its think time plus any wait for a free
worker), p50 and p99; and the decisions the game's simple policy made because a bot failed
or ran out of time ("replaced"). Strength holds under load when the two intervals overlap.
Everything runs on 127.0.0.1 and stops by itself.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.search import wilson  # noqa: E402
from tavola.server.storage import Storage  # noqa: E402
from tests.server.processes import ServerProcess  # noqa: E402

PLAYERS = 4
MAX_BUSY = 32


@dataclass
class Run:
    """What one run of matches gave."""

    game: str
    load: str
    wins: list[float] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)
    replaced: int = 0
    busy_decisions: int = 0
    busy_replaced: int = 0


def record(server: ServerProcess, table: str, token: str) -> Any:
    """Return a finished table's game file."""
    request = Request(f"{server.base}/api/v1/tables/{table}/record",
                      headers={"Authorization": f"Bearer {token}"})
    with urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def busy_body(think: float) -> dict[str, Any]:
    return {"game": "nottingham", "players": PLAYERS, "bot_seconds": think,
            "seats": [{"kind": "bot", "bot": "strong"}] * PLAYERS}


def run(game: str, busy: int, args: argparse.Namespace, folder: str) -> Run:
    """Play `args.games` matches of `game` one after the other beside `busy` busy tables."""
    url = f"sqlite:///{folder}/{game}-{busy}.db"
    server = ServerProcess(url, bot_workers=args.workers)
    result = Run(game, f"beside {busy} busy tables" if busy else "alone")
    matches: list[tuple[str, int]] = []
    beside: list[str] = []
    done: list[str] = []
    try:
        beside = [server.post("/api/v1/tables", busy_body(args.think))["table"]
                  for _ in range(busy)]
        start = time.time()
        for index in range(args.games):
            seat = index % PLAYERS
            seats = [{"kind": "bot", "bot": args.bot if p == seat else "greedy"}
                     for p in range(PLAYERS)]
            made = server.post("/api/v1/tables", {"game": game, "players": PLAYERS,
                                                  "bot_seconds": args.think, "seats": seats})
            table = made["table"]
            while not server.get(f"/api/v1/tables/{table}")["finished"]:
                time.sleep(0.5)
                for n, other in enumerate(list(beside)):
                    if server.get(f"/api/v1/tables/{other}")["finished"]:
                        done.append(other)
                        beside[n] = server.post("/api/v1/tables", busy_body(args.think))["table"]
            winners = record(server, table, made["host_token"])["result"]["winners"]
            result.wins.append(1 / len(winners) if seat in winners else 0.0)
            matches.append((table, seat))
            print(f"  {game} {result.load}: match {index + 1}/{args.games}, "
                  f"won {sum(result.wins):g}", file=sys.stderr, flush=True)
        end = time.time()
    finally:
        server.stop()
    store = Storage(url)
    try:
        for table, seat in matches:
            rows = store.actions(table)
            result.waits += [b.time - a.time for a, b in itertools.pairwise(rows)
                             if b.seat == seat]
            result.replaced += sum(1 for r in rows if r.seat == seat and r.by == "fallback")
        for table in [*beside, *done]:
            rows = [r for r in store.actions(table) if start <= r.time <= end]
            result.busy_decisions += len(rows)
            result.busy_replaced += sum(1 for r in rows if r.by == "fallback")
    finally:
        store.close()
    return result


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=("nottingham", "rattus"))
    parser.add_argument("--games", type=int, default=100, help="matches per game and run")
    parser.add_argument("--busy", type=int, default=8, help="busy bot tables beside them")
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--think", type=float, default=5.0, help="the tables' bot time")
    parser.add_argument("--workers", type=int, default=2, help="the server's bot workers")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games takes a whole number >= 1")
    if not 0 <= args.busy <= MAX_BUSY:
        parser.error(f"--busy takes 0 to {MAX_BUSY}")
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        for game in args.game or ["nottingham", "rattus"]:
            for busy in (0, args.busy):
                runs.append(run(game, busy, args, folder))
    print(f"\n{args.bot} against three greedy, {PLAYERS} players, bot time {args.think:g} s, "
          f"{args.workers} bot workers\n")
    print("| game | run | matches | won | 95% Wilson | fair | wait p50 s | wait p99 s | "
          "replaced | busy tables' decisions (replaced) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in runs:
        n, wins = len(r.wins), sum(r.wins)
        low, high = wilson(wins / n, n)
        busy = f"{r.busy_decisions} ({r.busy_replaced})" if r.load != "alone" else "-"
        print(f"| {r.game} | {r.load} | {n} | {wins:g} ({wins / n:.0%}) | {low:.0%}-{high:.0%} "
              f"| {1 / PLAYERS:.0%} | {statistics.median(r.waits):.2f} | "
              f"{quantile(r.waits, 0.99):.2f} | {r.replaced} | {busy} |")


if __name__ == "__main__":
    main()
