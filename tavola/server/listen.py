"""PostgreSQL LISTEN: how one server process hears that another changed a table.

Every commit that changes a table sends `NOTIFY tavola, '<origin>:<table id>'` in its transaction,
so PostgreSQL delivers it only once the change is durable. Each process keeps one
connection listening in a thread and hands the table ids to its event loop, which loads
the new actions, seats, presence and chat from the database and broadcasts them.

The same thread keeps the process's heartbeat (`Storage.heartbeat`, every
`HEARTBEAT_SECONDS`) and sweeps away the presence of processes that stopped beating
(`Storage.expire_processes`): a process killed outright cannot say its connections are gone,
so the living say it for it. The thread does not depend on the event loop, so a busy loop
does not make a live process look dead.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable

import psycopg

from tavola.server.storage import HEARTBEAT_SECONDS, NOTIFY_CHANNEL, Storage

log = logging.getLogger("tavola.server")


def listen(storage: Storage, loop: asyncio.AbstractEventLoop,
           notified: Callable[[str, str], None],
           reconnected: Callable[[], None]) -> Callable[[], None]:
    """Start listening and beating; return a function that stops both and withdraws this
    process's presence. After a lost connection is restored, or when the other processes
    had taken this one for dead, `reconnected` is called (notifications sent meanwhile were
    missed; presence must be stored again)."""
    stop = threading.Event()
    ready = threading.Event()

    def tell(callback: Callable[..., None], *args: str) -> None:
        try:
            loop.call_soon_threadsafe(callback, *args)
        except RuntimeError:
            # The event loop closed before `stop` was called (the process is ending):
            # nobody is left to tell.
            stop.set()

    def beat(first: bool) -> None:
        try:
            if not storage.heartbeat() and not first:
                log.warning("the other server processes took this one for dead; "
                            "storing its presence again")
                tell(reconnected)
            for table_id in storage.expire_processes():
                tell(notified, table_id, "")
        except Exception as exc:  # the database is away: the next beat tries again
            log.warning("heartbeat failed (%s)", str(exc)[:120])

    def run() -> None:
        beat(True)
        next_beat = time.monotonic() + HEARTBEAT_SECONDS
        while not stop.is_set():
            try:
                with psycopg.connect(storage.libpq_url(), autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    if ready.is_set():
                        tell(reconnected)
                    ready.set()
                    while not stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            origin, _, news = note.payload.partition(":")
                            table_id, _, what = news.partition(":")
                            if origin != storage.origin:
                                tell(notified, table_id, what)
                        if time.monotonic() >= next_beat:
                            beat(False)
                            next_beat = time.monotonic() + HEARTBEAT_SECONDS
            except psycopg.Error as exc:
                ready.set()
                if not stop.is_set():
                    log.warning("lost the PostgreSQL notification connection (%s); "
                                "reconnecting", str(exc)[:120])
                    stop.wait(1.0)

    thread = threading.Thread(target=run, name="tavola-listen", daemon=True)
    thread.start()
    ready.wait(10.0)

    def end() -> None:
        stop.set()
        thread.join(5.0)
        try:
            storage.forget_process()
        except Exception as exc:  # stopping anyway: the others sweep it away in time
            log.warning("could not withdraw this process's presence (%s)", str(exc)[:120])

    return end
