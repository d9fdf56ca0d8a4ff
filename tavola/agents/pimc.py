"""Perfect-information Monte Carlo: a baseline for `ismcts`.

Draw `samples` full states from the bot's information set; in each, treat the sample as
the truth and run a flat UCB bandit over the bot's legal actions (each pull: apply the
action, roll out, score the bot's own utility); add up the visits and rewards of every
action across the samples and play the most visited. It knows nothing of what it does not
know within a sample (the classic weakness: it assumes it will learn everything), which is
what the comparison with `ismcts` shows.

With `seconds`, each sample gets an equal share of the think time, and the search is
anytime like `ismcts`: once the whole think time is spent (or `stop` is set), no further
sample is searched, so a decision ends at its deadline after at least one simulation in
all, not one in every sample (`samples` simulations can take far longer than a short think
time on a busy machine).
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Mapping
from typing import Any

from tavola.agents.base import Agent
from tavola.agents.params import Param
from tavola.agents.search import (
    CUTOFF,
    DEFAULT_ITERATIONS,
    EXPLORATION,
    ITERATIONS,
    ROLLOUT,
    SECONDS,
    Rollouts,
    check_rollout,
)
from tavola.core import Action, InfoSet

SAMPLES = Param("samples", int, 20, "determinizations per decision (the budget is shared "
                                    "evenly among them)", low=1, high=100_000)


class PimcAgent(Agent):
    """Perfect-information Monte Carlo: flat UCB in each of several determinizations."""

    name = "pimc"
    help = "perfect-information Monte Carlo over samples (a baseline)"
    params = (SAMPLES, ITERATIONS, SECONDS, EXPLORATION, ROLLOUT, CUTOFF)

    def __init__(self, samples: int = 20, iterations: int | None = None,
                 seconds: float | None = None, c: float = 1.0, rollout: str = "random",
                 cutoff: int = 0) -> None:
        self.samples = samples
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollouts = Rollouts(rollout, cutoff)
        self.stop: threading.Event | None = None
        """Set from outside to end a search at once (a server shutting down)."""
        self.last_iterations = 0
        """The simulations the last decision ran."""

    @classmethod
    def build(cls, game: str, options: Mapping[str, Any]) -> PimcAgent:
        """Check the rollout policy exists for `game`, then build."""
        check_rollout(cls.name, game, options["rollout"])
        return cls(**options)

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        """Search each sample, sum the statistics, return the most visited action."""
        self.last_iterations = 0
        if len(info.legal) == 1:
            return info.legal[0]
        rollout = self.rollouts.for_game(info.game).run
        seat, samples, c = info.seat, self.samples, self.c
        iterations = self.iterations
        if iterations is None and self.seconds is None:
            iterations = DEFAULT_ITERATIONS
        start = time.perf_counter()
        visits: dict[Action, int] = {}
        totals: dict[Action, float] = {}
        end = None if self.seconds is None else start + self.seconds
        spent = 0
        for s in range(samples):
            if spent and ((self.stop is not None and self.stop.is_set())
                          or (end is not None and time.perf_counter() >= end)):
                break  # the think time is spent: play what the samples so far say
            quota = None if iterations is None else \
                iterations // samples + (1 if s < iterations % samples else 0)
            deadline = None if self.seconds is None else start + self.seconds * (s + 1) / samples
            state = info.sample(rng).for_search()
            if seat not in state.to_act:
                continue
            legal = state.legal_actions(seat)
            n = [0] * len(legal)
            total = [0.0] * len(legal)
            done = 0
            stopped = self.stop is not None and self.stop.is_set()
            while (quota is None or done < quota) and (done == 0 or not stopped) and (
                    deadline is None or done == 0 or time.perf_counter() < deadline):
                if done < len(legal):
                    index = done
                else:
                    log = math.log(done)
                    index = max(range(len(legal)), key=lambda i: total[i] / n[i]
                                + c * math.sqrt(log / n[i]))
                after = state.apply_index(seat, index)
                utilities = after.evaluate() if after.is_terminal else rollout(after, rng)
                n[index] += 1
                total[index] += utilities[seat]
                done += 1
            spent += done
            for action, k, t in zip(legal, n, total, strict=True):
                visits[action] = visits.get(action, 0) + k
                totals[action] = totals.get(action, 0.0) + t
        best: Action | None = None
        best_key = (0, -math.inf)
        for action in info.legal:
            k = visits.get(action, 0)
            if k and (k, totals[action] / k) > best_key:
                best, best_key = action, (k, totals[action] / k)
        self.last_iterations = spent
        return best if best is not None else info.legal[rng.randrange(len(info.legal))]
