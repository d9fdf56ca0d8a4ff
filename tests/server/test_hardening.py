"""Paths a server lives by that no other test walks: one server per SQLite file, a player
coming back to a seat a bot plays, spectator chat turned off, how tokens are made and
stored, the websocket message limit of a real uvicorn process, a dropped connection."""

from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from tavola.server.app import MAX_WS_MESSAGE, create_app
from tavola.server.protocol import MAX_FRAME_BYTES
from tavola.server.storage import normalise_url
from tests.server.helpers import API, connect, create, hello, kind, until
from tests.server.postgres import free_port
from tests.server.processes import ROOT, ServerProcess


def run_serve(db: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m tavola serve` and wait for it to end (it is expected to refuse)."""
    return subprocess.run([sys.executable, "-m", "tavola", "serve", "--db", db, "--port",
                           str(free_port())], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=False)


def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tavola.db'}"
    first = ServerProcess(url)
    try:
        assert (tmp_path / "tavola.db.lock").exists()
        second = run_serve(url)
        assert second.returncode == 1, second.stderr
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1, second.stderr
        assert "another tavola serve is using this database: " in lines[0]
        assert str(tmp_path / "tavola.db") in lines[0]
        assert f"(process {first.proc.pid})" in lines[0]
        # the first server is untouched and still serves
        assert first.get("/api/v1/games")
    finally:
        first.stop()
    # once it is gone, the file can be served again
    again = ServerProcess(url)
    again.stop()


def test_a_player_who_left_comes_back_with_a_fresh_hello_and_the_bot_stops(
        client: TestClient) -> None:
    table = create(client, players=2, options={"rounds": 5}, bot_seconds=0.2,
                   seats=[{"kind": "human"}, {"kind": "human"}])
    tid, mine = table["table"], table["seats"][0]["token"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with connect(client, tid) as b:
        hello(b, table["seats"][1]["token"])
        with connect(client, tid) as a:
            hello(a, mine)
            a.send_json({"type": "leave"})
            until(a, lambda f: f["type"] == "state" and f["state"] == 1)
        # gone without a word more; a bot made P1's bid
        with connect(client, tid) as a:
            first = hello(a, mine)
            assert first["you"] == 0
            back = first if not first["seats"][0]["zombie"] else until(
                a, lambda f: f["type"] in ("state", "seats") and not f["seats"][0]["zombie"])
            assert not back["seats"][0]["zombie"] and back["seats"][0]["connected"]
            b.send_json({"type": "action", "seat": 1, "state": 1, "action": "bid:2"})
            until(b, kind("ack"))
            until(a, lambda f: f["type"] == "state" and f["state"] == 2 and 0 in f["to_act"])
            time.sleep(1.0)  # five times the bot's budget: a bot would have bid by now
            assert [r.by for r in hub.storage.actions(tid)] == ["zombie", "human"]
            a.send_json({"type": "action", "seat": 0, "state": 2, "action": "bid:3"})
            assert until(a, lambda f: f["type"] in ("ack", "error"))["type"] == "ack"
    assert [r.by for r in hub.storage.actions(tid)] == ["zombie", "human", "human"]


def test_spectator_chat_off_refuses_a_spectators_line(client: TestClient) -> None:
    table = create(client, players=2, spectator_chat=False,
                   seats=[{"kind": "human"}, {"kind": "human"}])
    tid = table["table"]
    with connect(client, tid) as watcher, connect(client, tid) as player:
        hello(watcher, None)
        hello(player, table["seats"][0]["token"])
        watcher.send_json({"type": "chat", "channel": "spectators", "text": "psst"})
        refused = until(watcher, kind("error"))
        assert refused["message"] and "\n" not in refused["message"]
        assert "spectator chat" in refused["message"]
        player.send_json({"type": "chat", "channel": "players", "text": "hello"})
        said = until(watcher, kind("chat"))
        assert said["text"] == "hello"  # spectators still read the players' chat
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert [(c.channel, c.text) for c in hub.storage.chat(tid)] == [("players", "hello")]


def _every_cell(url: str) -> list[str]:
    engine = sa.create_engine(normalise_url(url))
    try:
        cells = []
        with engine.connect() as conn:
            for name in sa.inspect(conn).get_table_names():
                for row in conn.execute(sa.text(f'SELECT * FROM "{name}"')):
                    cells.extend(str(v) for v in row)
        return cells
    finally:
        engine.dispose()


def test_tokens_have_128_bits_or_more_and_only_their_hashes_are_stored(
        db_url: str, tmp_path: Path) -> None:
    with TestClient(create_app(db_url)) as test_client:
        table = create(test_client, players=3, public=True,
                       seats=[{"kind": "human"}, {"kind": "human", "reserved": "Ann"},
                              {"kind": "bot", "bot": "random"}])
        claimed = test_client.post(f"/api/v1/tables/{table['table']}/seats/0/claim",
                                   json={"name": "Bea"})
        assert claimed.status_code == 200, claimed.text
    secrets = [table["host_token"], claimed.json()["token"],
               *(s["token"] for s in table["seats"])]
    assert len(set(secrets)) == len(secrets) == 4
    for token in secrets:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        assert len(raw) * 8 >= 128, token
    cells = _every_cell(db_url)
    for token in secrets:
        assert not any(token in cell for cell in cells), "a token is stored in clear"
    hashes = {hashlib.sha256(t.encode()).hexdigest() for t in secrets}
    live = hashes - {hashlib.sha256(table["seats"][0]["token"].encode()).hexdigest()}
    assert live <= set(cells)  # host, claimed seat 0 and seat 1: hashes only
    if db_url.startswith("sqlite"):
        raw_files = b"".join(p.read_bytes() for p in tmp_path.glob("tavola.db*"))
        assert not any(t.encode() in raw_files for t in secrets)


def test_a_message_over_the_websocket_limit_is_refused_by_a_real_server(
        sqlite_url: str) -> None:
    server = ServerProcess(sqlite_url)
    try:
        made: dict[str, Any] = server.post("/api/v1/tables", {
            "game": "toy", "players": 2, "seats": [{"kind": "human"}] * 2})
        with ws_connect(server.ws(made["table"]), max_size=2**24, open_timeout=30) as ws:
            ws.send(json.dumps({"type": "hello", "protocol": 1,
                                "token": made["seats"][0]["token"]}))
            while json.loads(ws.recv(30))["type"] != "state":
                pass
            # over a frame's limit but under the message limit: one error frame, still open
            ws.send("x" * (MAX_FRAME_BYTES + 10))
            while (frame := json.loads(ws.recv(30)))["type"] != "error":
                pass
            assert "\n" not in frame["message"]
            ws.send(json.dumps({"type": "ping"}))
            while json.loads(ws.recv(30))["type"] != "pong":
                pass
            # over the message limit: the websocket layer closes the connection
            ws.send("x" * (MAX_WS_MESSAGE + 1))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        # the server itself carries on
        assert server.get(f"/api/v1/tables/{made['table']}")["state"] == 0
    finally:
        server.stop()


def test_a_dropped_connection_shows_the_seat_as_disconnected(client: TestClient) -> None:
    """Without a `leave` frame nothing hands the seat to a bot (only the clock does, if the
    table has one): the others see the seat disconnected and wait."""
    table = create(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    tid = table["table"]
    with connect(client, tid) as b:
        hello(b, table["seats"][1]["token"])
        with connect(client, tid) as a:
            hello(a, table["seats"][0]["token"])
            until(b, lambda f: f["type"] == "seats" and f["seats"][0]["connected"])
        # The table's public summary, rather than one frame of b's stream: when the server
        # notices the close is up to the transport, what it then shows is what is tested.
        deadline = time.monotonic() + 20
        while True:
            seats = client.get(f"{API}/tables/{tid}").json()["seats"]
            if not seats[0]["connected"] or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert not seats[0]["connected"] and not seats[0]["zombie"]
        b.send_json({"type": "ping"})
        assert until(b, kind("pong"))["type"] == "pong"
