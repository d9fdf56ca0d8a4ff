"""Fixtures: `toys` registers the test games; `ray_local` (tests/conftest.py) starts one
small Ray instance for the whole session."""

from __future__ import annotations

from tests.arena.toys import toys as toys
