"""How a Rattus position looks to a bot: the evaluation and the greedy policy.

`evaluate` estimates each seat's final rank utility from a full position: it scores the
board as the end of the game would (rulebook, "End of the game" 2: every token on the board
resolved, the plague piece counting as 2 neutral cubes), adds a quarter of each reserve for
cubes still to be placed, and turns the score differences into utilities in [-1, 1].

The greedy policy sees only its view and legal actions and scores each action. It spreads
its setup cubes over quiet regions; in step A it takes the Peasant (and no other card, so
else no card); in step B it places its cubes where the plague cannot soon reach, sends a
cube to the palace should it hold the King, and ends B rather than place where it would
lose or use a power it does not judge; in step C it drives the plague (and its spreading
rats) onto the regions where the others have more cubes than it has, and uses the Knight's
2 cubes against the others.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Action, Policy
from tavola.games.rattus.components import REGION_INDEX, TOKENS
from tavola.games.rattus.config import NEIGHBOURS, PLAGUE_NEUTRAL_CUBES, WITHIN_TWO
from tavola.games.rattus.state import Position

NEVER = -10_000.0
# A cube in the reserve is worth this much of a cube on the board: it may yet be placed,
# and placed cubes meet the plague.
RESERVE_WORTH = 0.25
# Score differences (in cubes) are squashed by tanh over this scale: 3 cubes ahead of a
# player is most of a win against them.
CUBE_SCALE = 3.0


def projected_scores(s: Position) -> list[float]:
    """Return each seat's cubes after resolving every token on the board now (the end of
    the game's rule, class icons hitting their current holders), palace and a part of the
    reserve included."""
    n = s.config.players
    out = [s.palace[p] + RESERVE_WORTH * s.reserve[p] for p in range(n)]
    holder = s.holder
    for r in range(s.config.regions):
        cubes = s.board[r]
        if not any(cubes):
            continue
        cubes = cubes[:]
        neutral = PLAGUE_NEUTRAL_CUBES if r == s.plague else 0
        for token in s.tokens[r]:
            front = TOKENS[token]
            if sum(cubes) + neutral < front.threshold:
                continue
            for _ in range(front.majority):
                most = max(cubes)
                if most:
                    cubes = [c - 1 if c == most else c for c in cubes]
            if front.everyone:
                cubes = [c - 1 if c else 0 for c in cubes]
            for c in front.classes:
                h = holder[c]
                if h >= 0 and cubes[h]:
                    cubes[h] -= 1
        for p in range(n):
            out[p] += cubes[p]
    return out


def evaluate(s: Position) -> tuple[float, ...]:
    """Return each seat's estimated final utility in [-1, 1]: the mean, over the other
    seats, of tanh(projected score difference / CUBE_SCALE). A clear leader is near +1, a
    clear last near -1, and the values sum to 0 as rank utilities do."""
    score = projected_scores(s)
    n = len(score)
    return tuple(sum(math.tanh((score[p] - score[q]) / CUBE_SCALE)
                     for q in range(n) if q != p) / (n - 1) for p in range(n))


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
            # Near the plague is bad, but so is one crowded region: an A or M there hits
            # many cubes at once (measured: a little stronger than piling up far away).
            here: list[int] = self.regions[r]["cubes"]
            return -4.0 * self.danger(r) - float(sum(here)) - 2.0 * here[self.me]
        if kind == "take":
            return 1000.0 if args[0] == "peasant" else NEVER
        if kind in ("no_card", "end_b"):
            # Below every useful card, placement and power, above the useless ones.
            return 0.0
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
