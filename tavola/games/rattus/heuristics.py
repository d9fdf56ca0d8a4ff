"""A greedy Rattus policy: it sees only its view and legal actions and scores each action.

It takes the Peasant, places its cubes where the plague cannot soon reach, sends cubes to
the palace with the King, drives the plague (and its spreading rats) onto the regions where
the others have more cubes than it has, and uses the Knight's 2 cubes against them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Action, Policy
from tavola.games.rattus.components import REGION_INDEX
from tavola.games.rattus.config import NEIGHBOURS, WITHIN_TWO

NEVER = -10_000.0


class GreedyPolicy(Policy):
    """Pick the legal action with the best one-step score."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        """Return the best-scoring legal action (ties: the first)."""
        ctx = _Context(view)
        best, best_score = legal[0], NEVER - 1
        for action in legal:
            score = ctx.score(action)
            if score > best_score:
                best, best_score = action, score
        return best


class _Context:
    """What the scoring needs from a view, computed once per decision."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me: int = view["you"]
        players: int = view["players"]
        self.near = NEIGHBOURS[players]
        self.two = WITHIN_TWO[players]
        self.regions = view["regions"]
        self.plague = REGION_INDEX[view["plague"]]
        self.cards = view["cards"]

    def danger(self, r: int) -> int:
        """Return 3 for the plague's region, 2 next to it, 1 two steps away, else 0."""
        if r == self.plague:
            return 3
        near: tuple[int, ...] = self.near[self.plague]
        if r in near:
            return 2
        return 1 if r in self.two[self.plague] else 0

    def edge(self, r: int) -> float:
        """Return how much a devastation in r hurts the others more than me."""
        cubes: list[int] = self.regions[r]["cubes"]
        mine = cubes[self.me]
        others = sum(cubes) - mine
        return others - 2.0 * mine

    def score(self, action: Action) -> float:
        """Score one action; higher is better."""
        kind, args = action.kind, action.args
        if kind == "setup":
            r = REGION_INDEX[args[0]]
            return -10.0 * self.danger(r) - float(sum(self.regions[r]["cubes"]))
        if kind == "take":
            return 1000.0 if args[0] == "peasant" else NEVER
        if kind == "place":
            r = REGION_INDEX[args[0]]
            rats = len(self.regions[r]["tokens"])
            cubes = rats + (1 if len(args) > 1 else 0)
            value = cubes * (4 - self.danger(r)) - 2.0 * rats
            return 500.0 + value if value > 0 else NEVER + 1
        if kind == "king":
            return 400.0 + self.danger(REGION_INDEX[args[0]])
        if kind == "peasant":
            r = REGION_INDEX[args[0]]
            return 300.0 - 10 * len(self.regions[r]["tokens"]) - self.danger(r)
        if kind == "plague":
            r = REGION_INDEX[args[0]]
            rats = len(self.regions[r]["tokens"])
            edge = self.edge(r) * (rats + 1)
            spread = sum(self.edge(t) for t in self.near[r]) * (1 if rats else 0)
            return edge + 0.5 * spread
        if kind == "spread":
            return self.edge(REGION_INDEX[args[0]])
        if kind == "boost":
            return self.edge(self.plague)
        if kind == "no_boost":
            return 0.0
        if kind == "done":
            return 0.0
        if kind == "keep":
            return 1.0
        return NEVER
