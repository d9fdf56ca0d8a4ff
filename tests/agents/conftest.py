"""Fixtures: `toys` registers the test games for the tests that use them."""

from tests.arena.toys import toys as toys
