"""Bots. Every agent sees only a player's view and that player's legal actions.

`random` works for every game; other names (such as `greedy`) are policies a game
declares in its `GameInfo.policies`, so this package never imports a game's internals.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tavola.core import Action, BadOptions, Policy, info


class Agent(ABC):
    """A decision maker for one seat."""

    name: str = "agent"
    needs_view: bool = True

    @abstractmethod
    def act(self, view: Mapping[str, Any] | None, legal: Sequence[Action],
            rng: random.Random) -> Action:
        """Pick one of `legal` (the view is None when `needs_view` is False)."""


class RandomAgent(Agent):
    """Uniformly random among the legal actions."""

    name = "random"
    needs_view = False

    def act(self, view: Mapping[str, Any] | None, legal: Sequence[Action],
            rng: random.Random) -> Action:
        """Pick uniformly."""
        return legal[rng.randrange(len(legal))]


class PolicyAgent(Agent):
    """An agent that follows a game's declared policy."""

    def __init__(self, name: str, policy: Policy) -> None:
        self.name = name
        self.policy = policy

    def act(self, view: Mapping[str, Any] | None, legal: Sequence[Action],
            rng: random.Random) -> Action:
        """Ask the policy; a single legal action needs no thought."""
        if len(legal) == 1:
            return legal[0]
        assert view is not None
        return self.policy.choose(view, legal, rng)


_GENERIC: dict[str, Callable[[], Agent]] = {"random": RandomAgent}


def agent_names(game: str) -> list[str]:
    """Return the bot names available for `game`."""
    return sorted(set(_GENERIC) | set(info(game).policies))


def make_agent(name: str, game: str) -> Agent:
    """Return a new agent called `name` for `game` (raise UnknownGame or BadOptions)."""
    policies = info(game).policies
    if name in _GENERIC:
        return _GENERIC[name]()
    if name in policies:
        return PolicyAgent(name, policies[name]())
    raise BadOptions(f"no bot {name!r} for {game} (bots: {', '.join(agent_names(game))})")
