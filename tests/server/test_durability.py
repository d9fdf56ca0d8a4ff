"""Nothing acknowledged is lost: `kill -9` of a real server mid-game and a restart lose no
acknowledged action and every table resumes, bots included; and with PostgreSQL two server
processes serve the same tables. On both databases, against real uvicorn processes."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tavola.agents import RandomAgent
from tavola.core import Record
from tavola.server.remote import RemoteSeat
from tavola.server.storage import Storage
from tests.server.processes import ServerProcess

API = "/api/v1"


def table(server: ServerProcess, game: str, seats: list[dict[str, Any]],
          **settings: Any) -> dict[str, Any]:
    body = {"game": game, "players": len(seats), "seats": seats, **settings}
    answer: dict[str, Any] = server.post(f"{API}/tables", body)
    return answer


def test_kill_9_loses_no_acknowledged_action_and_every_table_resumes(db_url: str) -> None:
    server = ServerProcess(db_url)
    try:
        played = table(server, "toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                       options={"rounds": 5})
        # Two bots that think a second each: ten seconds of play, killed in the middle.
        bots = table(server, "toy-faulty", [{"kind": "bot", "bot": "slow"},
                                            {"kind": "bot", "bot": "slow"},
                                            {"kind": "bot", "bot": "random"}],
                     options={"rounds": 5}, bot_seconds=10.0)
        started = time.monotonic()
        seat = RemoteSeat(server.ws(played["table"]), played["seats"][0]["token"])
        acked: list[tuple[int, str]] = []
        while len(acked) < 3:
            frame = seat.receive()
            if frame["type"] == "state" and seat.known.my_turn:
                action = str(seat.known.legal[len(acked) % 3])
                seat.send({"type": "action", "seat": 0, "state": frame["state"],
                           "action": action})
                while (answer := seat.receive())["type"] not in ("ack", "error"):
                    pass
                assert answer["type"] == "ack", answer
                acked.append((answer["state"] - 1, action))
        time.sleep(max(0.0, 1.5 - (time.monotonic() - started)))
        # Killed once the bots have stored a move (on a loaded machine that may take longer).
        waiting = Storage(db_url)
        try:
            deadline = time.monotonic() + 30
            while not waiting.actions(bots["table"]) and time.monotonic() < deadline:
                time.sleep(0.1)
        finally:
            waiting.close()
        server.kill()
    finally:
        server.stop()
    store = Storage(db_url)
    try:
        stored = {a.n: (a.seat, a.action) for a in store.actions(played["table"])}
        assert all(stored.get(n) == (0, action) for n, action in acked)
        assert 0 < len(store.actions(bots["table"])) < 15, "the kill was not mid-game"
    finally:
        store.close()
    again = ServerProcess(db_url)
    try:
        seat = RemoteSeat(again.ws(played["table"]), played["seats"][0]["token"])
        final = seat.play(RandomAgent(), random.Random(1))
        assert final.finished and final.state == 10
        watcher = RemoteSeat(again.ws(bots["table"]), None)
        while not watcher.known.finished:
            watcher.receive(60)
        record = Record.from_json(again.get(f"{API}/tables/{bots['table']}/record"))
        assert record.check().digest_checked and len(record.actions) == 15
    finally:
        again.stop()


@pytest.fixture
def postgres_url(postgres: Any) -> str:
    url: str = postgres.new_database()
    return url


def test_two_processes_serve_the_same_tables(postgres_url: str) -> None:
    first, second = ServerProcess(postgres_url), ServerProcess(postgres_url)
    try:
        made = table(first, "toy", [{"kind": "human"}, {"kind": "human"}],
                     options={"rounds": 2})
        tid = made["table"]
        one = RemoteSeat(first.ws(tid), made["seats"][0]["token"])
        two = RemoteSeat(second.ws(tid), made["seats"][1]["token"])
        for seat in (one, two):
            while seat.known.state < 0:
                seat.receive()
        delays = []
        for turn in range(4):
            mover, other = (one, two) if turn % 2 == 0 else (two, one)
            while not mover.known.my_turn:
                mover.receive()
            mover.send({"type": "action", "seat": mover.known.seat,
                        "state": mover.known.state, "action": "bid:1"})
            while (answer := mover.receive())["type"] != "ack":
                assert answer["type"] != "error", answer
            acked = time.monotonic()
            while other.known.state < answer["state"]:
                other.receive()
            delays.append(time.monotonic() - acked)
            while mover.known.state < answer["state"]:
                mover.receive()
        assert one.known.finished and two.known.finished
        assert one.known.result == two.known.result
        assert max(delays) < 2.0
        two.send({"type": "chat", "channel": "players", "text": "good game"})
        while (said := one.receive())["type"] != "chat":
            pass
        assert said["text"] == "good game"
    finally:
        first.stop()
        second.stop()


def test_a_bot_table_created_on_one_process_is_watched_from_another(
        postgres_url: str) -> None:
    first, second = ServerProcess(postgres_url), ServerProcess(postgres_url)
    try:
        made = table(first, "toy", [{"kind": "bot", "bot": "random"}] * 3,
                     options={"rounds": 5})
        watcher = RemoteSeat(second.ws(made["table"]), None)
        while not watcher.known.finished:
            watcher.receive(30)
        assert watcher.known.state == 15
    finally:
        first.stop()
        second.stop()


def test_when_the_process_driving_the_bots_dies_another_takes_over(
        postgres_url: str) -> None:
    first, second = ServerProcess(postgres_url), ServerProcess(postgres_url)
    try:
        made = table(first, "toy-faulty", [{"kind": "bot", "bot": "slow"},
                                           {"kind": "bot", "bot": "random"}],
                     options={"rounds": 5}, bot_seconds=2.0)
        watcher = RemoteSeat(second.ws(made["table"]), None)
        while watcher.known.state < 2:
            watcher.receive(30)
        first.kill()
        while not watcher.known.finished:
            watcher.receive(30)
        assert watcher.known.state == 10
    finally:
        first.stop()
        second.stop()
