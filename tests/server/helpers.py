"""Helpers for the server tests: create tables over HTTP, talk over websockets with a
time limit on every wait (so a missing frame fails the test instead of hanging it)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import anyio
from starlette.testclient import TestClient, WebSocketTestSession

from tavola.server.protocol import RATE_BURST, RATE_PER_SECOND, RateLimit

API = "/api/v1"
WAIT = 20.0


def create(client: TestClient, game: str = "toy", players: int = 3,
           seats: list[dict[str, Any]] | None = None, **settings: Any) -> dict[str, Any]:
    """Create a table (default: every seat a person); return the server's answer. Play
    begins at once (`wait` false) unless the test asks for the server's default, waiting
    for every person's seat to be taken (`wait=True`)."""
    body: dict[str, Any] = {"game": game, "players": players,
                            "seats": seats or [{"kind": "human"}] * players, "wait": False}
    body.update(settings)
    response = client.post(f"{API}/tables", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def receive(ws: WebSocketTestSession, timeout: float = WAIT) -> dict[str, Any]:
    """Return the next frame, failing after `timeout` seconds."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    if message["type"] == "websocket.close":
        return {"type": "closed", "code": message.get("code")}
    frame: dict[str, Any] = json.loads(message["text"])
    return frame


def poll(ws: WebSocketTestSession) -> dict[str, Any] | None:
    """Return the next frame if one has arrived, else None at once (never waits): a test
    that plays several seats sweeps their sockets with it and pauses only when none had a
    frame, instead of waiting on each quiet socket in turn."""

    def get() -> Any:
        try:
            return ws._send_rx.receive_nowait()
        except anyio.WouldBlock:
            return None

    message = ws.portal.call(get)
    if message is None:
        return None
    if message["type"] == "websocket.close":
        return {"type": "closed", "code": message.get("code")}
    frame: dict[str, Any] = json.loads(message["text"])
    return frame


IDLE = 0.002
"""How long a sweep of sockets that found no frame pauses before the next."""


class Pace:
    """One seat's own allowance of frames, a little inside the server's limit per
    connection (`RateLimit`): a test that answers every frame at once would otherwise be
    told to slow down, and its refused action would leave the game waiting."""

    def __init__(self) -> None:
        self.allowance = RateLimit(rate=RATE_PER_SECOND * 0.8, burst=RATE_BURST - 5,
                                   tokens=RATE_BURST - 5)

    def wait(self) -> None:
        """Return once one more frame is within the allowance (and take it)."""
        while not self.allowance.allow():
            time.sleep(0.01)


def until(ws: WebSocketTestSession, test: Callable[[dict[str, Any]], bool],
          seen: list[dict[str, Any]] | None = None, timeout: float = WAIT) -> dict[str, Any]:
    """Return the first frame passing `test` (frames before it go to `seen`)."""
    while True:
        frame = receive(ws, timeout)
        if seen is not None:
            seen.append(frame)
        if test(frame):
            return frame
        if frame["type"] == "closed":
            raise AssertionError("the connection closed while waiting")


def kind(name: str) -> Callable[[dict[str, Any]], bool]:
    """A test for frames of one type."""
    return lambda frame: frame["type"] == name


def hello(ws: WebSocketTestSession, token: str | None) -> dict[str, Any]:
    """Say hello; return the first state frame."""
    ws.send_json({"type": "hello", "protocol": 1, "token": token})
    return until(ws, kind("state"))


def connect(client: TestClient, table: str) -> Any:
    """Open a websocket to a table (a context manager)."""
    return client.websocket_connect(f"{API}/tables/{table}/ws")


def stored_actions(client: TestClient, table: str) -> list[tuple[int, int, str]]:
    """Return the stored actions of a table, read straight from the database."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    return [(a.n, a.seat, a.action) for a in hub.storage.actions(table)]
