"""Bots, zombie seats and clocks: bots play off the event loop within their time budget, a
failing bot's decision is made by the game's simple policy, and a seat whose time runs out
is played by a bot until its person comes back."""

from __future__ import annotations

import random

import pytest
from starlette.testclient import TestClient

from tavola.core import info, make
from tavola.server.bots import replacement
from tests.server.helpers import connect, create, hello, kind, until


@pytest.mark.parametrize("bot", ["broken", "slow", "cheat"])
def test_a_bot_that_fails_is_replaced_by_random_for_that_decision(
        client: TestClient, bot: str, caplog: pytest.LogCaptureFixture) -> None:
    table = create(client, game="toy-faulty", players=2, bot_seconds=0.2,
                   options={"rounds": 1},
                   seats=[{"kind": "bot", "bot": bot}, {"kind": "bot", "bot": "random"}])
    tid = table["table"]
    with connect(client, tid) as ws:
        # The bots start at once: the game may be over before this hello.
        if not hello(ws, None)["finished"]:
            until(ws, lambda f: f["type"] == "state" and f["finished"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    rows = hub.storage.actions(tid)
    assert [r.by for r in rows if r.seat == 0] == ["fallback"]
    assert [r.by for r in rows if r.seat == 1] == ["bot"]
    assert any("its seat's simple policy decides" in r.getMessage() for r in caplog.records)


def test_the_older_timer_setting_is_a_turn_based_clock_and_its_end_is_voted_on(
        client: TestClient) -> None:
    table = create(client, players=2, timer=1.0, options={"rounds": 5},
                   seats=[{"kind": "human"}, {"kind": "human"}])
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b:
        first = hello(a, table["seats"][0]["token"])
        assert first["seats"][0]["seconds_left"] is not None
        assert first["clock"] == {"kind": "turn", "seconds": 1.0, "increment": 0.0}
        hello(b, table["seats"][1]["token"])
        b.send_json({"type": "action", "seat": 1, "state": 0, "action": "bid:1"})
        until(b, kind("ack"))
        # P1 does nothing: after a second P2 is asked, and hands the seat to a bot.
        until(b, lambda f: f["type"] in ("seats", "state") and f["seats"][0]["out_of_time"])
        b.send_json({"type": "vote", "seat": 0, "standin": True})
        zombie = until(a, lambda f: f["type"] == "state" and f["seats"][0]["zombie"])
        moved = until(a, lambda f: f["type"] == "state" and f["state"] == 2)
        assert moved["seats"][0]["zombie"] and zombie["state"] <= 2
        a.send_json({"type": "back"})
        until(a, lambda f: f["type"] == "state" and not f["seats"][0]["zombie"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert [r.by for r in hub.storage.actions(tid)][:2] == ["human", "zombie"]


def test_a_player_who_leaves_is_played_by_a_bot_and_a_spectator_cannot_leave(
        client: TestClient) -> None:
    table = create(client, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as watcher:
        hello(a, table["seats"][0]["token"])
        hello(watcher, None)
        watcher.send_json({"type": "leave"})
        assert "spectators have no seat" in until(watcher, kind("error"))["message"]
        a.send_json({"type": "leave"})
        frame = until(a, lambda f: f["type"] == "state" and f["state"] == 1)
    assert frame["seats"][0]["zombie"] and frame["view"]["my_bid"] != 0


@pytest.mark.parametrize("game", ["notre-dame", "rattus", "nottingham", "intrige"])
def test_a_failed_bots_decision_is_its_games_greedy_choice_never_a_random_one(
        game: str) -> None:
    # Twenty decisions into a game: the replacement is exactly what the game's greedy
    # policy chooses from the seat's own view, with the same random numbers.
    state = make(game, 3, seed=11)
    rng = random.Random(3)
    for _ in range(20):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
    seat = state.to_act[0]
    chosen = replacement(state, seat, random.Random(5), "test")
    greedy = info(game).policies["greedy"]().choose(state.view(seat),
                                                     state.legal_actions(seat),
                                                     random.Random(5))
    assert chosen == greedy
