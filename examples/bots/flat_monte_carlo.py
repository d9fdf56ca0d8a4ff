"""A bot that searches: flat Monte Carlo over samples of its information set.

For each of `samples` full states drawn from what its seat knows, it tries every legal
action once and plays the game on at random (for `depth` decisions, then asks the game's
evaluation, or to the end); it plays the action with the best total of its own utility.
Use it by spec, from the directory that holds ``examples/``::

    tavola play rattus --bots examples.bots.flat_monte_carlo:FlatMonteCarlo:samples=8
"""

from __future__ import annotations

import random

from tavola.agents import Agent, Param
from tavola.core import Action, InfoSet, State


class FlatMonteCarlo(Agent):
    """Flat Monte Carlo over samples of the information set."""

    help = "tries each legal action in every sample and plays the best on average"
    params = (
        Param("samples", int, 16, "states drawn from the information set", low=1, high=10_000),
        Param("depth", int, 0, "decisions per playout before the game's evaluation "
                               "(0: play to the end)", low=0),
    )

    def __init__(self, samples: int = 16, depth: int = 0) -> None:
        self.samples = samples
        self.depth = depth

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        """Try every action in every sample; return the best total."""
        if len(info.legal) == 1:
            return info.legal[0]
        totals = dict.fromkeys(info.legal, 0.0)
        for _ in range(self.samples):
            state = info.sample(rng).for_search()
            for index, action in enumerate(state.legal_actions(info.seat)):
                if action in totals:
                    after = state.apply_index(info.seat, index)
                    totals[action] += self.playout(after, info.seat, rng)
        return max(info.legal, key=totals.__getitem__)

    def playout(self, state: State, seat: int, rng: random.Random) -> float:
        """Play on at random; return `seat`'s utility (or the evaluation at `depth`)."""
        steps = 0
        while not state.is_terminal:
            if self.depth and steps == self.depth:
                return state.evaluate()[seat]
            player = state.to_act[0]
            state = state.apply_index(player, rng.randrange(len(state.legal_actions(player))))
            steps += 1
        return state.result().utilities()[seat]
