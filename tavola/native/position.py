"""What every game's native position shares (`tavola.native.rattus`, `notre_dame`,
`intrige`, `nottingham`): the wrapper round the C++ struct, the digest both engines are
compared by, the check that the core plays the game's rules version, the hand-over of a
Python generator's state to the core and back, the game's evaluation and the searching
bots' rollouts played natively.

A game's module subclasses `NativePosition` with what differs: how a position is set up and
converted from and to the reference, and which seat's choices `legal_indices`, `apply`,
`sample`, `reseed` and `greedy` take.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping
from typing import Any, Self

from tavola.core import Game, State
from tavola.native import NativeUnavailable, core, plays

MASK = (1 << 64) - 1
"""A seed as the core takes it: 64 bits."""

POLICIES = ("random", "greedy")
"""The rollout policies the native core plays (the game's `greedy` prior, or uniform)."""


def check_version(game: Game) -> None:
    """Raise NativeUnavailable unless the core plays this version of `game`'s rules."""
    core()
    if not plays(game):
        raise NativeUnavailable(
            f"the native core was built for other {game.info.title} rules than version "
            f"{game.info.version}: rebuild it (pip install ./native)")


def digest(data: Mapping[str, Any]) -> str:
    """Return a digest of a position's data: equal positions, equal digests, whichever
    engine holds them."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def drawing(rng: random.Random, call: Callable[[Any], tuple[Any, Any]]) -> Any:
    """Run `call(words)` on the Mersenne Twister words of `rng`, which the core draws from
    exactly as CPython would, and leave `rng` where the core left its copy (`call` returns
    its result and the words after); return the result."""
    version, words, gauss = rng.getstate()
    result, after = call(words)
    rng.setstate((version, tuple(after), gauss))
    return result


class NativePosition:
    """A position in the native core (mutable: `apply` plays in place)."""

    __slots__ = ("_s", "game")

    def __init__(self, game: Any, native: Any) -> None:
        self.game = game
        self._s = native

    @classmethod
    def from_state(cls, state: Any) -> Self:
        """Return the native position equal to a reference position."""
        raise NotImplementedError

    def to_state(self, check: bool = True) -> Any:
        """Return the equal reference position (with an empty log), checked by the
        reference's invariants (unless `check` is false: a search's own position)."""
        raise NotImplementedError

    def data(self) -> dict[str, Any]:
        """Return the position as the reference's state data (what `to_json()` saves as
        "state")."""
        data: dict[str, Any] = self._s.data()
        return data

    def digest(self) -> str:
        """Return the digest of the position (`digest(self.data())`)."""
        return digest(self.data())

    def copy(self) -> Self:
        """Return an independent copy."""
        return type(self)(self.game, self._s.copy())

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return bool(self._s.is_terminal)

    def observation(self, player: int) -> list[float]:
        """Return seat `player`'s observation tensor (the reference's `observation`)."""
        out: list[float] = self._s.observation(player)
        return out

    def returns(self) -> tuple[float, ...]:
        """Return each seat's utility once the game is over (zeros before)."""
        return tuple(self._s.returns())

    def scores(self) -> tuple[int, ...]:
        """Return each seat's score (the final scores once the game is over)."""
        return tuple(self._s.scores())

    def random_playout(self, seed: int) -> int:
        """Play on to the end choosing uniformly among the (first) pending seat's legal
        actions with a generator seeded by `seed`, in place; return the decisions made."""
        decisions: int = self._s.random_playout(seed & MASK)
        return decisions

    def rollout(self, rng: random.Random, cutoff: int = 0,
                policy: str = "random") -> tuple[float, ...]:
        """Play on as the searching bots' rollout does (`tavola.agents.search`,
        `Rollout.run`: the first seat to act decides; a single legal action is taken
        without a draw, else `randrange` over them (random) or the greedy policy's choice,
        which may draw its tie-break), in place, drawing from `rng` exactly the values that
        rollout draws and leaving `rng` where it would leave it; return every seat's
        utility, or after `cutoff` decisions (when positive) the game's evaluation of the
        position reached."""
        if policy not in POLICIES:
            raise ValueError(f"no native rollout policy {policy!r}")
        drawing(rng, lambda words: self._s.python_rollout(words, cutoff, policy == "greedy"))
        if self.is_terminal:
            return self.returns()
        return self.evaluate()

    def evaluate(self) -> tuple[float, ...]:
        """Return the game's evaluation of this position (not over: ValueError), its
        `heuristics.evaluate` computed natively: the reference's doubles bit for bit
        (tests/native/test_evaluate.py)."""
        if self.is_terminal:
            raise ValueError("the game is over: its returns(), not an evaluation")
        return tuple(self._s.evaluate())


Rollout = Callable[[State, random.Random, int], tuple[float, ...]]
"""A rollout played natively: what `Rollout.run(state, rng)` returns, from `state`."""


def rollouts(cls: type[NativePosition]) -> tuple[Rollout, Rollout]:
    """Return the random and the greedy rollout of `cls`'s game played natively, in the
    form `tavola.agents.search` takes (`tavola.native.native_rollout`)."""

    def rollout(state: State, rng: random.Random, cutoff: int) -> tuple[float, ...]:
        """Return what `Rollout.run(state, rng)` returns for a random rollout."""
        return cls.from_state(state).rollout(rng, cutoff)

    def greedy_rollout(state: State, rng: random.Random, cutoff: int) -> tuple[float, ...]:
        """Return what `Rollout.run(state, rng)` returns for a greedy rollout."""
        return cls.from_state(state).rollout(rng, cutoff, "greedy")

    return rollout, greedy_rollout
