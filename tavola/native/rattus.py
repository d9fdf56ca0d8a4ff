"""Rattus in the native core: a position driven by action indices, converted both ways.

A `NativeRattus` is a mutable native position (a plain C++ struct) of one `RattusGame`:
`legal_indices()` are the game's fixed action-space indices of the legal actions (those of
`game.encoding()`, in the reference's order), `apply(index)` plays one in place, `copy()`
is a cheap independent copy, `observation(p)` is the reference's tensor of seat `p`,
`returns()` the seats' utilities once the game is over (`Result.utilities()`). Chance is
drawn from the position's own generator exactly as the reference draws, so the same seed
and indices give the same game in both engines (tests/native/test_rattus_differential.py).

`from_state(state)` takes any reference position (a search can start from a real game's);
`to_state()` gives the reference position back, checked by the reference's invariants. The
native position keeps no log: `to_state()` returns a position whose log is empty.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from typing import Any

from tavola.games.rattus import schema
from tavola.games.rattus.game import RattusGame, RattusState
from tavola.native import NativeUnavailable, core, plays

_MASK = (1 << 64) - 1


def _check(game: RattusGame) -> None:
    """Raise NativeUnavailable unless the core plays this version of Rattus."""
    core()
    if not plays(game):
        raise NativeUnavailable(
            f"the native core was built for other Rattus rules than version "
            f"{game.info.version}: rebuild it (pip install ./native)")


def digest(data: Mapping[str, Any]) -> str:
    """Return a digest of a position's data (`Position.data()`): equal positions, equal
    digests, whichever engine holds them."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class NativeRattus:
    """A Rattus position in the native core (mutable: `apply` plays in place)."""

    __slots__ = ("_s", "game")

    def __init__(self, game: RattusGame, native: Any) -> None:
        self.game = game
        self._s = native

    @classmethod
    def new(cls, game: RattusGame, seed: int) -> NativeRattus:
        """Set up a new game from `seed`: the position `game.new_state(seed)` sets up."""
        if type(seed) is not int:
            raise TypeError(f"a seed is a whole number, not {type(seed).__name__}")
        _check(game)
        c = game.config
        return cls(game, core().RattusState.new_game(c.players, c.shared_ties, c.rounds,
                                                     seed & _MASK))

    @classmethod
    def from_state(cls, state: RattusState) -> NativeRattus:
        """Return the native position equal to a reference position."""
        _check(state.game)
        c = state.game.config
        return cls(state.game, core().RattusState.from_data(c.players, c.shared_ties,
                                                            c.rounds, state.data()))

    def to_state(self, check: bool = True) -> RattusState:
        """Return the equal reference position (with an empty log), checked by the
        reference's invariants (unless `check` is false: a search's own position)."""
        s = RattusState(self.game)
        schema.fill_from_data(s, self.data(), [])
        if check:
            schema.check_state(s)
        return s

    def data(self) -> dict[str, Any]:
        """Return the position as the reference's `Position.data()`."""
        data: dict[str, Any] = self._s.data()
        return data

    def digest(self) -> str:
        """Return the digest of the position (`digest(self.data())`)."""
        return digest(self.data())

    def copy(self) -> NativeRattus:
        """Return an independent copy."""
        return NativeRattus(self.game, self._s.copy())

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return bool(self._s.is_terminal)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seat to act (none once the game is over)."""
        return tuple(self._s.to_act)

    def legal_indices(self) -> tuple[int, ...]:
        """Return the action-space indices of the legal actions, in the reference's order."""
        return tuple(self._s.legal())

    def apply(self, index: int) -> None:
        """Play the legal action at action-space `index`, in place (ValueError otherwise)."""
        self._s.apply(index)

    def observation(self, player: int) -> list[float]:
        """Return seat `player`'s observation tensor (the reference's `observation`)."""
        out: list[float] = self._s.observation(player)
        return out

    def returns(self) -> tuple[float, ...]:
        """Return each seat's utility once the game is over (zeros before)."""
        return tuple(self._s.returns())

    def scores(self) -> tuple[int, ...]:
        """Return each seat's cubes on the board and in the palace."""
        return tuple(self._s.scores())

    def random_playout(self, seed: int) -> int:
        """Play on to the end choosing uniformly among the legal actions with a generator
        seeded by `seed`, in place; return the decisions made."""
        decisions: int = self._s.random_playout(seed & _MASK)
        return decisions


    def sample(self, player: int, rng: random.Random) -> NativeRattus:
        """Return a position drawn from seat `player`'s information set: the reference's
        `game.sample(player, view(player), log(player), rng)` (but for its log), drawn with
        the same values from `rng`, which is left where that call leaves it."""
        version, words, gauss = rng.getstate()
        native, after = self._s.sample(player, words)
        rng.setstate((version, tuple(after), gauss))
        return NativeRattus(self.game, native)

    def reseed(self, rng: random.Random) -> NativeRattus:
        """Return the position with the tokens nobody has seen dealt afresh and a new
        generator: the reference's `reseed` (view.py) with the same draws from `rng`.
        (`State.reseed` returns a finished game unchanged without drawing; so does this.)"""
        if self.is_terminal:
            return self.copy()
        version, words, gauss = rng.getstate()
        native, after = self._s.reseed(words)
        rng.setstate((version, tuple(after), gauss))
        return NativeRattus(self.game, native)

    def greedy(self) -> int:
        """Return the action index the game's greedy policy (`heuristics.GreedyPolicy`)
        chooses for the seat to act."""
        index: int = self._s.greedy()
        return index

    def rollout(self, rng: random.Random, cutoff: int = 0,
                policy: str = "random") -> tuple[float, ...]:
        """Play on as the searching bots' rollout does (`tavola.agents.search`,
        `Rollout.run`) with `policy` ("random" or "greedy"), in place, drawing from `rng`
        exactly the values that rollout draws (one `randrange` per random decision with
        more than one legal action; the greedy policy draws nothing), and leaving `rng`
        where it would leave it; return every seat's utility, or after `cutoff` decisions
        (when positive) the game's evaluation of the position reached."""
        if policy not in POLICIES:
            raise ValueError(f"no native rollout policy {policy!r}")
        version, words, gauss = rng.getstate()
        _, after = self._s.python_rollout(words, cutoff, policy == "greedy")
        rng.setstate((version, tuple(after), gauss))
        if self.is_terminal:
            return self.returns()
        return self.to_state(check=False).evaluate()


def rollout(state: RattusState, rng: random.Random, cutoff: int) -> tuple[float, ...]:
    """Return what `Rollout.run(state, rng)` returns for a random rollout, played natively."""
    return NativeRattus.from_state(state).rollout(rng, cutoff)


def greedy_rollout(state: RattusState, rng: random.Random, cutoff: int) -> tuple[float, ...]:
    """Return what `Rollout.run(state, rng)` returns for a greedy rollout, played natively."""
    return NativeRattus.from_state(state).rollout(rng, cutoff, "greedy")


POLICIES = ("random", "greedy")
"""The rollout policies the native core plays for Rattus."""

ROLLOUTS = {"random": rollout, "greedy": greedy_rollout}


def playouts(players: int, games: int, seed: int) -> int:
    """Play `games` whole random games of the default options natively (seeds `seed`,
    `seed + 1`, ...), the GIL released; return the decisions made."""
    decisions: int = core().rattus_playouts(players, games, seed & _MASK)
    return decisions
