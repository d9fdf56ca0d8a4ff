"""Bot levels at a live table: a level is welcome whatever the table's bot time, and its
think time and the table's meet with the smaller winning (the bots think in worker
processes, as on `tavola serve`)."""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from tavola.agents.levels import SECONDS
from tavola.server.app import create_app
from tests.server.games import register_server_toys
from tests.server.helpers import create
from tests.server.test_bot_workers import SETUP, finish


@pytest.fixture
def pooled(sqlite_url: str) -> Iterator[TestClient]:
    """A live application whose bots think in two worker processes."""
    register_server_toys()
    with TestClient(create_app(sqlite_url, bot_workers=2, worker_setup=SETUP)) as served:
        yield served


def gaps(client: TestClient, table: str) -> list[float]:
    """Return the times between the table's stored decisions, all made by its bots."""
    finish(client, table)
    rows = client.app.state.hub.storage.actions(table)  # type: ignore[attr-defined]
    assert rows and {r.by for r in rows} == {"bot"}
    return [b.time - a.time for a, b in itertools.pairwise(rows)]


def test_a_level_thinks_the_tables_bot_time_when_it_is_shorter(pooled: TestClient) -> None:
    table = create(pooled, players=2, bot_seconds=0.15, options={"rounds": 3},
                   seats=[{"kind": "bot", "bot": "strong"}] * 2)["table"]
    took = gaps(pooled, table)
    assert SECONDS["strong"] > 0.15 + 0.2
    assert 0.1 <= statistics.median(took) <= 0.15 + 0.2, took


def test_a_level_thinks_its_own_time_at_a_table_that_allows_more(pooled: TestClient) -> None:
    table = create(pooled, players=2, bot_seconds=5.0, options={"rounds": 3},
                   seats=[{"kind": "bot", "bot": "medium"}] * 2)["table"]
    took = gaps(pooled, table)
    assert SECONDS["medium"] - 0.05 <= statistics.median(took) <= SECONDS["medium"] + 0.2, took


def test_a_level_is_a_stand_in_at_any_bot_time(pooled: TestClient) -> None:
    for level in SECONDS:
        response = pooled.post("/api/v1/tables", json={
            "game": "toy", "players": 2, "bot_seconds": 0.05, "zombie_bot": level,
            "seats": [{"kind": "human"}] * 2})
        assert response.status_code == 201, response.text
