"""Bots think in worker processes: shared by the tables, reused, given the seat's
information set only; a decision honours its deadline, and a bot that overruns or fails
costs only its decision (its worker ended and replaced), which the game's simple policy
makes instead."""

from __future__ import annotations

import dataclasses
import itertools
import pickle
import statistics
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from tavola.core import make
from tavola.server.app import create_app
from tavola.server.workers import Request, request_for
from tests.server.games import register_server_toys
from tests.server.helpers import connect, create, hello, until

SETUP = ["tests.server.games:register_server_toys"]


@pytest.fixture
def pooled(sqlite_url: str) -> Iterator[TestClient]:
    """A live application whose bots think in two worker processes."""
    register_server_toys()
    with TestClient(create_app(sqlite_url, bot_workers=2, worker_setup=SETUP)) as served:
        yield served


def finish(client: TestClient, table: str) -> None:
    with connect(client, table) as ws:
        if not hello(ws, None)["finished"]:
            until(ws, lambda f: f["type"] == "state" and f["finished"], timeout=120)


def test_bots_in_workers_play_whole_games(pooled: TestClient) -> None:
    tables = [create(pooled, game=game, players=3, bot_seconds=0.5,
                     seats=[{"kind": "bot", "bot": bot}] * 3)["table"]
              for game, bot in (("toy", "random"), ("intrige", "greedy"))]
    for table in tables:
        finish(pooled, table)
    hub = pooled.app.state.hub  # type: ignore[attr-defined]
    for table in tables:
        rows = hub.storage.actions(table)
        assert rows and {r.by for r in rows} == {"bot"}
    assert hub.workers is not None and hub.workers.replaced == 0


def test_a_search_in_a_worker_answers_at_its_deadline(pooled: TestClient) -> None:
    budget = 0.4
    table = create(pooled, players=2, bot_seconds=budget, options={"rounds": 3},
                   seats=[{"kind": "bot", "bot": "ismcts:iterations=20000"}] * 2)["table"]
    finish(pooled, table)
    hub = pooled.app.state.hub  # type: ignore[attr-defined]
    rows = hub.storage.actions(table)
    assert {r.by for r in rows} == {"bot"}
    gaps = [b.time - a.time for a, b in itertools.pairwise(rows)]
    # Each decision takes its whole time and no more: within 0.2 s of it (the median; any
    # one decision on a loaded machine within a second).
    assert budget - 0.05 <= statistics.median(gaps) <= budget + 0.2, gaps
    assert max(gaps) <= budget + 1.0, gaps


def test_a_bot_that_overruns_has_its_worker_ended_and_the_simple_policy_decides(
        pooled: TestClient) -> None:
    table = create(pooled, game="toy-faulty", players=2, bot_seconds=0.2,
                   options={"rounds": 1},
                   seats=[{"kind": "bot", "bot": "stuck"}, {"kind": "bot", "bot": "random"}])
    finish(pooled, table["table"])
    hub = pooled.app.state.hub  # type: ignore[attr-defined]
    rows = hub.storage.actions(table["table"])
    assert [r.by for r in rows if r.seat == 0] == ["fallback"]
    assert [r.by for r in rows if r.seat == 1] == ["bot"]
    assert hub.workers.replaced == 1
    # The pool is whole again: the next table's bots play in fresh workers.
    again = create(pooled, players=2, bot_seconds=0.2, options={"rounds": 1},
                   seats=[{"kind": "bot", "bot": "random"}] * 2)["table"]
    finish(pooled, again)
    assert {r.by for r in hub.storage.actions(again)} == {"bot"}


def test_a_bot_that_fails_in_a_worker_costs_only_its_decision(pooled: TestClient) -> None:
    table = create(pooled, game="toy-faulty", players=2, bot_seconds=0.5,
                   options={"rounds": 1},
                   seats=[{"kind": "bot", "bot": "broken"}, {"kind": "bot", "bot": "cheat"}])
    finish(pooled, table["table"])
    hub = pooled.app.state.hub  # type: ignore[attr-defined]
    assert {r.by for r in hub.storage.actions(table["table"])} == {"fallback"}
    assert hub.workers.replaced == 0  # the workers answered: they go on


def test_a_worker_receives_the_seats_information_set_and_nothing_else() -> None:
    state = make("notre-dame", 4, seed=3)
    for _ in range(5):
        seat = state.to_act[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    request = request_for("t:0", "greedy", state, seat, 7, 1.0)
    assert [f.name for f in dataclasses.fields(Request)] == [
        "key", "spec", "game", "players", "options", "seat", "view", "log", "legal", "seed",
        "seconds"]
    assert request.view == state.view(seat)
    assert request.log == tuple(state.log(seat))
    assert request.legal == state.legal_actions(seat)
    # What travels to the worker holds nothing the seat's view does not: not the state,
    # not the other seats' views.
    sent = pickle.dumps(request)
    assert b"State" not in sent
    for other in range(4):
        if other != seat and state.view(other) != state.view(seat):
            assert pickle.dumps(state.view(other)) not in sent


def test_a_workers_think_time_counts_from_the_request_not_from_the_search() -> None:
    """What the worker spent rebuilding the game, the bot and the information set comes out
    of the think time; the smaller of the bot's own and the table's time is the whole."""
    from tavola.agents import make_agent
    from tavola.server.workers import thinking_at_most

    agent = make_agent("ismcts:seconds=0.5", "toy")
    with thinking_at_most(agent, 5.0, spent=0.2):
        assert agent.seconds == pytest.approx(0.3)  # type: ignore[attr-defined]
    with thinking_at_most(agent, 0.25, spent=0.05):
        assert agent.seconds == pytest.approx(0.2)  # type: ignore[attr-defined]
    with thinking_at_most(agent, 5.0, spent=0.9):
        assert agent.seconds == 0.0  # type: ignore[attr-defined]  # one simulation, at once
    assert agent.seconds == 0.5  # type: ignore[attr-defined]
