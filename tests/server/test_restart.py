"""A server answers at once whatever it stores: tables are loaded when someone needs them,
the lobby is one query, the tables that go on by themselves resume in the background, and
abandoned tables expire. Real server processes, both databases."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest
from starlette.testclient import TestClient

from tavola.server import tables
from tavola.server.storage import Storage
from tests.server.helpers import connect, create, hello, until
from tests.server.processes import ROOT, ServerProcess
from tests.server.stored import store_tables

API = "/api/v1"


def test_a_restart_with_a_thousand_unfinished_tables_answers_as_soon_as_an_empty_one(
        db_url: str) -> None:
    # The same server on the same database, empty (its migrations run then), measured in
    # this run: what the stored tables add is compared with it, not with a fixed time, and
    # in the server process's own CPU time, not the clock's, so the test means the same on
    # an idle machine and a loaded one (a clock's start took 7 to 10 s either way on a
    # machine at six times its cores; the absolute figures, up to 100,000 stored tables,
    # are `benchmarks/restart.py`'s).
    server = ServerProcess(db_url)
    empty = server.cpu_seconds()
    server.stop()
    ids = store_tables(db_url, 1000, bots=10)
    server = ServerProcess(db_url)
    try:
        answered = server.cpu_seconds()
        lobby = server.get(f"{API}/tables")
        listed = server.cpu_seconds()
        # Loaded on demand, with every stored move.
        summary = server.get(f"{API}/tables/{ids[-1]}")
        # The tables with bots go on by themselves: their bot's moves are stored.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if server.get(f"{API}/tables/{ids[0]}")["state"] > 6:
                break
            time.sleep(0.2)
        moved = server.get(f"{API}/tables/{ids[0]}")["state"]
    finally:
        server.stop()
    # A thousand stored tables add under a second of work to the start and the lobby (on
    # an idle machine both answer within 5 s of being started, Python's imports included);
    # reading their rows and moves alone costs about 2 s of CPU, so a server that loaded
    # them at its start would fail here.
    assert answered < empty + 1.0 and listed < empty + 1.0, (empty, answered, listed)
    assert len(lobby) == 100 and lobby[0]["table"] == ids[-1]
    assert summary["state"] == 6 and summary["free"] == [1, 2]
    assert moved > 6


def test_abandoned_tables_expire_and_tables_with_a_player_stay(sqlite_url: str) -> None:
    old = time.time() - 3 * 86400
    abandoned = store_tables(sqlite_url, 3, moves=0, created=old)
    store = Storage(sqlite_url)
    try:
        # One of them has a player: it stays, however old.
        with store.engine.begin() as conn:
            conn.exec_driver_sql("UPDATE seats SET taken = false")
            conn.exec_driver_sql(f"UPDATE seats SET taken = true WHERE table_id = "
                                 f"'{abandoned[0]}' AND seat = 1")
    finally:
        store.close()
    server = ServerProcess(sqlite_url)
    try:
        deadline = time.monotonic() + 30
        store = Storage(sqlite_url)
        try:
            while time.monotonic() < deadline and len(store.table_ids()) > 1:
                time.sleep(0.1)
            left = store.table_ids()
        finally:
            store.close()
    finally:
        server.stop()
    assert left == [abandoned[0]]


def test_serve_refuses_a_bad_create_limit_in_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "tavola", "serve", "--create-limit", "ten"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "--create-limit is N/SECONDS" in done.stderr and "Traceback" not in done.stderr


def test_ctrl_c_stops_a_server_whose_bots_are_thinking_long(sqlite_url: str) -> None:
    server = ServerProcess(sqlite_url)
    try:
        server.post(f"{API}/tables", {
            "game": "toy", "players": 2, "bot_seconds": 25.0,
            "seats": [{"kind": "bot", "bot": "ismcts:iterations=20000"},
                      {"kind": "bot", "bot": "ismcts:iterations=20000"}]})
        time.sleep(1.5)  # a decision is under way, with 25 s to think
        start = time.monotonic()
        server.proc.send_signal(signal.SIGINT)
        server.proc.wait(20)
        took = time.monotonic() - start
    finally:
        server.stop()
    assert took < 8.0, took


def test_tables_looked_at_are_dropped_from_memory_once_idle(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "IDLE_SECONDS", 0.2)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    made = [create(client, players=2)["table"] for _ in range(3)]
    for tid in made:
        hub.evict(hub.tables[tid])
    assert not set(made) & set(hub.tables)
    for tid in made:
        assert client.get(f"{API}/tables/{tid}").status_code == 200
    assert set(made) <= set(hub.tables)
    deadline = time.monotonic() + 10
    while set(made) & set(hub.tables) and time.monotonic() < deadline:
        client.get(f"{API}/games")  # let the server's loop run
        time.sleep(0.05)
    assert not set(made) & set(hub.tables)


def test_a_client_joins_the_table_in_memory_even_if_it_was_dropped_during_its_hello(
        client: TestClient) -> None:
    made = create(client, players=2, options={"rounds": 1})
    tid = made["table"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with connect(client, tid) as watcher:
        time.sleep(0.3)  # the connection has found the table; it has not said hello yet
        # Nobody connected and nothing to wait for: the table leaves memory meanwhile.
        hub.evict(hub.tables[tid])
        assert tid not in hub.tables
        assert hello(watcher, None)["state"] == 0
        with connect(client, tid) as one, connect(client, tid) as two:
            hello(one, made["seats"][0]["token"])
            hello(two, made["seats"][1]["token"])
            one.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:1"})
            two.send_json({"type": "action", "seat": 1, "state": 0, "action": "bid:2"})
            until(watcher, lambda f: f["type"] == "state" and f["finished"])
