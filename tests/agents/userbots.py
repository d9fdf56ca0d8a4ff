"""A user's own bots, loaded by spec as ``tests.agents.userbots:ClassName``."""

from __future__ import annotations

import random

from tavola.agents import Agent, Param
from tavola.core import Action, InfoSet


class EndPicker(Agent):
    """Always takes the first (or last) legal action."""

    params = (Param("end", str, "first", "which end of the legal list", choices=("first", "last")),
              Param("unused", int, 3, "a number, to test typing", low=0, high=9))
    needs_view = False

    def __init__(self, end: str = "first", unused: int = 3) -> None:
        self.end = end
        self.unused = unused

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        return info.legal[0] if self.end == "first" else info.legal[-1]


class Fragile(Agent):
    """Declares an option its constructor does not take (a user's bug)."""

    params = (Param("depth", int, 1, "search depth"),)

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        return info.legal[0]


class NotAnAgent:
    """Has an act method but is not an Agent."""

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        return info.legal[0]


class Noisy(Agent):
    """Fails to build with a message over several lines."""

    def __init__(self) -> None:
        raise ValueError("first line\nsecond line\n" + "x" * 500)

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        return info.legal[0]
