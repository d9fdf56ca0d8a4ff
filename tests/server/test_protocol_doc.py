"""docs/protocol.md documents every HTTP route and every websocket frame type."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

from tavola.server.protocol import _FIELDS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()


def test_every_route_is_documented(client: TestClient) -> None:
    for path, methods in client.get("/openapi.json").json()["paths"].items():
        for method in methods:
            assert f"`{method.upper()} {path}" in DOC, f"{method.upper()} {path}"


def test_every_client_frame_type_is_documented() -> None:
    for kind in _FIELDS:
        assert f"| `{kind}` |" in DOC, kind


def test_every_server_frame_type_is_documented() -> None:
    server = Path(__file__).resolve().parents[2] / "tavola" / "server"
    source = "\n".join((server / name).read_text()
                       for name in ("app.py", "tables.py", "protocol.py"))
    sent = set(re.findall(r'"type": "([a-z]+)", "protocol"', source))
    assert sent >= {"state", "ack", "error", "chat", "pong", "welcome", "seats"}
    for kind in sent:
        assert f"**`{kind}`**" in DOC, kind
