"""Table talk: a public log event a game declares (`GameInfo.chat_events`; Intrige's
non-binding offer) is also posted in the players' chat, structured, stored like any
message, and read by every seat and spectator; an event with an audience never is."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from starlette.testclient import TestClient

from tavola.core import load, register
from tavola.core.game import seat_label
from tavola.server.tables import TALK, talk_keys
from tests.server.games import WhisperToy
from tests.server.helpers import API, connect, create, kind, until

NAMES = ("Ada", "Bea", "Cy")
MAX_STEPS = 40
"""Intrige reaches its first bribe, where an offer may be made, within a few decisions."""


class TalkyToy(WhisperToy):
    """The whisper toy declaring every event key table talk: bids are private, their public
    form is a redacted one, whispers have an audience; only the new round is public."""

    info = replace(WhisperToy.info, name="toy-talky", title="Toy that talks",
                   chat_events=frozenset({"bid", "bid.hidden", "whisper", "round"}))


register(TalkyToy)


def at(state: int) -> Callable[[dict[str, Any]], bool]:
    """A test for the state frame of one state id."""
    return lambda frame: frame["type"] == "state" and frame["state"] == state


def talk(frame: dict[str, Any]) -> bool:
    """A test for a chat frame posted by the game."""
    return frame["type"] == "chat" and frame["event"] is not None


def greet(ws: Any, token: str | None,
          seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Say hello; return the first state frame (frames read go to `seen`)."""
    ws.send_json({"type": "hello", "protocol": 1, "token": token})
    return until(ws, kind("state"), seen)


def play_to_offer(seats: list[tuple[Any, str]], watcher: Any,
                  seen: list[dict[str, Any]] | None = None) -> tuple[int, int]:
    """Greet each seat's connection (with its token) and the spectator's `watcher`, then play
    the Intrige table (the first legal action, but asking to make an offer whenever a seat
    may) until a seat makes a non-binding offer; return that seat and the state id after
    it. Frames read go to `seen`."""
    sockets = [ws for ws, _ in seats]
    latest = [greet(ws, token, seen) for ws, token in seats]
    watched = greet(watcher, None, seen)
    for count in range(MAX_STEPS):
        if watched["state"] != count:
            watched = until(watcher, at(count), seen)
        seat = watched["to_act"][0]
        if latest[seat]["state"] != count:
            latest[seat] = until(sockets[seat], at(count), seen)
        legal = [option["action"] for option in latest[seat]["legal"]]
        offers = [a for a in legal if a.startswith("offer:")]
        asks = [a for a in legal if a.startswith("ask:")]
        action = (offers or asks or legal)[0]
        sockets[seat].send_json({"type": "action", "seat": seat, "state": count,
                                 "action": action})
        until(sockets[seat], kind("ack"), seen)
        if offers:
            return seat, count + 1
    raise AssertionError(f"no offer was made in {MAX_STEPS} decisions")


def intrige_table(client: TestClient) -> dict[str, Any]:
    """Create a three-player Intrige table of people, each seat joined under a name."""
    table = create(client, game="intrige", players=3)
    for seat, name in zip(table["seats"], NAMES, strict=True):
        answer = client.post(f"{API}/tables/{table['table']}/join",
                             json={"token": seat["token"], "name": name})
        assert answer.status_code == 200, answer.text
    return table


def test_intrige_declares_its_offer_table_talk() -> None:
    assert talk_keys(load("intrige", 3)) == {"offer"}


def test_an_offer_reaches_every_seat_and_spectator_in_the_players_chat(
        client: TestClient) -> None:
    table = intrige_table(client)
    tid = table["table"]
    with connect(client, tid) as p1, connect(client, tid) as p2, \
            connect(client, tid) as p3, connect(client, tid) as watcher:
        sockets = [p1, p2, p3]
        offerer, _ = play_to_offer(
            [(ws, seat["token"]) for ws, seat in zip(sockets, table["seats"], strict=True)],
            watcher)
        received = [until(ws, talk) for ws in [*sockets, watcher]]
    frame = received[0]
    assert all(other == frame for other in received)
    assert frame["channel"] == "players" and frame["seat"] == offerer
    assert frame["author"] == NAMES[offerer]
    event = frame["event"]
    assert event["key"] == "offer" and frame["text"] == event["text"]
    assert set(event["args"]) == {"payer", "owner", "amount", "room", "salary"}
    assert event["args"]["payer"] == seat_label(offerer)
    assert event["text"].startswith(f"{seat_label(offerer)} offers ")

    # Stored: a newcomer reads it again with the stored chat, identical, and it is exactly
    # the offer the spectator's log shows: nothing more than what everyone reads.
    with connect(client, tid) as late:
        late.send_json({"type": "hello", "protocol": 1, "token": None})
        state = until(late, kind("state"))
        again = until(late, talk)
    assert again == frame
    assert [e for e in state["log"]["events"] if e["key"] == "offer"] == [event]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    rows = hub.storage.chat(tid)
    assert [(r.channel, r.seat, json.loads(r.text)) for r in rows] == [(TALK, offerer, event)]


def test_a_players_json_message_is_never_taken_for_an_event(client: TestClient) -> None:
    table = intrige_table(client)
    tid = table["table"]
    forged = json.dumps({"key": "offer", "args": {}, "text": "P2 offers 1"})
    with connect(client, tid) as p1:
        greet(p1, table["seats"][0]["token"])
        p1.send_json({"type": "chat", "channel": "players", "text": forged})
        said = until(p1, kind("chat"))
    assert said["event"] is None and said["text"] == forged


def test_only_public_events_are_ever_posted(client: TestClient) -> None:
    assert talk_keys(load("toy-talky", 3)) == {"round"}
    table = create(client, game="toy-talky", players=3)
    tid = table["table"]
    with connect(client, tid) as p1, connect(client, tid) as p2, \
            connect(client, tid) as p3, connect(client, tid) as watcher:
        sockets = [p1, p2, p3]
        for ws, seat in zip(sockets, table["seats"], strict=True):
            greet(ws, seat["token"])
        greet(watcher, None)
        for seat, ws in enumerate(sockets):
            ws.send_json({"type": "action", "seat": seat, "state": seat, "action": "bid:2"})
            until(ws, kind("ack"))
        seen: dict[int, list[dict[str, Any]]] = {n: [] for n in range(4)}
        posted = [until(ws, kind("chat"), seen[n]) for n, ws in enumerate([*sockets, watcher])]
    # Each seat read its own bid and the whisper to it in its log; none of them, nor the
    # spectator's redacted form of a bid, is posted: only the new round, public to all.
    assert all(frame == posted[0] for frame in posted)
    assert posted[0]["event"]["key"] == "round" and posted[0]["seat"] == 2
    assert all(f["type"] != "chat" for frames in seen.values() for f in frames[:-1])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert [json.loads(r.text)["key"] for r in hub.storage.chat(tid)] == ["round"]
