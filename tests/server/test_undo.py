"""Taking a decision back (Board Game Arena's policy): only one's own last decision, only
while nobody acted since, nothing was drawn and nothing hidden was revealed to anyone.
The toy games test each rule; the real games test what the contract's `chance_marker`
and the information checks tell of them."""

from __future__ import annotations

import random
from contextlib import ExitStack
from typing import Any

import pytest
from starlette.testclient import TestClient

from tavola.core import Action, State, make
from tavola.server.storage import ActionRow, Conflict, SeatRow, Storage, TableRow
from tavola.server.undo import changes, undo_refusal, why_not_undoable
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
        # The position is the first one again, under a new state id (ids never repeat).
        assert answer == {"type": "ack", "protocol": 1, "state": 2, "action": None,
                          "undone": "bid:3"}
        seen = until(b, lambda f: f["type"] == "state" and f["state"] == 2)
        mine = until(a, lambda f: f["type"] == "state" and f["state"] == 2)
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
        assert "the table moved on" in undo(b, 1, 1)["message"]
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
        frames: list[dict[str, Any]] = []
        b.send_json({"type": "undo", "seat": 1, "state": 2})
        refused = until(b, kind("error"), frames)
    assert "chance was involved" in refused["message"] and refused["code"] == "undo_chance"
    # The flag said so too: no state frame offered the take-back.
    states = [f for f in frames if f["type"] == "state"]
    assert states and all(f["may_undo"] is False for f in states)
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


# -- real games ------------------------------------------------------------------------------

def seated(client: TestClient, stack: ExitStack, game: str,
           players: int) -> tuple[str, list[Any], list[dict[str, Any]]]:
    """Create a table of people, connect one socket per seat; return the table id, the
    sockets and each seat's first state frame."""
    table = create(client, game=game, players=players)
    tid = table["table"]
    socks = [stack.enter_context(connect(client, tid)) for _ in range(players)]
    frames = [hello(ws, table["seats"][seat]["token"]) for seat, ws in enumerate(socks)]
    return tid, socks, frames


def act_first(socks: list[Any], frames: list[dict[str, Any]]) -> tuple[int, str]:
    """The seat to act plays its first legal action; every seat reads the new state."""
    n, seat = frames[0]["state"], frames[0]["to_act"][0]
    action = frames[seat]["legal"][0]["action"]
    socks[seat].send_json({"type": "action", "seat": seat, "state": n, "action": action})
    until(socks[seat], kind("ack"))
    for i, ws in enumerate(socks):
        frames[i] = until(ws, lambda f: f["type"] == "state" and f["state"] == n + 1)
    return seat, action


def test_an_intrige_send_that_reveals_nothing_can_be_taken_back(client: TestClient) -> None:
    with ExitStack() as stack:
        tid, socks, frames = seated(client, stack, "intrige", 3)
        seat = frames[0]["to_act"][0]
        assert "(2 to send)" in frames[seat]["prompt"]
        first = list(frames)
        _, action = act_first(socks, frames)
        assert action.startswith("send:")
        answer = undo(socks[seat], seat, 1)
        assert answer == {"type": "ack", "protocol": 1, "state": 2, "action": None,
                          "undone": action}
        back = [until(ws, lambda f: f["type"] == "state" and f["state"] == 2) for ws in socks]
    assert stored_actions(client, tid) == []
    assert [f["view"] for f in back] == [f["view"] for f in first]
    assert back[seat]["legal"] == first[seat]["legal"]


def test_a_rattus_decision_that_drew_a_rat_token_cannot_be_taken_back(
        client: TestClient) -> None:
    with ExitStack() as stack:
        tid, socks, frames = seated(client, stack, "rattus", 2)
        for _ in range(60):
            seat = frames[0]["to_act"][0]
            if frames[seat]["legal"][0]["action"].startswith("spread:"):
                break
            act_first(socks, frames)
        else:
            raise AssertionError("no plague spread in 60 decisions")
        seat, _ = act_first(socks, frames)
        n = frames[seat]["state"]
        assert "chance was involved" in undo(socks[seat], seat, n)["message"]
    assert len(stored_actions(client, tid)) == n


def intrige_steps(seed: int, count: int) -> list[tuple[State, int, Action, State]]:
    """The first `count` steps of a random Intrige game (it has no chance: the same steps
    every time)."""
    rng = random.Random(seed)
    state = make("intrige", 3, seed=0)
    steps = []
    while not state.is_terminal and len(steps) < count:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        after = state.apply(seat, action)
        steps.append((state, seat, action, after))
        state = after
    return steps


def test_intrige_offers_and_half_made_choices_can_be_taken_back() -> None:
    judged: dict[str, list[str | None]] = {}
    for before, seat, action, after in intrige_steps(1, 50):
        reason = why_not_undoable(before, after, seat, action, random.Random(1))
        judged.setdefault(str(action).split(":")[0], []).append(reason)
        assert reason not in ("chance was involved (something was drawn or shuffled)",
                              "this game does not say whether chance was involved")
    assert judged["offer"] and set(judged["offer"]) == {None}  # a non-binding offer
    assert judged["ask"] and set(judged["ask"]) == {None}  # first half of choosing a sum


def test_notre_dame_draws_and_reveals_cannot_be_taken_back() -> None:
    steps = []
    state = make("notre-dame", 3, seed=0)
    while len(steps) < 200:
        seat = state.to_act[0]
        action = state.legal_actions(seat)[0]
        after = state.apply(seat, action)
        steps.append((state, after, seat, action))
        if after.chance_marker != state.chance_marker:  # the period ended: a reshuffle
            break
        state = after

    def judge(i: int) -> str | None:
        return why_not_undoable(*steps[i], random.Random(1))

    # The first drafting keep is private; the last one of a pass shows the cards passed on.
    assert judge(0) is None
    assert judge(2) == "it revealed something you could not know before"
    assert judge(-1) == "chance was involved (something was drawn or shuffled)"


# -- the `may_undo` flag of the state frame -------------------------------------------------
def at(state: int, may_undo: bool | None = None) -> Any:
    """A test for the state frame of state id `state` (with that flag, if given)."""
    return lambda f: f["type"] == "state" and f["state"] == state and (
        may_undo is None or f["may_undo"] is may_undo)


def test_may_undo_says_when_a_take_back_would_be_accepted(client: TestClient) -> None:
    table = create(client)
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b, connect(client, tid) as w:
        assert hello(a, table["seats"][0]["token"])["may_undo"] is False
        hello(b, table["seats"][1]["token"])
        hello(w, None)
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:3"})
        until(a, at(1, True))
        assert until(b, at(1))["may_undo"] is False
        assert until(w, at(1))["may_undo"] is False
        # Another seat acts: A's decision is no longer the last, B's may be taken back.
        b.send_json({"type": "action", "seat": 1, "state": 1, "action": "bid:1"})
        until(b, at(2, True))
        assert "while nobody has acted since" in undo(a, 0, 2)["message"]
        assert until(w, at(2))["may_undo"] is False
        # The flag said yes, and the take-back is accepted; then A's decision is the last
        # again, and A's flag says so (each take-back is a new state id: 1 + 2, then 0 + 4).
        assert undo(b, 1, 2)["undone"] == "bid:1"
        until(a, at(3, True))
        assert undo(a, 0, 3)["undone"] == "bid:3"
        frame = until(a, at(4))
        assert frame["may_undo"] is False


def test_may_undo_is_false_after_another_seat_acted_for_good(client: TestClient) -> None:
    table = create(client)
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b:
        hello(a, table["seats"][0]["token"])
        hello(b, table["seats"][1]["token"])
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:3"})
        until(a, at(1, True))
        b.send_json({"type": "action", "seat": 1, "state": 1, "action": "bid:2"})
        frames: list[dict[str, Any]] = []
        until(a, at(2), frames)
        a.send_json({"type": "ping"})
        until(a, kind("pong"), frames)
    assert all(not f["may_undo"] for f in frames if f["type"] == "state" and f["state"] == 2)


def test_may_undo_is_false_when_take_backs_are_off(client: TestClient) -> None:
    table = create(client, undo=False)
    tid = table["table"]
    assert client.get(f"/api/v1/tables/{tid}").json()["settings"]["undo"] is False
    with connect(client, tid) as a:
        hello(a, table["seats"][0]["token"])
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:3"})
        frames: list[dict[str, Any]] = []
        until(a, kind("ack"), frames)
        a.send_json({"type": "undo", "seat": 0, "state": 1})
        refused = until(a, kind("error"), frames)
        a.send_json({"type": "ping"})
        until(a, kind("pong"), frames)
    assert refused["code"] == "undo_off"
    assert refused["message"] == "take-backs are off at this table"
    states = [f for f in frames if f["type"] == "state"]
    assert states and all(f["may_undo"] is False for f in states)
    assert stored_actions(client, tid) == [(0, 0, "bid:3")]


# -- a finished game is final --------------------------------------------------------------
def test_the_decision_that_ended_the_game_is_never_taken_back_by_the_contract() -> None:
    # The last decision of a finished game whose end drew no chance and revealed nothing
    # would pass every other check: the end alone refuses it.
    register_server_toys()
    state = make("toy-fixed", 2, seed=5, rounds=1)
    before = state.apply(0, "bid:2")
    after = before.apply(1, "bid:1")
    assert after.is_terminal
    assert undo_refusal(before, after, 1, Action.parse("bid:1"),
                        random.Random(1)) == "undo_game_over"
    assert why_not_undoable(before, after, 1, Action.parse("bid:1"),
                            random.Random(1)) == "the game is over, and its end is final"


def test_a_finished_game_stays_finished_after_its_record_was_served(
        db_client: TestClient) -> None:
    client = db_client
    table = create(client, game="toy-fixed", players=2, options={"rounds": 1},
                   seats=[{"kind": "human"}, {"kind": "human"}])
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b:
        hello(a, table["seats"][0]["token"])
        hello(b, table["seats"][1]["token"])
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:2"})
        until(a, kind("ack"))
        b.send_json({"type": "action", "seat": 1, "state": 1, "action": "bid:1"})
        until(b, kind("ack"))
        end = until(b, lambda f: f["type"] == "state" and f["finished"])
        assert end["may_undo"] is False
        record = client.get(f"/api/v1/tables/{tid}/record")
        assert record.status_code == 200 and "seed" in record.json()
        refused = undo(b, 1, 2)
    assert refused["code"] == "undo_game_over"
    assert len(stored_actions(client, tid)) == 2
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.storage.load_table(tid).finished is True
    assert client.get(f"/api/v1/tables/{tid}").json()["finished"] is True


def test_storage_never_removes_the_last_action_of_a_finished_game(db_url: str) -> None:
    store = Storage(db_url)
    try:
        row = TableRow("t", "toy", 1, 2, {}, 1, "h", {}, 0, False, 1.0,
                       [SeatRow(0, "human"), SeatRow(1, "human")])
        store.create_table(row)
        store.append_action("t", ActionRow(0, 0, "bid:1", "human", 1.0), False)
        store.append_action("t", ActionRow(1, 1, "bid:2", "human", 2.0), True)
        with pytest.raises(Conflict):
            store.undo_action("t", 1, 1, 0)
        assert [a.action for a in store.actions("t")] == ["bid:1", "bid:2"]
    finally:
        store.close()


# -- asked, then judged --------------------------------------------------------------------
def test_a_take_back_that_would_tell_a_secret_is_refused_when_asked_and_the_flag_follows(
        client: TestClient) -> None:
    # The flag offers what the checks that cost nothing allow; the information checks run
    # when the seat asks, and once they refuse, the flag says so.
    table = create(client, game="toy-whisper", players=3)
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b:
        hello(a, table["seats"][0]["token"])
        hello(b, table["seats"][1]["token"])
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:2"})
        until(a, at(1, True))
        frames: list[dict[str, Any]] = []
        a.send_json({"type": "undo", "seat": 0, "state": 1})
        refused = until(a, kind("error"), frames)
        assert refused["code"] == "undo_told_other"
        # The seat is told at once that the flag no longer offers it.
        assert [f["may_undo"] for f in frames if f["type"] == "state"] == [False]
        a.send_json({"type": "lang", "lang": "en"})
        assert until(a, at(1))["may_undo"] is False
    assert stored_actions(client, tid) == [(0, 0, "bid:2")]


def test_a_decision_made_on_a_position_that_was_taken_back_is_stale(
        client: TestClient) -> None:
    # A's bid is taken back and A bids again: B's decision, made on the first position
    # after A's first bid, names a state id that no longer exists.
    table = create(client)
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b:
        hello(a, table["seats"][0]["token"])
        hello(b, table["seats"][1]["token"])
        a.send_json({"type": "action", "seat": 0, "state": 0, "action": "bid:3"})
        until(a, kind("ack"))
        old = until(b, at(1))
        assert undo(a, 0, 1)["state"] == 2
        a.send_json({"type": "action", "seat": 0, "state": 2, "action": "bid:1"})
        assert until(a, kind("ack"))["state"] == 3
        b.send_json({"type": "action", "seat": 1, "state": old["state"], "action": "bid:2"})
        refused = until(b, kind("error"))
    assert refused["code"] == "stale_state"
    assert stored_actions(client, tid) == [(0, 0, "bid:1")]
