"""What the agent tests share: the games to run on and cheap specs of every bot."""

from __future__ import annotations

import inspect

from tavola.core import game_class, info
from tests.arena.toys import real_games


def games() -> list[str]:
    """Return the test games and every game that ships with tavola."""
    return ["toy", "toy-bots", *real_games()]


def require_playable(name: str) -> None:
    """Fail for a game that does not implement the whole game contract."""
    assert not inspect.isabstract(game_class(name)), f"{name} lacks part of the contract"


def cheap_specs(name: str) -> list[str]:
    """Return a spec of every bot `name` offers, with budgets small enough for tests."""
    specs = ["random", "ismcts:iterations=24:cutoff=24", "pimc:samples=3:iterations=24:cutoff=24"]
    if "greedy" in info(name).policies:
        specs += ["greedy", "ismcts:iterations=12:cutoff=12:rollout=greedy",
                  "ismcts:iterations=12:cutoff=12:prior=greedy:bias=3"]
    return specs
