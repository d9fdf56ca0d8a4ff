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
time on a busy machine). A stop request ends the search at once, after at least one
simulation in all.

Native search. Where the native core is installed and plays the game with these options
(`tavola.native.search.pimc_supported`: Rattus, Intrige, Notre Dame and Nottingham, with
rollout random or greedy, any samples, budget and c, and a cutoff where the game's
evaluation is native: Nottingham's), the whole search runs in C++ with the GIL released
(native/src/pimc.hpp), drawing from `rng` exactly what this search draws, so the decision,
the visits and totals of every action, the generator's state after it and the simulation
count under an `iterations` budget are the same (tests/native/test_pimc.py). Otherwise it
runs here. The attribute `engine` says which ran the last decision and `fallback` why not
native (a debug log line says it too, once per game).
"""

from __future__ import annotations

import logging
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
    ENGINE,
    EXPLORATION,
    ITERATIONS,
    ROLLOUT,
    SECONDS,
    Rollouts,
    check_rollout,
)
from tavola.core import Action, Game, InfoSet
from tavola.native import search as native_search

log = logging.getLogger(__name__)

SAMPLES = Param("samples", int, 20, "determinizations per decision (the budget is shared "
                                    "evenly among them)", low=1, high=100_000)


class PimcAgent(Agent):
    """Perfect-information Monte Carlo: flat UCB in each of several determinizations."""

    name = "pimc"
    help = "perfect-information Monte Carlo over samples (a baseline)"
    params = (SAMPLES, ITERATIONS, SECONDS, EXPLORATION, ROLLOUT, CUTOFF, ENGINE)

    def __init__(self, samples: int = 20, iterations: int | None = None,
                 seconds: float | None = None, c: float = 1.0, rollout: str = "random",
                 cutoff: int = 0, engine: str = "auto") -> None:
        self.samples = samples
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollouts = Rollouts(rollout, cutoff, engine)
        self.stop: threading.Event | None = None
        """Set from outside to end a search at once (a server shutting down)."""
        self.last_iterations = 0
        """The simulations the last decision ran."""
        self.last_stats: tuple[tuple[int, float], ...] = ()
        """The last decision's (visits, total reward) of each legal action, in the order of
        `info.legal`, summed over the samples (empty when there was no choice)."""
        self.native: native_search.NativePimc | None = None
        """The native search of the game met last (where it runs natively)."""
        self.engine = "python"
        """The engine that ran the last decision's search: native or python."""
        self.fallback: str | None = None
        """Why the search of the last game met is not native (None: it is)."""
        self._engine_game: Game | None = None

    def options(self) -> dict[str, Any]:
        """Return the bot's options as its spec gives them."""
        return {"samples": self.samples, "iterations": self.iterations,
                "seconds": self.seconds, "c": self.c, "rollout": self.rollouts.policy,
                "cutoff": self.rollouts.cutoff, "engine": self.rollouts.engine}

    def native_for(self, game: Game) -> native_search.NativePimc | None:
        """Return the native search for `game` if it runs natively there (decided once per
        game object, logged at debug level), else None."""
        if self._engine_game is not game:
            self._engine_game = game
            self.native = None
            self.fallback = native_search.pimc_supported(game, self.options())
            if self.fallback is None:
                self.native = native_search.NativePimc(game, self.options())
                log.debug("pimc: native search for %s", game.info.title)
            else:
                log.debug("pimc: Python search for %s: %s", game.info.title, self.fallback)
        return self.native

    @classmethod
    def build(cls, game: str, options: Mapping[str, Any]) -> PimcAgent:
        """Check the rollout policy exists for `game`, then build."""
        check_rollout(cls.name, game, options["rollout"])
        return cls(**options)

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        """Search each sample, sum the statistics, return the most visited action."""
        self.last_iterations = 0
        self.last_stats = ()
        if len(info.legal) == 1:
            return info.legal[0]
        iterations = self.iterations
        if iterations is None and self.seconds is None:
            iterations = DEFAULT_ITERATIONS
        start = time.perf_counter()
        search = self.native_for(info.game)
        if search is not None:
            started = search.start(info)
            if started is not None:
                self.engine = "native"
                position, indices = started
                stop = self.stop
                self.last_iterations = search.run(
                    position, info.seat, rng, self.samples, iterations, self.seconds, start,
                    None if stop is None else stop.is_set)
                self.last_stats = search.stats(indices)
                k = search.best(indices)
                return info.legal[k] if k >= 0 else info.legal[rng.randrange(len(info.legal))]
            # Never seen: the native sampler is proven to draw from the information set.
            log.warning("pimc: a native position of %s does not show seat %d its view; "
                        "searching in Python", info.game.info.title, info.seat)
        self.engine = "python"
        rollout = self.rollouts.for_game(info.game).run
        seat, samples, c, stop = info.seat, self.samples, self.c, self.stop
        visits: dict[Action, int] = {}
        totals: dict[Action, float] = {}
        end = None if self.seconds is None else start + self.seconds
        spent = 0
        for s in range(samples):
            if spent and ((stop is not None and stop.is_set())
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
            while (quota is None or done < quota) and (
                    spent + done == 0 or stop is None or not stop.is_set()) and (
                    deadline is None or done == 0 or time.perf_counter() < deadline):
                if done < len(legal):
                    index = done
                else:
                    ln = math.log(done)
                    index = max(range(len(legal)), key=lambda i: total[i] / n[i]
                                + c * math.sqrt(ln / n[i]))
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
        self.last_stats = tuple((visits.get(action, 0), totals.get(action, 0.0))
                                for action in info.legal)
        return best if best is not None else info.legal[rng.randrange(len(info.legal))]
