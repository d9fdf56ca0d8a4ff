"""Test games for the arena and the command line: the toy game, a copy of it that declares a
`greedy` bot (it always bids high) so line-ups of different bots can be tested, and a copy
with more bots for tournaments (bidding high, low or in the middle, one that fails
and one that ends its process).

Tests register them through the `toys` fixture (see conftest.py), not on import, so that
tests which list the registered games at collection time see only the real ones."""

from __future__ import annotations

import os
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


class LowBid(Policy):
    """Bid the least allowed."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        return legal[0]


class MiddleBid(Policy):
    """Bid the middle of what is allowed."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        return legal[len(legal) // 2]


class Crash(Policy):
    """Fail on the first decision (to test how a failing game is reported)."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        raise ValueError("this bot always fails")


_in_test_process = False
"""Set by the `toys` fixture: the process running the tests, which `Vanish` must not end."""


class Vanish(Policy):
    """End the worker process it runs in on the first decision (to test a worker that
    dies); in the test process itself it only fails."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        if _in_test_process:
            raise ValueError("vanish plays only in worker processes")
        os._exit(3)


class BotToyGame(ToyGame):
    info = replace(ToyGame.info, name="toy-bots", title="Toy with bots",
                   policies={"greedy": HighBid})


class LeagueToyGame(ToyGame):
    info = replace(ToyGame.info, name="toy-league", title="Toy with a league of bots",
                   policies={"greedy": HighBid, "low": LowBid, "middle": MiddleBid,
                             "crash": Crash, "vanish": Vanish})


def register_toys() -> None:
    """Register the test games (idempotent)."""
    register(ToyGame)
    register(BotToyGame)
    register(LeagueToyGame)


def real_games() -> list[str]:
    """Return the registered games that ship with tavola (not the test games)."""
    return [n for n in game_names() if game_class(n).__module__.startswith("tavola.games.")]


@pytest.fixture(scope="session")
def toys() -> None:
    """Register the test games."""
    global _in_test_process
    _in_test_process = True
    register_toys()
