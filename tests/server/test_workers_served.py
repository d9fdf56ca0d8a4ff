"""Bots in worker processes behind a real server process (`tavola serve`'s code in its own
process, on SQLite and on PostgreSQL): a search answers at its deadline, and a bot that
crashes costs only its decision, which the game's simple policy makes, stored as such and
shown to the people watching."""

from __future__ import annotations

import contextlib
import itertools
import statistics
import time
from typing import Any

from tavola.core import TavolaError
from tavola.server.remote import RemoteSeat
from tavola.server.storage import ActionRow, Storage
from tests.server.processes import ServerProcess

API = "/api/v1"


def finished(server: ServerProcess, table: str, timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout
    while not server.get(f"{API}/tables/{table}")["finished"]:
        assert time.monotonic() < deadline, f"table {table} did not finish"
        time.sleep(0.2)


def stored(db: str, table: str) -> list[ActionRow]:
    store = Storage(db)
    try:
        return store.actions(table)
    finally:
        store.close()


def test_worker_bots_behind_a_real_server_keep_their_time_and_a_crash_is_replaced(
        db_url: str) -> None:
    budget = 0.4
    server = ServerProcess(db_url)
    watcher: RemoteSeat | None = None
    try:
        searching = server.post(f"{API}/tables", {
            "game": "toy", "players": 2, "bot_seconds": budget, "options": {"rounds": 3},
            "seats": [{"kind": "bot", "bot": "ismcts:iterations=20000"}] * 2})["table"]
        crashing = server.post(f"{API}/tables", {
            "game": "toy-faulty", "players": 2, "bot_seconds": 0.5, "options": {"rounds": 2},
            "seats": [{"kind": "bot", "bot": "broken"}, {"kind": "bot", "bot": "random"}]})
        watcher = RemoteSeat(server.ws(crashing["table"]), None)
        frames: list[dict[str, Any]] = []
        deadline = time.monotonic() + 180
        while not (frames and frames[-1].get("type") == "state" and frames[-1]["finished"]):
            assert time.monotonic() < deadline, "the crashing bot's table did not finish"
            with contextlib.suppress(TavolaError):
                frames.append(watcher.receive(5.0))
        finished(server, searching)
    finally:
        if watcher is not None:
            with contextlib.suppress(OSError, TavolaError):
                watcher.close()
        server.stop()
    rows = stored(db_url, searching)
    assert {r.by for r in rows} == {"bot"}
    gaps = [b.time - a.time for a, b in itertools.pairwise(rows)]
    assert budget - 0.05 <= statistics.median(gaps) <= budget + 0.2, gaps
    crashed = stored(db_url, crashing["table"])
    assert {r.by for r in crashed if r.seat == 0} == {"fallback"}
    assert {r.by for r in crashed if r.seat == 1} == {"bot"}
    # The people watching are told which decisions the simple policy made.
    replaced = frames[-1]["replaced"]
    assert replaced and {r["seat"] for r in replaced} == {0}
    assert len(replaced) == sum(1 for r in crashed if r.by == "fallback")
