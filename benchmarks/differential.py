"""What the differential drivers cost per game: the long run's price (docs/native.md,
"Proven identical").

Run from the repository root, with the native core installed (`pip install ./native`)::

    python3 benchmarks/differential.py                    # the four games, 10 games a set
    python3 benchmarks/differential.py --game rattus --games 40 --observe 1 16
    python3 benchmarks/differential.py --game notre_dame --profile   # where the time goes

Each game plays `--games` seeds of every set of its long run (`tests.native.longrun`:
player counts x option sets x tables) through its driver's `play_both`, as one chunk of the
long run does, once for each `--observe` value (every seat's observation compared at every
k-th step and at every end; 0 stands for the end only). It prints CPU milliseconds per
game and microseconds per step (one process, one core), and the CPU-hours 10^6 games of
the game would take at that cost. With `--profile` it also runs the first value under
cProfile and prints the functions that take the most time of their own.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.native.longrun import DRIVERS, GOAL, Chunk, play_chunk, sets

ENDS_ONLY = 10**9


def measure(game: str, games: int, start: int, observe: int) -> tuple[float, int]:
    """CPU seconds and steps of `games` seeds of every set of `game`."""
    cpu = 0.0
    steps = 0
    for s in sets(game):
        record = play_chunk(Chunk(s, start, games, observe))
        if record["kind"] != "chunk":
            raise SystemExit(record["message"])
        cpu += record["cpu"]
        steps += record["steps"]
    return cpu, steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(DRIVERS), action="append",
                        help="a game (repeatable; default: all four)")
    parser.add_argument("--games", type=int, default=10, help="seeds per set")
    parser.add_argument("--start", type=int, default=0, help="the first seed")
    parser.add_argument("--observe", type=int, nargs="+", default=[16, 1, 0],
                        help="observe-every values (0: at the ends only)")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1 or any(k < 0 for k in args.observe):
        parser.error("--games must be at least 1 and --observe values at least 0")
    print(f"{'game':<11} {'observe':>8} {'games':>6} {'ms/game':>8} {'us/step':>8} "
          f"{'CPU-h/10^6':>10}")
    for game in args.game or list(DRIVERS):
        for k in args.observe:
            cpu, steps = measure(game, args.games, args.start, k or ENDS_ONLY)
            played = args.games * len(sets(game))
            print(f"{game:<11} {k or 'ends':>8} {played:>6} {1000 * cpu / played:>8.1f} "
                  f"{1e6 * cpu / steps:>8.0f} {GOAL * cpu / played / 3600:>10.1f}",
                  flush=True)
        if args.profile:
            profile = cProfile.Profile()
            profile.runcall(measure, game, args.games, args.start,
                            args.observe[0] or ENDS_ONLY)
            pstats.Stats(profile).sort_stats("tottime").print_stats(12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
