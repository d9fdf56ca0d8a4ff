"""Bot decisions on a Ray cluster: `tavola serve --bots ray://HOST:PORT`.

A server whose bots need more than its own machine sends their decisions to a Ray cluster
(Ray is already what tournaments run on) instead of its local worker processes
(`tavola.server.workers`). Each decision is the same request — the deciding seat's
information set alone, never the true state — run as one Ray task; Ray's worker processes
are reused from task to task and keep the bots they built (per table, seat and spec), as
the local workers do. The think time counts from when the task is handed to Ray; a task
still running past it and the grace period is cancelled (its Ray worker ended), and the
table's decision is made by the game's simple policy, as with local workers.

Addresses: `ray://HOST:PORT` is a cluster's Ray Client port (`ray start --head` opens
10001); `ray:local` starts a Ray instance on this machine (for one machine, and for the
tests). Every machine of the cluster needs tavola installed (and the games' packages);
games registered at run time are registered in each Ray worker by the `setup` functions
("module:function"), as in the local workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from tavola.agents import Agent
from tavola.core import Action, Game
from tavola.server.workers import Request, WorkerFailed, _decide, _setup

log = logging.getLogger("tavola.server")

LOCAL = "ray:local"
PREFIX = "ray://"

# In each Ray worker process: the bots and games it built, and the setups it ran.
_BOTS: OrderedDict[tuple[str, str], Agent] = OrderedDict()
_GAMES: dict[tuple[str, int, tuple[tuple[str, Any], ...]], Game] = {}
_SET_UP: set[tuple[str, ...]] = set()


def ray_decide(request: Request, setup: tuple[str, ...]) -> tuple[str, str]:
    """Decide one request in a Ray worker: ("ok", action text) or ("error", what failed).
    The think time counts from the task's start, set-up included."""
    received = time.perf_counter()
    try:
        if setup not in _SET_UP:
            _setup(setup)
            _SET_UP.add(setup)
        return "ok", _decide(request, _BOTS, _GAMES, received)
    except Exception as exc:
        return "error", f"{type(exc).__name__}: {exc}"[:300]


def is_ray_address(text: str) -> bool:
    """True if `text` names a Ray cluster for the bots."""
    return text == LOCAL or (text.startswith(PREFIX) and len(text) > len(PREFIX))


class RayWorkers:
    """The server's bot decisions, run as tasks of a Ray cluster (the interface of
    `tavola.server.workers.BotWorkers`)."""

    def __init__(self, address: str, setup: Sequence[str] = ()) -> None:
        if not is_ray_address(address):
            raise ValueError(f"not a Ray address: {address!r} (ray://HOST:PORT or {LOCAL})")
        self.address = address
        self.setup = tuple(setup)
        self.replaced = 0
        """How many decisions were cancelled because they overran."""
        self.closed = False
        self._remote: Any = None
        self._connecting: asyncio.Lock | None = None

    def _connect(self) -> None:
        """Join the cluster (blocking: call it in a thread)."""
        try:
            import ray
        except ImportError:
            raise WorkerFailed("bots on Ray need Ray: pip install 'tavola[ray]'") from None
        if not ray.is_initialized():
            if self.address == LOCAL:
                # Ray's workers on this machine import what this process imports.
                paths = [p for p in sys.path if p]
                ray.init(include_dashboard=False, log_to_driver=False,
                         object_store_memory=128 * 1024 * 1024,
                         runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(paths)}})
            else:
                ray.init(address=self.address, log_to_driver=False)
        self._remote = ray.remote(max_retries=0)(ray_decide)

    async def _ready(self) -> Any:
        if self._remote is None:
            if self._connecting is None:
                self._connecting = asyncio.Lock()
            async with self._connecting:
                if self._remote is None:
                    try:
                        await asyncio.to_thread(self._connect)
                    except WorkerFailed:
                        raise
                    except Exception as exc:
                        raise WorkerFailed(f"the Ray cluster {self.address} could not be "
                                           f"joined: {exc!r}"[:300]) from None
        return self._remote

    async def warm(self) -> None:
        """Join the cluster now (it is otherwise joined by the first decision)."""
        try:
            await self._ready()
        except WorkerFailed as exc:
            log.error("the bots' Ray cluster could not be joined: %s", exc)

    async def decide(self, request: Request, timeout: float) -> Action:
        """Return the action the request's bot decides within `timeout` seconds; raise
        TimeoutError (the task cancelled) or WorkerFailed."""
        import ray

        remote = await self._ready()
        ref = remote.remote(request, self.setup)
        try:
            status, text = await asyncio.wait_for(asyncio.wrap_future(ref.future()), timeout)
        except TimeoutError:
            self.replaced += 1
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
            raise
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
            raise
        except Exception as exc:
            raise WorkerFailed(f"the Ray task failed ({exc!r})"[:300]) from None
        if status != "ok":
            raise WorkerFailed(text)
        return Action.parse(text)

    def close(self) -> None:
        """Leave the cluster (a local Ray instance stops)."""
        self.closed = True
        if self._remote is None:
            return
        with contextlib.suppress(Exception):
            import ray
            ray.shutdown()
