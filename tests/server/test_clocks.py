"""Tables that always go on: clocks in both speeds, the players' answer for a seat out of
time (a stand-in, or waiting), tables that wait for their players, the bot deciding now in
every frame, and who made each decision in the game file."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tavola.core.record import Record
from tavola.server import tables
from tavola.server.app import create_app
from tavola.server.clocks import RETURN_SECONDS, Clock, SeatClocks
from tavola.server.storage import ActionRow
from tavola.server.tables import Limits
from tests.aio import run_async
from tests.server.games import register_server_toys
from tests.server.helpers import API, connect, create, hello, kind, until

TWO = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[TestClient]:
    """A live application whose players have one second to answer for a seat out of time."""
    register_server_toys()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tavola.db'}",
                               limits=Limits(vote=1.0))) as test_client:
        yield test_client


# -- the clock itself ------------------------------------------------------------------------
def test_a_real_time_clock_spends_the_bank_and_adds_the_increment() -> None:
    clock = Clock("realtime", 180.0, 20.0)
    assert clock.after(180.0, 30.0) == 170.0
    assert clock.after(10.0, 30.0) == 20.0  # never below nothing, then the increment
    assert clock.back(0.0) == RETURN_SECONDS


def test_a_turn_based_clock_gives_each_decision_its_whole_time() -> None:
    clock = Clock("turn", 86_400.0)
    assert clock.after(86_400.0, 80_000.0) == 86_400.0
    assert clock.back(0.0) == 86_400.0


def test_the_banks_come_back_from_the_stored_decisions() -> None:
    rows = [ActionRow(0, 0, "a", "human", 10.0, 150.0), ActionRow(1, 1, "b", "bot", 11.0),
            ActionRow(2, 0, "c", "human", 20.0, 140.0)]
    clocks = SeatClocks(Clock("realtime", 180.0, 20.0), 2, rows)
    assert clocks.left == [140.0, 180.0]
    clocks.run({1}, start=20.0, now=50.0)
    assert clocks.remaining(1, 50.0) == 150.0 and clocks.deadline(1) == 200.0


@pytest.mark.parametrize("body", [{"kind": "sundial"}, {"kind": "realtime", "seconds": 0},
                                  {"kind": "turn", "seconds": 60, "increment": 5},
                                  {"kind": "realtime", "seconds": 10 ** 9}])
def test_a_clock_out_of_bounds_is_refused_and_nothing_is_made(
        client: TestClient, body: dict[str, object]) -> None:
    response = client.post(f"{API}/tables", json={"game": "toy", "players": 2, "seats": TWO,
                                                  "clock": body})
    assert response.status_code in (400, 422), response.text
    assert "error" in response.json()


def test_a_table_with_people_has_a_real_time_clock_by_default_and_bots_none(
        client: TestClient) -> None:
    people = create(client, players=2, seats=TWO)
    bots = create(client, players=2, seats=[{"kind": "bot", "bot": "random"}] * 2)
    settings = {t: client.get(f"{API}/tables/{t}").json()["settings"]
                for t in (people["table"], bots["table"])}
    assert settings[people["table"]]["clock"] == {"kind": "realtime", "seconds": 180.0,
                                                 "increment": 20.0}
    assert settings[bots["table"]]["clock"]["kind"] == "off"


def test_the_clock_runs_only_for_the_seat_to_act_and_is_stored_with_its_decision(
        client: TestClient) -> None:
    table = create(client, players=2, seats=TWO, options={"rounds": 3},
                   clock={"kind": "realtime", "seconds": 100, "increment": 5})
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b:
        first = hello(a, table["seats"][0]["token"])
        hello(b, table["seats"][1]["token"])
        assert first["clock"]["kind"] == "realtime"
        assert all(s["seconds_left"] is not None for s in first["seats"])
        pending = first["to_act"]
        mover = a if 0 in pending else b
        seat = 0 if 0 in pending else 1
        mover.send_json({"type": "action", "seat": seat, "state": first["state"],
                         "action": "bid:1"})
        until(mover, kind("ack"))
    hub = client.app.state.hub  # type: ignore[attr-defined]
    stored = hub.storage.actions(tid)[0]
    assert stored.by == "human" and stored.clock is not None
    assert 100.0 < stored.clock <= 105.0  # a bank of 100, a little spent, 5 added


# -- out of time -------------------------------------------------------------------------------
def only_p1_to_decide(a: Any, b: Any, table: dict[str, Any]) -> None:
    """Both people say hello and P2 bids at once: only P1's decision (and clock) is left."""
    hello(a, table["seats"][0]["token"])
    hello(b, table["seats"][1]["token"])
    b.send_json({"type": "action", "seat": 1, "state": 0, "action": "bid:1"})
    until(b, kind("ack"))


@pytest.mark.parametrize("clock", [{"kind": "turn", "seconds": 1},
                                   {"kind": "realtime", "seconds": 1, "increment": 0}])
def test_a_seat_out_of_time_is_handed_to_a_stand_in_when_another_player_says_so(
        db_client: TestClient, clock: dict[str, object]) -> None:
    client = db_client
    table = create(client, players=2, seats=TWO, options={"rounds": 5}, clock=clock)
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b:
        only_p1_to_decide(a, b, table)
        # P1 does nothing: after a second P2 is asked, with a minute to answer.
        asked = until(b, lambda f: f["type"] in ("seats", "state")
                      and f["seats"][0]["out_of_time"])
        assert asked["seats"][0]["vote_seconds"] is not None
        assert 0 < asked["seats"][0]["vote_seconds"] <= 60
        assert not asked["seats"][0]["zombie"]
        # P1 cannot answer for themselves.
        a.send_json({"type": "vote", "seat": 0, "standin": True})
        assert until(a, kind("error"))["code"] == "vote_own_seat"
        b.send_json({"type": "vote", "seat": 0, "standin": True})
        moved = until(a, lambda f: f["type"] == "state" and f["state"] == 2)
        assert moved["seats"][0]["zombie"]
        # The person comes back and finds time on their clock.
        a.send_json({"type": "back"})
        back = until(a, lambda f: f["type"] == "state" and not f["seats"][0]["zombie"])
        assert back["seats"][0]["seconds_left"] > 0
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert [r.by for r in hub.storage.actions(tid)][:2] == ["human", "zombie"]


def test_players_who_wait_keep_the_seat_for_its_person(quick: TestClient) -> None:
    table = create(quick, players=2, seats=TWO, options={"rounds": 5},
                   clock={"kind": "turn", "seconds": 1})
    tid = table["table"]
    with connect(quick, tid) as a, connect(quick, tid) as b:
        only_p1_to_decide(a, b, table)
        until(b, lambda f: f["type"] in ("seats", "state") and f["seats"][0]["out_of_time"])
        b.send_json({"type": "vote", "seat": 0, "standin": False})
        waited = until(b, lambda f: f["type"] in ("seats", "state")
                       and f["seats"][0]["vote_seconds"] is None)
        assert waited["seats"][0]["waited"] and not waited["seats"][0]["zombie"]
        # Well past the one-second vote, nobody plays for P1: the table waits.
        a.send_json({"type": "ping"})
        until(a, kind("pong"), timeout=5)
        time.sleep(2.0)
        hub = quick.app.state.hub  # type: ignore[attr-defined]
        assert [r.by for r in hub.storage.actions(tid)] == ["human"]
        # P1 plays at last: their decision counts, and the wait is over.
        a.send_json({"type": "action", "seat": 0, "state": 1, "action": "bid:2"})
        until(a, kind("ack"))
        assert not hub.storage.load_table(tid).seats[0].waited


def test_with_no_answer_the_stand_in_plays_when_the_vote_ends(quick: TestClient) -> None:
    table = create(quick, players=2, seats=TWO, options={"rounds": 5},
                   clock={"kind": "turn", "seconds": 1})
    tid = table["table"]
    with connect(quick, tid) as a, connect(quick, tid) as b:
        only_p1_to_decide(a, b, table)
        moved = until(b, lambda f: f["type"] == "state" and f["state"] == 2, timeout=10)
        assert moved["seats"][0]["zombie"]


def test_alone_at_a_table_a_seat_out_of_time_goes_to_the_stand_in_at_once(
        client: TestClient) -> None:
    table = create(client, players=2, options={"rounds": 5},
                   seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                   clock={"kind": "turn", "seconds": 1})
    with connect(client, table["table"]) as a:
        hello(a, table["seats"][0]["token"])
        # Nobody else is there to ask: no minute's vote, the stand-in plays.
        moved = until(a, lambda f: f["type"] == "state" and f["seats"][0]["zombie"],
                      timeout=10)
        assert moved["seats"][0]["zombie"]


def test_only_a_seat_out_of_time_can_be_answered_for(client: TestClient) -> None:
    table = create(client, players=2, seats=TWO, options={"rounds": 5})
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b, \
            connect(client, tid) as watcher:
        hello(a, table["seats"][0]["token"])
        hello(b, table["seats"][1]["token"])
        hello(watcher, None)
        b.send_json({"type": "vote", "seat": 0, "standin": True})
        assert until(b, kind("error"))["code"] == "not_out_of_time"
        watcher.send_json({"type": "vote", "seat": 0, "standin": True})
        assert until(watcher, kind("error"))["code"] == "spectator_cannot_act"
        b.send_json({"type": "vote", "seat": 7, "standin": True})
        assert until(b, kind("error"))["code"] == "no_such_seat"


# -- waiting for the players -------------------------------------------------------------------
def test_a_table_waits_until_every_persons_seat_is_taken(client: TestClient) -> None:
    table = create(client, players=3, options={"rounds": 2}, wait=True,
                   seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"},
                          {"kind": "human"}])
    tid = table["table"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with connect(client, tid) as a:
        first = hello(a, table["seats"][0]["token"])
        assert first["waiting"] and first["state"] == 0 and first["thinking"] == []
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:1"})
        refused = until(a, kind("error"))
        assert refused["code"] == "waiting_for_players" and "P3" in refused["message"]
        assert hub.storage.actions(tid) == []  # the bot waits too
        with connect(client, tid) as c:
            hello(c, table["seats"][1]["token"])
            began = until(a, lambda f: f["type"] == "state" and not f["waiting"])
        assert not began["waiting"]
    assert hub.storage.load_table(tid).started is not None


def test_the_host_may_begin_without_waiting_and_nobody_else(client: TestClient) -> None:
    table = create(client, players=2, seats=TWO, options={"rounds": 2}, wait=True)
    tid = table["table"]
    with connect(client, tid) as a:
        hello(a, table["seats"][0]["token"])
        a.send_json({"type": "start"})
        assert until(a, kind("error"))["code"] == "start_host_only"
        with connect(client, tid) as host:
            host.send_json({"type": "hello", "protocol": 1, "token": table["host_token"]})
            until(host, kind("state"))
            host.send_json({"type": "start"})
            until(a, lambda f: f["type"] == "state" and not f["waiting"])
            host.send_json({"type": "start"})
            assert until(host, kind("error"))["code"] == "started_already"


# -- bots thinking, and who decided --------------------------------------------------------
def test_every_frame_says_which_bot_is_deciding_and_its_think_time(
        client: TestClient) -> None:
    table = create(client, players=2, options={"rounds": 2}, bot_seconds=3.0,
                   seats=[{"kind": "human"}, {"kind": "bot", "bot": "ismcts:seconds=1"}])
    tid = table["table"]
    with connect(client, tid) as a:
        first = hello(a, table["seats"][0]["token"])
        pending = first["to_act"]
        if 0 in pending:
            a.send_json({"type": "action", "seat": 0, "state": first["state"],
                         "action": "bid:1"})
        frame = until(a, lambda f: f["type"] == "state" and 1 in f["to_act"]
                      and 0 not in f["to_act"])
        assert frame["thinking"] and frame["thinking"][0]["seat"] == 1
        assert frame["thinking"][0]["budget"] == 1.0  # its own second, under the table's 3


def test_the_game_file_says_who_made_each_decision(client: TestClient) -> None:
    table = create(client, game="toy-faulty", players=2, bot_seconds=0.2,
                   options={"rounds": 1},
                   seats=[{"kind": "bot", "bot": "broken"}, {"kind": "bot", "bot": "random"}])
    tid = table["table"]
    with connect(client, tid) as ws:
        if not hello(ws, None)["finished"]:
            done = until(ws, lambda f: f["type"] == "state" and f["finished"])
        else:
            done = hello(ws, None)
    assert done["replaced"] and all(r["seat"] == 0 for r in done["replaced"])
    record = Record.from_json(client.get(f"{API}/tables/{tid}/record").json())
    assert record.deciders is not None and len(record.deciders) == len(record.actions)
    by_seat = {seat: {d for (s, _), d in zip(record.actions, record.deciders, strict=True)
                      if s == seat} for seat in (0, 1)}
    assert by_seat == {0: {"replacement"}, 1: {"bot"}}
    record.check()
    # The replay says it at each step too.
    replayed = [client.get(f"{API}/tables/{tid}/replay", params={"step": n}).json()["by"]
                for n in range(len(record.actions) + 1)]
    assert replayed == [None, *record.deciders]


def test_a_table_left_alone_leaves_memory_and_comes_back_when_its_clock_runs_out(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "IDLE_SECONDS", 0.2)
    table = create(client, players=2, seats=TWO, options={"rounds": 5},
                   clock={"kind": "turn", "seconds": 2})
    tid = table["table"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.evict(hub.tables[tid])
    assert tid not in hub.tables and [t for _, t in hub.wakeups] == [tid]
    # Nobody is there: when the clock runs out the table is loaded and the stand-ins play.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not hub.storage.actions(tid):
        time.sleep(0.1)
    assert {r.by for r in hub.storage.actions(tid)} == {"zombie"}


def test_resuming_at_start_leaves_a_table_someone_already_asked_for_in_memory(
        client: TestClient, sqlite_url: str) -> None:
    import asyncio

    from tavola.server.hub import Hub
    from tavola.server.storage import Storage

    table = create(client, players=2, seats=TWO, options={"rounds": 5},
                   clock={"kind": "turn", "seconds": 3600})
    tid = table["table"]

    async def scenario() -> bool:
        hub = Hub(Storage(sqlite_url))
        try:
            await hub.get(tid)  # a client asks for it before the resuming reaches it
            await hub.start()
            await asyncio.wait_for(hub.resumed.wait(), 60)
            return tid in hub.tables
        finally:
            await hub.stop()

    assert run_async(scenario())


def test_a_table_storing_its_stand_ins_is_not_dropped_from_memory(client: TestClient) -> None:
    table = create(client, players=2, seats=TWO, options={"rounds": 5},
                   clock={"kind": "turn", "seconds": 3600})
    live = client.app.state.hub.tables[table["table"]]  # type: ignore[attr-defined]
    assert live.idle()
    live._standins_unsaved.add(1)
    assert not live.idle()  # the flag acknowledged is stored before the table may go
    live._standins_unsaved.clear()
