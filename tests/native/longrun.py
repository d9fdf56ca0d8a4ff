"""The long differential run: many games of a game, native core against reference, in
chunks of seeds, in parallel, and able to stop and go on.

    python -m tests.native.longrun --game rattus --games 1000000 --jobs 2 \\
        --out longrun-rattus.jsonl
    python -m tests.native.longrun --report longrun-rattus.jsonl

A game's `--games` are spread evenly over its sets (player counts x option sets and tables,
as its driver's `option_sets` gives them); each set plays seeds `--start`, `--start`+1, ...
through the driver's `play_both`, in chunks of `--chunk` seeds. Every finished chunk is
appended to the `--out` file as one JSON line (game, set, first seed, count, steps, games
ended by a limit, the worker's CPU seconds, the commit it ran from), so the same command
goes on where it stopped: seeds already in the file are not played again, and a last line
cut short (the run was killed while writing it) is dropped and its chunk played again.
Chunks run in this process (`--jobs 1`), in `--jobs` worker processes, or as Ray tasks
(`--ray ADDRESS`, "local" to start Ray here). A divergence stops the run: it is printed
(game, set, seed, step, what differs) and written to the file as a line of its own.
`--report` sums files up per game and set. docs/native.md ("Proven identical") tells the
figures of the real run.
"""

from __future__ import annotations

import argparse
import concurrent.futures as futures
import importlib
import json
import multiprocessing
import os
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tavola.arena.backends import check_ray, ray_connected, start_ray, watch_parent
from tavola.core import BadOptions

GOAL = 1_000_000
"""The games per game issue 22 asks for, over all of that game's sets."""

CHUNK = 200
"""The seeds of a chunk, by default (a few seconds to a minute of one worker)."""

OBSERVE_EVERY = 16
"""Every seat's observation is compared at every this many steps, and at every end."""


@dataclass(frozen=True)
class Driver:
    """A game's differential driver: its module and the player counts it is run with."""

    module: str
    game: str
    players: tuple[int, ...]


DRIVERS = {
    "rattus": Driver("tests.native.differential", "tavola.games.rattus.game:RattusGame",
                     (2, 3, 4)),
    "notre_dame": Driver("tests.native.differential_notre_dame",
                         "tavola.games.notre_dame.game:NotreDame", (2, 3, 4, 5)),
    "intrige": Driver("tests.native.differential_intrige",
                      "tavola.games.intrige.game:IntrigeGame", (3, 4, 5)),
    "nottingham": Driver("tests.native.differential_nottingham",
                         "tavola.games.nottingham.game:NottinghamGame", (3, 4, 5, 6, 7)),
}


@dataclass(frozen=True)
class Set:
    """One player count, option set and table of a game."""

    game: str
    players: int
    options: dict[str, Any]
    table: str

    @property
    def name(self) -> str:
        options = "-".join(f"{k}={v}" for k, v in self.options.items()) or "default"
        return f"{self.players}p-{options}-{self.table}"


def _attribute(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def sets(game: str) -> list[Set]:
    """The sets of `game`, in its driver's order (player counts, then option sets)."""
    driver = DRIVERS[game]
    option_sets = importlib.import_module(driver.module).option_sets
    return [Set(game, n, options, table) for n in driver.players
            for options, table in option_sets()]


@dataclass(frozen=True)
class Chunk:
    """Seeds `first` to `first + count - 1` of one set."""

    set: Set
    first: int
    count: int
    observe_every: int


@cache
def commit() -> str:
    """The commit these drivers and tavola run from, "+dirty" if tracked files differ from
    it; "unknown (...)" said as such when there is no git checkout to ask."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=here, capture_output=True, text=True,
                               check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return head + ("+dirty" if dirty else "")


def play_chunk(chunk: Chunk) -> dict[str, Any]:
    """Play the chunk's games through its game's driver; return its line of the file: the
    chunk's record, or the divergence that stopped it."""
    s = chunk.set
    driver = importlib.import_module(DRIVERS[s.game].module)
    game = _attribute(DRIVERS[s.game].game)(s.players, s.options)
    limit = game.config.turn_limit if s.game == "rattus" else None
    steps = limited = 0
    began = time.process_time()
    seed = chunk.first
    try:
        for seed in range(chunk.first, chunk.first + chunk.count):
            end, played = driver.play_both(game, seed, s.table, chunk.observe_every)
            steps += played
            if limit is not None:
                limited += end.turn == limit
    except driver.Divergence as exc:
        return {"kind": "divergence", "game": s.game, "set": s.name, "first": chunk.first,
                "count": chunk.count, "seed": exc.seed, "step": exc.step, "what": exc.what,
                "message": str(exc), "commit": commit()}
    return {"kind": "chunk", "game": s.game, "set": s.name, "first": chunk.first,
            "count": chunk.count, "steps": steps,
            "limited": limited if limit is not None else None,
            "observe_every": chunk.observe_every,
            "cpu": round(time.process_time() - began, 3), "commit": commit()}


# The file.

def read_records(path: Path, repair: Callable[[str], None] | None = None
                 ) -> list[dict[str, Any]]:
    """Return the records of a long-run file (none if it does not exist). A last line cut
    short is left out and, with `repair`, cut off the file and said through `repair`; any
    other line that is not a record raises BadOptions naming it."""
    if not path.exists():
        return []
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadOptions(f"cannot read {path}: {exc.strerror}") from None
    complete = data.rfind(b"\n") + 1
    if complete < len(data) and repair is not None:
        repair(f"{path}: dropped a last line cut short ({len(data) - complete} bytes); "
               "its chunk is played again")
        with path.open("r+b") as f:
            f.truncate(complete)
    records = []
    for number, line in enumerate(data[:complete].splitlines(), 1):
        try:
            record = json.loads(line)
            if record["kind"] not in ("chunk", "divergence"):
                raise ValueError(record["kind"])
            str(record["game"]), str(record["set"]), int(record["first"]), \
                int(record["count"])
        except (ValueError, KeyError, TypeError):
            raise BadOptions(f"line {number} of {path} is not a long-run record") from None
        records.append(record)
    return records


def covered(records: Iterable[dict[str, Any]]) -> dict[tuple[str, str], list[tuple[int, int]]]:
    """The seeds proven per (game, set), as sorted disjoint [first, end) intervals."""
    spans: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for r in records:
        if r["kind"] == "chunk":
            spans[r["game"], r["set"]].append((r["first"], r["first"] + r["count"]))
    return {key: _merge(found) for key, found in spans.items()}


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for first, end in sorted(spans):
        if merged and first <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((first, end))
    return merged


def _missing(first: int, end: int, done: list[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """The parts of [first, end) outside the intervals `done`."""
    at = first
    for a, b in done:
        if b <= at or a >= end:
            continue
        if a > at:
            yield at, a
        at = max(at, b)
    if at < end:
        yield at, end


def plan(game: str, games: int, start: int, chunk: int, observe_every: int,
         done: dict[tuple[str, str], list[tuple[int, int]]]) -> list[list[Chunk]]:
    """The chunks still to play of `games` games of `game` spread over its sets (the first
    `games % sets` sets one game more), per set, each set's in seed order."""
    found = sets(game)
    per_set = []
    for k, s in enumerate(found):
        quota = games // len(found) + (k < games % len(found))
        todo = []
        for a, b in _missing(start, start + quota, done.get((game, s.name), [])):
            todo += [Chunk(s, f, min(chunk, b - f), observe_every) for f in range(a, b, chunk)]
        per_set.append(todo)
    return per_set


def interleave(queues: Sequence[Sequence[Chunk]]) -> list[Chunk]:
    """Chunk 1 of every queue, then chunk 2 of every queue, and so on: a run stopped early
    has covered every set (and every game) alike."""
    return [q[k] for k in range(max(map(len, queues), default=0)) for q in queues
            if k < len(q)]


# Where chunks run.

Results = Generator[dict[str, Any], None, None]
"""Finished chunks' lines, as they end."""


def run_here(chunks: Iterable[Chunk]) -> Results:
    for chunk in chunks:
        yield play_chunk(chunk)


def run_processes(chunks: Sequence[Chunk], jobs: int) -> Results:
    """Play the chunks on `jobs` fresh worker processes, yielding each as it ends."""
    context = multiprocessing.get_context("spawn")
    pending = iter(chunks)
    with futures.ProcessPoolExecutor(jobs, mp_context=context, initializer=watch_parent,
                                     initargs=(os.getpid(),)) as pool:
        running: set[futures.Future[dict[str, Any]]] = set()
        try:
            while True:
                while len(running) < 2 * jobs and (chunk := next(pending, None)) is not None:
                    running.add(pool.submit(play_chunk, chunk))
                if not running:
                    return
                done, running = futures.wait(running, return_when=futures.FIRST_COMPLETED)
                for future in done:
                    try:
                        yield future.result()
                    except futures.process.BrokenProcessPool:
                        raise BadOptions("a worker process died (out of memory, or "
                                         "killed); run again to go on") from None
        finally:
            for future in running:
                future.cancel()


def run_ray(chunks: Sequence[Chunk], jobs: int, address: str) -> Results:
    """Play the chunks as Ray tasks, `jobs` at once (with "local", on a Ray instance of
    `jobs` CPUs started here and shut down at the end)."""
    started = not ray_connected()
    if started:
        start_ray(address, jobs)
    import ray

    remote = ray.remote(num_cpus=1, max_retries=0)(play_chunk)
    pending = iter(chunks)
    running: list[Any] = []
    try:
        while True:
            while len(running) < 2 * jobs and (chunk := next(pending, None)) is not None:
                running.append(remote.remote(chunk))
            if not running:
                return
            done, running = ray.wait(running, num_returns=1)
            for ref in done:
                try:
                    yield ray.get(ref)
                except ray.exceptions.RayError as exc:
                    first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
                    raise BadOptions(f"a Ray task failed ({type(exc).__name__}: {first}); "
                                     "run again to go on") from None
    finally:
        for ref in running:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


# The command.

def out_path(pattern: str, game: str, several: bool) -> Path:
    if several and "{game}" not in pattern:
        raise BadOptions("with several games, --out needs {game} in it "
                         "(e.g. longrun-{game}.jsonl)")
    path = Path(pattern.replace("{game}", game))
    if not path.parent.is_dir():
        raise BadOptions(f"the directory of {path} does not exist")
    return path


def run(games: Sequence[str], args: argparse.Namespace,
        say: Callable[[str], None] = print) -> int:
    """Play what is missing of `args.games` games of each game; return 0 when all are
    proven, 1 at a divergence."""
    paths = {g: out_path(args.out, g, len(games) > 1) for g in games}
    queues = []
    for g in games:
        done = covered(read_records(paths[g], repair=say))
        queues += plan(g, args.games, args.start, args.chunk, args.observe_every, done)
    chunks = interleave(queues)
    todo = sum(c.count for c in chunks)
    say(f"{todo} games to play in {len(chunks)} chunks "
        f"({len(games) * args.games - todo} already in the file)")
    if args.ray is not None:
        check_ray(args.ray)
        results = run_ray(chunks, args.jobs, args.ray)
    elif args.jobs == 1:
        results = run_here(chunks)
    else:
        results = run_processes(chunks, args.jobs)
    files = {g: paths[g].open("a", encoding="utf-8") for g in games}
    played = 0
    began = time.perf_counter()
    try:
        for record in results:
            f = files[record["game"]]
            f.write(json.dumps(record, separators=(",", ":")) + "\n")
            f.flush()
            if record["kind"] == "divergence":
                say(f"DIVERGENCE: {record['game']} set {record['set']} seed "
                    f"{record['seed']} step {record['step']}: {record['what']} differ "
                    f"(written to {paths[record['game']]})")
                return 1
            played += record["count"]
            if args.verbose:
                say(f"{record['game']} {record['set']} seeds {record['first']}-"
                    f"{record['first'] + record['count'] - 1}: identical "
                    f"({played}/{todo}, {time.perf_counter() - began:.0f} s)")
    finally:
        results.close()
        for f in files.values():
            f.close()
    say(f"{played} games identical")
    return 0


def _spans(spans: list[tuple[int, int]]) -> str:
    shown = ", ".join(f"{a}-{b - 1}" for a, b in spans[:3])
    return shown + (f" and {len(spans) - 3} more" if len(spans) > 3 else "")


def report(paths: Sequence[Path], goal: int, say: Callable[[str], None] = print) -> int:
    """Print per game and set what the files prove; return 1 if one holds a divergence."""
    records = [r for p in paths for r in read_records(p)]
    spans = covered(records)
    by_set: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        if r["kind"] == "chunk":
            by_set[r["game"], r["set"]].append(r)
    divergences = [r for r in records if r["kind"] == "divergence"]
    for game in sorted({g for g, _ in by_set}):
        names = [s.name for s in sets(game)] if game in DRIVERS else []
        names += sorted(n for g, n in by_set if g == game and n not in names)
        total = cpu = 0.0
        steps = 0
        say(f"{game}:")
        for name in names:
            found = by_set.get((game, name), [])
            proven = sum(b - a for a, b in spans.get((game, name), []))
            set_cpu = sum(r["cpu"] for r in found)
            rate = sum(r["count"] for r in found) / set_cpu if set_cpu else 0.0
            limited = [r["limited"] for r in found if r.get("limited") is not None]
            extra = f", {sum(limited)} ended by the limit" if limited else ""
            seeds = _spans(spans.get((game, name), [])) or "none"
            say(f"  {name}: {proven:,} games proven (seeds {seeds}), {rate:.1f} games per "
                f"CPU second{extra}")
            total += proven
            cpu += set_cpu
            steps += sum(r["steps"] for r in found)
        rate = sum(r["count"] for n in names for r in by_set.get((game, n), [])) / cpu \
            if cpu else 0.0
        left = max(0.0, goal - total)
        rest = f"; the rest needs {left / rate / 3600:.1f} CPU-hours at that rate" \
            if rate and left else ""
        commits = sorted({r["commit"] for n in names for r in by_set.get((game, n), [])})
        observe = sorted({r["observe_every"] for n in names
                          for r in by_set.get((game, n), [])})
        say(f"  total: {int(total):,} of {goal:,} games ({100 * total / goal:.2f} %), "
            f"{steps:,} steps, {cpu / 3600:.2f} CPU-hours, {rate:.1f} games per CPU "
            f"second{rest}")
        say(f"  observations every {', '.join(map(str, observe))} steps; commits "
            f"{', '.join(c[:12] + ('+dirty' if c.endswith('+dirty') else '') for c in commits)}")
    for r in divergences:
        say(f"DIVERGENCE: {r['game']} set {r['set']} seed {r['seed']} step {r['step']}: "
            f"{r['what']} differ ({r['commit'][:12]})")
    return 1 if divergences else 0


def _at_least(low: int) -> Callable[[str], int]:
    """Return an argparse type: a whole number of at least `low`."""

    def whole(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        return value

    return whole


_positive = _at_least(1)
_natural = _at_least(0)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tests.native.longrun",
                                description=__doc__.splitlines()[0])
    p.add_argument("--game", help="a game, several separated by commas, or 'all': "
                   + ", ".join(DRIVERS))
    p.add_argument("--games", type=_positive, default=GOAL,
                   help=f"games of each game, over all its sets (default {GOAL:,})")
    p.add_argument("--start", type=_natural, default=0, help="the first seed of every set")
    p.add_argument("--chunk", type=_positive, default=CHUNK, help="seeds per chunk")
    p.add_argument("--observe-every", type=_positive, default=OBSERVE_EVERY,
                   help="compare the observations at every k-th step (and every end)")
    p.add_argument("--jobs", type=_positive, default=1,
                   help="worker processes (with --ray: tasks at once)")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="run on Ray: 'local' starts it here, else HOST:PORT or 'auto'")
    p.add_argument("--out", default="longrun-{game}.jsonl",
                   help="the file of finished chunks ({game} is the game's name)")
    p.add_argument("--report", nargs="+", type=Path, metavar="FILE",
                   help="sum these files up instead of running")
    p.add_argument("--goal", type=_positive, default=GOAL,
                   help="the games per game the report measures against")
    p.add_argument("--verbose", action="store_true", help="say every chunk as it ends")
    return p


def main(argv: list[str] | None = None) -> int:
    p = parser()
    args = p.parse_args(argv)
    try:
        if args.report is not None:
            return report(args.report, args.goal)
        if args.game is None:
            p.error("say which game to run (--game), or --report FILE")
        names = list(DRIVERS) if args.game == "all" else args.game.split(",")
        unknown = [g for g in names if g not in DRIVERS]
        if unknown or len(set(names)) != len(names):
            p.error(f"--game: choose among {', '.join(DRIVERS)} or 'all', each once, "
                    f"not {args.game!r}")
        return run(names, args, lambda line: print(line, flush=True))
    except BadOptions as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("stopped: finished chunks are in the file; run again to go on",
              file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
