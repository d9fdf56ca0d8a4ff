"""Bot workers: the server's bots think in worker processes, never beside its event loop.

A server process keeps a pool of worker processes (`tavola serve --bot-workers N`, by
default one per core), shared by all its tables and reused from decision to decision. A
decision waits for a free worker in the order it was asked and is then sent to it as the
deciding seat's information set alone — the game (name, player count, options), the seat,
its view, its log as the seat reads it and its legal actions — never the true state; the
worker rebuilds the bot from its spec (and keeps it for the table's next decision, so a
search may reuse its tree) and answers with the action's text.

The think time counts from when the worker takes the decision up. A searching bot is given
it as its own deadline and answers in time; any bot still thinking past it and a grace
period (`tavola.server.bots`; a bot that does not search, or one that hangs) has its
worker ended — the decision is cancelled, not left running — and a fresh worker takes its
place. A worker that fails or dies likewise costs only its decision, which the table then
makes with the game's simple policy (`tavola.server.bots.replacement`). Each worker's
memory is bounded (`MEMORY_MB`): a bot that grows past it fails instead of starving the
machine.

Workers are started from a fork server (`multiprocessing`'s "forkserver" context): a clean
single-threaded process that has imported tavola once, so a new worker starts in a few
milliseconds and never inherits the server's threads or connections. Games registered at
run time (the tests' toy games) are registered in each worker by the `setup` functions
given as "module:function".
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import pkgutil
import random
import resource
import time
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Protocol

import tavola.games as games_package
from tavola.agents import Agent, make_agent
from tavola.core import Action, Event, Game, InfoSet, State, load

log = logging.getLogger("tavola.server")

MEMORY_MB = 2048
"""The address space one worker may use, in MiB."""
KEPT_BOTS = 64
"""How many bots (table, seat, spec) a worker keeps between decisions."""
PRELOADED = (*(f"tavola.games.{m.name}" for m in pkgutil.iter_modules(games_package.__path__)
                if m.ispkg), "tavola.agents.ismcts", "tavola.agents.pimc", "tavola.native")
"""The modules a worker has imported before its first decision."""


@dataclass(frozen=True)
class Request:
    """One decision, as a worker receives it: an information set and a bot spec."""

    key: str
    spec: str
    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    seat: int
    view: Any
    log: tuple[Event, ...]
    legal: tuple[Action, ...]
    seed: int
    seconds: float


def request_for(key: str, spec: str, state: State, seat: int, seed: int,
                seconds: float) -> Request:
    """Return the request for `seat`'s decision at `state`: its information set only."""
    info = state.infoset(seat)
    game = state.game
    return Request(key, spec, game.info.name, game.players, tuple(sorted(game.options.items())),
                   seat, info.view, info.log, info.legal, seed, seconds)


# -- in the worker ---------------------------------------------------------------------------
def _setup(functions: Sequence[str]) -> None:
    for text in functions:
        module, _, name = text.partition(":")
        getattr(importlib.import_module(module), name)()


def _decide(request: Request, bots: OrderedDict[tuple[str, str], Agent],
            games: dict[tuple[str, int, tuple[tuple[str, Any], ...]], Game],
            received: float) -> str:
    """Return the request's decision; the think time counts from `received` (the moment
    the request arrived, `time.perf_counter()`), so rebuilding the game, the bot and the
    information set comes out of it rather than on top of it."""
    where = (request.game, request.players, request.options)
    game = games.get(where)
    if game is None:
        game = games[where] = load(request.game, request.players, **dict(request.options))
    key = (request.key, request.spec)
    agent = bots.pop(key, None) or make_agent(request.spec, request.game)
    bots[key] = agent
    while len(bots) > KEPT_BOTS:
        bots.popitem(last=False)
    if agent.needs_view:
        info = InfoSet(game, request.seat, request.view, request.log, request.legal)
    else:
        info = InfoSet(game, request.seat, {}, (), request.legal)
    spent = time.perf_counter() - received
    with thinking_at_most(agent, request.seconds, spent):
        return str(agent.act(info, random.Random(request.seed)))


@contextlib.contextmanager
def thinking_at_most(agent: Agent, seconds: float, spent: float = 0.0) -> Iterator[None]:
    """Cut a searching bot's think time to `seconds` while in the block (its own, if
    shorter, stands), less the `spent` seconds of it already gone, and restore it after; a
    bot that does not search is left alone. A search always completes its first
    simulation, so a budget already spent still gets a decision of its own."""
    own = getattr(agent, "seconds", False)
    if own is False:
        yield
        return
    whole = seconds if own is None else min(float(own), seconds)
    agent.seconds = max(0.0, whole - spent)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        agent.seconds = own  # type: ignore[attr-defined]


def _serve(conn: Connection, setup: Sequence[str], memory_mb: int) -> None:
    """A worker's life: take decisions from `conn` until told to stop (None) or the
    connection closes."""
    with contextlib.suppress(ValueError, OSError):
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    bots: OrderedDict[tuple[str, str], Agent] = OrderedDict()
    games: dict[tuple[str, int, tuple[tuple[str, Any], ...]], Game] = {}
    try:
        _setup(setup)
        conn.send(("ready", ""))
    except Exception as exc:
        conn.send(("error", f"the worker could not be set up: {type(exc).__name__}: {exc}"))
        return
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        received = time.perf_counter()
        if request is None:
            return
        try:
            answer = ("ok", _decide(request, bots, games, received))
        except MemoryError:
            bots.clear()
            answer = ("error", f"the bot used more than {memory_mb} MiB")
        except Exception as exc:  # a bot is outside code: its failure is its decision's
            answer = ("error", f"{type(exc).__name__}: {str(exc)[:200]}")
        try:
            conn.send(answer)
        except (OSError, ValueError):
            return


# -- in the server ---------------------------------------------------------------------------
class DecisionPool(Protocol):
    """Where a server's bots think: its worker processes (`BotWorkers`) or a Ray cluster
    (`tavola.server.raybots.RayWorkers`)."""

    replaced: int

    async def decide(self, request: Request, timeout: float) -> Action:
        """Return the request's decision within `timeout` seconds, or raise TimeoutError
        or WorkerFailed."""

    async def warm(self) -> None:
        """Get ready now rather than at the first decision."""

    def close(self) -> None:
        """End every decision under way."""


class WorkerFailed(Exception):
    """A decision a worker could not make (the bot failed, or the worker died)."""


class Worker:
    """One worker process and the server's end of its connection."""

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn

    def end(self) -> None:
        """End the process at once and close the connection."""
        with contextlib.suppress(Exception):
            self.process.kill()
        with contextlib.suppress(Exception):
            self.conn.close()
        with contextlib.suppress(Exception):
            self.process.join(1.0)


class BotWorkers:
    """A pool of `size` worker processes shared by every table of this server process."""

    def __init__(self, size: int, setup: Sequence[str] = (), memory_mb: int = MEMORY_MB) -> None:
        self.size = size
        self.setup = tuple(setup)
        self.memory_mb = memory_mb
        self.context = multiprocessing.get_context("forkserver")
        # The fork server imports every game and the searching bots once, so no decision
        # of a new worker waits for an import (seconds on a busy machine).
        self.context.set_forkserver_preload(["tavola.server.workers", *PRELOADED])
        self._idle: asyncio.Queue[Worker] | None = None
        self._all: set[Worker] = set()
        self._starting: asyncio.Lock | None = None
        self.closed = False
        self._tasks: set[asyncio.Task[None]] = set()
        self.replaced = 0
        """How many workers were ended because their decision overran or they died."""

    def _start_one(self) -> Worker:
        """Start a worker and wait for it to be ready (blocking: call it in a thread); raise
        WorkerFailed if it cannot be."""
        try:
            return self._start()
        except WorkerFailed:
            raise
        except Exception as exc:
            raise WorkerFailed(f"a bot worker could not be started: {exc!r}") from None

    def _start(self) -> Worker:
        mine, theirs = self.context.Pipe()
        process = self.context.Process(target=_serve, args=(theirs, self.setup, self.memory_mb),
                                       name="tavola-bot-worker", daemon=True)
        process.start()
        theirs.close()
        worker = Worker(process, mine)
        if not mine.poll(60.0):
            worker.end()
            raise WorkerFailed("a bot worker did not start within a minute")
        status, detail = mine.recv()
        if status != "ready":
            worker.end()
            raise WorkerFailed(detail)
        return worker

    async def _ready(self) -> asyncio.Queue[Worker]:
        """Return the queue of idle workers, starting the pool on first use."""
        if self._idle is None:
            if self._starting is None:
                self._starting = asyncio.Lock()
            async with self._starting:
                if self._idle is None:
                    idle: asyncio.Queue[Worker] = asyncio.Queue()
                    for _ in range(self.size):
                        worker = await asyncio.to_thread(self._start_one)
                        self._all.add(worker)
                        idle.put_nowait(worker)
                    self._idle = idle
        return self._idle

    async def warm(self) -> None:
        """Start the pool now (it is otherwise started by the first decision)."""
        try:
            await self._ready()
        except WorkerFailed as exc:
            log.error("the bot workers could not be started: %s", exc)

    async def _replace(self, worker: Worker) -> None:
        """End `worker` and put a fresh one in its place."""
        worker.end()
        self._all.discard(worker)
        self.replaced += 1
        while not self.closed:
            try:
                fresh = await asyncio.to_thread(self._start_one)
                break
            except WorkerFailed as exc:
                # Tried again until it works: decisions wait for a worker meanwhile.
                log.error("%s; trying again in 5 s", exc)
                await asyncio.sleep(5.0)
        else:
            return
        if self.closed:
            fresh.end()
            return
        self._all.add(fresh)
        assert self._idle is not None
        self._idle.put_nowait(fresh)

    async def decide(self, request: Request, timeout: float) -> Action:
        """Return the action the request's bot decides within `timeout` seconds of a worker
        taking it up; raise TimeoutError (its worker ended) or WorkerFailed."""
        idle = await self._ready()
        worker = await idle.get()
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[str, str]] = loop.create_future()

        def readable() -> None:
            loop.remove_reader(worker.conn.fileno())
            try:
                message = worker.conn.recv()
            except Exception as exc:
                if not answer.done():
                    answer.set_exception(WorkerFailed(f"the bot worker died ({exc!r})"))
                return
            if not answer.done():
                answer.set_result(message)

        healthy = False
        try:
            worker.conn.send(request)
            loop.add_reader(worker.conn.fileno(), readable)
            status, text = await asyncio.wait_for(answer, timeout)
            healthy = True
        except (OSError, ValueError) as exc:
            raise WorkerFailed(f"the bot worker is gone ({exc!r})") from None
        finally:
            with contextlib.suppress(Exception):
                loop.remove_reader(worker.conn.fileno())
            if healthy:
                idle.put_nowait(worker)
            else:
                # Overran, died or was cancelled: its decision is ended with it.
                replacing = loop.create_task(self._replace(worker))
                self._tasks.add(replacing)
                replacing.add_done_callback(self._tasks.discard)
        if status != "ok":
            raise WorkerFailed(text)
        return Action.parse(text)

    def close(self) -> None:
        """End every worker at once (their decisions with them)."""
        self.closed = True
        for worker in list(self._all):
            worker.end()
        self._all.clear()
