"""docs/protocol.md documents every HTTP route and every websocket frame type."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from starlette.testclient import TestClient

from tavola.server.protocol import _FIELDS
from tests.server.helpers import connect, create, until
from tests.server.helpers import kind as of_type
from tests.server.test_table_talk import intrige_table, play_to_offer, talk

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
    # The match authority (`tables.py`) and its concerns (`table_*.py`) send frames too.
    paths = [server / "app.py", server / "protocol.py", *sorted(server.glob("table*.py"))]
    source = "\n".join(path.read_text() for path in paths)
    sent = set(re.findall(r'"type": "([a-z]+)", "protocol"', source))
    assert sent >= {"state", "ack", "error", "chat", "pong", "welcome", "seats"}
    for kind in sent:
        assert f"**`{kind}`**" in DOC, kind


# -- the JSON Schemas of the frames, checked against real frames ---------------------------
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def section(title: str) -> str:
    """Return the text of one `###` section of the document."""
    start = DOC.index(f"### {title}")
    end = re.search(r"\n##+ ", DOC[start + 4:])
    return DOC[start:] if end is None else DOC[start:start + 4 + end.start()]


def schemas_in(text: str) -> list[dict[str, Any]]:
    """Return the JSON schemas written in `text` (its ```json blocks)."""
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.DOTALL)]


def validator(schema: dict[str, Any]) -> Draft202012Validator:
    """Return a validator of `schema`, every `$anchor` schema of the document beside it (so
    `{"$ref": "#seat"}` resolves), itself checked to be a valid schema."""
    anchored = {s["$anchor"]: s for s in schemas_in(DOC) if "$anchor" in s}
    root = {"$schema": DRAFT, "$defs": anchored, **schema}
    Draft202012Validator.check_schema(root)
    return Draft202012Validator(root)


def server_schemas() -> dict[str, Draft202012Validator]:
    """Return a validator per server frame type, from the document's server section."""
    out = {}
    for schema in schemas_in(section("Server → client")):
        kind = schema.get("properties", {}).get("type", {}).get("const")
        if kind is not None:
            out[kind] = validator(schema)
    return out


def types_in_source() -> set[str]:
    """Return the type of every frame the server's source builds (remote.py is the client
    of `tavola connect`: its frames are client frames)."""
    server = Path(__file__).resolve().parents[2] / "tavola" / "server"
    source = "\n".join(p.read_text() for p in sorted(server.glob("*.py"))
                       if p.name != "remote.py")
    return set(re.findall(r'"type": "([a-z]+)", "protocol"', source))


class Wire:
    """One websocket of a live table: every frame sent is checked against the client
    schema, every frame received kept (in `seen`) for the server schemas."""

    def __init__(self, ws: Any, seen: list[dict[str, Any]], client_schema: Any) -> None:
        self.ws, self.seen, self.client_schema = ws, seen, client_schema

    def send(self, frame: dict[str, Any]) -> None:
        self.client_schema.validate(frame)
        self.ws.send_json(frame)

    def until(self, test: Any) -> dict[str, Any]:
        return until(self.ws, test, self.seen)

    def hello(self, token: str | None, lang: str | None = None) -> dict[str, Any]:
        frame: dict[str, Any] = {"type": "hello", "protocol": 1, "token": token}
        if lang is not None:
            frame["lang"] = lang
        self.send(frame)
        return self.until(lambda f: f["type"] in ("state", "error"))


def test_every_schema_of_the_document_is_valid_json_schema() -> None:
    for schema in schemas_in(DOC):
        validator(schema)


def test_real_frames_of_every_type_match_the_documented_schemas(client: TestClient) -> None:
    schemas = server_schemas()
    (client_schema,) = schemas_in(section("Client → server"))
    to_server = validator(client_schema)
    seen: list[dict[str, Any]] = []
    table = create(client, players=2, seats=[{"kind": "human"}] * 2, options={"rounds": 1})
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b, \
            connect(client, tid) as s, connect(client, tid) as h:
        p1, p2, watcher, host = (Wire(ws, seen, to_server) for ws in (a, b, s, h))
        p1.hello(table["seats"][0]["token"])
        p2.hello(table["seats"][1]["token"], "it")
        watcher.hello(None, "pl")
        host.hello(table["host_token"])
        # Joins are told together, a moment later, in one `seats` frame.
        p1.until(of_type("seats"))
        p1.send({"type": "ping"})
        p1.until(of_type("pong"))
        p1.send({"type": "lang", "lang": "it"})
        assert p1.until(of_type("state"))["log"]["from"] == 0
        p1.send({"type": "chat", "channel": "players", "text": "hello"})
        watcher.until(of_type("chat"))
        watcher.send({"type": "chat", "channel": "spectators", "text": "psst"})
        host.until(of_type("chat"))
        p1.send({"type": "action", "seat": 0, "state": 0, "action": "bid:3"})
        p1.until(of_type("ack"))
        p1.send({"type": "undo", "seat": 0, "state": 1})
        assert p1.until(of_type("ack"))["undone"] == "bid:3"
        # The first position again, under a new state id: 0 actions + 2 for the take-back.
        p1.send({"type": "action", "seat": 1, "state": 2, "action": "bid:1"})
        assert p1.until(of_type("error"))["state"] == 2
        p1.send({"type": "action", "seat": 0, "state": 2, "action": "bid:3"})
        p1.until(of_type("ack"))
        p2.send({"type": "action", "seat": 1, "state": 3, "action": "bid:1"})
        assert p2.until(lambda f: f["type"] == "state" and f["finished"])["result"] is not None
        # Once the game is over, so that no bot plays the seat meanwhile.
        p1.send({"type": "leave"})
        p1.send({"type": "back"})
        p1.until(lambda f: f["type"] == "state" and f["finished"])
        # A rematch: every connection of the finished table is told where it is.
        made = client.post(f"/api/v1/tables/{tid}/rematch",
                           headers={"Authorization": f"Bearer {table['seats'][0]['token']}"})
        assert made.status_code == 200, made.text
        assert p2.until(of_type("rematch"))["seat"] == 0
        assert watcher.until(of_type("rematch"))["token"] is None
    with connect(client, tid) as stranger:
        assert Wire(stranger, seen, to_server).hello("not a token")["state"] is None
    # Intrige's table talk: a chat frame carrying a structured event.
    intrige = intrige_table(client)
    with connect(client, intrige["table"]) as a, connect(client, intrige["table"]) as b, \
            connect(client, intrige["table"]) as c, \
            connect(client, intrige["table"]) as watcher_ws:
        pairs = zip((a, b, c), intrige["seats"], strict=True)
        play_to_offer([(ws, seat["token"]) for ws, seat in pairs], watcher_ws, seen)
        until(watcher_ws, talk, seen)

    received = [f for f in seen if f["type"] != "closed"]
    sent = types_in_source() | {f["type"] for f in received}
    assert sent - set(schemas) == set(), "server frame types without a schema"
    assert sent - {f["type"] for f in received} == set(), "frame types never captured"
    assert any(f["type"] == "chat" and f["event"] is not None for f in received)
    assert any(f["type"] == "chat" and f["event"] is None for f in received)
    for frame in received:
        errors = [e.message for e in schemas[frame["type"]].iter_errors(frame)]
        assert errors == [], (frame["type"], errors[:3], str(frame)[:300])


def test_http_refusals_and_the_rematch_answer_match_the_documented_schemas(
        client: TestClient) -> None:
    anchored = {s["$anchor"]: s for s in schemas_in(DOC) if "$anchor" in s}
    refusal = validator(anchored["refusal"])
    answers = [client.get("/api/v1/tables/nosuch", params={"lang": "pl"}),
               client.post("/api/v1/tables", json={"game": "chess", "players": 2,
                                                   "seats": []}),
               client.post("/api/v1/tables", json={"game": "toy"}, params={"lang": "it"}),
               client.get("/api/v1/nowhere")]
    for answer in answers:
        assert answer.status_code >= 400
        errors = [e.message for e in refusal.iter_errors(answer.json())]
        assert errors == [], (answer.json(), errors)
    (answer_schema,) = schemas_in(section("`POST /api/v1/tables/{table_id}/rematch`"))
    table = create(client, players=2, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                   options={"rounds": 1})
    tid, token = table["table"], table["seats"][0]["token"]
    with connect(client, tid) as ws:
        ws.send_json({"type": "hello", "protocol": 1, "token": token})
        frame = until(ws, lambda f: f["type"] == "state" and (f["finished"] or f["legal"]))
        while not frame["finished"]:
            ws.send_json({"type": "action", "seat": 0, "state": frame["state"],
                          "action": frame["legal"][0]["action"]})
            acted = frame["state"]
            frame = until(ws, lambda f, acted=acted: f["type"] == "state" and (
                f["finished"] or (f["legal"] and f["state"] > acted)))
    made = client.post(f"/api/v1/tables/{tid}/rematch",
                       headers={"Authorization": f"Bearer {token}"})
    validator(answer_schema).validate(made.json())


def test_each_seat_carries_the_colour_its_game_names_it_by(client: TestClient) -> None:
    (seats_schema,) = schemas_in(section("`GET /api/v1/games/{name}/seats"))
    anchored = {s["$anchor"]: s for s in schemas_in(DOC) if "$anchor" in s}
    seat = validator(anchored["seat"])
    cases = [("rattus", 3, {}, ["red", "blue", "green"]),
             ("notre-dame", 2, {}, ["red", "blue"]),
             ("intrige", 3, {"edition": "amigo"}, ["red", "yellow", "green"]),
             ("intrige", 3, {"edition": "1994"}, [None, None, None])]
    for game, players, options, colours in cases:
        answer = client.get(f"/api/v1/games/{game}/seats",
                            params={"players": players, "options": json.dumps(options)})
        assert answer.status_code == 200, answer.text
        validator(seats_schema).validate(answer.json())
        assert [s["colour"] for s in answer.json()["seats"]] == colours, game
        table = create(client, game=game, players=players, options=options)
        summary = client.get(f"/api/v1/tables/{table['table']}", params={"lang": "it"}).json()
        for row in summary["seats"]:
            seat.validate(row)
        # The colour word is the same in every language; the name is the reader's.
        assert [s["colour"] for s in summary["seats"]] == colours, game
    red = client.get("/api/v1/games/rattus/seats", params={"players": 2, "lang": "it"}).json()
    assert red["seats"][0] == {"seat": 0, "label": "P1", "player": "Rosso", "colour": "red"}
