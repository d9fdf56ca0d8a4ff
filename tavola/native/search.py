"""The searching bots `ismcts` and `pimc` on the native core: the tree search of
`tavola.agents.ismcts` in C++ (native/src/ismcts.hpp), for the games and options listed in
`supported`, deciding exactly as the Python search: the same samples, the same tree, the
same draws from the search's `random.Random` (left where the Python search leaves it), the
same decision (tests/native/test_ismcts.py); and `tavola.agents.pimc` in C++
(native/src/pimc.hpp, `NativePimc`) where `pimc_supported` says so, likewise: the same
samples, bandits, sums and decision (tests/native/test_pimc.py).

`NativeTree` is one agent's tree for one game object, kept between the agent's own
decisions as the Python tree is. The search starts from a native position drawn once from
the information set (with a generator of its own, so the search's generator is not
touched): the native core samples a seat's information set from any position of it, so
every determinization is drawn from that one position exactly as the Python search draws
it from the information set. A position whose view or legal actions for the seat differ
from the information set's is refused (`start` returns None), and the search runs in
Python: the two engines never decide differently.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from tavola.core import Game, InfoSet
from tavola.native import core, plays
from tavola.native.position import NativePosition, drawing

SEARCHES: dict[str, str] = {"rattus": "RattusSearch", "intrige": "IntrigeSearch",
                             "notre-dame": "NotreDameSearch",
                             "nottingham": "NottinghamSearch"}
"""The games whose tree search is native, and the core's class of each."""

PIMCS: dict[str, str] = {"rattus": "RattusPimc", "intrige": "IntrigePimc",
                         "notre-dame": "NotreDamePimc", "nottingham": "NottinghamPimc"}
"""The games whose `pimc` is native (native/src/pimc.hpp), and the core's class of each."""

EVALUATES = ("rattus", "intrige", "notre-dame", "nottingham")
"""The games whose evaluation is native, so that their search may use `cutoff`: every game
of `SEARCHES`."""

SEATS = ("notre-dame", "nottingham")
"""The games where several seats may act at once (the seat's own legal indices)."""

ROOTS = ("ucb", "paired")

ROLLOUTS = ("random", "greedy")
PRIORS = ("none", "greedy")

SLICE = 0.05
"""With a stop event, the native search returns to Python this often (seconds) to look at
it."""

UNLIMITED = 1 << 62


def _paired(call: Callable[[list[int]], tuple[int, float, list[int]]],
            words: list[int]) -> tuple[tuple[int, float], list[int]]:
    """`run_paired` on `words`, its answer as `drawing` takes it: (iterations, the last
    batch's seconds), the words after."""
    ran, last, after = call(words)
    return (ran, last), after


def _follow(options: dict[str, Any]) -> float:
    """Return the chance that another player follows the prior in the tree (ismcts.hpp's
    `follow`): 0 with opponents=search, 1 with prior, the option `follow` with mixed and
    noisy."""
    opponents = options.get("opponents", "search")
    if opponents in ("mixed", "noisy"):
        return float(options.get("follow", 0.5))
    return 1.0 if opponents == "prior" else 0.0


def _refused(game: Game, options: dict[str, Any], classes: dict[str, str],
             what: str) -> str | None:
    """Return why the native core cannot run the search `what` (its core classes
    `classes`) with the options both searches share, or None."""
    name = game.info.name
    if options.get("engine") == "python":
        return "engine=python asks for the Python engine"
    if name not in classes:
        return f"no native {what} for {game.info.title} yet"
    if not plays(game):
        return "the native core is not installed or plays other rules"
    if not hasattr(core(), classes[name]):
        return f"the installed native core has no {what}: rebuild it (pip install ./native)"
    if options["rollout"] not in ROLLOUTS:
        return f"rollout={options['rollout']} is not native"
    if options["cutoff"] and name not in EVALUATES:
        return f"cutoff is not native for {game.info.title} (its evaluation runs in Python)"
    return None


def supported(game: Game, options: dict[str, Any]) -> str | None:
    """Return None if `ismcts` with `options` runs natively for `game`, else why not (a
    sentence: the search then runs in Python and decides the same)."""
    refused = _refused(game, options, SEARCHES, "search")
    if refused is not None:
        return refused
    if options["prior"] not in PRIORS:
        return f"prior={options['prior']} is not native"
    if options["root"] not in ROOTS:
        return f"root={options['root']} is not native"
    return None


def pimc_supported(game: Game, options: dict[str, Any]) -> str | None:
    """Return None if `pimc` with `options` runs natively for `game`, else why not (a
    sentence: the search then runs in Python and decides the same)."""
    return _refused(game, options, PIMCS, "pimc")


def position_class(game: Game) -> type[NativePosition]:
    """Return the native position class of `game`."""
    if game.info.name == "rattus":
        from tavola.native.rattus import NativeRattus
        return NativeRattus
    if game.info.name == "intrige":
        from tavola.native.intrige import NativeIntrige
        return NativeIntrige
    if game.info.name == "notre-dame":
        from tavola.native.notre_dame import NativeNotreDame
        return NativeNotreDame
    if game.info.name == "nottingham":
        from tavola.native.nottingham import NativeNottingham
        return NativeNottingham
    raise ValueError(f"no native search for {game.info.title}")


def _start(game: Game, cls: type[NativePosition],
           info: InfoSet) -> tuple[NativePosition, tuple[int, ...]] | None:
    """Return a native position of `info` (drawn with a generator of its own) and the action
    indices of `info.legal`, or None if the position does not show the seat what `info`
    shows."""
    state = info.sample(random.Random(0))
    if state.view(info.seat) != info.view or \
            state.legal_actions(info.seat) != info.legal:
        return None
    position = cls.from_state(state.for_search())
    indices = state.legal_indices(info.seat)
    # Notre Dame's draft and Nottingham's Buy have several seats to act: the seat's own
    # legal indices.
    legal = position.legal_indices  # type: ignore[attr-defined]
    mine = legal(info.seat) if game.info.name in SEATS else legal()
    if mine != indices:
        return None
    return position, indices


class NativeTree:
    """One agent's native ISMCTS tree for one game object."""

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        self.game = game
        self.cls = position_class(game)
        make = getattr(core(), SEARCHES[game.info.name])
        self.search = make(c=float(options["c"]), bias=float(options["bias"]),
                           prior=options["prior"] == "greedy",
                           follow=_follow(options),
                           greedy_rollout=options["rollout"] == "greedy",
                           cutoff=int(options.get("cutoff", 0)),
                           noisy=options.get("opponents") == "noisy",
                           depth=int(options.get("depth", 0)))
        self.paired = options.get("root", "ucb") == "paired"
        """The paired root (`root=paired`): batches of every root action on one sample."""
        self.seat = -1
        self.action = -1
        """The action index the agent chose last (the kept tree is below it), -1: none."""

    def start(self, info: InfoSet) -> tuple[NativePosition, tuple[int, ...]] | None:
        """Return a native position of `info` and the action indices of `info.legal`, or
        None if the position drawn does not show the seat what `info` shows."""
        return _start(self.game, self.cls, info)

    def reuse(self, info: InfoSet, position: NativePosition, keep: bool) -> bool:
        """Continue from the kept tree's node of `info`'s view if `keep` and there is one
        (`IsmctsAgent.reused_root`); otherwise start afresh. Return whether one was kept."""
        if keep and self.seat == info.seat and self.action >= 0:
            found = bool(self.search.reuse(self.action, position._s, info.seat))
        else:
            found = False
            self.search.clear()
        self.action = -1
        self.seat = info.seat
        return found

    def run(self, position: NativePosition, seat: int, rng: random.Random,
            iterations: int | None, seconds: float | None,
            stopped: Callable[[], bool] | None) -> int:
        """Run the search within the budget (`tavola.agents.search.budget`: at least one
        iteration); return how many ran. The GIL is released while it runs."""
        limit = iterations if iterations is not None else UNLIMITED
        deadline = None if seconds is None else time.perf_counter() + seconds
        done = 0
        while True:
            left = -1.0 if deadline is None else max(0.0, deadline - time.perf_counter())
            if stopped is not None:
                left = SLICE if left < 0 else min(left, SLICE)
            # Once stopped (a server shutting down), only the first iteration runs.
            more = 1 if stopped is not None and stopped() else limit - done
            done += int(drawing(rng, partial(self.search.run, position._s, seat,
                                             limit=more, seconds=left)))
            if done >= limit or (deadline is not None and time.perf_counter() >= deadline):
                return done
            if stopped is None or stopped():
                return done

    def run_paired(self, position: NativePosition, seat: int, indices: tuple[int, ...],
                   rng: random.Random, iterations: int | None, seconds: float | None,
                   stopped: Callable[[], bool] | None, whole: bool) -> int:
        """Run the paired root's batches as `IsmctsAgent.search` does with root=paired
        (batches of every root action, `indices`, on one sample; with a think time a batch
        starts only if one as long as the last ends by the deadline; with `whole` only
        batches that fit in `iterations`, else, as the default budget in Python, a last
        batch may overrun it); return how many iterations ran. The GIL is released while it
        runs."""
        limit = iterations if iterations is not None else UNLIMITED
        deadline = None if seconds is None else time.perf_counter() + seconds
        done, last = 0, 0.0
        while True:
            left = -1.0 if deadline is None else max(0.0, deadline - time.perf_counter())
            slice_ = -1.0
            if stopped is not None:
                if done > 0 and stopped():
                    return done
                # Once stopped (a server shutting down), only the first batch runs.
                slice_ = 0.0 if stopped() else SLICE
            call = partial(self.search.run_paired, position._s, seat, legal=list(indices),
                           done=done, limit=limit, whole=whole, seconds=left, slice=slice_,
                           last=last)
            ran, last = drawing(rng, partial(_paired, call))
            done += int(ran)
            if ran == 0 or stopped is None:
                return done

    def best_mean(self, position: NativePosition, seat: int, indices: tuple[int, ...],
                  rng: random.Random) -> int:
        """Return the position in `indices` of the root action with the best mean (the
        paired root's choice: ties to the prior's choice, drawn from `rng` as Python draws
        it, then the first), -1 if none was visited."""
        best: int = drawing(rng, partial(self.search.best_mean, position._s, seat,
                                         list(indices)))
        return best

    def best(self, seat: int, indices: tuple[int, ...]) -> int:
        """Return the position in `indices` of the root action visited most (then the best
        mean), -1 if none was."""
        best: int = self.search.best(seat, list(indices))
        return best

    def root_stats(self, seat: int) -> dict[int, tuple[int, float]]:
        """Return the root's (visits, total) of each action index `seat` tried there."""
        return {int(action): (int(visits), float(total))
                for action, (visits, total) in self.search.root_stats(seat)}

    def remember(self, action: int, kept: bool) -> None:
        """Keep the tree below action index `action` for the next decision if `kept`."""
        if kept:
            self.action = action
        else:
            self.action = -1
            self.search.clear()

    def size(self) -> int:
        """Return the number of nodes in the tree."""
        size: int = self.search.size()
        return size


class NativePimc:
    """One agent's native `pimc` for one game object (native/src/pimc.hpp): the samples,
    bandits, rollouts and sums of `PimcAgent.act` in C++, drawing from the search's
    generator exactly what the Python bot draws."""

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        self.game = game
        self.cls = position_class(game)
        make = getattr(core(), PIMCS[game.info.name])
        self.search = make(c=float(options["c"]),
                           greedy_rollout=options["rollout"] == "greedy",
                           cutoff=int(options["cutoff"]))

    def start(self, info: InfoSet) -> tuple[NativePosition, tuple[int, ...]] | None:
        """Return a native position of `info` and the action indices of `info.legal`, or
        None if the position drawn does not show the seat what `info` shows (as
        `NativeTree.start`)."""
        return _start(self.game, self.cls, info)

    def run(self, position: NativePosition, seat: int, rng: random.Random, samples: int,
            iterations: int | None, seconds: float | None, started: float,
            stopped: Callable[[], bool] | None) -> int:
        """Search `samples` samples of the seat's information set within the budget (the
        think time counted from `started`, a `time.perf_counter()`), as `PimcAgent.act`
        does; return how many simulations ran. The GIL is released while it runs; with a
        stop event (`stopped`) the search comes back to look at it every `SLICE` seconds,
        and once it is set ends as soon as one simulation ran in all."""
        self.search.begin(position._s, seat, samples,
                          -1 if iterations is None else iterations,
                          -1.0 if seconds is None else seconds,
                          time.perf_counter() - started)
        slice_ = -1.0 if stopped is None else SLICE
        while True:
            stop = stopped is not None and stopped()
            if drawing(rng, partial(self.search.run, slice=slice_, stopped=stop)):
                spent: int = self.search.iterations
                return spent

    def best(self, indices: tuple[int, ...]) -> int:
        """Return the position in `indices` of the action visited most in all samples
        (then the best mean), -1 if none was."""
        best: int = self.search.best(list(indices))
        return best

    def stats(self, indices: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
        """Return the (visits, total) of each action index in `indices`, summed over the
        samples of the last decision."""
        return tuple((int(k), float(t)) for k, t in self.search.stats(list(indices)))
