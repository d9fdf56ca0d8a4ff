"""PostgreSQL LISTEN: how one server process hears that another changed a table.

Every commit that changes a table sends `NOTIFY tavola, '<origin>:<table id>'` in its transaction,
so PostgreSQL delivers it only once the change is durable. Each process keeps one
connection listening in a thread and hands the table ids to its event loop, which loads
the new actions, seats and chat from the database and broadcasts them.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

import psycopg

from tavola.server.storage import NOTIFY_CHANNEL, Storage

log = logging.getLogger("tavola.server")


def listen(storage: Storage, loop: asyncio.AbstractEventLoop,
           notified: Callable[[str], None],
           reconnected: Callable[[], None]) -> Callable[[], None]:
    """Start listening; return a function that stops it. After a lost connection is
    restored, `reconnected` is called (notifications sent meanwhile were missed)."""
    stop = threading.Event()
    ready = threading.Event()

    def tell(callback: Callable[..., None], *args: str) -> None:
        try:
            loop.call_soon_threadsafe(callback, *args)
        except RuntimeError:
            # The event loop closed before `stop` was called (the process is ending):
            # nobody is left to tell.
            stop.set()

    def run() -> None:
        while not stop.is_set():
            try:
                with psycopg.connect(storage.libpq_url(), autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    if ready.is_set():
                        tell(reconnected)
                    ready.set()
                    while not stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            origin, _, table_id = note.payload.partition(":")
                            if origin != storage.origin:
                                tell(notified, table_id)
            except psycopg.Error as exc:
                ready.set()
                if not stop.is_set():
                    log.warning("lost the PostgreSQL notification connection (%s); "
                                "reconnecting", str(exc)[:120])
                    stop.wait(1.0)

    thread = threading.Thread(target=run, name="tavola-listen", daemon=True)
    thread.start()
    ready.wait(10.0)
    return stop.set
