"""What the searching bots share: their parameters, their budget and their rollouts.

A rollout plays a determinized state on to the end (or for `cutoff` decisions, then asks
the game's `evaluate()`), on the search fast path: `apply_index` with an index into
`legal_actions`, on a state that came from `for_search()` and so writes no log. Whoever is
first in `to_act` moves; each simulated player chooses from its own view of the sample.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Mapping

from tavola import native
from tavola.agents.params import Param
from tavola.core import BadOptions, Game, Policy, State, info

DEFAULT_ITERATIONS = 1000

ITERATIONS = Param("iterations", int, None,
                   f"simulations per decision (default {DEFAULT_ITERATIONS} unless seconds is "
                   f"given; with both, whichever ends first)", low=1, high=10_000_000)
SECONDS = Param("seconds", float, None,
                "thinking time per decision (follows the clock, so not reproducible)",
                low=0.001, high=3600)
EXPLORATION = Param("c", float, 1.0,
                    "UCB exploration constant (rewards are utilities in [-1, 1])",
                    low=0, high=100)
ROLLOUT = Param("rollout", str, "random",
                "how simulations play on: random, or a policy the game declares (greedy)")
CUTOFF = Param("cutoff", int, 0,
               "stop a simulation after this many decisions and use the game's evaluation "
               "(0: play to the end)", low=0, high=1_000_000)
ENGINE = Param("engine", str, "auto",
               "what the search runs on: auto (the native core where it plays the game and "
               "options, else Python; both decide alike) or python (the Python reference "
               "throughout, rollouts included: to measure what the native core buys)",
               choices=("auto", "python"))


def check_rollout(bot: str, game: str, rollout: str) -> None:
    """Raise BadOptions unless `rollout` is random or a policy `game` declares."""
    known = ["random", *sorted(info(game).policies)]
    if rollout not in known:
        raise BadOptions(f"bot {bot!r}: option rollout takes one of {', '.join(known)} "
                         f"for {game}, not {rollout!r}")


def budget(iterations: int | None, seconds: float | None,
           stop: threading.Event | None = None) -> Callable[[int], bool]:
    """Return `more(done)`: whether another simulation fits the budget (started now); once
    `stop` is set (a server shutting down), only the first simulation runs."""
    if stop is not None:
        more = budget(iterations, seconds)
        return lambda done: done == 0 or (not stop.is_set() and more(done))
    if iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    limit = iterations
    if seconds is None:
        assert limit is not None
        return lambda done: done < limit
    deadline = time.perf_counter() + seconds
    if limit is None:
        return lambda done: done == 0 or time.perf_counter() < deadline
    return lambda done: done == 0 or (done < limit and time.perf_counter() < deadline)


class Rollout:
    """Plays simulations on for one game with one policy (None: uniformly random)."""

    def __init__(self, game: Game, policy: str, cutoff: int, engine: str = "auto") -> None:
        self.game = game
        make: Mapping[str, Callable[[], Policy]] = game.info.policies
        self.policy: Policy | None = None if policy == "random" else make[policy]()
        self.cutoff = cutoff
        # Rollouts run on the native core where it plays this game with this policy
        # (docs/native.md): the same draws from `rng`, the same moves, the same result.
        self.native = native.native_rollout(game, policy) if engine == "auto" else None

    def run(self, state: State, rng: random.Random) -> tuple[float, ...]:
        """Play `state` (a `for_search` state) on; return every seat's utility."""
        if self.native is not None:
            return self.native(state, rng, self.cutoff)
        policy, cutoff = self.policy, self.cutoff
        steps = 0
        while not state.is_terminal:
            if cutoff and steps >= cutoff:
                return state.evaluate()
            player = state.to_act[0]
            legal = state.legal_actions(player)
            if len(legal) == 1:
                index = 0
            elif policy is None:
                index = rng.randrange(len(legal))
            else:
                index = legal.index(policy.choose(state.view(player), legal, rng))
            state = state.apply_index(player, index)
            steps += 1
        return state.result().utilities()


class Rollouts:
    """One `Rollout` per game object an agent meets (built on first use)."""

    def __init__(self, policy: str, cutoff: int, engine: str = "auto") -> None:
        self.policy = policy
        self.cutoff = cutoff
        self.engine = engine
        self._last: Rollout | None = None

    def for_game(self, game: Game) -> Rollout:
        """Return the rollout for `game`."""
        if self._last is None or self._last.game is not game:
            self._last = Rollout(game, self.policy, self.cutoff, self.engine)
        return self._last

