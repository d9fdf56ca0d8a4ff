"""Rematch: once a game is over, any of its players starts a new table with the same game,
options, settings and seat kinds, seats moved on by one; every later ask (of any seat,
after a restart too) finds the same table, each player their own seat and token, and no
token ever reaches another seat. On SQLite and PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from tavola.server.app import create_app
from tests.server.games import register_server_toys
from tests.server.helpers import API, IDLE, Pace, connect, create, hello, kind, poll, until

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture
def served(db_url: str) -> Iterator[TestClient]:
    """A live application on SQLite and on PostgreSQL in turn."""
    register_server_toys()
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def rematch(client: TestClient, table: str, token: str | None) -> Any:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return client.post(f"{API}/tables/{table}/rematch", headers=headers)


def play_out(sockets: dict[int, WebSocketTestSession], tokens: dict[int, str]) -> None:
    """Say hello, then play every person's seat (the first legal action) until the game
    is over."""
    for seat, ws in sockets.items():
        ws.send_json({"type": "hello", "protocol": 1, "token": tokens[seat]})
    finished: set[int] = set()
    paces = {seat: Pace() for seat in sockets}
    deadline = time.monotonic() + 60
    while len(finished) < len(sockets):
        assert time.monotonic() < deadline, "the game did not finish"
        quiet = True
        for seat, ws in sockets.items():
            if seat in finished:
                continue
            got = poll(ws)
            if got is None:
                continue
            frame = got
            quiet = False
            if frame["type"] != "state":
                continue
            if frame["finished"]:
                finished.add(seat)
            elif frame["legal"]:
                paces[seat].wait()
                ws.send_json({"type": "action", "seat": seat, "state": frame["state"],
                              "action": frame["legal"][0]["action"]})
        if quiet:
            time.sleep(IDLE)


def a_finished_table(client: TestClient) -> dict[str, Any]:
    """Return a toy table for Ada, Bea and a bot, played to the end."""
    table = create(client, players=3, seats=SEATS, options={"rounds": 1}, bot_seconds=0.05,
                   spectator_chat=False, timer=3600)
    tid = table["table"]
    for seat, name in ((0, "Ada"), (1, "Bea")):
        client.post(f"{API}/tables/{tid}/join",
                    json={"token": table["seats"][seat]["token"], "name": name})
    with connect(client, tid) as a, connect(client, tid) as b:
        play_out({0: a, 1: b}, {s["seat"]: s["token"] for s in table["seats"]})
    return table


def test_a_rematch_is_refused_before_the_end_and_without_a_seat_token(
        served: TestClient) -> None:
    table = create(served, players=3, seats=SEATS, options={"rounds": 1})
    tid = table["table"]
    early = rematch(served, tid, table["seats"][0]["token"])
    assert early.status_code == 409 and early.json()["code"] == "rematch_not_over"
    assert early.json()["error"] == "a rematch starts once the game is over"
    for token in (None, "x" * 32, table["host_token"]):
        refused = rematch(served, tid, token)
        assert refused.status_code == 403 and refused.json()["code"] == "rematch_not_a_seat"
    italian = served.post(f"{API}/tables/{tid}/rematch?lang=it")
    assert italian.json()["error"] == "solo chi gioca a questo tavolo può avviare la rivincita"
    assert rematch(served, "nosuch", table["seats"][0]["token"]).status_code == 404
    hub = served.app.state.hub  # type: ignore[attr-defined]
    assert hub.storage.rematch_of(tid) is None


def test_a_rematch_is_one_table_with_the_seats_moved_on_and_each_its_own_token(
        served: TestClient) -> None:
    table = a_finished_table(served)
    tid = table["table"]
    ada, bea = table["seats"][0]["token"], table["seats"][1]["token"]
    with ExitStack() as stack:
        a, b, watcher = (stack.enter_context(connect(served, tid)) for _ in range(3))
        hello(a, ada)
        hello(b, bea)
        hello(watcher, None)
        first = rematch(served, tid, ada)
        assert first.status_code == 200, first.text
        made = first.json()
        new = made["table"]
        assert new != tid and made["seat"] == 1 and made["label"] == "P2"
        assert made["invite"].endswith(f"/play/{new}#token={made['token']}")
        # Every connection of the finished table is told: each seat its own token only.
        to_a, to_b = until(a, kind("rematch")), until(b, kind("rematch"))
        to_watcher = until(watcher, kind("rematch"))
        assert to_a == {"type": "rematch", "protocol": 1, "table": new, "seat": 1,
                        "token": made["token"]}
        assert to_b["table"] == new and to_b["seat"] == 2
        assert to_b["token"] not in (None, made["token"], ada, bea)
        assert to_watcher == {"type": "rematch", "protocol": 1, "table": new, "seat": None,
                              "token": None}
    # Idempotent: the same table from any seat, each caller its own (same) token.
    again_b = rematch(served, tid, bea).json()
    assert (again_b["table"], again_b["seat"], again_b["token"]) == (new, 2, to_b["token"])
    assert rematch(served, tid, ada).json() == made
    # The same game, options and settings; seat kinds and names moved on by one.
    old = served.get(f"{API}/tables/{tid}").json()
    summary = served.get(f"{API}/tables/{new}").json()
    assert (summary["game"], summary["options"], summary["settings"]) == (
        old["game"], old["options"], old["settings"])
    assert not summary["finished"]  # its bot, now the first player, may have bid already
    assert [(s["kind"], s["bot"], s["name"]) for s in summary["seats"]] == [
        ("bot", "random", "random"), ("human", None, "Ada"), ("human", None, "Bea")]
    # Each token opens its own seat there, and only that one.
    for token, seat in ((made["token"], 1), (to_b["token"], 2)):
        with connect(served, new) as ws:
            assert hello(ws, token)["you"] == seat
    hub = served.app.state.hub  # type: ignore[attr-defined]
    stored = hub.storage.load_table(new)
    assert stored.rematch is None and hub.storage.rematch_of(tid) == new
    assert all(s.token_hash not in (None, made["token"], to_b["token"])
               for s in stored.seats if s.kind == "human")


def test_a_player_coming_back_later_finds_the_rematch(db_url: str) -> None:
    register_server_toys()
    with TestClient(create_app(db_url)) as served:
        table = a_finished_table(served)
        tid = table["table"]
        made = rematch(served, tid, table["seats"][0]["token"]).json()
    # A restarted server: the link is in the database.
    with TestClient(create_app(db_url)) as served:
        with connect(served, tid) as b:
            b.send_json({"type": "hello", "protocol": 1, "token": table["seats"][1]["token"],
                         "lang": "it"})
            offered = until(b, kind("rematch"))
        assert offered["table"] == made["table"] and offered["seat"] == 2
        answer = rematch(served, tid, table["seats"][1]["token"]).json()
        assert (answer["table"], answer["seat"], answer["token"]) == (
            made["table"], 2, offered["token"])
        with connect(served, made["table"]) as ws:
            assert hello(ws, offered["token"])["you"] == 2


def test_two_players_asking_at_once_get_one_rematch(served: TestClient) -> None:
    table = a_finished_table(served)
    tid = table["table"]
    hub = served.app.state.hub  # type: ignore[attr-defined]
    live = served.portal.call(hub.get, tid)  # type: ignore[union-attr]

    async def both() -> list[str]:
        import asyncio

        made = await asyncio.gather(hub.rematch(live), hub.rematch(live))
        return [m.id for m in made]

    ids = served.portal.call(both)  # type: ignore[union-attr]
    assert ids[0] == ids[1] == hub.storage.rematch_of(tid)
    # A second process (its own tables in memory) finds the stored one, stores none.
    with TestClient(create_app(hub.storage.url)) as other:
        answer = rematch(other, tid, table["seats"][1]["token"]).json()
    assert answer["table"] == ids[0]
    assert len(hub.storage.table_ids()) == 2
