"""Test games for the arena and the command line: the toy game, and a copy of it that
declares a `greedy` bot (it always bids high) so line-ups of different bots can be tested.

Tests register them through the `toys` fixture (see conftest.py), not on import, so that
tests which list the registered games at collection time see only the real ones."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from tavola.core import Action, Policy, game_class, game_names, register
from tests.core.toy import ToyGame


class HighBid(Policy):
    """Bid the most allowed."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        return legal[-1]


class BotToyGame(ToyGame):
    info = replace(ToyGame.info, name="toy-bots", title="Toy with bots",
                   policies={"greedy": HighBid})


def register_toys() -> None:
    """Register both test games (idempotent)."""
    register(ToyGame)
    register(BotToyGame)


def real_games() -> list[str]:
    """Return the registered games that ship with tavola (not the test games)."""
    return [n for n in game_names() if game_class(n).__module__.startswith("tavola.games.")]



@pytest.fixture(scope="session")
def toys() -> None:
    """Register the test games."""
    register_toys()
