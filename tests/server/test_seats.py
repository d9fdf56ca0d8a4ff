"""Whose a seat is: a seat whose link was used, by any route, is someone's; only the open
seats of a public table can be taken from the lobby; the host can give a seat a new link;
a private table is reached by invitation only."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest
from starlette.testclient import TestClient

from tavola.server.remote import RemoteSeat
from tests.server.helpers import API, connect, create, hello, kind, receive, until
from tests.server.processes import ServerProcess


def claim(client: TestClient, tid: str, seat: int, name: str = "Eve") -> tuple[int, dict]:
    answer = client.post(f"{API}/tables/{tid}/seats/{seat}/claim", json={"name": name})
    return answer.status_code, answer.json()


def test_a_seat_played_by_its_link_alone_is_taken_and_cannot_be_claimed(
        db_client: TestClient) -> None:
    client = db_client
    # `tavola connect` plays by hello alone, never joining under a name.
    table = create(client, players=2, public=True)
    tid = table["table"]
    with connect(client, tid) as owner:
        frame = hello(owner, table["seats"][0]["token"])
        assert frame["seats"][0]["taken"] is True and frame["seats"][0]["joined"] is False
        lobby = client.get(f"{API}/tables").json()
        assert [t["free"] for t in lobby if t["table"] == tid] == [[1]]
        status, answer = claim(client, tid, 0)
        assert status == 409 and answer["code"] == "seat_not_open"
        # The owner still plays.
        owner.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:1"})
        assert until(owner, kind("ack"))["state"] == 1
    # And after a restart of the table in memory, the seat is still taken (stored).
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert [s.taken for s in hub.storage.load_table(tid).seats] == [True, False]


def test_the_seats_of_a_private_table_are_never_claimable_nor_listed(
        client: TestClient) -> None:
    table = create(client, players=2)  # private unless the host says otherwise
    tid = table["table"]
    assert client.get(f"{API}/tables/{tid}").json()["settings"]["public"] is False
    assert all(t["table"] != tid for t in client.get(f"{API}/tables").json())
    status, answer = claim(client, tid, 1)
    assert status == 409 and answer["code"] == "table_private"
    # The invitation still works.
    with connect(client, tid) as ws:
        assert hello(ws, table["seats"][1]["token"])["you"] == 1


def test_a_seat_joined_by_name_is_taken(client: TestClient) -> None:
    table = create(client, players=2, public=True)
    tid = table["table"]
    joined = client.post(f"{API}/tables/{tid}/join",
                         json={"token": table["seats"][1]["token"], "name": "Ada"})
    assert joined.status_code == 200
    status, _ = claim(client, tid, 1)
    assert status == 409
    assert client.get(f"{API}/tables/{tid}").json()["free"] == [0]


def test_the_host_gives_a_seat_a_new_link_and_the_old_one_dies(
        db_client: TestClient) -> None:
    client = db_client
    table = create(client, players=2, public=True)
    tid = table["table"]
    old = table["seats"][0]["token"]
    with connect(client, tid) as ws:
        hello(ws, old)
        client.post(f"{API}/tables/{tid}/join", json={"token": old, "name": "Ann"})
        # Nobody but the host may re-issue it.
        for token in (None, old, table["seats"][1]["token"], "forged"):
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            refused = client.post(f"{API}/tables/{tid}/seats/0/link", headers=headers)
            assert refused.status_code == 403 and refused.json()["code"] == "host_only"
        made = client.post(f"{API}/tables/{tid}/seats/0/link",
                           headers={"Authorization": f"Bearer {table['host_token']}"})
        assert made.status_code == 200, made.text
        new = made.json()["token"]
        assert new not in (old, table["seats"][1]["token"])
        # The old link's connection is told and closed.
        assert until(ws, kind("error"))["code"] == "link_replaced"
    with connect(client, tid) as ws:
        ws.send_json({"type": "hello", "protocol": 1, "token": old})
        assert receive(ws)["code"] == "token_not_for_table"
    # Reserved for the name it had: nobody can claim it before the new link is used.
    summary = client.get(f"{API}/tables/{tid}").json()
    assert summary["seats"][0]["name"] == "Ann" and summary["free"] == [1]
    assert claim(client, tid, 0)[0] == 409
    with connect(client, tid) as ws:
        assert hello(ws, new)["you"] == 0
    # A bot's seat has no link; no such seat is no such seat.
    host = {"Authorization": f"Bearer {table['host_token']}"}
    assert client.post(f"{API}/tables/{tid}/seats/7/link", headers=host).status_code == 404


def test_a_claimed_seat_is_taken_at_once(client: TestClient) -> None:
    table = create(client, players=2, public=True)
    tid = table["table"]
    status, first = claim(client, tid, 0, "Cy")
    assert status == 200
    assert claim(client, tid, 0, "Eve")[0] == 409
    with connect(client, tid) as ws:
        assert hello(ws, first["token"])["you"] == 0


def test_a_seat_taken_through_one_process_cannot_be_claimed_through_another(
        postgres: Any) -> None:
    url = postgres.new_database()
    first, second = ServerProcess(url), ServerProcess(url)
    try:
        made = first.post(f"{API}/tables", {"game": "toy", "players": 2, "public": True,
                                             "seats": [{"kind": "human"}] * 2})
        tid = made["table"]
        assert second.get(f"{API}/tables/{tid}")["free"] == [0, 1]  # in its memory now
        owner = RemoteSeat(first.ws(tid), made["seats"][0]["token"])
        try:
            while owner.known.state < 0:
                owner.receive()
            refused = Request(f"{second.base}{API}/tables/{tid}/seats/0/claim",
                              json.dumps({"name": "Eve"}).encode(),
                              {"Content-Type": "application/json"})
            with pytest.raises(HTTPError) as answer:
                urlopen(refused, timeout=30)
            assert answer.value.code == 409
            deadline = time.monotonic() + 10
            while second.get(f"{API}/tables/{tid}")["free"] != [1]:
                assert time.monotonic() < deadline, "the other process never heard"
                time.sleep(0.1)
        finally:
            owner.close()
    finally:
        first.stop()
        second.stop()
