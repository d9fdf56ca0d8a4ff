"""Shared test settings: `--long` runs the long conformance sweeps; `ray_local` starts Ray."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true", help="run the long conformance sweeps")


@pytest.fixture
def long_run(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--long"))


@pytest.fixture(scope="session")
def ray_local() -> Iterator[None]:
    """One small Ray instance for the whole session (two CPUs, no dashboard), shut down at
    the end: the tournaments' and the long differential run's Ray tests share it."""
    import ray

    from tavola.arena.backends import LOCAL, start_ray

    start_ray(LOCAL, 2)
    yield
    ray.shutdown()
