"""No anonymous request can stall the bots, slow the server or flood other players: bot
specs are bounded and searches stop at their deadline, creations are limited per client,
the lobby is one bounded query, unknown tables cost nothing, a crowd of spectators is
capped and told of joins together, language changes are limited, every refused frame is
answered and a flood is closed as a policy violation."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from tavola.server.app import create_app
from tavola.server.protocol import MAX_DROPPED, RATE_BURST
from tavola.server.tables import Limits
from tests.server.games import register_server_toys
from tests.server.helpers import API, connect, create, hello, kind, receive, until


@pytest.fixture
def limited(sqlite_url: str) -> Iterator[TestClient]:
    """A server with small limits, so that they are reached quickly."""
    register_server_toys()
    limits = Limits(creations=3, creation_seconds=600, spectators=2, lobby=5, think=5.0)
    with TestClient(create_app(sqlite_url, limits=limits)) as test_client:
        yield test_client


def post_table(client: TestClient, **body: Any) -> Any:
    return client.post(f"{API}/tables", json={"game": "toy", "players": 2, **body})


@pytest.mark.parametrize("spec, words", [
    ("ismcts:seconds=3600", "at most 2 seconds"),
    ("ismcts:iterations=10000000", "at most 20000 iterations"),
    ("pimc:samples=100000", "at most 200 samples"),
    ("tests.server.games:Broken", "module:Class bot runs only on your own machine"),
])
def test_a_bot_spec_beyond_the_servers_bounds_is_refused_as_a_seat_and_as_stand_in(
        limited: TestClient, spec: str, words: str) -> None:
    as_seat = post_table(limited, bot_seconds=2.0,
                         seats=[{"kind": "bot", "bot": spec}, {"kind": "human"}])
    as_stand_in = post_table(limited, bot_seconds=2.0, zombie_bot=spec,
                             seats=[{"kind": "human"}, {"kind": "human"}])
    for answer in (as_seat, as_stand_in):
        assert answer.status_code == 400 and answer.json()["code"] == "bad_bot"
        assert words in answer.json()["error"], answer.json()
    too_long = post_table(limited, bot_seconds=60.0, seats=[{"kind": "human"}] * 2)
    assert too_long.status_code == 400 and too_long.json()["code"] == "bot_seconds_range"
    assert "0.05 and 5 seconds" in too_long.json()["error"]


def test_a_search_that_asks_for_more_than_its_time_stops_at_the_deadline(
        client: TestClient) -> None:
    # 20,000 iterations take far longer than the table's 0.3 s: the search is cut at the
    # deadline and its own best decision is played (never a random replacement).
    table = create(client, players=2, bot_seconds=0.3, options={"rounds": 3},
                   seats=[{"kind": "bot", "bot": "ismcts:iterations=20000"},
                          {"kind": "bot", "bot": "ismcts:iterations=20000"}])
    tid = table["table"]
    start = time.monotonic()
    with connect(client, tid) as ws:
        if not hello(ws, None)["finished"]:
            until(ws, lambda f: f["type"] == "state" and f["finished"], timeout=60)
    took = time.monotonic() - start
    hub = client.app.state.hub  # type: ignore[attr-defined]
    rows = hub.storage.actions(tid)
    assert rows and {r.by for r in rows} == {"bot"}
    # Each decision within its 0.3 s and a simulation more (slack for a loaded machine).
    assert took < len(rows) * 0.3 + 10, (took, len(rows))


def test_table_creation_is_limited_per_client(limited: TestClient) -> None:
    made = [post_table(limited, seats=[{"kind": "human"}] * 2) for _ in range(4)]
    assert [m.status_code for m in made] == [201, 201, 201, 429]
    refusal = made[-1].json()
    assert refusal["code"] == "too_many_tables" and refusal["args"]["seconds"] >= 1
    assert "try again in" in refusal["error"]


def test_the_lobby_lists_the_newest_public_tables_and_no_more(sqlite_url: str) -> None:
    register_server_toys()
    limits = Limits(lobby=5, creations=100, creation_seconds=1)
    with TestClient(create_app(sqlite_url, limits=limits)) as served:
        public = [create(served, players=2, public=True)["table"] for _ in range(8)]
        create(served, players=2)  # private: never listed
        listed = [t["table"] for t in served.get(f"{API}/tables").json()]
    assert listed == public[::-1][:5]


def test_unknown_table_ids_cost_no_memory(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for n in range(300):
        assert client.get(f"{API}/tables/nothing{n}").status_code == 404
    assert hub._loading == {}


def test_seat_names_with_options_naming_the_player_count_are_refused_in_one_line(
        client: TestClient) -> None:
    for options in ('{"players":3}', '{"name":"x"}'):
        answer = client.get(f"{API}/games/rattus/seats",
                            params={"players": 2, "options": options})
        assert answer.status_code == 400, answer.text
        assert answer.json()["code"] == "unknown_option"


def test_spectators_are_capped_per_table(limited: TestClient) -> None:
    table = create(limited, players=2)
    tid = table["table"]
    with connect(limited, tid) as one, connect(limited, tid) as two:
        hello(one, None)
        hello(two, None)
        with connect(limited, tid) as three:
            three.send_json({"type": "hello", "protocol": 1, "token": None})
            refused = receive(three)
            assert refused["code"] == "spectators_full"
            assert receive(three) == {"type": "closed", "code": 1008}
        # The players still get in.
        with connect(limited, tid) as player:
            assert hello(player, table["seats"][0]["token"])["you"] == 0


def test_a_crowd_joining_is_told_in_a_few_seats_frames(client: TestClient) -> None:
    table = create(client, players=2)
    tid = table["table"]
    with connect(client, tid) as first:
        hello(first, table["seats"][0]["token"])
        crowd = [connect(client, tid) for _ in range(12)]
        sockets = [c.__enter__() for c in crowd]
        try:
            for ws in sockets:
                hello(ws, None)
            first.send_json({"type": "ping"})
            time.sleep(0.6)
            first.send_json({"type": "ping"})
            frames: list[dict[str, Any]] = []
            until(first, kind("pong"), frames)
            until(first, kind("pong"), frames)
        finally:
            for c in crowd:
                c.__exit__(None, None, None)
    seats = [f for f in frames if f["type"] == "seats"]
    assert 1 <= len(seats) <= 3, len(seats)


def test_language_changes_are_limited(client: TestClient) -> None:
    table = create(client, players=2)
    with connect(client, table["table"]) as ws:
        hello(ws, None)
        for n in range(6):
            ws.send_json({"type": "lang", "lang": "it" if n % 2 else "pl"})
        refused = until(ws, kind("error"))
    assert refused["code"] == "lang_too_often"


def test_every_dropped_frame_is_answered_and_a_flood_is_closed_as_a_violation(
        client: TestClient) -> None:
    table = create(client, players=2)
    with connect(client, table["table"]) as ws:
        hello(ws, table["seats"][0]["token"])
        # More than enough: the allowance refills while the frames are being sent.
        sent = int(RATE_BURST) + MAX_DROPPED + 100
        for _ in range(sent):
            ws.send_json({"type": "action", "seat": 0, "state": 99, "action": "bid:1"})
        answers = []
        while (frame := receive(ws))["type"] != "closed":
            if frame["type"] == "error":
                answers.append(frame["code"])
    assert frame["code"] == 1008
    assert answers[-1] == "too_many_frames_closing"
    # Every action frame got its own answer: refused as stale or as too many, until the
    # connection was closed.
    assert len(answers) >= int(RATE_BURST) + MAX_DROPPED
    assert set(answers) == {"stale_state", "too_many_frames", "too_many_frames_closing"}


def test_the_frame_limit_counts_bytes(client: TestClient) -> None:
    table = create(client, players=2)
    with connect(client, table["table"]) as ws:
        hello(ws, table["seats"][0]["token"])
        # 1,400 characters of three bytes each: under 4096 characters, over 4096 bytes.
        ws.send_json({"type": "chat", "channel": "players", "text": "€" * 1400})
        assert until(ws, kind("error"))["code"] == "frame_too_large"
        ws.send_json({"type": "chat", "channel": "players", "text": "é" * 400})
        assert until(ws, kind("chat"))["text"] == "é" * 400


def test_a_table_that_waits_for_a_busy_worker_still_gets_its_bots_own_decisions(
        sqlite_url: str) -> None:
    # One worker, busy with a table whose bots think two seconds each: the other
    # table's decisions wait their turn and then get their own full time, never a random
    # replacement.
    register_server_toys()
    with TestClient(create_app(sqlite_url, bot_threads=1)) as served:
        slow = [{"kind": "bot", "bot": "ismcts:iterations=20000"}] * 2
        create(served, players=2, bot_seconds=2.0, seats=slow, options={"rounds": 5})
        quick = create(served, players=2, bot_seconds=0.2, options={"rounds": 2},
                       seats=[{"kind": "bot", "bot": "ismcts:iterations=20000"}] * 2)
        with connect(served, quick["table"]) as ws:
            if not hello(ws, None)["finished"]:
                until(ws, lambda f: f["type"] == "state" and f["finished"], timeout=60)
        hub = served.app.state.hub  # type: ignore[attr-defined]
        rows = hub.storage.actions(quick["table"])
    assert rows and {r.by for r in rows} == {"bot"}
