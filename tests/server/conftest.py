"""Fixtures of the server tests: both databases, a live application, test games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tavola.server.app import create_app
from tests.arena.toys import toys as toys
from tests.server.games import register_server_toys
from tests.server.postgres import Cluster, cluster

DATABASES = ["sqlite", "postgresql"]


@pytest.fixture(scope="session", autouse=True)
def server_toys() -> None:
    """Register the test games (the server tests use them throughout)."""
    register_server_toys()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A private PostgreSQL cluster for the whole session (fails, never skips)."""
    try:
        with cluster() as running:
            yield running
    except RuntimeError as exc:
        pytest.fail(f"PostgreSQL could not be started: {exc}")


def database_url(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Return a fresh, empty database of `kind`."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'tavola.db'}"
    running: Cluster = request.getfixturevalue("postgres")
    return running.new_database()


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: SQLite and PostgreSQL in turn."""
    return database_url(request.param, tmp_path, request)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite database."""
    return f"sqlite:///{tmp_path / 'tavola.db'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """A live application on SQLite, in process."""
    register_server_toys()
    with TestClient(create_app(sqlite_url)) as test_client:
        yield test_client


@pytest.fixture
def db_client(db_url: str) -> Iterator[TestClient]:
    """A live application in process, on SQLite and on PostgreSQL in turn."""
    register_server_toys()
    with TestClient(create_app(db_url)) as test_client:
        yield test_client
