"""Playing at a table over the websocket, in process: every check an action passes, in
the promised order (token, seat, pending, state id, legality), every refusal one line that
changes nothing, and the frames each client receives."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from starlette.testclient import TestClient

from tavola.core import Record, game_class, info
from tests.arena.toys import real_games
from tests.core.toy import ToyGame
from tests.server.helpers import (
    API,
    connect,
    create,
    hello,
    kind,
    receive,
    stored_actions,
    until,
)


def error_after(ws: Any, frame: dict[str, Any]) -> str:
    """Send `frame`; return the message of the error frame it earns."""
    ws.send_json(frame)
    answer = until(ws, lambda f: f["type"] in ("error", "ack"))
    assert answer["type"] == "error", answer
    assert "\n" not in answer["message"]
    message: str = answer["message"]
    return message


def test_a_seat_receives_its_view_legal_actions_labels_and_log(client: TestClient) -> None:
    table = create(client)
    with connect(client, table["table"]) as ws:
        frame = hello(ws, table["seats"][0]["token"])
    assert frame["you"] == 0 and frame["state"] == 0 and frame["to_act"] == [0, 1, 2]
    assert frame["view"]["my_bid"] == 0
    assert frame["legal"] == [{"action": f"bid:{n}", "label": f"bid {n}"} for n in (1, 2, 3)]
    assert frame["log"]["from"] == 0 and frame["log"]["events"][0]["key"] == "round"
    assert "seed" not in str(frame) and "rng" not in str(frame)


def test_an_action_is_acknowledged_after_it_is_stored_and_everyone_sees_it(
        client: TestClient) -> None:
    table = create(client)
    with connect(client, table["table"]) as a, connect(client, table["table"]) as b:
        hello(a, table["seats"][0]["token"])
        hello(b, table["seats"][1]["token"])
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:3"})
        ack = until(a, kind("ack"))
        assert ack["state"] == 1 and stored_actions(client, table["table"]) == [(0, 0, "bid:3")]
        seen = until(b, lambda f: f["type"] == "state" and f["state"] == 1)
    assert seen["view"]["bid_made"] == [True, False, False]
    assert "my_bid" in seen["view"] and seen["view"]["my_bid"] == 0
    assert all("3" not in str(e["args"]) for e in seen["log"]["events"])


def test_the_checks_come_in_order_token_seat_pending_state_legality(
        client: TestClient) -> None:
    table = create(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    with connect(client, table["table"]) as spectator, \
            connect(client, table["table"]) as p1:
        hello(spectator, None)
        hello(p1, table["seats"][0]["token"])
        # token: a spectator's connection holds none, whatever else is wrong
        assert "spectators cannot act" in error_after(
            spectator, {"type": "action", "seat": 5, "state": 99, "action": "nonsense!"})
        # seat: the token is for P1, whatever else is wrong
        assert "your token is for P1" in error_after(
            p1, {"type": "action", "seat": 1, "state": 99, "action": "nonsense!"})
        # state id before legality
        assert "the table moved on" in error_after(
            p1, {"type": "action", "seat": 0, "state": 7, "action": "nonsense!"})
        # legality last
        assert "not an action" in error_after(
            p1, {"type": "action", "seat": 0, "state": 0, "action": "nonsense!"})
        assert "not a legal action" in error_after(
            p1, {"type": "action", "seat": 0, "state": 0, "action": "bid:9"})
        p1.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:1"})
        until(p1, kind("ack"))
        # pending: P1 has bid and waits for P2, before the state id is looked at
        assert "P1 is not asked to act now (waiting for: P2)" in error_after(
            p1, {"type": "action", "seat": 0, "state": 42, "action": "bid:1"})
    assert stored_actions(client, table["table"]) == [(0, 0, "bid:1")]


def test_a_simultaneous_step_lets_each_pending_player_act_independently(
        client: TestClient) -> None:
    table = create(client)
    with connect(client, table["table"]) as a, connect(client, table["table"]) as b:
        hello(a, table["seats"][0]["token"])
        hello(b, table["seats"][1]["token"])
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:2"})
        until(a, kind("ack"))
        # B decided on state 0 too: the same decision, still valid after A's bid
        b.send_json({"type": "action", "seat": 1, "state": 0, "action": "bid:3"})
        assert until(b, lambda f: f["type"] in ("ack", "error"))["type"] == "ack"
        frame = until(a, lambda f: f["type"] == "state" and f["state"] == 2)
    assert frame["view"]["my_bid"] == 2 and frame["view"]["bid_made"] == [True, True, False]


def test_an_unknown_or_missing_token_is_refused(client: TestClient) -> None:
    table = create(client, spectators=False)
    with connect(client, table["table"]) as ws:
        ws.send_json({"type": "hello", "protocol": 1, "token": "x" * 32})
        assert receive(ws)["message"] == "that token is not for this table"
        assert receive(ws)["type"] == "closed"
    with connect(client, table["table"]) as ws:
        ws.send_json({"type": "hello", "protocol": 1})
        assert receive(ws)["message"] == "this table has no spectators"
    with connect(client, table["table"]) as ws:
        ws.send_json({"type": "hello", "protocol": 2, "token": None})
        assert "protocol 1" in receive(ws)["message"]
    with connect(client, "nosuchtable") as ws:
        assert receive(ws)["message"] == "no such table"


@pytest.mark.parametrize("frame, message", [
    ("{", "not valid JSON"),
    ("[1, 2]", "a frame is a JSON object"),
    ('{"type": "dance"}', "unknown frame type"),
    ('{"type": "action", "seat": true, "state": 0, "action": "bid:1"}',
     "'seat' of a action frame is a int, not bool"),
    ('{"type": "action", "seat": 0, "state": "0", "action": "bid:1"}', "'state'"),
    ('{"type": "action", "seat": 0, "state": 0}', "needs 'action'"),
    ('{"type": "action", "seat": 0, "state": 0, "action": "bid:1", "x": 1}', "no field 'x'"),
    ('{"type": "ping", "a": [[[[[1]]]]]}', "nested"),
    ('{"type": "chat", "channel": "players", "text": "<b>' + "a" * 600 + '</b>"}',
     "longer than 500"),
    ('{"type": "chat", "channel": "players", "text": "   "}', "cannot be empty"),
    ('{"type": "chat", "channel": "secret", "text": "hi"}', "channels are"),
    ('{"type": "hello", "protocol": 1}', "say hello only once"),
    ('"' + "x" * 5000 + '"', "larger than"),
    ("\ud800", "not valid JSON"),
])
def test_a_malformed_frame_earns_one_line_and_harms_nothing(
        client: TestClient, frame: str, message: str) -> None:
    table = create(client)
    with connect(client, table["table"]) as ws:
        hello(ws, table["seats"][0]["token"])
        ws.send_text(frame)
        answer = until(ws, kind("error"))
        assert message in answer["message"] and "\n" not in answer["message"]
        ws.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:1"})
        assert until(ws, lambda f: f["type"] in ("ack", "error"))["type"] == "ack"


def test_binary_frames_are_read_like_text(client: TestClient) -> None:
    table = create(client)
    with connect(client, table["table"]) as ws:
        hello(ws, table["seats"][0]["token"])
        ws.send_bytes(b"\xff\xfe")
        assert "not UTF-8" in until(ws, kind("error"))["message"]


def test_a_flood_is_refused_and_then_the_connection_closed(client: TestClient) -> None:
    table = create(client)
    with connect(client, table["table"]) as ws:
        hello(ws, table["seats"][0]["token"])
        for _ in range(200):
            ws.send_json({"type": "ping"})
        frames = []
        until(ws, kind("closed"), frames)
    errors = [f["message"] for f in frames if f["type"] == "error"]
    assert "too many frames: slow down" in errors and errors[-1] == "too many frames: closing"
    assert sum(f["type"] == "pong" for f in frames) <= 31
    with connect(client, table["table"]) as ws:
        assert hello(ws, table["seats"][0]["token"])["state"] == 0


def test_a_rejoined_seat_gets_the_current_view_at_once(client: TestClient) -> None:
    table = create(client)
    token = table["seats"][0]["token"]
    with connect(client, table["table"]) as ws:
        hello(ws, token)
        ws.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:2"})
        until(ws, kind("ack"))
    with connect(client, table["table"]) as ws:
        frame = hello(ws, token)
    assert frame["state"] == 1 and frame["view"]["my_bid"] == 2 and frame["legal"] == []
    assert [e["key"] for e in frame["log"]["events"]] == ["round", "bid"]


def test_join_names_a_seat_and_an_unknown_link_is_refused(client: TestClient) -> None:
    table = create(client)
    tid = table["table"]
    ok = client.post(f"{API}/tables/{tid}/join",
                     json={"token": table["seats"][1]["token"], "name": " Ada\u0007 "})
    assert ok.json() == {"table": tid, "seat": 1, "label": "P2", "name": "Ada"}
    bad = client.post(f"{API}/tables/{tid}/join", json={"token": "nope", "name": "Eve"})
    assert bad.status_code == 403 and bad.json() == {
        "error": "that link is not for a seat of this table", "code": "link_not_for_table",
        "args": {}}
    assert client.get(f"{API}/tables/{tid}").json()["seats"][1]["name"] == "Ada"
    assert "token" not in client.get(f"{API}/tables/{tid}").text


def test_an_open_seat_is_claimed_from_the_lobby_and_its_old_link_dies(
        client: TestClient) -> None:
    table = create(client, players=2, public=True,
                   seats=[{"kind": "human"}, {"kind": "human", "reserved": "Bob"}])
    tid = table["table"]
    lobby = client.get(f"{API}/tables").json()
    assert [t["free"] for t in lobby if t["table"] == tid] == [[0]]
    reserved = client.post(f"{API}/tables/{tid}/seats/1/claim", json={"name": "Eve"})
    assert reserved.status_code == 409
    claimed = client.post(f"{API}/tables/{tid}/seats/0/claim", json={"name": "Cy"}).json()
    assert claimed["seat"] == 0 and claimed["token"] != table["seats"][0]["token"]
    with connect(client, tid) as ws:
        ws.send_json({"type": "hello", "protocol": 1, "token": table["seats"][0]["token"]})
        assert receive(ws)["message"] == "that token is not for this table"
    with connect(client, tid) as ws:
        assert hello(ws, claimed["token"])["you"] == 0
    mine = client.post(f"{API}/tables/mine", json={"tokens": [
        {"table": tid, "token": claimed["token"]}, {"table": tid, "token": "forged"}]}).json()
    assert [(t["table"], t["you"]) for t in mine] == [(tid, 0)]


@pytest.mark.parametrize("body, message", [
    ({"game": "chess", "players": 2, "seats": []}, "no game called 'chess'"),
    ({"game": "toy", "players": 9, "seats": [{"kind": "human"}] * 9}, "2-4 players"),
    ({"game": "toy", "players": "3", "seats": []}, "players"),
    ({"game": "toy", "players": 2, "seats": [{"kind": "human"}]}, "exactly 2 seats"),
    ({"game": "toy", "players": 2, "options": {"rounds": 99},
      "seats": [{"kind": "human"}] * 2}, "option 'rounds'"),
    ({"game": "toy", "players": 2, "seats": [{"kind": "bot", "bot": "genius"},
                                             {"kind": "human"}]}, "no bot 'genius'"),
    ({"game": "toy", "players": 2, "seats": [{"kind": "bot"}, {"kind": "human"}]},
     "needs a bot spec"),
    ({"game": "toy", "players": 2, "seats": [{"kind": "alien"}, {"kind": "human"}]},
     "seats.0.kind"),
    ({"game": "toy", "players": 2, "timer": 0.5, "seats": [{"kind": "human"}] * 2},
     "clock's time"),
    ({"game": "toy", "players": 2, "seed": 5, "seats": [{"kind": "human"}] * 2}, "seed"),
])
def test_a_table_that_cannot_be_made_is_refused_in_one_line(
        client: TestClient, body: dict[str, Any], message: str) -> None:
    before = client.get(f"{API}/tables").json()
    response = client.post(f"{API}/tables", json=body)
    assert response.status_code in (400, 422)
    assert message in response.json()["error"] and "\n" not in response.json()["error"]
    assert client.get(f"{API}/tables").json() == before


def test_chat_is_stored_and_spectators_have_their_own_channel(client: TestClient) -> None:
    table = create(client)
    tid = table["table"]
    with connect(client, tid) as p1, connect(client, tid) as watcher:
        hello(p1, table["seats"][0]["token"])
        hello(watcher, None)
        p1.send_json({"type": "chat", "channel": "players", "text": "<script>hi</script>"})
        said = until(watcher, kind("chat"))
        assert said["text"] == "<script>hi</script>" and said["channel"] == "players"
        watcher.send_json({"type": "chat", "channel": "spectators", "text": "psst"})
        assert until(watcher, kind("chat"))["text"] == "psst"
        assert "players write in the players' channel" in error_after(
            p1, {"type": "chat", "channel": "spectators", "text": "x"})
        assert "spectators write" in error_after(
            watcher, {"type": "chat", "channel": "players", "text": "x"})
    with connect(client, tid) as p2:
        p2.send_json({"type": "hello", "protocol": 1, "token": table["seats"][1]["token"]})
        frames: list[dict[str, Any]] = []
        until(p2, kind("chat"), frames)
        p2.send_json({"type": "ping"})
        until(p2, kind("pong"), frames)
    chats = [f["text"] for f in frames if f["type"] == "chat"]
    assert chats == ["<script>hi</script>"]


def test_bots_play_their_seats_and_a_finished_game_can_be_downloaded(
        client: TestClient) -> None:
    table = create(client, game="toy-bots", players=3,
                   seats=[{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                          {"kind": "bot", "bot": "random"}])
    tid, token = table["table"], table["seats"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    assert client.get(f"{API}/tables/{tid}/record", headers=headers).status_code == 409
    with connect(client, tid) as ws:
        frame = hello(ws, token)
        while not frame["finished"]:
            if 0 in frame["to_act"]:
                ws.send_json({"type": "action", "seat": 0, "state": frame["state"],
                              "action": "bid:1"})
            at = frame["state"]
            frame = until(ws, lambda f, at=at: f["type"] == "state" and f["state"] > at)
    assert frame["result"]["scores"] and frame["legal"] == []
    record = client.get(f"{API}/tables/{tid}/record", headers=headers).json()
    assert record["format"] == "tavola-record/1" and len(record["actions"]) == frame["state"]
    assert [a for p, a in record["actions"] if p == 1] == ["bid:3"] * 3
    assert Record.from_json(record).check().digest_checked
    states = Record.from_json(record).replay()
    for n in range(len(states)):
        for seat in (None, 2):
            params = {"step": n} if seat is None else {"step": n, "seat": seat}
            step = client.get(f"{API}/tables/{tid}/replay", params=params,
                              headers=headers).json()
            assert step["steps"] == frame["state"] and step["view"] == states[n].view(seat)
            assert [{"key": e["key"], "args": e["args"]} for e in step["log"]] == [
                e.public_json() for e in states[n].log(seat)]
    beyond = client.get(f"{API}/tables/{tid}/replay", params={"step": 99}, headers=headers)
    assert beyond.status_code == 400


def test_a_table_without_spectators_keeps_its_record_to_its_players(
        client: TestClient) -> None:
    table = create(client, game="toy", players=2, spectators=False,
                   seats=[{"kind": "bot", "bot": "random"}] * 2)
    tid = table["table"]
    with connect(client, tid) as ws:
        ws.send_json({"type": "hello", "protocol": 1, "token": table["host_token"]})
        until(ws, lambda f: f["type"] == "state" and f["finished"])
    assert client.get(f"{API}/tables/{tid}/record").status_code == 403
    host = {"Authorization": f"Bearer {table['host_token']}"}
    assert client.get(f"{API}/tables/{tid}/record", headers=host).status_code == 200


def test_the_openapi_document_lists_every_route(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for route in ("/api/v1/games", "/api/v1/tables", "/api/v1/tables/mine",
                  "/api/v1/tables/{table_id}", "/api/v1/tables/{table_id}/join",
                  "/api/v1/tables/{table_id}/seats/{seat}/claim",
                  "/api/v1/tables/{table_id}/record", "/api/v1/tables/{table_id}/replay"):
        assert route in paths


COMPLETE = ["toy", *(name for name in real_games() if not inspect.isabstract(game_class(name)))]


@pytest.mark.parametrize("game", COMPLETE)
def test_every_game_refuses_in_order_and_plays_on(client: TestClient, game: str) -> None:
    facts = ToyGame.info if game == "toy" else info(game)
    players = max(2, facts.min_players)
    table = create(client, game=game, players=players)
    tid = table["table"]
    with connect(client, tid) as watcher:
        first = hello(watcher, None)
        pending = first["to_act"][0]
        waiting = next((p for p in range(players) if p not in first["to_act"]), None)
        with connect(client, tid) as ws:
            frame = hello(ws, table["seats"][pending]["token"])
            legal = frame["legal"][0]["action"]
            assert "spectators cannot act" in error_after(
                watcher, {"type": "action", "seat": pending, "state": 0, "action": legal})
            other = (pending + 1) % players
            assert f"your token is for P{pending + 1}" in error_after(
                ws, {"type": "action", "seat": other, "state": 0, "action": legal})
            assert "the table moved on" in error_after(
                ws, {"type": "action", "seat": pending, "state": 3, "action": legal})
            assert "not a legal action" in error_after(
                ws, {"type": "action", "seat": pending, "state": 0, "action": "zz:9"})
            if waiting is not None:
                with connect(client, tid) as idle:
                    hello(idle, table["seats"][waiting]["token"])
                    assert f"P{waiting + 1} is not asked to act now" in error_after(
                        idle, {"type": "action", "seat": waiting, "state": 0,
                               "action": legal})
            assert stored_actions(client, tid) == []
            ws.send_json({"type": "action", "seat": pending, "state": 0, "action": legal})
            assert until(ws, lambda f: f["type"] in ("ack", "error"))["type"] == "ack"
        assert until(watcher, lambda f: f["type"] == "state" and f["state"] == 1)
    assert stored_actions(client, tid) == [(0, pending, legal)]


@pytest.mark.parametrize("body, status, message", [
    (b'{"game": "' + b"x" * 70_000 + b'"}', 413, "at most 64 kB"),
    (b'{"game": ' + b"[" * 20_000 + b"]" * 20_000 + b"}", 400, "error parsing the body"),
    (b"not json", 422, "JSON decode error"),
])
def test_a_hostile_request_body_is_refused_in_one_line(
        client: TestClient, body: bytes, status: int, message: str) -> None:
    response = client.post(f"{API}/tables", content=body,
                           headers={"content-type": "application/json"})
    assert response.status_code == status and message in response.json()["error"]
