"""The search fast path against the public `apply`, today and at a reference revision.

Run from the repository root (a git checkout)::

    python3 benchmarks/fastpath.py                       # every game, 4 players
    python3 benchmarks/fastpath.py --reference d888f8f --games 40 --repeats 5

Searching bots spend most of their time in random rollouts (83-92% of an ISMCTS iteration,
see `search.py`). This measures exactly that loop on `--games` seeded set-ups per game:
pick a uniformly random legal action with a seeded generator, apply it, until the end. It
runs three ways, each in its own fresh process, on the same seeds:

- `reference`: the public `apply(player, action)` of the sources at `--reference` (by
  default the last revision before the fast path existed), extracted with `git archive`;
- `public`: today's public `apply`, which validates its input and writes the log;
- `fast`: today's fast path, `for_search()` once (no log) then `apply_index`.

Each row gives decisions per second (best of `--repeats` passes) and the ratio of the fast
path to the other two. The three must end every game with the same scores: the script
checks it and says so, since a faster loop that plays another game proves nothing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = "d888f8f"
GAMES = ("notre-dame", "rattus", "nottingham", "intrige")


def worker(source: str, mode: str, game: str, players: int, games: int, repeats: int) -> None:
    """Time the rollouts with the package found at `source`; print one JSON line."""
    sys.path.insert(0, source)
    from tavola.core import make

    starts = [make(game, players, seed) for seed in range(games)]
    best, decisions, finals = float("inf"), 0, []
    for _ in range(repeats):
        decisions, finals = 0, []
        begin = time.perf_counter()
        for seed, start in enumerate(starts):
            rng = random.Random(seed)
            state = start.for_search() if mode == "fast" else start
            while not state.is_terminal:
                player = state.to_act[0]
                legal = state.legal_actions(player)
                index = rng.randrange(len(legal))
                if mode == "fast":
                    state = state.apply_index(player, index)
                else:
                    state = state.apply(player, legal[index])
                decisions += 1
            finals.append(list(state.result().scores))
        best = min(best, time.perf_counter() - begin)
    print(json.dumps({"seconds": best, "decisions": decisions, "finals": finals}))


def extract(revision: str, into: Path) -> None:
    """Write the `tavola` package of `revision` under `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "tavola"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def measure(source: Path, mode: str, game: str, players: int, games: int,
            repeats: int) -> dict[str, object]:
    """Run one worker process and return what it printed."""
    done = subprocess.run([sys.executable, __file__, "--worker", str(source), mode, game,
                           str(players), str(games), str(repeats)],
                          check=True, capture_output=True, text=True)
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reference", default=REFERENCE, help="git revision to compare with")
    parser.add_argument("--game", action="append", help="one game (repeatable; default all)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40, help="seeded set-ups per game")
    parser.add_argument("--repeats", type=int, default=5, help="passes; the fastest counts")
    parser.add_argument("--worker", nargs=6, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        source, mode, game, players, games, repeats = args.worker
        worker(source, mode, game, int(players), int(games), int(repeats))
        return
    from rich.console import Console
    from rich.table import Table

    console = Console(width=None if sys.stdout.isatty() else 120)
    console.print(f"Python {platform.python_version()} on {platform.machine()}, one core; "
                  f"{args.players} players, {args.games} seeded random games per row, "
                  f"best of {args.repeats}; reference {args.reference}")
    table = Table(title="Random rollouts: decisions per second", title_justify="left")
    for column in ("game", "reference apply", "public apply", "fast path",
                   "fast / reference", "fast / public", "public = fast", "reference = today"):
        table.add_column(column, justify="left" if column == "game" else "right")
    with tempfile.TemporaryDirectory() as temp:
        old = Path(temp)
        extract(args.reference, old)
        for game in args.game or GAMES:
            rows = {mode: measure(old if mode == "reference" else ROOT, mode, game,
                                  args.players, args.games, args.repeats)
                    for mode in ("reference", "public", "fast")}
            rate = {mode: float(row["decisions"]) / float(row["seconds"])  # type: ignore[arg-type]
                    for mode, row in rows.items()}
            agree = rows["public"]["finals"] == rows["fast"]["finals"]
            kept = rows["reference"]["finals"] == rows["public"]["finals"]
            table.add_row(game, f"{rate['reference']:,.0f}", f"{rate['public']:,.0f}",
                          f"{rate['fast']:,.0f}", f"{rate['fast'] / rate['reference']:.2f}x",
                          f"{rate['fast'] / rate['public']:.2f}x", "yes" if agree else "NO",
                          "yes" if kept else "no: rules changed")
            if not agree:
                raise SystemExit(f"{game}: the fast path and the public apply played "
                                 f"different games")
    console.print(table)
    console.print("public = fast: every game ended with the same scores on today's public "
                  "apply and fast path (the script stops otherwise). reference = today: the "
                  "same at the reference revision; where a game's rules changed since (its "
                  "version), the seeded random games differ and the rates compare games of "
                  "the same seeds, not the same moves.")


if __name__ == "__main__":
    main()
