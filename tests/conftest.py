"""Shared test settings: `--long` runs the long conformance sweeps; `ray_local` starts Ray."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest

# Some machines (ours, and the CI's) set PYTHONDONTWRITEBYTECODE: then every Python process
# compiles every source it imports again, and pytest rewrites every test module's asserts
# again in each worker. The suite starts a few hundred Python processes (the servers it
# tests, the command line, the workers); with the bytecode kept, importing the server costs
# about 0.7 s of CPU less a process (2.9 s -> 2.2 s, measured). The test session, and every
# process it starts, writes and reads bytecode as Python does by default.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False


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
