"""Games per second of one tournament on every backend: this process, process pools, Ray.

Run from the repository root::

    python3 benchmarks/tournament.py [--game NAME] [--players N] [--bots SPEC,SPEC,...]
        [--games K] [--workers W] [--seed S] [--no-ray] [--setup MODULE:FUNCTION]

for instance, on a real game and on the test game of the test suite::

    python3 benchmarks/tournament.py --game notre-dame --players 4 --bots greedy,random
    python3 benchmarks/tournament.py --game toy-league --bots random,greedy,low \\
        --games 3000 --setup tests.arena.toys:register_toys

The same tournament (same game, bots, seed and games) is played in this process, then on
process pools of 2 .. W workers (W: `--workers`, default the cores available, at least 2),
then on a Ray instance started here with W CPUs. Each row is the wall time of the whole
`tournament` call, so a pool's start-up (fresh interpreters importing tavola) is counted;
Ray's start-up is timed apart and left out of its row, since a Ray instance is started once
and serves many runs. The closing line checks that every backend wrote the same game
records (apart from timing), as the arena promises.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

# The package is not installed in a fresh checkout; run against the sources beside us.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.console import Console
from rich.table import Table

from tavola.arena.backends import (
    LOCAL,
    available_cores,
    ray_connected,
    run_setup,
    start_ray,
)
from tavola.arena.tournament import tournament
from tavola.core import info


@dataclass
class Row:
    """One backend's run."""

    backend: str
    workers: int
    games: int
    seconds: float
    path: Path

    @property
    def games_per_s(self) -> float:
        """Return games per second of wall time."""
        return self.games / self.seconds


def records(path: Path) -> dict[int, str]:
    """Return each game's line of a results file by index, without its timing."""
    games = {}
    for line in path.read_text().splitlines()[1:]:
        data = json.loads(line)
        del data["seconds"]
        games[data["index"]] = json.dumps(data, sort_keys=True)
    return games


def measure(backend: str, workers: int, ray_address: str | None, args: argparse.Namespace,
            folder: Path) -> Row:
    """Play the benchmark's tournament once on one backend; return its row."""
    path = folder / f"{backend.replace(' ', '-')}-{workers}.jsonl"
    start = time.perf_counter()
    tournament(args.game, args.players, args.bots.split(","), args.games, args.seed,
               workers, ray_address, path, {}, args.setup, progress=False)
    return Row(backend, workers, args.games, time.perf_counter() - start, path)


def time_ray_start(workers: int) -> float | None:
    """Start a local Ray instance with `workers` CPUs; return how long it took (None when
    this process was already connected to one)."""
    if ray_connected():
        return None
    start = time.perf_counter()
    start_ray(LOCAL, workers)
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="notre-dame")
    parser.add_argument("--players", type=int, default=None,
                        help="default: the game's smallest count")
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=max(2, available_cores()))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray row")
    parser.add_argument("--setup", default=None,
                        help="MODULE:FUNCTION to call first (games registered elsewhere)")
    args = parser.parse_args(argv)
    run_setup(args.setup)
    if args.players is None:
        args.players = info(args.game).min_players
    console = Console(highlight=False)
    console.print(f"Tournament throughput: {args.game}, {args.players} players, bots "
                  f"{args.bots}, {args.games} games, seed {args.seed}; Python "
                  f"{platform.python_version()}, {available_cores()} cores available")
    rows: list[Row] = []
    ray_start: float | None = None
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        rows.append(measure("in-process", 1, None, args, folder))
        for workers in range(2, args.workers + 1):
            rows.append(measure("processes", workers, None, args, folder))
        if not args.no_ray:
            import ray

            ray_start = time_ray_start(args.workers)
            try:
                rows.append(measure("ray", args.workers, LOCAL, args, folder))
            finally:
                if ray_start is not None:
                    ray.shutdown()
        same = all(records(row.path) == records(rows[0].path) for row in rows)
    base = rows[0].games_per_s
    table = Table(title="Games per second (wall time of the whole run)",
                  title_justify="left", show_edge=False)
    table.add_column("Backend")
    for column in ("Workers", "Games", "Seconds", "Games/s", "x in-process"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(row.backend, str(row.workers), str(row.games), f"{row.seconds:.2f}",
                      f"{row.games_per_s:.1f}", f"{row.games_per_s / base:.2f}")
    console.print(table)
    if args.no_ray:
        console.print("Ray skipped (--no-ray).")
    elif ray_start is None:
        console.print("Ray was already running in this process: its start-up is not timed.")
    else:
        console.print(f"Ray start-up (not in its row): {ray_start:.2f} s.")
    console.print("Game records identical on every backend: " + ("yes" if same else "NO"))


if __name__ == "__main__":
    main()
