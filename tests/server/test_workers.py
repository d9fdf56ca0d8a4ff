"""`tavola serve --workers N` on PostgreSQL: a real command with two uvicorn worker
processes, where a move made through a connection served by one worker reaches a client
served by the other (the workers hear each other through LISTEN/NOTIFY).

The protocol does not say which worker serves a connection, so the test finds out from the
kernel: the server side of each TCP connection is a socket inode in /proc/net/tcp, held
open by exactly one worker process."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

import pytest

from tavola.core import TavolaError
from tavola.server.remote import RemoteSeat, wait_for_server
from tests.server.postgres import Cluster, free_port

ROOT = Path(__file__).resolve().parents[2]
API = "/api/v1"


def _children(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("PPid:") and int(line.split()[1]) == parent:
                found.append(int(entry))
    return found


def _server_inode(server_port: int, client_port: int) -> int | None:
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, inode = fields[1], fields[2], int(fields[9])
        if (int(local.split(":")[1], 16) == server_port
                and int(remote.split(":")[1], 16) == client_port and inode):
            return inode
    return None


def worker_of(server: TavolaServe, seat: RemoteSeat) -> int:
    """Return the pid of the worker process serving a client's connection."""
    client_port = seat.ws.socket.getsockname()[1]
    deadline = time.monotonic() + 10.0
    while time.monotonic() < deadline:
        inode = _server_inode(server.port, client_port)
        if inode is not None:
            target = f"socket:[{inode}]"
            for pid in _children(server.proc.pid):
                try:
                    fds = os.listdir(f"/proc/{pid}/fd")
                except OSError:
                    continue
                for fd in fds:
                    try:
                        if os.readlink(f"/proc/{pid}/fd/{fd}") == target:
                            return pid
                    except OSError:
                        continue
        time.sleep(0.05)
    raise AssertionError(f"no worker holds the connection from port {client_port}")


class TavolaServe:
    """`python -m tavola serve --workers N --db URL` on a free port, in its own session."""

    def __init__(self, db: str, workers: int) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tavola", "serve", "--db", db, "--port", str(self.port),
             "--workers", str(workers)], cwd=ROOT, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            wait_for_server(self.base, 90.0)
        except Exception:
            self.stop()
            raise

    def ws(self, table: str) -> str:
        """Return the websocket URL of a table."""
        return f"ws://127.0.0.1:{self.port}{API}/tables/{table}/ws"

    def post(self, path: str, body: dict[str, Any]) -> Any:
        """POST JSON; return the answer's JSON."""
        request = Request(self.base + path, json.dumps(body).encode(),
                          {"Content-Type": "application/json"})
        with urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def stop(self) -> None:
        """Stop the supervisor and its workers (the whole process group, if need be)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # any worker left behind


@pytest.fixture
def postgres_url(postgres: Cluster) -> str:
    return postgres.new_database()


def test_a_move_on_one_worker_reaches_a_client_of_the_other(postgres_url: str) -> None:
    server = TavolaServe(postgres_url, workers=2)
    opened: list[RemoteSeat] = []
    try:
        made = server.post(f"{API}/tables", {
            "game": "notre-dame", "players": 2, "wait": False,
            "seats": [{"kind": "human"}, {"kind": "human"}]})
        tid = made["table"]
        token = made["seats"][0]["token"]
        movers: dict[int, RemoteSeat] = {}
        watchers: dict[int, RemoteSeat] = {}
        pair: tuple[RemoteSeat, RemoteSeat] | None = None
        for attempt in range(60):
            seat = RemoteSeat(server.ws(tid), token if attempt % 2 == 0 else None)
            opened.append(seat)
            pid = worker_of(server, seat)
            (movers if attempt % 2 == 0 else watchers).setdefault(pid, seat)
            pair = next(((m, w) for mp, m in movers.items() for wp, w in watchers.items()
                         if mp != wp), None)
            if pair is not None:
                break
        assert pair is not None, "every connection landed on the same worker"
        assert len(_children(server.proc.pid)) >= 2
        mover, watcher = pair
        assert worker_of(server, mover) != worker_of(server, watcher)
        for client in (mover, watcher):
            while client.known.state < 0:
                client.receive()
        while not mover.known.my_turn:
            mover.receive()
        mover.send({"type": "action", "seat": 0, "state": mover.known.state,
                    "action": str(mover.known.legal[0])})
        while (answer := mover.receive())["type"] != "ack":
            assert answer["type"] != "error", answer
        acked = time.monotonic()
        while watcher.known.state < answer["state"]:
            watcher.receive(10)
        assert time.monotonic() - acked < 5.0
        assert watcher.known.state == answer["state"] == 1
    finally:
        for seat in opened:
            with contextlib.suppress(OSError, TavolaError):
                seat.close()
        server.stop()
