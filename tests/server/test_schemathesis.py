"""Schemathesis against a real server process: requests generated from the OpenAPI
document for every route (valid ones and ones the document says are wrong) earn no server
error, only statuses the document gives for the route, and bodies that match the
document's schema of that status. Bounded (`EXAMPLES` a route) to run in about a minute.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tavola.server.app import create_app
from tests.server.games import register_server_toys
from tests.server.processes import ServerProcess

EXAMPLES = 20
"""Requests generated per route (26 routes)."""

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = f"sqlite:///{Path(tmp_path_factory.mktemp('schemathesis')) / 'tavola.db'}"
    running = ServerProcess(db, bot_workers=0)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def tables(server: ServerProcess) -> list[str]:
    """Tables the generated requests name now and then: a finished game (bots only) and
    one waiting for its people."""
    bots = server.post("/api/v1/tables", {
        "game": "toy", "players": 3, "seats": [{"kind": "bot", "bot": "random"}] * 3,
        "bot_seconds": 0.1})
    people = server.post("/api/v1/tables", {
        "game": "toy", "players": 3, "seats": [{"kind": "human"}] * 3, "public": True})
    deadline = time.monotonic() + 60
    while not server.get(f"/api/v1/tables/{bots['table']}")["finished"]:
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)
    return [bots["table"], people["table"]]


# The document the server serves, read from the application itself (schemathesis' lazy
# loading from a fixture does not run under this pytest); the requests go to the process.
register_server_toys()
schema = schemathesis.openapi.from_dict(create_app("sqlite:///:memory:").openapi())


@schema.parametrize()
@schema.given(real=st.sampled_from([None, 0, 1]))
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_every_answer_is_documented_and_matches_its_schema(
        case: Any, real: int | None, server: ServerProcess, tables: list[str]) -> None:
    if real is not None and case.path_parameters and "table_id" in case.path_parameters:
        case.path_parameters["table_id"] = tables[real]
    case.call_and_validate(base_url=server.base, checks=CHECKS)
