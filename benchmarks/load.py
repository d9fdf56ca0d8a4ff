"""Load on the game server: N concurrent tables of bots over real websockets on 127.0.0.1.

Run from the repository root::

    python3 benchmarks/load.py [--tables 10,50,200] [--db sqlite,postgresql]
                               [--game toy] [--players 3] [--seconds 30] [--warmup 5]
                               [--undo on,off]

A real game beside the toy, with take-backs on and off (the figure the take-back check
must not cut; target: on within 1.2x of off)::

    python3 benchmarks/load.py --game notre-dame --players 4 --tables 50 --undo on,off

For each database and each N it starts a real server process (uvicorn, the same `serve`
as `tavola serve`; the test games are registered so the toy game is available), creates N
tables whose every seat is a websocket client in this process playing uniformly random
legal actions, and keeps N games running (a finished table is replaced by a new one) for
`--warmup` + `--seconds`; only the last `--seconds` are measured (the warm-up covers
creating the tables and connecting the clients). Every move is broadcast to the client of
every seat. It prints:

- moves: actions acknowledged in the measured window; moves/s: the same per second;
- p50 / p99 latency: from a move's acknowledgement at its sender to its arrival (the state
  frame with that state id) at every other seat's client — both measured on this
  process's clock, so it includes this process's own scheduling delay (the server sends
  the acknowledgement and the broadcast together: an arrival read before its
  acknowledgement counts as 0 ms);
- server memory: the server process's peak resident set (VmHWM), in MB;
- off/on: with `--undo on,off`, the moves/s of the same row with take-backs off divided by
  the moves/s with them on (tables allow take-backs by default).

PostgreSQL is a private throwaway cluster (`initdb` + `pg_ctl` from Debian's `postgresql`
package), as in the tests. Everything listens on 127.0.0.1 only; the run is bounded by
`--seconds` and `--tables` (at most 500).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.postgres import cluster  # noqa: E402
from tests.server.processes import ServerProcess  # noqa: E402

MAX_TABLES = 500


@dataclass
class Figures:
    """What one run measured."""

    games: int = 0
    latencies: list[float] = field(default_factory=list)
    acks: dict[tuple[str, int], tuple[float, int]] = field(default_factory=dict)
    arrivals: list[tuple[str, int, int, float]] = field(default_factory=list)


def create_table(base: str, game: str, players: int, options: dict[str, Any],
                 undo: bool) -> dict[str, Any]:
    body = {"game": game, "players": players, "options": options, "undo": undo,
            "seats": [{"kind": "human"}] * players}
    request = Request(f"{base}/api/v1/tables", json.dumps(body).encode(),
                      {"Content-Type": "application/json"})
    with urlopen(request, timeout=60) as answer:
        made: dict[str, Any] = json.loads(answer.read())
    return made


async def seat_client(url: str, token: str, seat: int, figures: Figures, stop: float,
                      rng: random.Random) -> None:
    async with connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
        table = ""
        asked = -1
        while True:
            try:
                text = await asyncio.wait_for(ws.recv(), max(0.1, stop + 2 - time.monotonic()))
            except TimeoutError:
                return
            now = time.perf_counter()
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "ack":
                figures.acks[(table, frame["state"])] = (now, seat)
            elif kind == "state":
                table = frame["table"]
                figures.arrivals.append((table, frame["state"], seat, now))
                if frame["finished"]:
                    return
                if frame["legal"] and frame["state"] != asked and time.monotonic() < stop:
                    asked = frame["state"]
                    choice = rng.choice(frame["legal"])["action"]
                    await ws.send(json.dumps({"type": "action", "seat": seat,
                                              "state": frame["state"], "action": choice}))


async def table_slot(server: ServerProcess, game: str, players: int, options: dict[str, Any],
                     figures: Figures, stop: float, seed: int, undo: bool) -> None:
    rng = random.Random(seed)
    while time.monotonic() < stop:
        made = await asyncio.to_thread(create_table, server.base, game, players, options,
                                       undo)
        url = server.ws(made["table"])
        await asyncio.gather(*(seat_client(url, s["token"], s["seat"], figures, stop, rng)
                               for s in made["seats"]))
        figures.games += 1


def peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def run(db: str, tables: int, game: str, players: int, options: dict[str, Any],
        seconds: float, warmup: float, undo: bool = True) -> dict[str, Any]:
    server = ServerProcess(db)
    try:
        figures = Figures()
        started = time.monotonic()
        steady = time.perf_counter() + warmup
        stop = started + warmup + seconds

        async def main() -> None:
            await asyncio.gather(*(table_slot(server, game, players, options, figures, stop, i,
                                              undo) for i in range(tables)))

        asyncio.run(main())
        memory = peak_memory_mb(server.proc.pid)
    finally:
        server.stop()
    moves = sum(1 for when, _ in figures.acks.values() if steady <= when <= steady + seconds)
    for table, state, seat, arrived in figures.arrivals:
        ack = figures.acks.get((table, state))
        if ack is not None and ack[1] != seat and steady <= ack[0] <= steady + seconds:
            figures.latencies.append(max(0.0, arrived - ack[0]) * 1000)
    lat = sorted(figures.latencies) or [float("nan")]
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    return {"tables": tables, "undo": undo, "moves": moves, "games": figures.games,
            "moves/s": moves / seconds, "p50": statistics.median(lat), "p99": p99,
            "memory": memory}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="10,50,200")
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--game", default="toy")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the toy game")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="seconds measured, after the warm-up")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds of play before measuring (tables and clients starting)")
    parser.add_argument("--undo", default="on",
                        help="take-backs at the tables: on, off, or on,off for both")
    args = parser.parse_args()
    undos = [{"on": True, "off": False}.get(u) for u in args.undo.split(",")]
    if None in undos:
        parser.error("--undo is on, off or on,off")
    counts = [int(n) for n in args.tables.split(",")]
    if any(not 1 <= n <= MAX_TABLES for n in counts):
        parser.error(f"--tables between 1 and {MAX_TABLES}")
    options = {"rounds": args.rounds} if args.game.startswith("toy") else {}
    rows = []
    with ExitStack() as stack:
        for kind in args.db.split(","):
            running = stack.enter_context(cluster()) if kind == "postgresql" else None
            for n in counts:
                for undo in undos:
                    if running is None:
                        folder = stack.enter_context(tempfile.TemporaryDirectory())
                        url = f"sqlite:///{folder}/load.db"
                    else:
                        url = running.new_database()
                    figures = run(url, n, args.game, args.players, options, args.seconds,
                                  args.warmup, bool(undo))
                    rows.append((kind, figures))
                    print(f"  {kind} N={n} undo={'on' if undo else 'off'}: done",
                          file=sys.stderr, flush=True)
    print(f"\n{args.game}, {args.players} players, {args.seconds:.0f} s measured per row after "
          f"{args.warmup:.0f} s of warm-up, a client per seat over websockets on 127.0.0.1\n")
    print(f"{'database':<11}{'tables':>7}{'undo':>5}{'games':>7}{'moves':>8}{'moves/s':>9}"
          f"{'p50 ms':>8}{'p99 ms':>8}{'server MB':>10}{'off/on':>8}")
    on_rate = {(kind, f["tables"]): f["moves/s"] for kind, f in rows if f["undo"]}
    for kind, f in rows:
        on = on_rate.get((kind, f["tables"]))
        ratio = f"{f['moves/s'] / on:>8.2f}" if not f["undo"] and on else f"{'':>8}"
        print(f"{kind:<11}{f['tables']:>7}{'on' if f['undo'] else 'off':>5}{f['games']:>7}"
              f"{f['moves']:>8}{f['moves/s']:>9.1f}{f['p50']:>8.1f}{f['p99']:>8.1f}"
              f"{f['memory']:>10.0f}{ratio}")


if __name__ == "__main__":
    main()
