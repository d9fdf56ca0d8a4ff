"""Fixtures: `toys` registers the test games; `ray_local` starts one small Ray instance for
the whole session (two CPUs, no dashboard) and shuts it down at the end."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import ray

from tavola.arena.backends import LOCAL, start_ray
from tests.arena.toys import toys as toys


@pytest.fixture(scope="session")
def ray_local() -> Iterator[None]:
    start_ray(LOCAL, 2)
    yield
    ray.shutdown()
