"""Taking a decision back (Board Game Arena's policy): only one's own last decision, only
while nobody acted since, nothing was drawn and nothing hidden was revealed to anyone."""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient

from tavola.core import make
from tavola.server.undo import changes, why_not_undoable
from tests.server.games import register_server_toys
from tests.server.helpers import connect, create, hello, kind, stored_actions, until


def undo(ws: Any, seat: int, state: int) -> dict[str, Any]:
    ws.send_json({"type": "undo", "seat": seat, "state": state})
    frame: dict[str, Any] = until(ws, lambda f: f["type"] in ("ack", "error"))
    return frame


def test_a_hidden_bid_nobody_answered_can_be_taken_back(client: TestClient) -> None:
    table = create(client)
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b:
        hello(a, table["seats"][0]["token"])
        hello(b, table["seats"][1]["token"])
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:3"})
        until(a, kind("ack"))
        until(b, lambda f: f["type"] == "state" and f["state"] == 1)
        answer = undo(a, 0, 1)
        assert answer == {"type": "ack", "protocol": 1, "state": 0, "action": None,
                          "undone": "bid:3"}
        seen = until(b, lambda f: f["type"] == "state" and f["state"] == 0)
        mine = until(a, lambda f: f["type"] == "state" and f["state"] == 0)
    assert stored_actions(client, tid) == []
    assert seen["view"]["bid_made"] == [False, False, False] and seen["log"]["from"] == 0
    assert mine["view"]["my_bid"] == 0 and [e["key"] for e in mine["log"]["events"]] == ["round"]


def test_only_ones_own_last_decision_can_be_taken_back(client: TestClient) -> None:
    table = create(client)
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b:
        hello(a, table["seats"][0]["token"])
        hello(b, table["seats"][1]["token"])
        assert "only your own last decision" in undo(a, 0, 0)["message"]
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:3"})
        until(a, kind("ack"))
        b.send_json({"type": "action", "seat": 1, "state": 1, "action": "bid:1"})
        until(b, kind("ack"))
        assert "while nobody has acted since" in undo(a, 0, 2)["message"]
        assert "stale state id 1" in undo(b, 1, 1)["message"]
        assert "your token is for P2" in undo(b, 0, 2)["message"]
    assert len(stored_actions(client, tid)) == 2


def test_a_decision_that_drew_chance_cannot_be_taken_back(client: TestClient) -> None:
    table = create(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b:
        hello(a, table["seats"][0]["token"])
        hello(b, table["seats"][1]["token"])
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:3"})
        until(a, kind("ack"))
        b.send_json({"type": "action", "seat": 1, "state": 1, "action": "bid:1"})
        until(b, kind("ack"))
        assert "chance was involved" in undo(b, 1, 2)["message"]
    assert len(stored_actions(client, tid)) == 2


def test_a_decision_that_revealed_hidden_bids_cannot_be_taken_back() -> None:
    register_server_toys()
    before = make("toy-fixed", 2, seed=3).apply(0, "bid:2")
    after = before.apply(1, "bid:1")
    reason = why_not_undoable(before, after, 1, before.legal_actions(1)[0], random.Random(1))
    assert reason == "it revealed something you could not know before"


def test_a_decision_told_privately_to_another_player_cannot_be_taken_back() -> None:
    register_server_toys()
    start = make("toy-whisper", 3, seed=3)
    after = start.apply(0, "bid:2")
    assert why_not_undoable(start, after, 0, start.legal_actions(0)[1],
                            random.Random(1)) == "it told another player something in private"
    plain = make("toy-fixed", 3, seed=3)
    assert why_not_undoable(plain, plain.apply(0, "bid:2"), 0, plain.legal_actions(0)[1],
                            random.Random(1)) is None


def test_changes_lists_the_leaves_that_differ() -> None:
    assert changes({"a": [1, 2], "b": 1}, {"a": [1, 3], "b": 1}) == {(("a", 1), "3")}
    assert changes({"a": [1]}, {"a": []}) == {(("a", "#len"), "0"), (("a", 0), "<gone>")}
