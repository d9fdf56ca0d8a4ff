"""Where a tournament's games are played: in this process, in a pool of processes, or on Ray.

Every backend runs the same function, `play_chunk`, on the same `GameTask`s, and a game is
fixed by its task alone (game, options, seed, seats; the bots' random choices are seeded
from the game's seed by `run_match`), so the game records are identical whatever the
backend and however many workers; only the timing differs.

Workers are fresh interpreters (the process pool uses the "spawn" start method, so no
thread of the parent, such as the progress bar's, is copied mid-operation). They find the
games that ship with tavola by themselves; games or bots registered by other code need
`setup`, an importable "module:function" every worker calls before its first game.

Ray is imported only when asked for: it is in the `arena` extra, not a core dependency.
"""

from __future__ import annotations

import concurrent.futures as futures
import importlib
import itertools
import logging
import multiprocessing
import os
import socket
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tavola.arena.results import GameResult, GameSummary, dumps
from tavola.arena.runner import run_match
from tavola.core import BadOptions, TavolaError, info

LOCAL = "local"
"""The Ray address that starts a Ray instance on this machine for the run."""

MAX_CHUNK = 32
"""The most games one task plays (a worker reports back at least this often)."""


Played = tuple[str, GameSummary]
"""A finished game as a worker hands it back: its line of the results file (canonical JSON
text, made where the game was played) and what the standings need of it."""


class GameFailed(TavolaError):
    """A game could not be played to its end (a bot or game raised an error)."""


@dataclass(frozen=True)
class GameTask:
    """Everything needed to play one game of a tournament, and nothing else."""

    game: str
    version: int
    players: int
    options: Mapping[str, Any]
    index: int
    seed: int
    seats: tuple[str, ...]


def available_cores() -> int:
    """Return the number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


_done_setup: set[str] = set()


def run_setup(setup: str | None) -> None:
    """Call the "module:function" `setup` once in this process."""
    if setup is None or setup in _done_setup:
        return
    module, _, function = setup.partition(":")
    try:
        hook = getattr(importlib.import_module(module), function)
    except (ImportError, AttributeError, ValueError):
        raise BadOptions(f"cannot find the setup function {setup!r}") from None
    hook()
    _done_setup.add(setup)


def play_task(task: GameTask) -> GameResult:
    """Play one game; return it as the results file keeps it."""
    version = info(task.game).version
    if version != task.version:
        raise GameFailed(f"this worker has {task.game} version {version}, the tournament "
                         f"is of version {task.version}")
    start = time.perf_counter()
    outcome = run_match(task.game, task.players, task.seed, list(task.seats),
                        dict(task.options))
    seconds = time.perf_counter() - start
    result = outcome.final.result()
    return GameResult(task.index, task.seed, task.seats, outcome.record, result.scores,
                      result.ranks, outcome.decisions, tuple(outcome.seat_decisions),
                      round(seconds, 6))


def play_chunk(tasks: Sequence[GameTask], setup: str | None) -> list[Played]:
    """Play several games in turn; return each game's line of the results file and its
    summary. A failure names the game, so that it can be replayed alone."""
    run_setup(setup)
    lines = []
    for task in tasks:
        try:
            game = play_task(task)
            lines.append((dumps(game.to_json()), game.summary()))
        except Exception as exc:
            raise GameFailed(f"game {task.index} (seed {task.seed}, seats "
                             f"{','.join(task.seats)}) failed: {type(exc).__name__}: "
                             f"{exc}") from None
    return lines


def chunks(tasks: Iterable[GameTask], total: int, workers: int) -> Iterator[list[GameTask]]:
    """Split the `total` tasks so that each worker gets several chunks (to even out the
    load), taking them from `tasks` only as they are needed."""
    size = max(1, min(MAX_CHUNK, total // (workers * 8)))
    stream = iter(tasks)
    while chunk := list(itertools.islice(stream, size)):
        yield chunk


def run_serial(tasks: Iterable[GameTask], setup: str | None) -> Iterator[Played]:
    """Play the games here, one after another, in index order."""
    run_setup(setup)
    for task in tasks:
        yield from play_chunk([task], None)


def watch_parent(parent: int) -> None:
    """Make this worker exit once the process that started it is gone.

    A pool's workers hold both ends of the pipe they read tasks from, so when the parent is
    killed (not stopped) they never see it close and would wait for ever.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="tavola-parent-watch", daemon=True).start()


def run_processes(tasks: Iterable[GameTask], total: int, workers: int,
                  setup: str | None) -> Iterator[Played]:
    """Play the games on `workers` processes; yield each game's line as its chunk ends."""
    context = multiprocessing.get_context("spawn")
    pending = chunks(tasks, total, workers)
    with futures.ProcessPoolExecutor(workers, mp_context=context, initializer=watch_parent,
                                     initargs=(os.getpid(),)) as pool:
        running: set[futures.Future[list[Played]]] = set()
        try:
            while True:
                while len(running) < 2 * workers:
                    chunk = next(pending, None)
                    if chunk is None:
                        break
                    running.add(pool.submit(play_chunk, chunk, setup))
                if not running:
                    return
                done, running = futures.wait(running, return_when=futures.FIRST_COMPLETED)
                for future in done:
                    try:
                        lines = future.result()
                    except futures.process.BrokenProcessPool:
                        raise GameFailed("a worker process died (out of memory, or killed); "
                                         "run again to go on") from None
                    yield from lines
        finally:
            for future in running:
                future.cancel()


PROBE_SECONDS = 5.0


def probe(address: str) -> None:
    """Raise BadOptions unless something listens at a "host:port" Ray address.

    Ray itself retries an unreachable cluster for ever, so a mistyped address is caught
    here instead. "auto" (Ray finds a cluster started on this machine) is left to Ray.
    """
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise BadOptions(f"a Ray address is HOST:PORT, 'auto' or nothing, not {address!r}")
    try:
        with socket.create_connection((host, int(port)), timeout=PROBE_SECONDS):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise BadOptions(f"cannot reach Ray at {address!r}: {reason}") from None


def check_ray(address: str) -> None:
    """Raise BadOptions with one line unless Ray is installed and `address` can be used."""
    try:
        import ray
    except ImportError:
        raise BadOptions("running on Ray needs the ray extra: "
                         "pip install 'tavola[ray]'") from None
    if address != LOCAL and not ray.is_initialized():
        probe(address)


def start_ray(address: str, workers: int | None) -> None:
    """Start a Ray instance here (`address` "local", with `workers` CPUs) or join the
    cluster at `address`; raise BadOptions with one line if Ray is missing or unreachable.

    Ray's usage statistics (which it would send over the network) stay off unless the
    environment turns them on: a tournament should not report anything anywhere.
    """
    check_ray(address)
    import ray

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    local = address == LOCAL
    try:
        ray.init(address=address, num_cpus=workers if local else None,
                 include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise BadOptions(f"cannot start or reach Ray at {address!r}: {first}") from None


def ray_connected() -> bool:
    """Return whether this process is already connected to Ray."""
    try:
        import ray
    except ImportError:
        return False
    return bool(ray.is_initialized())


def run_ray(tasks: Iterable[GameTask], total: int, workers: int | None, address: str,
            setup: str | None) -> Iterator[Played]:
    """Play the games as Ray tasks; yield each game's line as its chunk ends.

    With `address` "local" a Ray instance is started on this machine with `workers` CPUs
    (default: the cores available) and shut down afterwards; any other address joins that
    cluster (whose nodes must have this tavola installed), with `workers` tasks running at
    once (default: the cluster's CPUs). A process already connected to Ray (it called
    `ray.init` itself) plays on that connection, whatever `address` says, and keeps it.
    """
    if address == LOCAL and workers is None:
        workers = available_cores()
    started = not ray_connected()
    if started:
        start_ray(address, workers)
    import ray

    if workers is None:
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        workers = max(1, int(resources.get("CPU", 1)))
    remote = ray.remote(num_cpus=1, max_retries=0)(play_chunk)
    pending = chunks(tasks, total, workers)
    running: list[Any] = []
    try:
        while True:
            while len(running) < 2 * workers:
                chunk = next(pending, None)
                if chunk is None:
                    break
                running.append(remote.remote(chunk, setup))
            if not running:
                return
            done, running = ray.wait(running, num_returns=1)
            for ref in done:
                try:
                    lines: list[Played] = ray.get(ref)
                except ray.exceptions.RayTaskError as exc:
                    cause = exc.cause
                    if isinstance(cause, TavolaError):
                        raise type(cause)(str(cause)) from None
                    raise GameFailed(f"a Ray task failed: {cause}") from None
                except ray.exceptions.RayError as exc:
                    first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
                    raise GameFailed(f"a Ray task was lost ({type(exc).__name__}: {first}); "
                                     "run again to go on") from None
                yield from lines
    finally:
        for ref in running:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def run_games(tasks: Iterable[GameTask], total: int, workers: int | None = None,
              ray_address: str | None = None,
              setup: str | None = None) -> Iterator[Played]:
    """Play the `total` games of `tasks` on the chosen backend; yield each game's line in
    the order games end. Tasks are taken from `tasks` only as workers need them.

    `ray_address` None: on a pool of `workers` processes (default: the cores available),
    or in this process when that is 1. Otherwise on Ray (see `run_ray`).
    """
    if workers is not None and workers < 1:
        raise BadOptions(f"workers must be at least 1, not {workers}")
    if ray_address is not None:
        return run_ray(tasks, total, workers, ray_address, setup)
    if workers is None:
        workers = available_cores()
    if workers == 1:
        return run_serial(tasks, setup)
    return run_processes(tasks, total, workers, setup)
