"""The agent contract: an `Agent` picks one action from its seat's information set.

`decide` is the only way the runner, the command line and the server ask a bot for a move:
it builds the `InfoSet` of the seat (its view, its log as it may read it, its legal
actions), so a bot never holds the true state and cannot read what its seat may not know.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from tavola.agents.params import Param
from tavola.core import Action, InfoSet, Policy, State


class Agent(ABC):
    """A decision maker for one seat.

    A bot class declares its options in `params` (name, type, default, help); a spec such
    as ``mybot:depth=3`` builds it with `build(game, options)`, which by default calls the
    class with the typed options as keyword arguments. One agent object plays one seat of
    one game: searching bots may remember their last search between their own decisions.
    """

    name: str = "agent"
    help: ClassVar[str] = ""
    params: ClassVar[tuple[Param, ...]] = ()
    needs_view: bool = True

    @classmethod
    def build(cls, game: str, options: Mapping[str, Any]) -> Agent:
        """Return a new agent for `game` with checked, typed `options` (every declared
        parameter present). Override to refuse a game the bot cannot play (BadOptions)."""
        return cls(**options)

    @abstractmethod
    def act(self, info: InfoSet, rng: random.Random) -> Action:
        """Pick one of `info.legal` (view and log are empty when `needs_view` is False)."""


class RandomAgent(Agent):
    """Uniformly random among the legal actions."""

    name = "random"
    help = "uniformly random among the legal actions"
    needs_view = False

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        """Pick uniformly."""
        return info.legal[rng.randrange(len(info.legal))]


class PolicyAgent(Agent):
    """An agent that follows a game's declared policy."""

    help = "the game's own policy"

    def __init__(self, name: str, policy: Policy) -> None:
        self.name = name
        self.policy = policy

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        """Ask the policy; a single legal action needs no thought."""
        if len(info.legal) == 1:
            return info.legal[0]
        return self.policy.choose(info.view, info.legal, rng)


def decide(agent: Agent, state: State, seat: int, rng: random.Random) -> Action:
    """Ask `agent` for `seat`'s decision, handing it only that seat's information set."""
    if agent.needs_view:
        return agent.act(state.infoset(seat), rng)
    return agent.act(InfoSet(state.game, seat, {}, (), state.legal_actions(seat)), rng)
