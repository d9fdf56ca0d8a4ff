"""The reusable conformance harness, run on the test game."""

from __future__ import annotations

from tavola.core import register
from tests.conformance.harness import check_random_games
from tests.core.toy import ToyGame

register(ToyGame)


def test_harness_accepts_a_conforming_game() -> None:
    assert check_random_games("toy", [2, 3, 4], range(5)) > 0
